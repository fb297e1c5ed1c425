import { assertEvent, type EventObject } from 'xstate';
import { DEFAULT_PAGE } from '../contract/learning-constants';
import { toAppError } from './types';

/**
 * What the screens that load what they show have in common (the catalogue, a quiz, her learning
 * lists): their first step, `loading`, is tagged `step:loading` (the views read it) and starts with
 * no error left from a try before. Each of those machines names that action `clearError`.
 *
 *     loading: { ...LOADING_STEP, invoke: { src: 'fetchCourses', … } }
 */
export const LOADING_STEP = { tags: ['step:loading'], entry: 'clearError' } as const;

export { pageFromQuery } from '../contract/page-number';

/**
 * What a list read a page at a time shares (the catalogue, her invoices): its screen keeps the page
 * in the address and sends `<list>.page { page }` when it changes. The machine's own guards and
 * actions (`isOtherPage`, `setPage`, `setError`) call these:
 *
 *     isOtherPage: ({ context, event }) => isOtherPage(context, event, 'catalogue.page'),
 *     setPage: assign({ page: ({ event }) => pageAsked(event, 'catalogue.page') }),
 */
type PageEvent = EventObject & { page: number };

/** The page asked for is not the one on screen (or on its way). */
export function isOtherPage(context: { page: number }, event: EventObject, pageEvent: string): boolean {
  assertEvent(event as PageEvent, pageEvent);
  return (event as PageEvent).page !== context.page;
}

/** The page asked for: a whole number ≥ 1 (anything else is the first page). */
export function pageAsked(event: EventObject, pageEvent: string): number {
  assertEvent(event as PageEvent, pageEvent);
  return Math.max(DEFAULT_PAGE, Math.trunc((event as PageEvent).page) || DEFAULT_PAGE);
}

/** A page that did not come, as the list keeps it (`setError`'s params: the actor's error). */
export const pageError = (_: unknown, { error }: { error: unknown }) => ({
  error: toAppError(error, 'NETWORK_ERROR'),
});

/**
 * How the `loading` state's request ends: the page on to `ready` (or `empty` when `hasItems` says it
 * holds nothing), kept by `keepData`; a failure to `failed`, kept by `setError`. `dataOf` gives the
 * guard's and the action's params from the done event.
 *
 *     invoke: { src: 'fetchCourses', input: …, ...pageLoaded('hasCourses', dataOf) },
 */
export function pageLoaded<G extends string, D>(
  hasItems: G,
  dataOf: ({ event }: { event: { output: D } }) => { data: D },
) {
  const keepData = { type: 'keepData' as const, params: dataOf };
  return {
    onDone: [
      { guard: { type: hasItems, params: dataOf }, target: 'ready', actions: keepData },
      { target: 'empty', actions: keepData },
    ],
    onError: {
      target: 'failed',
      actions: {
        type: 'setError' as const,
        params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
      },
    },
  };
}
