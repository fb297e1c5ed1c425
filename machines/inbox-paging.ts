import { type AppError, toAppError } from './types';

/**
 * What the staff side's lists read a page at a time with an opaque cursor share (the team inbox,
 * the audit log): the first page replaces the list, "Load more" appends the next (`keepMore`), and a
 * failed "Load more" keeps what is on screen (`setMoreError`). Each machine names these actions; its `loading` / `loadingMore` states invoke its reader with
 * `{ cursor }`.
 */
export interface KeysetContext<T> {
  items: T[];
  nextCursor: string | null;
  error: AppError | null;
  moreError: AppError | null;
}

export interface KeysetPage<T> {
  items: T[];
  nextCursor: string | null;
}

export const emptyKeyset = <T>(): KeysetContext<T> => ({
  items: [],
  nextCursor: null,
  error: null,
  moreError: null,
});

/** The next page, after what is on screen (a row already there is not shown twice). */
export const keepMore = <T extends { id: string }>(
  { context }: { context: KeysetContext<T> },
  { page }: { page: KeysetPage<T> },
) => {
  const seen = new Set(context.items.map((i) => i.id));
  return {
    items: [...context.items, ...page.items.filter((i) => !seen.has(i.id))],
    nextCursor: page.nextCursor,
    moreError: null,
  };
};

export const keysetError = (_: unknown, { error }: { error: unknown }) => ({
  error: toAppError(error, 'NETWORK_ERROR'),
});
export const keysetMoreError = (_: unknown, { error }: { error: unknown }) => ({
  moreError: toAppError(error, 'NETWORK_ERROR'),
});

/** The params of `setError` / `setMoreError` from an error event. */
export const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
