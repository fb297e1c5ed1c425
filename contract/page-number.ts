import { DEFAULT_PAGE } from './learning-constants.ts';

/** A page number from the address (`?page=2`): a whole number ≥ 1, anything else is the first page. */
export function pageFromQuery(raw: string | null | undefined): number {
  if (!raw || !/^[0-9]{1,6}$/.test(raw)) return DEFAULT_PAGE;
  const n = Number(raw);
  return n >= 1 ? n : DEFAULT_PAGE;
}
