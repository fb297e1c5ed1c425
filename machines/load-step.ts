/**
 * What the screens that load what they show have in common (the catalogue, a quiz, her learning
 * lists): their first step, `loading`, is tagged `step:loading` (the views read it) and starts with
 * no error left from a try before. Each of those machines names that action `clearError`.
 *
 *     loading: { ...LOADING_STEP, invoke: { src: 'fetchCourses', … } }
 */
export const LOADING_STEP = { tags: ['step:loading'], entry: 'clearError' } as const;

export { pageFromQuery } from '../contract/page-number';
