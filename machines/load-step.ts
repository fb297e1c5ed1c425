import { DEFAULT_PAGE } from '../server/contract/learning-constants';

/**
 * What the screens that load what they show have in common (the catalogue, a quiz, her learning
 * lists): their first step, `loading`, is tagged `step:loading` (the views read it) and starts with
 * no error left from a try before. Each of those machines names that action `clearError`.
 *
 *     loading: { ...LOADING_STEP, invoke: { src: 'fetchCourses', … } }
 */
export const LOADING_STEP = { tags: ['step:loading'], entry: 'clearError' } as const;

/** A page number from the address (`?page=2`): a whole number ≥ 1, anything else is the first page. */
export function pageFromQuery(raw: string | null | undefined): number {
  if (!raw || !/^[0-9]{1,6}$/.test(raw)) return DEFAULT_PAGE;
  const n = Number(raw);
  return n >= 1 ? n : DEFAULT_PAGE;
}
