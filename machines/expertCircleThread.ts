import { assign, fromPromise, setup } from 'xstate';
import {
  CIRCLE_LIMITS,
  type CirclePost,
  type CircleThread,
  type NewReplyBody,
  type PostOutcome,
} from '../contract/circle';
import { findPersonalDetails, type PersonalDetail } from '../contract/circle-privacy';
import { type AppError, notProvided, toAppError } from './types';

/**
 * One thread for an expert, /staff/circle/t/:id (issue 27): the thread as members see it (its
 * replies oldest first, "Load more" for the next), and her reply: checked for personal details
 * (contract/circle-privacy.ts, as the members' composer does) before it is sent; it shows with the
 * verified mark and her name.
 */
export type ReplyProblem = 'REQUIRED' | 'TEXT_TOO_SHORT' | 'TEXT_TOO_LONG';

export interface ExpertThreadContext {
  id: string;
  thread: CircleThread | null;
  replies: CirclePost[];
  nextCursor: string | null;
  error: AppError | null;
  moreError: AppError | null;
  draft: string;
  problem: ReplyProblem | null;
  /** What the check found: she removes them and sends again. */
  found: PersonalDetail[];
  sendError: AppError | null;
  /** Her replies sent from this page (shown last until the next replies are read). */
  sentIds: string[];
}

export type ExpertThreadEvent =
  | { type: 'thread.retry' }
  | { type: 'thread.more' }
  | { type: 'reply.changed'; value: string }
  | { type: 'reply.submit' }
  | { type: 'reply.retry' };

/** Characters as people count them (an emoji is one). */
const length = (s: string) => [...s.trim()].length;

export function replyProblem(body: string): ReplyProblem | null {
  const n = length(body);
  if (n === 0) return 'REQUIRED';
  if (n < CIRCLE_LIMITS.bodyMin) return 'TEXT_TOO_SHORT';
  return n > CIRCLE_LIMITS.replyMax ? 'TEXT_TOO_LONG' : null;
}

const threadOf = ({ event }: { event: { output: CircleThread } }) => ({ thread: event.output });
const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

