import { postIn } from './circleThread-rules';
import { circleThreadSetup, errorOf, postIdOf, threadOf } from './circleThread-setup';

export type { CircleThreadContext, CircleThreadEvent } from './circleThread-setup';

/**
 * A thread of the circle, /dashboard/circle/t/:id (issue 27): the opening post and its replies,
 * oldest first, a page at a time. Beside the reading, four things she does, each a region of
 * `ready`: "this helped me" on a post (the count shown is always the server's answer), reporting
 * a post (a reason, an optional note), deleting her own post (after a confirmation; her opening
 * post takes the thread with it), and editing her own post within its window (the composer in edit
 * mode sends `circleThread.edited` with the server's copy). The reply composer sends
 * `circleThread.replied` with her new post, which appears at once (with its review note if held).
 */
export const circleThreadMachine = circleThreadSetup.createMachine({
  id: 'circleThread',
  description: 'A thread: its opening post and replies, "this helped me", reports, her own posts.',
  context: ({ input }) => ({
    id: input.id,
    thread: null,
    error: null,
    moreError: null,
    helpfulPost: null,
    helpfulError: null,
    report: null,
    removing: null,
    editing: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /circle/threads/{id}: the opening post and the first replies.',
      tags: ['step:loading'],
      entry: 'clearError',
      invoke: {
        src: 'loadThread',
        input: ({ context }) => ({ id: context.id, cursor: null }),
        onDone: { target: 'ready', actions: { type: 'keepThread', params: threadOf } },
        onError: [
          {
            guard: { type: 'missing', params: errorOf },
            target: 'notFound',
            actions: { type: 'setError', params: errorOf },
          },
          { target: 'failed', actions: { type: 'setError', params: errorOf } },
        ],
      },
    },
    notFound: {
      description: 'No such thread (or no longer): the page leads back to the circle.',
      tags: ['step:notFound'],
    },
    failed: {
      description: '"The conversation could not be loaded", with a retry.',
      tags: ['step:failed'],
      on: { 'circleThread.retry': 'loading' },
    },
    deleted: {
      description: 'She deleted her opening post: the thread is gone; the page leads back to the space.',
      tags: ['step:deleted'],
    },
    ready: {
      description: 'The thread on screen, with what she can do in it.',
      tags: ['step:ready'],
      type: 'parallel',
      on: { 'circleThread.replied': { actions: 'addReply' } },
      states: {
        replies: {
          description: 'The replies read so far; "Load more replies" while there are more.',
          initial: 'idle',
          states: {
            idle: {
              description: 'Every reply read so far is on screen.',
              on: { 'circleThread.more': { guard: 'hasMore', target: 'more' } },
            },
            more: {
              description: 'GET /circle/threads/{id} with the cursor: the next replies come below.',
              tags: ['more'],
              invoke: {
                src: 'loadThread',
                input: ({ context }) => ({ id: context.id, cursor: context.thread?.nextCursor ?? null }),
                onDone: { target: 'idle', actions: { type: 'keepMoreReplies', params: threadOf } },
                onError: { target: 'moreFailed', actions: { type: 'setMoreError', params: errorOf } },
              },
            },
            moreFailed: {
              description: 'The next replies did not come; those on screen stay, with a retry.',
              tags: ['moreFailed'],
              on: { 'circleThread.more': 'more' },
            },
          },
        },
        helpful: {
          description: '"This helped me" on a post: one at a time, the count from the server\'s answer.',
          initial: 'idle',
          states: {
            idle: {
              description: "Every count is the server's; a failure names its post.",
              on: {
                'circleThread.helpful': {
                  guard: { type: 'canReact', params: postIdOf },
                  target: 'sending',
                  actions: { type: 'startHelpful', params: postIdOf },
                },
              },
            },
            sending: {
              description: 'PUT (she marks it) or DELETE (she takes it back) …/helpful; its button waits.',
              tags: ['helpful:sending'],
              invoke: {
                src: 'setHelpful',
                input: ({ context }) => ({
                  postId: context.helpfulPost ?? '',
                  on: !postIn(context.thread, context.helpfulPost)?.helpedMe,
                }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'keepHelpful', params: ({ event }) => ({ state: event.output }) },
                },
                onError: { target: 'idle', actions: { type: 'setHelpfulError', params: errorOf } },
              },
            },
          },
        },
        report: {
          description: 'Reporting a post to the moderators: a reason, an optional note.',
          initial: 'closed',
          states: {
            closed: {
              description: 'No report dialog.',
              on: {
                'circleThread.report.open': {
                  guard: { type: 'canReact', params: postIdOf },
                  target: 'open',
                  actions: { type: 'openReport', params: postIdOf },
                },
              },
            },
            open: {
              description: 'The dialog: she chooses a reason (required) and may add a note.',
              on: {
                'circleThread.report.reason': { actions: 'setReason' },
                'circleThread.report.note': { actions: 'setNote' },
                'circleThread.report.send': { guard: 'hasReason', target: 'sending' },
                'circleThread.report.close': { target: 'closed', actions: 'closeReport' },
              },
            },
            sending: {
              description: 'POST /circle/posts/{id}/reports; the dialog waits.',
              tags: ['report:busy'],
              invoke: {
                src: 'reportPost',
                input: ({ context }) => ({
                  postId: context.report?.postId ?? '',
                  reason: context.report?.reason ?? 'other',
                  note: context.report?.note ?? '',
                }),
                onDone: 'sent',
                onError: [
                  { guard: { type: 'alreadyReported', params: errorOf }, target: 'alreadyReported' },
                  { target: 'failed', actions: { type: 'setReportError', params: errorOf } },
                ],
              },
            },
            sent: {
              description: '"Thank you: a moderator will look at it."',
              on: { 'circleThread.report.close': { target: 'closed', actions: 'closeReport' } },
            },
            alreadyReported: {
              description:
                'She had already reported this post (CIRCLE_ALREADY_REPORTED): nothing more to do.',
              on: { 'circleThread.report.close': { target: 'closed', actions: 'closeReport' } },
            },
            failed: {
              description: 'The report did not go: her reason and note stay, to send again.',
              on: {
                'circleThread.report.send': 'sending',
                'circleThread.report.close': { target: 'closed', actions: 'closeReport' },
              },
            },
          },
        },
        remove: {
          description: 'Deleting her own post, after she confirms.',
          initial: 'closed',
          states: {
            closed: {
              description: 'No confirmation open.',
              on: {
                'circleThread.delete.ask': {
                  guard: { type: 'isMine', params: postIdOf },
                  target: 'confirming',
                  actions: { type: 'askRemove', params: postIdOf },
                },
              },
            },
            confirming: {
              description: '"Delete this post?" – it cannot be undone.',
              on: {
                'circleThread.delete.confirm': 'deleting',
                'circleThread.delete.cancel': { target: 'closed', actions: 'closeRemove' },
              },
            },
            deleting: {
              description: 'DELETE /circle/posts/{id}; the dialog waits.',
              tags: ['delete:busy'],
              invoke: {
                src: 'deletePost',
                input: ({ context }) => ({ postId: context.removing?.postId ?? '' }),
                onDone: [
                  { guard: 'removedOpening', target: '#circleThread.deleted', actions: 'closeRemove' },
                  { target: 'closed', actions: 'dropReply' },
                ],
                onError: { target: 'failed', actions: { type: 'setRemoveError', params: errorOf } },
              },
            },
            failed: {
              description: 'The post was not deleted: she can try again or keep it.',
              on: {
                'circleThread.delete.confirm': 'deleting',
                'circleThread.delete.cancel': { target: 'closed', actions: 'closeRemove' },
              },
            },
          },
        },
        edit: {
          description: 'Editing her own post (the composer in edit mode), within 15 minutes.',
          initial: 'closed',
          states: {
            closed: {
              description: 'Her posts as sent.',
              on: {
                'circleThread.edit.open': {
                  guard: { type: 'isMine', params: postIdOf },
                  target: 'open',
                  actions: { type: 'openEdit', params: postIdOf },
                },
              },
            },
            open: {
              description: 'The edit form in place of her post; the saved copy replaces it.',
              on: {
                'circleThread.edited': { target: 'closed', actions: 'keepEdited' },
                'circleThread.edit.close': { target: 'closed', actions: 'closeEdit' },
              },
            },
          },
        },
      },
    },
  },
});
