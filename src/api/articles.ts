import { fromPromise } from 'xstate';
import type { ArticleDetail, ArticlesPage } from '../../contract/articles';
import type { articleMachine, articlesMachine } from '../../machines/articles';
import { request } from './client';

/**
 * The article actors (spec §7). Each passes its actor's abort signal, so a newer search or a page
 * left cancels the request in flight.
 */

/** GET /articles/all?page&limit&search (public; texts in the current language). */
export const fetchArticles = fromPromise<ArticlesPage, { page: number; limit: number; search: string }>(
  ({ input, signal }) =>
    request('/articles/all', {
      query: { page: input.page, limit: input.limit, ...(input.search ? { search: input.search } : {}) },
      signal,
    }),
);

/** GET /articles/{id} */
export const fetchArticle = fromPromise<ArticleDetail, { id: string }>(({ input, signal }) =>
  request(`/articles/${encodeURIComponent(input.id)}`, { signal }),
);

/** The article screens create their own actors; tests give them stubs through <RootProvider screens={…}>. */
declare module '../app/actors' {
  interface ScreenOverrides {
    articles?: Parameters<typeof articlesMachine.provide>[0];
    article?: Parameters<typeof articleMachine.provide>[0];
  }
}
