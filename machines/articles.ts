import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { ARTICLE_SEARCH_MAX } from '../contract/article-rules';
import type { ArticleDetail, ArticlesPage } from '../contract/articles';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '../contract/learning-constants';
import { LOADING_STEP } from './load-step';
import { type AppError, notProvided, toAppError } from './types';

/**
 * The articles (spec §2 "articles with search", §7): two machines, each paste-able into the
 * Stately editor on its own: `articlesMachine`, the list at /articles (a page of articles, newest
 * first, or the results of a search), and `articleMachine`, one article at /articles/:id. Each
 * state's `description` says what it stands for; docs/machines/articles.md and article.md draw them.
 * The list's screen keeps the search and the page in the address (`?search=…&page=2`) and sends
 * `articles.address` when Back or a link changes them; a typed search goes into the address by the
 * named action `showSearchInAddress` (provided where the screen is made). A new request replaces the one in flight
 * (re-entering `loading` stops it and aborts the API call), so an old answer never shows over a
 * newer search. Both load again when the language changes (texts come in the request's language).
 */

export { pageFromQuery } from './load-step';

import { cleanSearch } from '../contract/article-rules';

export { cleanSearch };

export const SEARCH_DEBOUNCE_MS = 400;

export interface ArticlesInput {
  page?: number;
  search?: string;
  limit?: number;
}

export interface ArticlesContext {
  page: number;
  limit: number;
  /** The search the list shows ('' for none). */
  search: string;
  /** What is in the search box, before it becomes the search. */
  draft: string;
  data: ArticlesPage | null;
  error: AppError | null;
}

export type ArticlesEvent =
  | { type: 'articles.type'; value: string }
  | { type: 'articles.submit' }
  | { type: 'articles.address'; search: string; page: number }
  | { type: 'articles.retry' }
  | { type: 'articles.localeChanged' };

/**
 * Where a typed search goes: the address `?search=…`, as a new history entry when she searched from
 * the plain list (Back leads back to it) and in place while she refines a search (one entry per
 * search, not per pause in typing).
 */
export interface SearchAddress {
  search: string;
  replace: boolean;
}

/** Read before the draft becomes the search (`useDraft`), while `search` is still the old one. */
const searchAddress = ({ context }: { context: ArticlesContext }): SearchAddress => ({
  search: cleanSearch(context.draft),
  replace: context.search !== '',
});

const dataOf = ({ event }: { event: { output: ArticlesPage } }) => ({ data: event.output });

