import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  CIRCLE_LIMITS,
  type ThreadOrder,
  type ThreadPage,
  type ThreadQuery,
  type ThreadSummary,
} from '../contract/circle';
import {
  CIRCLE_SEARCH_DEBOUNCE_MS,
  type CircleListFilters,
  cleanCircleSearch,
  threadQueryOf,
} from './circleThreads-rules';
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
 * A space of the circle, /dashboard/circle/s/:space (issue 27): its threads a page at a time
 * (keyset paging, "Load more"), in one of three orders (newest, most helpful, unanswered), narrowed
 * by a search (what she types becomes the search 400 ms after her last key, or at once on Enter)
 * and by "answered by an expert". A new order, search or filter reads the list again from the
 * start; re-entering `loading` aborts the request in flight, so an old answer never shows.
 */
export interface CircleThreadsContext extends KeysetContext<ThreadSummary>, CircleListFilters {
  /** What is in the search box, before it becomes the search. */
  draft: string;
}

export interface CircleThreadsInput {
  space: string;
  order?: ThreadOrder;
}

export type CircleThreadsEvent =
  | { type: 'circleThreads.order'; order: ThreadOrder }
  | { type: 'circleThreads.type'; value: string }
  | { type: 'circleThreads.submit' }
  | { type: 'circleThreads.expert'; on: boolean }
  | { type: 'circleThreads.more' }
  | { type: 'circleThreads.retry' };

const pageOf = ({ event }: { event: { output: ThreadPage } }) => ({ page: event.output });
const FROM_START = { target: '#circleThreads.list.loading', reenter: true } as const;

export const circleThreadsMachine = setup({
  types: {} as { context: CircleThreadsContext; input: CircleThreadsInput; events: CircleThreadsEvent },
  actors: {
    /** GET /circle/threads?space=&order=&q=&expert=&cursor= */
    loadThreads: fromPromise<ThreadPage, ThreadQuery>(notProvided),
  },
  delays: { searchDebounce: CIRCLE_SEARCH_DEBOUNCE_MS },
  guards: {
    hasItems: (_, { page }: { page: ThreadPage }) => page.items.length > 0,
    hasMore: ({ context }) => context.nextCursor !== null,
    otherOrder: ({ context, event }) => {
      assertEvent(event, 'circleThreads.order');
      return event.order !== context.order;
    },
    otherExpert: ({ context, event }) => {
      assertEvent(event, 'circleThreads.expert');
      return event.on !== context.expert;
    },
    draftIsNewSearch: ({ context }) => cleanCircleSearch(context.draft) !== context.q,
  },
  actions: {
    clearError: assign({ error: null, moreError: null }),
    setError: assign(keysetError),
    setMoreError: assign(keysetMoreError),
    keepFirstPage: assign((_, { page }: { page: ThreadPage }) => ({
      items: page.items,
      nextCursor: page.nextCursor,
      error: null,
      moreError: null,
    })),
    keepNextPage: assign(({ context }, { page }: { page: ThreadPage }) => keepMore({ context }, { page })),
    setOrder: assign({
      order: ({ event }) => {
        assertEvent(event, 'circleThreads.order');
        return event.order;
      },
    }),
    setExpert: assign({
      expert: ({ event }) => {
        assertEvent(event, 'circleThreads.expert');
        return event.on;
      },
    }),
    keepDraft: assign({
      draft: ({ event }) => {
        assertEvent(event, 'circleThreads.type');
        return event.value.slice(0, 2 * CIRCLE_LIMITS.searchMax);
      },
    }),
    useDraft: assign({ q: ({ context }) => cleanCircleSearch(context.draft) }),
  },
}).createMachine({
  id: 'circleThreads',
  description: "A space's threads: a page at a time, in an order, with a search and an expert filter.",
  type: 'parallel',
  context: ({ input }) => ({
    ...emptyKeyset<ThreadSummary>(),
    space: input.space,
    order: input.order ?? 'newest',
    q: '',
    draft: '',
    expert: false,
  }),
  states: {
    search: {
      description: 'The search box: what she types is a draft until it becomes the search.',
      initial: 'idle',
      on: {
        'circleThreads.submit': [
          {
            guard: 'draftIsNewSearch',
            target: ['.idle', FROM_START.target],
            actions: 'useDraft',
            reenter: true,
          },
          { target: '.idle' },
        ],
      },
      states: {
        idle: {
          description: 'Nothing typed since the last search.',
          on: { 'circleThreads.type': { target: 'typing', actions: 'keepDraft' } },
        },
        typing: {
          description: 'She is typing: 400 ms after her last key (or on Enter) the draft becomes the search.',
          after: {
            searchDebounce: [
              { guard: 'draftIsNewSearch', target: ['idle', FROM_START.target], actions: 'useDraft' },
              { target: 'idle' },
            ],
          },
          on: { 'circleThreads.type': { target: 'typing', reenter: true, actions: 'keepDraft' } },
        },
      },
    },
    list: {
      description: 'The threads for the order, the search and the filter.',
      initial: 'loading',
      on: {
        'circleThreads.order': { guard: 'otherOrder', ...FROM_START, actions: 'setOrder' },
        'circleThreads.expert': { guard: 'otherExpert', ...FROM_START, actions: 'setExpert' },
      },
      states: {
        loading: {
          description: 'GET /circle/threads from the start: the first page replaces the list.',
          tags: ['step:loading'],
          entry: 'clearError',
          invoke: {
            src: 'loadThreads',
            input: ({ context }) => threadQueryOf(context, null),
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
          description: 'No thread here yet, or none for her search or filter: she can start one.',
          tags: ['step:empty'],
        },
        failed: {
          description: '"The conversations could not be loaded", with a retry.',
          tags: ['step:failed'],
          on: { 'circleThreads.retry': 'loading' },
        },
        ready: {
          description: 'The thread cards; "Load more" while there is a next page.',
          tags: ['step:ready'],
          initial: 'idle',
          states: {
            idle: {
              description: 'Every thread read so far.',
              on: { 'circleThreads.more': { guard: 'hasMore', target: 'more' } },
            },
            more: {
              description: 'GET /circle/threads after the last card: the next page is added below.',
              tags: ['more'],
              invoke: {
                src: 'loadThreads',
                input: ({ context }) => threadQueryOf(context, context.nextCursor),
                onDone: { target: 'idle', actions: { type: 'keepNextPage', params: pageOf } },
                onError: { target: 'moreFailed', actions: { type: 'setMoreError', params: errorOf } },
              },
            },
            moreFailed: {
              description: 'The next page did not come; the cards stay, with "Load more" again.',
              tags: ['moreFailed'],
              on: { 'circleThreads.more': 'more' },
            },
          },
        },
      },
    },
  },
});
