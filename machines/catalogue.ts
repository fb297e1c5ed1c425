import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { CoursesPage } from '../server/contract/learning';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '../server/contract/learning-constants';
import { type AppError, toAppError } from './types';

/**
 * The course catalogue (spec §7, §8, §9): one page of courses at a time, page 1 and 10 a page by
 * default, fetched again when the language changes (titles and summaries come in the request's
 * language). Started by its screen, which keeps the page in the address (?page=2) and sends
 * `catalogue.page` when it changes, so Back works.
 *
 * loading → ready (courses on the page) | empty (none) | failed ("Error loading courses. Please try
 * again.", with `catalogue.retry`).
 */
export interface CatalogueInput {
  page?: number;
  limit?: number;
}

export interface CatalogueContext {
  page: number;
  limit: number;
  data: CoursesPage | null;
  error: AppError | null;
}

export type CatalogueEvent =
  | { type: 'catalogue.page'; page: number }
  | { type: 'catalogue.retry' }
  | { type: 'catalogue.localeChanged' };

/** Event creators for the view (it never spells an event type). */
export const catalogueEvents = {
  page: (page: number) => ({ type: 'catalogue.page', page }) as const,
  retry: () => ({ type: 'catalogue.retry' }) as const,
  localeChanged: () => ({ type: 'catalogue.localeChanged' }) as const,
} satisfies Record<string, (...args: never[]) => CatalogueEvent>;

/** A page number from the address: a whole number ≥ 1, anything else is the first page. */
export function pageFromQuery(raw: string | null | undefined): number {
  if (!raw || !/^[0-9]{1,6}$/.test(raw)) return DEFAULT_PAGE;
  const n = Number(raw);
  return n >= 1 ? n : DEFAULT_PAGE;
}

export const catalogueMachine = setup({
  types: {} as { context: CatalogueContext; input: CatalogueInput; events: CatalogueEvent },
  actors: {
    /** GET /lms/courses/all?page&limit */
    fetchCourses: fromPromise<CoursesPage, { page: number; limit: number }>(async () => {
      throw { code: 'NOT_PROVIDED' };
    }),
  },
  guards: {
    hasCourses: (_, params: { data: CoursesPage }) => params.data.items.length > 0,
    isOtherPage: ({ context, event }) => {
      assertEvent(event, 'catalogue.page');
      return event.page !== context.page;
    },
  },
  actions: {
    setPage: assign({
      page: ({ event }) => {
        assertEvent(event, 'catalogue.page');
        return Math.max(1, Math.trunc(event.page) || 1);
      },
    }),
  },
}).createMachine({
  id: 'catalogue',
  context: ({ input }) => ({
    page: input.page ?? DEFAULT_PAGE,
    limit: input.limit ?? DEFAULT_PAGE_SIZE,
    data: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['step:loading'],
      entry: assign({ error: null }),
      invoke: {
        src: 'fetchCourses',
        input: ({ context }) => ({ page: context.page, limit: context.limit }),
        onDone: [
          {
            guard: { type: 'hasCourses', params: ({ event }) => ({ data: event.output }) },
            target: 'ready',
            actions: assign({ data: ({ event }) => event.output }),
          },
          { target: 'empty', actions: assign({ data: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => toAppError(event.error, 'NETWORK_ERROR') }),
        },
      },
      on: {
        // a request for another page replaces the one in flight
        'catalogue.page': { guard: 'isOtherPage', target: 'loading', reenter: true, actions: 'setPage' },
        'catalogue.localeChanged': { target: 'loading', reenter: true },
      },
    },
    ready: {
      tags: ['step:ready'],
      on: {
        'catalogue.page': { guard: 'isOtherPage', target: 'loading', actions: 'setPage' },
        'catalogue.localeChanged': 'loading',
      },
    },
    empty: {
      tags: ['step:empty'],
      on: {
        'catalogue.page': { guard: 'isOtherPage', target: 'loading', actions: 'setPage' },
        'catalogue.localeChanged': 'loading',
      },
    },
    failed: {
      tags: ['step:failed'],
      on: {
        'catalogue.retry': 'loading',
        'catalogue.page': { target: 'loading', actions: 'setPage' },
        'catalogue.localeChanged': 'loading',
      },
    },
  },
});
