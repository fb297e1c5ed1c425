import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { CIRCLE_LIMITS, type ThreadPage, type ThreadQuery, type ThreadSummary } from '../contract/circle';
import {
  emptyKeyset,
  errorOf,
  type KeysetContext,
  keepMore,
  keysetError,
  keysetMoreError,
} from './inbox-paging';
import { notProvided } from './types';

/**
 * The threads an expert answers, /staff/circle (issue 27): newest, or those nobody answered yet;
 * a search (the server's Arabic-aware one); "Load more" after the last row (an opaque cursor).
 */
export const EXPERT_ORDERS = ['newest', 'unanswered'] as const;
export type ExpertOrder = (typeof EXPERT_ORDERS)[number];
export interface ExpertCircleFilters {
  order: ExpertOrder;
  q: string;
}

export interface ExpertCircleContext extends KeysetContext<ThreadSummary> {
  filters: ExpertCircleFilters;
}

export type ExpertCircleEvent =
  | ({ type: 'circle.filter' } & ExpertCircleFilters)
  | { type: 'circle.more' }
  | { type: 'circle.retry' };

/** What is searched: trimmed, at most the contract's length. */
export const searchText = (q: string) => [...q.trim()].slice(0, CIRCLE_LIMITS.searchMax).join('');

const queryOf = (f: ExpertCircleFilters, cursor: string | null): Omit<ThreadQuery, 'expert'> => ({
  order: f.order,
  ...(f.q ? { q: f.q } : {}),
  ...(cursor ? { cursor } : {}),
});
const pageOf = ({ event }: { event: { output: ThreadPage } }) => ({ page: event.output });

export const expertCircleMachine = setup({
  types: {} as { context: ExpertCircleContext; events: ExpertCircleEvent },
  actors: {
    /** GET /staff/circle/threads?order=&q=&cursor= */
    loadExpertThreads: fromPromise<ThreadPage, Omit<ThreadQuery, 'expert'>>(notProvided),
  },
  guards: {
    hasItems: (_, { page }: { page: ThreadPage }) => page.items.length > 0,
    hasMore: ({ context }) => context.nextCursor !== null,
    otherFilters: ({ context, event }) => {
      assertEvent(event, 'circle.filter');
      return event.order !== context.filters.order || searchText(event.q) !== context.filters.q;
    },
  },
  actions: {
    setError: assign(keysetError),
    setMoreError: assign(keysetMoreError),
    clearError: assign({ error: null, moreError: null }),
    keepFirstPage: assign((_, { page }: { page: ThreadPage }) => ({
      items: page.items,
      nextCursor: page.nextCursor,
      error: null,
      moreError: null,
    })),
    keepNextPage: assign(({ context }, { page }: { page: ThreadPage }) => keepMore({ context }, { page })),
    setFilters: assign({
      filters: ({ event }) => {
        assertEvent(event, 'circle.filter');
        return { order: event.order, q: searchText(event.q) };
      },
    }),
  },
}).createMachine({
  id: 'expertCircle',
  description: 'Threads for an expert to answer: newest or unanswered, searched, a page at a time.',
  context: { ...emptyKeyset<ThreadSummary>(), filters: { order: 'unanswered', q: '' } },
  initial: 'loading',
  on: {
    'circle.filter': { guard: 'otherFilters', target: '.loading', actions: 'setFilters', reenter: true },
  },
  states: {
    loading: {
      description: 'GET /staff/circle/threads with the order and the search: the first page.',
      tags: ['step:loading'],
      entry: 'clearError',
      invoke: {
        src: 'loadExpertThreads',
        input: ({ context }) => queryOf(context.filters, null),
        onDone: [
          {
            guard: { type: 'hasItems', params: pageOf },
            target: 'list',
            actions: { type: 'keepFirstPage', params: pageOf },
          },
          { target: 'empty', actions: { type: 'keepFirstPage', params: pageOf } },
        ],
        onError: { target: 'failed', actions: { type: 'setError', params: errorOf } },
      },
    },
    empty: { description: 'No thread with this order and search.', tags: ['step:empty'] },
    failed: {
      description: '"The threads could not be loaded", with a retry.',
      tags: ['step:failed'],
      on: { 'circle.retry': 'loading' },
    },
    list: {
      description: 'The threads on screen; "Load more" while there is a next page.',
      tags: ['step:ready'],
      initial: 'idle',
      states: {
        idle: {
          description: 'Every thread read so far.',
          on: { 'circle.more': { guard: 'hasMore', target: 'more' } },
        },
        more: {
          description: 'GET /staff/circle/threads with the cursor.',
          tags: ['more'],
          invoke: {
            src: 'loadExpertThreads',
            input: ({ context }) => queryOf(context.filters, context.nextCursor),
            onDone: { target: 'idle', actions: { type: 'keepNextPage', params: pageOf } },
            onError: { target: 'moreFailed', actions: { type: 'setMoreError', params: errorOf } },
          },
        },
        moreFailed: {
          description: 'The next threads did not come; the list stays, with a retry.',
          tags: ['moreFailed'],
          on: { 'circle.more': 'more' },
        },
      },
    },
  },
});
