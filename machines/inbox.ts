import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { FORM_KINDS, type FormKind } from '../contract/forms-rules';
import {
  type InboxPage,
  type InboxQuery,
  type InboxSummary,
  SUBMISSION_STATUSES,
  type SubmissionStatus,
} from '../contract/staff-inbox';
import {
  emptyKeyset,
  errorOf,
  type KeysetContext,
  keepMore,
  keysetError,
  keysetMoreError,
} from './inbox-paging';
import { notProvided } from './types';

const pageOf = ({ event }: { event: { output: InboxPage } }) => ({ page: event.output });

/**
 * The team inbox, /staff/inbox (issue 26): the five public forms' submissions, urgent concerns
 * first, then newest; the counts of new, in-progress and urgent ones; filters by status and by
 * form kind (kept in the address by the page, which sends `inbox.filter` when they change);
 * "Load more" reads the next page after the last row (an opaque cursor).
 */
export type InboxStatusFilter = 'all' | SubmissionStatus;
export type InboxKindFilter = 'all' | FormKind;
export interface InboxFilters {
  status: InboxStatusFilter;
  kind: InboxKindFilter;
}

export interface InboxContext extends KeysetContext<InboxSummary> {
  filters: InboxFilters;
  counts: InboxPage['counts'] | null;
}

export type InboxEvent =
  | ({ type: 'inbox.filter' } & InboxFilters)
  | { type: 'inbox.more' }
  | { type: 'inbox.retry' };

/** The filters an address gives (?status=new&kind=concern); anything unknown is "all". */
export function filtersFromAddress(search: string): InboxFilters {
  const q = new URLSearchParams(search);
  const status = q.get('status') ?? '';
  const kind = q.get('kind') ?? '';
  return {
    status: (SUBMISSION_STATUSES as readonly string[]).includes(status)
      ? (status as SubmissionStatus)
      : 'all',
    kind: (FORM_KINDS as readonly string[]).includes(kind) ? (kind as FormKind) : 'all',
  };
}

/** The address's query for these filters ('' when both are "all"). */
export function filtersToAddress(f: InboxFilters): string {
  const q = new URLSearchParams();
  if (f.status !== 'all') q.set('status', f.status);
  if (f.kind !== 'all') q.set('kind', f.kind);
  const s = q.toString();
  return s ? `?${s}` : '';
}

const queryOf = (f: InboxFilters, cursor: string | null): InboxQuery => ({
  ...(f.status !== 'all' ? { status: f.status } : {}),
  ...(f.kind !== 'all' ? { kind: f.kind } : {}),
  ...(cursor ? { cursor } : {}),
});

export const inboxMachine = setup({
  types: {} as { context: InboxContext; input: { filters: InboxFilters }; events: InboxEvent },
  actors: {
    /** GET /staff/inbox?status=&kind=&cursor= */
    loadInbox: fromPromise<InboxPage, InboxQuery>(notProvided),
  },
  guards: {
    hasItems: (_, { page }: { page: InboxPage }) => page.items.length > 0,
    hasMore: ({ context }) => context.nextCursor !== null,
    otherFilters: ({ context, event }) => {
      assertEvent(event, 'inbox.filter');
      return event.status !== context.filters.status || event.kind !== context.filters.kind;
    },
  },
  actions: {
    setError: assign(keysetError),
    setMoreError: assign(keysetMoreError),
    clearError: assign({ error: null, moreError: null }),
    keepFirstPage: assign((_, { page }: { page: InboxPage }) => ({
      items: page.items,
      nextCursor: page.nextCursor,
      counts: page.counts,
      error: null,
      moreError: null,
    })),
    keepNextPage: assign(({ context }, { page }: { page: InboxPage }) => ({
      ...keepMore({ context }, { page }),
      counts: page.counts,
    })),
    setFilters: assign({
      filters: ({ event }) => {
        assertEvent(event, 'inbox.filter');
        return { status: event.status, kind: event.kind };
      },
    }),
  },
}).createMachine({
  id: 'inbox',
  description: 'The team inbox: a page of submissions at a time, urgent first, with filters.',
  context: ({ input }) => ({ ...emptyKeyset<InboxSummary>(), filters: input.filters, counts: null }),
  initial: 'loading',
  on: {
    'inbox.filter': { guard: 'otherFilters', target: '.loading', actions: 'setFilters', reenter: true },
  },
  states: {
    loading: {
      description: 'GET /staff/inbox with the filters: the first page (new filters replace it).',
      tags: ['step:loading'],
      entry: 'clearError',
      invoke: {
        src: 'loadInbox',
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
    empty: {
      description: 'Nothing with these filters (the counts still show).',
      tags: ['step:empty'],
    },
    failed: {
      description: '"The inbox could not be loaded", with a retry.',
      tags: ['step:failed'],
      on: { 'inbox.retry': 'loading' },
    },
    list: {
      description: 'The rows on screen; "Load more" while there is a next page.',
      tags: ['step:ready'],
      initial: 'idle',
      states: {
        idle: {
          description: 'Every row read so far.',
          on: { 'inbox.more': { guard: 'hasMore', target: 'more' } },
        },
        more: {
          description: 'GET /staff/inbox with the cursor: the next rows come after the last.',
          tags: ['more'],
          invoke: {
            src: 'loadInbox',
            input: ({ context }) => queryOf(context.filters, context.nextCursor),
            onDone: { target: 'idle', actions: { type: 'keepNextPage', params: pageOf } },
            onError: { target: 'moreFailed', actions: { type: 'setMoreError', params: errorOf } },
          },
        },
        moreFailed: {
          description: 'The next rows did not come; the rows stay, with a retry.',
          tags: ['moreFailed'],
          on: { 'inbox.more': 'more' },
        },
      },
    },
  },
});