export const expertCircleThreadMachine = setup({
  types: {} as { context: ExpertThreadContext; input: { id: string }; events: ExpertThreadEvent },
  actors: {
    /** GET /staff/circle/threads/{id}?cursor= */
    loadExpertThread: fromPromise<CircleThread, { id: string; cursor: string | null }>(notProvided),
    /** POST /staff/circle/threads/{id}/replies */
    sendExpertReply: fromPromise<PostOutcome, { id: string; body: NewReplyBody }>(notProvided),
  },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
    draftHasProblem: ({ context }) => replyProblem(context.draft) !== null,
    hasPersonalDetails: ({ context }) => findPersonalDetails(context.draft).length > 0,
  },
  actions: {
    keepThread: assign((_, { thread }: { thread: CircleThread }) => ({
      thread,
      replies: thread.replies,
      nextCursor: thread.nextCursor,
      error: null,
    })),
    /** The next replies come after those read, and before hers sent from here (until they arrive in order). */
    keepMoreReplies: assign(({ context }, { thread }: { thread: CircleThread }) => {
      const read = context.replies.filter((r) => !context.sentIds.includes(r.id));
      const seen = new Set(read.map((r) => r.id));
      const replies = [...read, ...thread.replies.filter((r) => !seen.has(r.id))];
      const now = new Set(replies.map((r) => r.id));
      return {
        replies: [...replies, ...context.replies.filter((r) => !now.has(r.id))],
        nextCursor: thread.nextCursor,
        moreError: null,
      };
    }),
    setError: assign((_, { error }: { error: unknown }) => ({ error: toAppError(error, 'NETWORK_ERROR') })),
    setMoreError: assign((_, { error }: { error: unknown }) => ({
      moreError: toAppError(error, 'NETWORK_ERROR'),
    })),
    clearError: assign({ error: null, moreError: null }),
    setDraft: assign((_, { value }: { value: string }) => ({ draft: value, problem: null })),
    showProblem: assign(({ context }) => ({ problem: replyProblem(context.draft) })),
    keepFound: assign(({ context }) => ({ found: findPersonalDetails(context.draft) })),
    clearFound: assign({ found: [], sendError: null }),
    /** Her reply shows at the end of the thread at once. */
    keepSent: assign(({ context }, { outcome }: { outcome: PostOutcome }) => ({
      draft: '',
      replies: [...context.replies, outcome.post],
      sentIds: [...context.sentIds, outcome.post.id],
      thread: context.thread && { ...context.thread, replyCount: context.thread.replyCount + 1 },
    })),
    setSendError: assign((_, { error }: { error: unknown }) => ({
      sendError: toAppError(error, 'NETWORK_ERROR'),
    })),
  },
}).createMachine({
  id: 'expertCircleThread',
  description: 'A thread for an expert: as members see it, and her reply (checked, then sent).',
  context: ({ input }) => ({
    id: input.id,
    thread: null,
    replies: [],
    nextCursor: null,
    error: null,
    moreError: null,
    draft: '',
    problem: null,
    found: [],
    sendError: null,
    sentIds: [],
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /staff/circle/threads/{id}: the thread and its first replies.',
      tags: ['step:loading'],
      entry: 'clearError',
      invoke: {
        src: 'loadExpertThread',
        input: ({ context }) => ({ id: context.id, cursor: null }),
        onDone: { target: 'open', actions: { type: 'keepThread', params: threadOf } },
        onError: { target: 'failed', actions: { type: 'setError', params: errorOf } },
      },
    },
    failed: {
      description: 'Not found, or it could not be read: a retry.',
      tags: ['step:failed'],
      on: { 'thread.retry': 'loading' },
    },
    open: {
      description: 'The thread on screen: its replies, and her reply below.',
      tags: ['step:ready'],
      type: 'parallel',
      states: {
        replies: {
          description: 'The replies read so far; "Load more" while there are others.',
          initial: 'idle',
          states: {
            idle: {
              description: 'Every reply read so far.',
              on: { 'thread.more': { guard: 'hasMore', target: 'more' } },
            },
            more: {
              description: 'GET /staff/circle/threads/{id} with the cursor: the next replies.',
              tags: ['more'],
              invoke: {
                src: 'loadExpertThread',
                input: ({ context }) => ({ id: context.id, cursor: context.nextCursor }),
                onDone: { target: 'idle', actions: { type: 'keepMoreReplies', params: threadOf } },
                onError: { target: 'moreFailed', actions: { type: 'setMoreError', params: errorOf } },
              },
            },
            moreFailed: {
              description: 'The next replies did not come; a retry.',
              tags: ['moreFailed'],
              on: { 'thread.more': 'more' },
            },
          },
        },
        reply: {
          description: 'Her reply: a draft, checked for personal details, then sent.',
          initial: 'draft',
          states: {
            draft: {
              description: 'She writes (plain text, at most 3000 characters).',
              on: {
                'reply.changed': {
                  actions: { type: 'setDraft', params: ({ event }) => ({ value: event.value }) },
                },
                'reply.submit': [
                  { guard: 'draftHasProblem', actions: 'showProblem' },
                  { target: 'checking', actions: 'clearFound' },
                ],
              },
            },
            checking: {
              description: 'Phone numbers, e-mails, links, handles, "my name is…" in either language?',
              always: [
                { guard: 'hasPersonalDetails', target: 'needsEdit', actions: 'keepFound' },
                { target: 'sending' },
              ],
            },
            needsEdit: {
              description: 'What was found, asked to be removed; editing goes back to the draft.',
              tags: ['needsEdit'],
              on: {
                'reply.changed': {
                  target: 'draft',
                  actions: [
                    'clearFound',
                    { type: 'setDraft', params: ({ event }) => ({ value: event.value }) },
                  ],
                },
              },
            },
            sending: {
              description: 'POST /staff/circle/threads/{id}/replies: marked as an expert, with her name.',
              tags: ['sending'],
              invoke: {
                src: 'sendExpertReply',
                input: ({ context }) => ({
                  id: context.id,
                  body: { body: context.draft.trim(), anonymous: false },
                }),
                onDone: {
                  target: 'sent',
                  actions: { type: 'keepSent', params: ({ event }) => ({ outcome: event.output }) },
                },
                onError: { target: 'failed', actions: { type: 'setSendError', params: errorOf } },
              },
            },
            sent: {
              description: 'Her reply is in the thread; a new one may be written.',
              tags: ['sent'],
              on: {
                'reply.changed': {
                  target: 'draft',
                  actions: { type: 'setDraft', params: ({ event }) => ({ value: event.value }) },
                },
              },
            },
            failed: {
              description: 'It did not go: the draft stays, with a retry.',
              tags: ['sendFailed'],
              on: {
                'reply.retry': 'sending',
                'reply.changed': {
                  target: 'draft',
                  actions: { type: 'setDraft', params: ({ event }) => ({ value: event.value }) },
                },
              },
            },
          },
        },
      },
    },
  },
});
