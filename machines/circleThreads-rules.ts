import { CIRCLE_LIMITS, type ThreadOrder, type ThreadQuery } from '../contract/circle';

/**
 * Pure rules of a space's thread list (machines/circleThreads.ts): what she types becomes the
 * search (trimmed, spaces folded, at most the contract's length; the server normalises Arabic), and
 * the query the list asks with.
 */
export const CIRCLE_SEARCH_DEBOUNCE_MS = 400;

export function cleanCircleSearch(value: string): string {
  return value.replace(/\s+/g, ' ').trim().slice(0, CIRCLE_LIMITS.searchMax);
}

export interface CircleListFilters {
  space: string;
  order: ThreadOrder;
  /** The search ('' for none). */
  q: string;
  /** Only threads an expert answered. */
  expert: boolean;
}

/** The GET /circle/threads query for these filters, from the start or after `cursor`. */
export function threadQueryOf(f: CircleListFilters, cursor: string | null): ThreadQuery {
  return {
    space: f.space,
    order: f.order,
    ...(f.q ? { q: f.q } : {}),
    ...(f.expert ? { expert: '1' as const } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

/** Whether an empty list is the answer to her search or filter (not an empty space). */
export const isNarrowed = (f: CircleListFilters) => f.q !== '' || f.expert;
