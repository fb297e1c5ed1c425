import { assign, fromPromise, setup } from 'xstate';
import type { CoursesPage } from '../contract/learning';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '../contract/learning-constants';
import { isOtherPage, LOADING_STEP, pageAsked, pageError, pageLoaded } from './load-step';
import { type AppError, notProvided } from './types';

/**
 * The course catalogue (spec §7, §8, §9): one page of courses at a time, page 1 and 10 a page by
 * default, fetched again when the language changes (titles and summaries come in the request's
 * language). Started by its screen, which keeps the page in the address (?page=2) and sends
 * `catalogue.page` when it changes, so Back works. Each state's `description` says what it stands
 * for; docs/machines/catalogue.md draws the chart.
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

export { pageFromQuery } from './load-step';

/** The first page asked for (page 1 of 10 unless the address says otherwise), before it comes. */
const catalogueContext = (input: CatalogueInput): CatalogueContext => ({
  page: input.page ?? DEFAULT_PAGE,
  limit: input.limit ?? DEFAULT_PAGE_SIZE,
  data: null,
  error: null,
});

/** The page that came, as the guards and actions take it (`params`). */
const dataOf = ({ event }: { event: { output: CoursesPage } }) => ({ data: event.output });

export const catalogueMachine = setup({
  types: {} as { context: CatalogueContext; input: CatalogueInput; events: CatalogueEvent },
  actors: {
    /** GET /lms/courses/all?page&limit */
    fetchCourses: fromPromise<CoursesPage, { page: number; limit: number }>(notProvided),
  },
  guards: {
    hasCourses: (_, params: { data: CoursesPage }) => params.data.items.length > 0,
    isOtherPage: ({ context, event }) => isOtherPage(context, event, 'catalogue.page'),
  },
  actions: {
    clearError: assign({ error: null }),
    keepData: assign((_, { data }: { data: CoursesPage }) => ({ data })),
    setError: assign(pageError),
    setPage: assign({ page: ({ event }) => pageAsked(event, 'catalogue.page') }),
  },
}).createMachine({
  id: 'catalogue',
  context: ({ input }) => catalogueContext(input),
  initial: 'loading',
  states: {
    loading: {
      description:
        'Fetches one page of courses in her language; asking for another page replaces the request.',
      ...LOADING_STEP,
      invoke: {
        src: 'fetchCourses',
        input: ({ context }) => ({ page: context.page, limit: context.limit }),
        ...pageLoaded('hasCourses', dataOf),
      },
      on: {
        // a request for another page replaces the one in flight
        'catalogue.page': { guard: 'isOtherPage', target: 'loading', reenter: true, actions: 'setPage' },
        'catalogue.localeChanged': { target: 'loading', reenter: true },
      },
    },
    ready: {
      description: 'The courses of this page.',
      tags: ['step:ready'],
      on: {
        'catalogue.page': { guard: 'isOtherPage', target: 'loading', actions: 'setPage' },
        'catalogue.localeChanged': 'loading',
      },
    },
    empty: {
      description: 'No courses on this page.',
      tags: ['step:empty'],
      on: {
        'catalogue.page': { guard: 'isOtherPage', target: 'loading', actions: 'setPage' },
        'catalogue.localeChanged': 'loading',
      },
    },
    failed: {
      description: 'The page could not load ("Error loading courses"); she can retry.',
      tags: ['step:failed'],
      on: {
        'catalogue.retry': 'loading',
        'catalogue.page': { target: 'loading', actions: 'setPage' },
        'catalogue.localeChanged': 'loading',
      },
    },
  },
});
