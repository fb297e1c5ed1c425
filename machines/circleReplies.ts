import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { CircleMe, RepliesPage, ReplyToMe } from '../contract/circle.ts';
import { type AppError, notProvided, toAppError } from './types.ts';

/**
 * Replies reach her, /dashboard/circle/replies (issue 27): the new replies to her threads a page at
 * a time (newest first, unread marked as the server had them), all marked seen once the list is
 * in, and her choice "e-mail me when someone replies" (only when Account Settings holds an address).
 */
export interface CircleRepliesContext {
  me: CircleMe | null;
  items: ReplyToMe[];
  nextCursor: string | null;
  error: AppError | null;
  moreError: AppError | null;
  emailError: AppError | null;
}

export type CircleRepliesEvent =
  | { type: 'circleReplies.more' }
  | { type: 'circleReplies.retry' }
  | { type: 'circleReplies.email'; on: boolean };

const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const meOf = ({ event }: { event: { output: CircleMe } }) => ({ me: event.output });

export const circleRepliesMachine = setup({
  types: {} as { context: CircleRepliesContext; events: CircleRepliesEvent },
  actors: {
    /** GET /circle/me: unread count and the e-mail choice. */
    loadCircleMe: fromPromise<CircleMe>(notProvided),
    /** GET /circle/me/replies?cursor= */
    loadRepliesToMe: fromPromise<RepliesPage, { cursor: string | null }>(notProvided),
    /** POST /circle/me/replies/seen */
    markRepliesSeen: fromPromise<CircleMe>(notProvided),
    /** PUT /circle/me/email { replies } */
    setReplyEmails: fromPromise<CircleMe, { replies: boolean }>(notProvided),
  },
  guards: {
    otherChoice: ({ context, event }) => {
      assertEvent(event, 'circleReplies.email');
      return context.me?.email.available === true && event.on !== context.me.email.replies;
    },
  },
  actions: {
    keepMe: assign((_, { me }: { me: CircleMe }) => ({ me })),
    firstPage: assign((_, { page }: { page: RepliesPage }) => ({
      items: page.items,
      nextCursor: page.nextCursor,
      error: null,
    })),
    morePage: assign(({ context }, { page }: { page: RepliesPage }) => {
      const seen = new Set(context.items.map((r) => r.postId));
      return {
        items: [...context.items, ...page.items.filter((r) => !seen.has(r.postId))],
        nextCursor: page.nextCursor,
        moreError: null,
      };
    }),
    setError: assign((_, { error }: { error: unknown }) => ({ error: toAppError(error, 'NETWORK_ERROR') })),
    setMoreError: assign((_, { error }: { error: unknown }) => ({
      moreError: toAppError(error, 'NETWORK_ERROR'),
    })),
    setEmailError: assign((_, { error }: { error: unknown }) => ({
      emailError: toAppError(error, 'NETWORK_ERROR'),
    })),
    clearEmailError: assign({ emailError: null }),
    /** Seen: nothing unread any more (the rows keep their mark for this visit). */
    noneUnread: assign(({ context }) => ({ me: context.me ? { ...context.me, unread: 0 } : null })),
  },
}).createMachine({
  id: 'circleReplies',
  description: 'The replies to her threads, marked seen, and her e-mail choice.',
  context: {
    me: null,
    items: [],
    nextCursor: null,
    error: null,
    moreError: null,
    emailError: null,
  },
  initial: 'loadingMe',
  states: {
    loadingMe: {
      description: 'GET /circle/me.',
      tags: ['loading'],
      invoke: {
        src: 'loadCircleMe',
        onDone: { target: 'loading', actions: { type: 'keepMe', params: meOf } },
        onError: { target: 'failed', actions: { type: 'setError', params: errorOf } },
      },
    },
    loading: {
      description: 'GET /circle/me/replies: the first page.',
      tags: ['loading'],
      invoke: {
        src: 'loadRepliesToMe',
        input: { cursor: null },
        onDone: {
          target: 'ready',
          actions: { type: 'firstPage', params: ({ event }) => ({ page: event.output }) },
        },
        onError: { target: 'failed', actions: { type: 'setError', params: errorOf } },
      },
    },
    failed: {
      description: 'They could not be read: said, with a retry.',
      tags: ['failed'],
      on: { 'circleReplies.retry': 'loadingMe' },
    },
    ready: {
      description: 'The list on screen (or that there are none yet); three things may happen at once.',
      type: 'parallel',
      states: {
        list: {
          description: 'The list and "Load more".',
          initial: 'idle',
          states: {
            idle: {
              description: 'Nothing on its way.',
              on: {
                'circleReplies.more': {
                  guard: ({ context }) => context.nextCursor !== null,
                  target: 'loadingMore',
                },
              },
            },
            loadingMore: {
              description: 'GET /circle/me/replies?cursor=: the next page, after what is there.',
              tags: ['loadingMore'],
              invoke: {
                src: 'loadRepliesToMe',
                input: ({ context }) => ({ cursor: context.nextCursor }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'morePage', params: ({ event }) => ({ page: event.output }) },
                },
                onError: { target: 'moreFailed', actions: { type: 'setMoreError', params: errorOf } },
              },
            },
            moreFailed: {
              description: 'The next page failed; what is on screen stays, "Load more" tries again.',
              on: { 'circleReplies.more': 'loadingMore' },
            },
          },
        },
        seen: {
          description: 'Opening the list marks the replies seen (unread back to 0).',
          initial: 'marking',
          states: {
            marking: {
              description: 'POST /circle/me/replies/seen.',
              invoke: {
                src: 'markRepliesSeen',
                onDone: { target: 'marked', actions: 'noneUnread' },
                // quietly: the badge stays until the next visit
                onError: { target: 'marked' },
              },
            },
            marked: { description: 'Done for this visit.' },
          },
        },
        email: {
          description: '"E-mail me when someone replies": a switch when she has an address.',
          initial: 'idle',
          states: {
            idle: {
              description: 'Her choice as saved.',
              on: {
                'circleReplies.email': { guard: 'otherChoice', target: 'saving', actions: 'clearEmailError' },
              },
            },
            saving: {
              description: 'PUT /circle/me/email { replies }.',
              tags: ['savingEmail'],
              invoke: {
                src: 'setReplyEmails',
                input: ({ event }) => {
                  assertEvent(event, 'circleReplies.email');
                  return { replies: event.on };
                },
                onDone: { target: 'idle', actions: { type: 'keepMe', params: meOf } },
                onError: { target: 'idle', actions: { type: 'setEmailError', params: errorOf } },
              },
            },
          },
        },
      },
    },
  },
});
