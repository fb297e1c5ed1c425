import { assertEvent, assign, fromPromise, not, setup, stateIn } from 'xstate';
import type { QueueDecision, QueueItem, QueuePage } from '../contract/circle-moderation';
import {
  alreadyDecided,
  countsWithout,
  crisisFirst,
  DEFAULT_SUSPEND_DAYS,
  type Decision,
  type DecisionInput,
  type DecisionKind,
  decisionInput,
  problemOf,
  type WordedKind,
  withNextPage,
  withWarning,
} from './moderationQueue-rules';
import { type AppError, notProvided, toAppError } from './types';

/**
 * The circle's moderation queue, /staff/circle/queue (issue 27, moderators and admins): the posts
 * waiting for a decision, crisis first, with the counts; "Load more"; and one decision at a time
 * about one post: approve at once, or remove / warn / suspend after a dialog that asks for the
 * reason (and the days). A decided post leaves the queue (a warning is about the account: the post
 * stays to be approved or removed); one another moderator already decided
 * (CIRCLE_ALREADY_DECIDED) leaves it too, said so; a failed decision keeps it, with a retry.
 */
export type { Decision, DecisionInput };

export interface ModerationQueueContext {
  items: QueueItem[];
  nextCursor: string | null;
  counts: QueuePage['counts'] | null;
  error: AppError | null;
  moreError: AppError | null;
  decision: Decision | null;
  decisionError: AppError | null;
  /** The last decision that went through (or was already taken): the page says it. */
  done: { kind: DecisionKind; threadTitle: string; refused: boolean } | null;
}

export type ModerationQueueEvent =
  | { type: 'queue.retry' }
  | { type: 'queue.more' }
  | { type: 'queue.approve'; postId: string }
  | { type: 'queue.open'; postId: string; kind: WordedKind }
  | { type: 'queue.reason'; value: string }
  | { type: 'queue.days'; days: number }
  | { type: 'queue.confirm' }
  | { type: 'queue.cancel' }
  | { type: 'queue.decision.retry' };

const pageOf = ({ event }: { event: { output: QueuePage } }) => ({ page: event.output });
const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const DECIDING = { ready: { decision: 'deciding' } } as const;

/** The post the decision was about leaves the list (and the counts). */
const dropDecided = ({ context }: { context: ModerationQueueContext }) => {
  const item = context.items.find((i) => i.postId === context.decision?.postId);
  return {
    items: context.items.filter((i) => i !== item),
    counts: countsWithout(context.counts, item),
    decision: null,
    done: null as ModerationQueueContext['done'],
  };
};