export const articlesMachine = setup({
  types: {} as {
    context: ArticlesContext;
    input: ArticlesInput;
    events: ArticlesEvent;
  },
  actors: {
    /** GET /articles/all?page&limit&search */
    fetchArticles: fromPromise<ArticlesPage, { page: number; limit: number; search: string }>(notProvided),
  },
  delays: { searchDebounce: SEARCH_DEBOUNCE_MS },
  guards: {
    hasArticles: (_, params: { data: ArticlesPage }) => params.data.items.length > 0,
    searchFoundNothing: (_, params: { data: ArticlesPage }) =>
      params.data.search.trim() !== '' && params.data.total === 0,
    draftIsNewSearch: ({ context }) => cleanSearch(context.draft) !== context.search,
    addressDiffers: ({ context, event }) => {
      assertEvent(event, 'articles.address');
      return cleanSearch(event.search) !== context.search || event.page !== context.page;
    },
  },
  actions: {
    clearError: assign({ error: null }),
    keepData: assign((_, { data }: { data: ArticlesPage }) => ({ data })),
    setError: assign((_, { error }: { error: unknown }) => ({ error: toAppError(error, 'NETWORK_ERROR') })),
    keepDraft: assign({
      draft: ({ event }) => {
        assertEvent(event, 'articles.type');
        return event.value.slice(0, ARTICLE_SEARCH_MAX);
      },
    }),
    /** The draft becomes the search, from its first page. */
    useDraft: assign({ search: ({ context }) => cleanSearch(context.draft), page: DEFAULT_PAGE }),
    /** The new search goes into the address (navigation, provided by the screen's maker). */
    showSearchInAddress: (_, _params: SearchAddress) => {},
    followAddress: assign(({ event }) => {
      assertEvent(event, 'articles.address');
      const search = cleanSearch(event.search);
      return { search, draft: search, page: Math.max(1, Math.trunc(event.page) || 1) };
    }),
  },
}).createMachine({
  id: 'articles',
  type: 'parallel',
  context: ({ input }) => {
    const search = cleanSearch(input.search);
    return {
      page: input.page ?? DEFAULT_PAGE,
      limit: input.limit ?? DEFAULT_PAGE_SIZE,
      search,
      draft: search,
      data: null,
      error: null,
    };
  },
  states: {
    search: {
      description: 'The search box: what she types is a draft until it becomes the search (page 1).',
      initial: 'idle',
      states: {
        idle: {
          description: 'Nothing typed since the last search.',
          on: {
            'articles.type': { target: 'typing', actions: 'keepDraft' },
          },
        },
        typing: {
          description: 'She is typing: 400 ms after the last key (or on Enter) the draft becomes the search.',
          after: {
            searchDebounce: [
              {
                guard: 'draftIsNewSearch',
                target: ['idle', '#articles.results.loading'],
                actions: [{ type: 'showSearchInAddress', params: searchAddress }, 'useDraft'],
              },
              { target: 'idle' },
            ],
          },
          on: {
            'articles.type': { target: 'typing', reenter: true, actions: 'keepDraft' },
          },
        },
      },
      on: {
        'articles.submit': [
          {
            guard: 'draftIsNewSearch',
            target: ['.idle', '#articles.results.loading'],
            actions: [{ type: 'showSearchInAddress', params: searchAddress }, 'useDraft'],
          },
          { target: '.idle' },
        ],
      },
    },
    results: {
      description: 'The list for the search and the page.',
      initial: 'loading',
      states: {
        loading: {
          ...LOADING_STEP,
          description: 'Fetches the page of articles (or of search results) in her language.',
          invoke: {
            src: 'fetchArticles',
            input: ({ context }) => ({ page: context.page, limit: context.limit, search: context.search }),
            onDone: [
              {
                guard: { type: 'hasArticles', params: dataOf },
                target: 'ready',
                actions: { type: 'keepData', params: dataOf },
              },
              {
                guard: { type: 'searchFoundNothing', params: dataOf },
                target: 'noResults',
                actions: { type: 'keepData', params: dataOf },
              },
              { target: 'empty', actions: { type: 'keepData', params: dataOf } },
            ],
            onError: {
              target: 'failed',
              actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        ready: { description: 'The articles of this page.', tags: ['step:ready'] },
        noResults: {
          description: 'Her search found nothing: the screen suggests courses.',
          tags: ['step:noResults'],
        },
        empty: { description: 'No articles, or a page past the end.', tags: ['step:empty'] },
        failed: {
          description: 'The list could not load; she can retry.',
          tags: ['step:failed'],
          on: { 'articles.retry': 'loading' },
        },
      },
    },
  },
  on: {
    // a new search, a page, a language: the list loads again, and replaces a request in flight
    'articles.address': {
      guard: 'addressDiffers',
      target: ['.search.idle', '.results.loading'],
      reenter: true,
      actions: 'followAddress',
    },
    'articles.localeChanged': { target: '.results.loading', reenter: true },
  },
});

// ------------------------------------------------------------------ one article

export interface ArticleContext {
  id: string;
  data: ArticleDetail | null;
  error: AppError | null;
}

export type ArticleEvent =
  | { type: 'article.open'; id: string }
  | { type: 'article.retry' }
  | { type: 'article.localeChanged' };

export const articleMachine = setup({
  types: {} as { context: ArticleContext; input: { id: string }; events: ArticleEvent },
  actors: {
    /** GET /articles/{id} */
    fetchArticle: fromPromise<ArticleDetail, { id: string }>(notProvided),
  },
  guards: {
    isNotFound: (_, params: { error: unknown }) =>
      ['ARTICLE_NOT_FOUND', 'VALIDATION_ERROR'].includes(toAppError(params.error).code),
    isOtherArticle: ({ context, event }) => {
      assertEvent(event, 'article.open');
      return event.id !== context.id;
    },
  },
  actions: {
    clearError: assign({ error: null }),
    keepArticle: assign({ data: (_, params: { data: ArticleDetail }) => params.data }),
    setError: assign((_, { error }: { error: unknown }) => ({ error: toAppError(error, 'NETWORK_ERROR') })),
    setId: assign({
      id: ({ event }) => {
        assertEvent(event, 'article.open');
        return event.id;
      },
      data: null,
    }),
  },
}).createMachine({
  id: 'article',
  context: ({ input }) => ({ id: input.id, data: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      ...LOADING_STEP,
      description: 'Fetches the article in her language.',
      invoke: {
        src: 'fetchArticle',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'ready',
          actions: { type: 'keepArticle', params: ({ event }) => ({ data: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
            actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    ready: { description: 'The article.', tags: ['step:ready'] },
    notFound: { description: 'No article has this id.', tags: ['step:notFound'] },
    failed: {
      description: 'The article could not load; she can retry.',
      tags: ['step:failed'],
      on: { 'article.retry': 'loading' },
    },
  },
  on: {
    'article.open': { guard: 'isOtherArticle', target: '.loading', reenter: true, actions: 'setId' },
    'article.localeChanged': { target: '.loading', reenter: true },
  },
});