export const moderationQueueMachine = setup({
  types: {} as { context: ModerationQueueContext; events: ModerationQueueEvent },
  actors: {
    /** GET /staff/circle/queue?cursor= */
    loadCircleQueue: fromPromise<QueuePage, { cursor: string | null }>(notProvided),
    /** POST /staff/circle/posts/{id}/approve | remove | warn | suspend */
    decideCirclePost: fromPromise<QueueDecision, DecisionInput>(notProvided),
  },
  guards: {
    hasItems: (_, { page }: { page: QueuePage }) => page.items.length > 0,
    hasMore: ({ context }) => context.nextCursor !== null,
    notDeciding: not(stateIn(DECIDING)),
    decisionHasProblem: ({ context }) => problemOf(context.decision) !== null,
    wasAlreadyDecided: (_, { error }: { error: unknown }) => alreadyDecided(toAppError(error)),
  },
  actions: {
    keepFirstPage: assign((_, { page }: { page: QueuePage }) => ({
      items: crisisFirst(page.items),
      nextCursor: page.nextCursor,
      counts: page.counts,
      error: null,
      moreError: null,
    })),
    keepNextPage: assign(({ context }, { page }: { page: QueuePage }) => ({
      items: withNextPage(context.items, page),
      nextCursor: page.nextCursor,
      counts: page.counts,
      moreError: null,
    })),
    setError: assign((_, { error }: { error: unknown }) => ({ error: toAppError(error, 'NETWORK_ERROR') })),
    setMoreError: assign((_, { error }: { error: unknown }) => ({
      moreError: toAppError(error, 'NETWORK_ERROR'),
    })),
    clearError: assign({ error: null, moreError: null }),
    startApprove: assign(({ event }) => {
      assertEvent(event, 'queue.approve');
      const decision: Decision = {
        postId: event.postId,
        kind: 'approve',
        reason: '',
        days: 0,
        problem: null,
      };
      return { decision, decisionError: null, done: null };
    }),
    startWorded: assign(({ event }) => {
      assertEvent(event, 'queue.open');
      const decision: Decision = {
        postId: event.postId,
        kind: event.kind,
        reason: '',
        days: DEFAULT_SUSPEND_DAYS,
        problem: null,
      };
      return { decision, decisionError: null, done: null };
    }),
    setReason: assign(({ context, event }) => {
      assertEvent(event, 'queue.reason');
      return { decision: context.decision && { ...context.decision, reason: event.value, problem: null } };
    }),
    setDays: assign(({ context, event }) => {
      assertEvent(event, 'queue.days');
      return { decision: context.decision && { ...context.decision, days: event.days, problem: null } };
    }),
    showProblem: assign(({ context }) => ({
      decision: context.decision && { ...context.decision, problem: problemOf(context.decision) },
    })),
    forgetDecision: assign({ decision: null, decisionError: null }),
    clearDecisionError: assign({ decisionError: null }),
    /** The post leaves the queue; after a warning (about the account) it stays, to be approved or removed. */
    markDecided: assign(({ context }) =>
      context.decision?.kind === 'warn'
        ? {
            items: withWarning(context.items, context.decision.postId),
            decision: null,
            done: doneOf(context, false),
          }
        : { ...dropDecided({ context }), done: doneOf(context, false) },
    ),
    markRefused: assign(({ context }) => ({
      ...dropDecided({ context }),
      done: doneOf(context, true),
    })),
    setDecisionError: assign((_, { error }: { error: unknown }) => ({
      decisionError: toAppError(error, 'NETWORK_ERROR'),
    })),
  },
}).createMachine({
  id: 'moderationQueue',
  description: 'The moderation queue: posts waiting for a moderator, crisis first, one decision at a time.',
  context: {
    items: [],
    nextCursor: null,
    counts: null,
    error: null,
    moreError: null,
    decision: null,
    decisionError: null,
    done: null,
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /staff/circle/queue: the first page and the counts.',
      tags: ['step:loading'],
      entry: 'clearError',
      invoke: {
        src: 'loadCircleQueue',
        input: { cursor: null },
        onDone: [
          {
            guard: { type: 'hasItems', params: pageOf },
            target: 'ready',
            actions: { type: 'keepFirstPage', params: pageOf },
          },
          { target: 'empty', actions: { type: 'keepFirstPage', params: pageOf } },
        ],
        onError: { target: 'failed', actions: { type: 'setError', params: errorOf } },
      },
    },
    empty: {
      description: '"Nothing waits for a moderator."',
      tags: ['step:empty'],
    },
    failed: {
      description: '"The queue could not be loaded", with a retry.',
      tags: ['step:failed'],
      on: { 'queue.retry': 'loading' },
    },
    ready: {
      description: 'The posts on screen: more may be read while a decision is taken.',
      tags: ['step:ready'],
      type: 'parallel',
      states: {
        paging: {
          description: '"Load more" while there is a next page.',
          initial: 'idle',
          states: {
            idle: {
              description: 'Every post read so far.',
              on: { 'queue.more': { guard: 'hasMore', target: 'more' } },
            },
            more: {
              description: 'GET /staff/circle/queue with the cursor: the next posts (crisis still first).',
              tags: ['more'],
              invoke: {
                src: 'loadCircleQueue',
                input: ({ context }) => ({ cursor: context.nextCursor }),
                onDone: { target: 'idle', actions: { type: 'keepNextPage', params: pageOf } },
                onError: { target: 'moreFailed', actions: { type: 'setMoreError', params: errorOf } },
              },
            },
            moreFailed: {
              description: 'The next posts did not come; the list stays, with a retry.',
              tags: ['moreFailed'],
              on: { 'queue.more': 'more' },
            },
          },
        },
        decision: {
          description: 'One decision about one post at a time (not while one is on its way).',
          initial: 'idle',
          on: {
            'queue.approve': { guard: 'notDeciding', target: '.deciding', actions: 'startApprove' },
            'queue.open': { guard: 'notDeciding', target: '.editing', actions: 'startWorded' },
          },
          states: {
            idle: { description: 'No decision under way.' },
            editing: {
              description:
                'The dialog: the reason (required, 4 to 500 characters), the days for a suspension.',
              tags: ['editing'],
              on: {
                'queue.reason': { actions: 'setReason' },
                'queue.days': { actions: 'setDays' },
                'queue.confirm': [
                  { guard: 'decisionHasProblem', actions: 'showProblem' },
                  { target: 'deciding' },
                ],
                'queue.cancel': { target: 'idle', actions: 'forgetDecision' },
              },
            },
            deciding: {
              description: 'POST the decision; the post and the dialog wait.',
              tags: ['busy'],
              entry: 'clearDecisionError',
              invoke: {
                src: 'decideCirclePost',
                input: ({ context }) => decisionInput(context.decision!),
                onDone: { target: 'decided', actions: 'markDecided' },
                onError: [
                  {
                    guard: { type: 'wasAlreadyDecided', params: errorOf },
                    target: 'refused',
                    actions: 'markRefused',
                  },
                  { target: 'failed', actions: { type: 'setDecisionError', params: errorOf } },
                ],
              },
            },
            decided: {
              description: 'The decision went through: the post left the queue (after a warning it stays).',
              tags: ['decided'],
            },
            refused: {
              description: 'Another moderator had already decided: "already decided", and the post left.',
              tags: ['refused'],
            },
            failed: {
              description: 'The decision did not go through: said on the post, with a retry or a cancel.',
              tags: ['decisionFailed'],
              on: {
                'queue.decision.retry': 'deciding',
                'queue.cancel': { target: 'idle', actions: 'forgetDecision' },
              },
            },
          },
        },
      },
    },
  },
});

function doneOf(context: ModerationQueueContext, refused: boolean): ModerationQueueContext['done'] {
  const item = context.items.find((i) => i.postId === context.decision?.postId);
  return context.decision
    ? { kind: context.decision.kind, threadTitle: item?.threadTitle ?? '', refused }
    : null;
}
