import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { ArticleDetail, ArticleSummary, ArticlesPage } from '../../contract/articles';
import { articleMachine, articlesMachine } from '../../machines/articles';
import { controlledActor } from '../support/stub-actors';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based tests of the articles, /articles and /articles/:id (spec §2 "articles with search",
 * §7): test models whose server answers are explicit events drive the REAL screens (real machines,
 * real views, real routes, the search and page in the address) in jsdom; every state check looks
 * at the DOM. Coverage of both real machines is recorded through `inspect`.
 */
const listCoverage = new Coverage('articles', articlesMachine);
const articleCoverage = new Coverage('article', articleMachine);
type Query = { page: number; limit: number; search: string };
const DEBOUNCE = 120;
const ui = modelApp({
  coverage: [listCoverage, articleCoverage],
  articleSearchDebounceMs: DEBOUNCE,
  stubs: {
    fetchArticles: () => controlledActor<ArticlesPage, Query>(),
    fetchArticle: () => controlledActor<ArticleDetail, { id: string }>(),
  },
});
const { t, intl, settle } = ui;
const list = () => ui.stubs.fetchArticles;
const detail = () => ui.stubs.fetchArticle;

function summary(i: number): ArticleSummary {
  return {
    id: `article-${i}`,
    title: `Article number ${i}`,
    summary: `What article ${i} is about.`,
    topic: i % 2 ? 'periods' : 'menopause',
    publishedOn: '2026-03-17',
    readingMinutes: 4,
  };
}
function listPage(query: Query, total: number, over: Partial<ArticlesPage> = {}): ArticlesPage {
  const start = (query.page - 1) * query.limit;
  const count = Math.max(0, Math.min(query.limit, total - start));
  return {
    items: Array.from({ length: count }, (_, i) => summary(start + i + 1)),
    page: query.page,
    limit: query.limit,
    total,
    totalPages: Math.ceil(total / query.limit),
    search: query.search,
    suggestions: [],
    ...over,
  };
}
const SUGGESTIONS = [
  { id: 'menstrual-cycle', title: 'Your menstrual cycle' },
  { id: 'menopause-care', title: 'Menopause care' },
];

const lastQuery = () => list().last()!.input;
const params = () => new URLSearchParams(window.location.search);
const searchBox = () => screen.getByRole('searchbox', { name: t('articles.search.label') });
const typeSearch = async (text: string) => {
  await ui.app.user.clear(searchBox());
  await ui.app.user.type(searchBox(), text);
};
const wait = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));

// ------------------------------------------------------------------ the list

const listModel = createMachine({
  id: 'articlesModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'loading', OPEN_PAGE_9: 'loadingPage9', OPEN_SEARCH: 'loadingSearch' } },
    loading: { on: { ARTICLES_OK: 'ready', ARTICLES_NONE: 'emptyNone', ARTICLES_FAIL: 'failed' } },
    ready: {
      on: {
        TYPE_SEARCH: 'loadingSearch',
        ENTER_SEARCH: 'loadingSearch',
        TYPE_NOTHING_NEW: 'readyUnchanged',
        NEXT_PAGE: 'loadingPage2',
        SWITCH_LANGUAGE: 'loadingAgain',
      },
    },
    readyUnchanged: {},
    loadingPage2: { on: { ARTICLES_OK: 'readyPage2' } },
    readyPage2: { on: { BACK: 'loadingAgain' } },
    loadingPage9: { on: { ARTICLES_OK: 'emptyPastEnd' } },
    emptyPastEnd: { on: { FIRST_PAGE: 'loadingAgain' } },
    emptyNone: {},
    loadingSearch: { on: { SEARCH_OK: 'searchReady', SEARCH_NONE: 'noResults' } },
    searchReady: { on: { ENTER_SAME: 'searchReadyStill', CLEAR: 'loadingAgain' } },
    searchReadyStill: {},
    noResults: { on: { SEE_ALL: 'loadingAgain' } },
    failed: { on: { RETRY: 'loadingAgain' } },
    loadingAgain: { on: { ARTICLES_OK: 'readyAgain' } },
    readyAgain: {},
  },
});

async function expectLoading(query: Partial<Query>) {
  expect(await screen.findByTestId('articles-loading', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByTestId('articles')).toHaveAttribute('aria-busy', 'true');
  await waitFor(() => expect(lastQuery()).toMatchObject({ limit: 10, ...query }));
  // the request in flight is the only live one: every earlier call was settled or cancelled
  expect(screen.getByTestId('articles-status')).toHaveTextContent(t('articles.list.loading'));
}

async function expectList(page: number, search = '') {
  const list = await screen.findByTestId('articles-list');
  expect(screen.getByTestId('articles')).toHaveAttribute('aria-busy', 'false');
  const cards = within(list).getAllByTestId('article-card');
  const first = (page - 1) * 10 + 1;
  expect(within(cards[0]).getByRole('link', { name: `Article number ${first}` })).toHaveAttribute(
    'href',
    `/articles/article-${first}`,
  );
  expect(within(cards[0]).getByText(t('articles.topic.periods'))).toBeInTheDocument();
  expect(within(cards[0]).getByText(t('articles.card.minutes', { minutes: 4 }))).toBeInTheDocument();
  expect(screen.getByText(t('learning.disclaimer'))).toBeInTheDocument();
  expect(params().get('page')).toBe(page === 1 ? null : String(page));
  expect(params().get('search')).toBe(search || null);
  const status = screen.getByTestId('articles-status');
  expect(status).toHaveAttribute('role', 'status');
  if (search) expect(status).toHaveTextContent(t('articles.list.found', { count: 3, search }));
  else {
    expect(status).toHaveTextContent(t('articles.list.count', { count: 25 }));
    const pager = screen.getByRole('navigation', { name: t('articles.list.pages') });
    const current = within(pager).getByRole('button', {
      name: t('learning.catalogue.pages.current', { page: intl().formatNumber(page) }),
    });
    expect(current).toHaveAttribute('aria-current', 'page');
  }
}

describe('articles list model on the real screen', () => {
  const paths = createTestModel(listModel).getSimplePaths();
  it('generates paths through every model state', () => {
    expect(paths.length).toBeGreaterThan(10);
  });

  followPaths(
    paths,
    {
      events: {
        OPEN: () => ui.open('/articles'),
        OPEN_PAGE_9: () => ui.open('/articles?page=9'),
        OPEN_SEARCH: () => ui.open('/articles?search=pain'),
        ARTICLES_OK: async () => {
          await list().resolve(listPage(lastQuery(), 25));
          await settle();
        },
        ARTICLES_NONE: async () => {
          await list().resolve(listPage(lastQuery(), 0));
          await settle();
        },
        ARTICLES_FAIL: async () => {
          await list().reject({ code: 'NETWORK_ERROR' });
          await settle();
        },
        SEARCH_OK: async () => {
          await list().resolve(listPage(lastQuery(), 3));
          await settle();
        },
        SEARCH_NONE: async () => {
          await list().resolve(listPage(lastQuery(), 0, { suggestions: SUGGESTIONS }));
          await settle();
        },
        TYPE_SEARCH: async () => {
          await typeSearch('pain');
          await wait(DEBOUNCE + 80);
        },
        ENTER_SEARCH: async () => {
          await typeSearch('pain{Enter}');
        },
        TYPE_NOTHING_NEW: async () => {
          await typeSearch('   ');
          await wait(DEBOUNCE + 80);
        },
        ENTER_SAME: async () => {
          await ui.app.user.type(searchBox(), '{Enter}');
          await wait(DEBOUNCE + 80);
        },
        CLEAR: async () => {
          await ui.press('articles.search.clear');
          await waitFor(() => expect(params().get('search')).toBeNull());
          await settle();
        },
        SEE_ALL: async () => {
          await ui.app.user.click(screen.getByRole('link', { name: t('articles.noResults.all') }));
          await settle();
        },
        NEXT_PAGE: async () => {
          await ui.press('learning.catalogue.pages.next');
          await waitFor(() => expect(params().get('page')).toBe('2'));
        },
        BACK: () => ui.back(() => expect(params().get('page')).toBeNull()),
        FIRST_PAGE: async () => {
          await ui.app.user.click(screen.getByRole('link', { name: t('articles.empty.firstPage') }));
          await waitFor(() => expect(params().get('page')).toBeNull());
          await settle();
        },
        RETRY: () => ui.press('learning.common.retry'),
        SWITCH_LANGUAGE: ui.switchLanguage,
      },
      states: {
        closed: ui.expectClosed,
        loading: () => expectLoading({ page: 1, search: '' }),
        loadingPage2: () => expectLoading({ page: 2, search: '' }),
        loadingPage9: () => expectLoading({ page: 9, search: '' }),
        loadingSearch: async () => {
          await expectLoading({ page: 1, search: 'pain' });
          // the address says what is being searched, so the result can be shared and Back works
          await waitFor(() => expect(params().get('search')).toBe('pain'));
        },
        loadingAgain: async () => {
          await expectLoading({ page: 1, search: '' });
          expect(list().calls.length).toBeGreaterThan(1);
        },
        ready: () => expectList(1),
        readyAgain: () => expectList(1),
        readyUnchanged: async () => {
          await expectList(1);
          expect(list().calls).toHaveLength(1); // blanks are no new search
        },
        readyPage2: () => expectList(2),
        searchReady: () => expectList(1, 'pain'),
        searchReadyStill: async () => {
          await expectList(1, 'pain');
          expect(list().calls.filter((c) => c.input.search === 'pain')).toHaveLength(1);
        },
        emptyNone: async () => {
          const empty = await screen.findByTestId('articles-empty');
          expect(within(empty).getByRole('heading', { name: t('articles.empty.title') }));
          expect(empty).toHaveTextContent(t('articles.empty.none'));
          expect(within(empty).queryByRole('link')).toBeNull();
        },
        emptyPastEnd: async () => {
          const empty = await screen.findByTestId('articles-empty');
          expect(within(empty).getByRole('link', { name: t('articles.empty.firstPage') })).toHaveAttribute(
            'href',
            '/articles',
          );
        },
        noResults: async () => {
          const none = await screen.findByTestId('articles-no-results');
          expect(
            within(none).getByRole('heading', { name: t('articles.noResults.title', { search: 'pain' }) }),
          );
          expect(screen.getByTestId('articles-status')).toHaveTextContent(
            t('articles.noResults.title', { search: 'pain' }),
          );
          // courses to try instead, each a link to its page
          for (const c of SUGGESTIONS)
            expect(within(none).getByRole('link', { name: c.title })).toHaveAttribute(
              'href',
              `/courses/${c.id}`,
            );
        },
        failed: async () => {
          const alert = await screen.findByTestId('articles-error');
          expect(alert).toHaveAttribute('role', 'alert');
          expect(alert).toHaveTextContent(t('articles.list.error'));
          expect(screen.queryByTestId('articles-list')).toBeNull();
        },
      },
    },
    30_000,
  );

  coversEveryTransition(listCoverage);
});

// ------------------------------------------------------------------ one article

const ARTICLE: ArticleDetail = {
  ...summary(1),
  title: 'Emergency contraception',
  summary: 'The sooner, the better.',
  topic: 'contraception',
  body: [
    { t: 'p', c: [{ t: 'text', v: 'Sometimes contraception fails.' }] },
    { t: 'h2', c: [{ t: 'text', v: 'The three options' }] },
    {
      t: 'p',
      c: [
        { t: 'text', v: 'After an assault, the ' },
        { t: 'link', v: 'Staying safe', href: '/safeguarding' },
        { t: 'text', v: ' page explains where to find help.' },
      ],
    },
    { t: 'note', c: [{ t: 'text', v: 'This article is education, not medical advice.' }] },
  ],
  relatedCourses: [{ id: 'contraception-options', title: 'Contraception options' }],
  review: {
    sources: [
      { org: 'WHO', title: 'Emergency contraception: fact sheet (2021)' },
      { org: 'FSRH', title: 'Emergency contraception (2017, amended 2023)' },
    ],
    reviewedOn: '2026-11-28',
    nextReview: '2027-11-28',
  },
};

const articleModel = createMachine({
  id: 'articleModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'loading' } },
    loading: { on: { ARTICLE_OK: 'ready', ARTICLE_GONE: 'notFound', ARTICLE_FAIL: 'failed' } },
    ready: { on: { SWITCH_LANGUAGE: 'loadingAgain', OPEN_OTHER: 'loadingOther' } },
    loadingAgain: { on: { ARTICLE_OK: 'readyAgain' } },
    readyAgain: {},
    loadingOther: { on: { ARTICLE_OK: 'readyOther' } },
    readyOther: {},
    notFound: {},
    failed: { on: { RETRY: 'loadingAgain' } },
  },
});

async function expectArticleLoading(id: string) {
  expect(await screen.findByTestId('article-loading', {}, { timeout: 10_000 })).toBeInTheDocument();
  await waitFor(() => expect(detail().last()!.input).toEqual({ id }));
}
async function expectArticle(id: string) {
  const article = await screen.findByTestId('article');
  expect(within(article).getByRole('heading', { level: 1, name: ARTICLE.title }));
  expect(within(article).getByRole('heading', { level: 2, name: 'The three options' }));
  expect(within(article).getByText(t('articles.topic.contraception'))).toBeInTheDocument();
  expect(within(article).getByText(t('learning.disclaimer'))).toBeInTheDocument();
  // a site link in the body is an in-app link (issue 24)
  expect(within(article).getByRole('link', { name: 'Staying safe' })).toHaveAttribute(
    'href',
    '/safeguarding',
  );
  // who checked it, when, and against what, in the page's language (issue 24, item 4)
  const review = within(article).getByTestId('content-review');
  expect(within(review).getByRole('heading', { level: 2, name: t('content.review.title') }));
  const sources = within(review).getAllByRole('listitem');
  expect(sources).toHaveLength(2);
  expect(sources[1]).toHaveTextContent(t('content.review.org.FSRH'));
  expect(sources[1]).toHaveTextContent('Emergency contraception (2017, amended 2023)');
  const related = within(article).getByTestId('article-related');
  expect(within(related).getByRole('link', { name: /Contraception options/ })).toHaveAttribute(
    'href',
    '/courses/contraception-options',
  );
  expect(screen.getAllByRole('link', { name: t('articles.article.back') })[0]).toHaveAttribute(
    'href',
    '/articles',
  );
  expect(document.title).toContain(ARTICLE.title);
  expect(detail().last()!.input.id).toBe(id);
}

describe('article page model on the real screen', () => {
  const paths = createTestModel(articleModel).getSimplePaths();
  followPaths(
    paths,
    {
      events: {
        OPEN: () => ui.open('/articles/emergency-contraception'),
        ARTICLE_OK: async () => {
          await detail().resolve({ ...ARTICLE, id: detail().last()!.input.id });
          await settle();
        },
        ARTICLE_GONE: async () => {
          await detail().reject({ code: 'ARTICLE_NOT_FOUND' });
          await settle();
        },
        ARTICLE_FAIL: async () => {
          await detail().reject({ code: 'NETWORK_ERROR' });
          await settle();
        },
        RETRY: () => ui.press('learning.common.retry'),
        SWITCH_LANGUAGE: ui.switchLanguage,
        OPEN_OTHER: () => ui.follow('/articles/period-pain-what-helps'),
      },
      states: {
        closed: ui.expectClosed,
        loading: () => expectArticleLoading('emergency-contraception'),
        loadingAgain: async () => {
          await expectArticleLoading('emergency-contraception');
          expect(detail().calls.length).toBeGreaterThan(1);
        },
        loadingOther: () => expectArticleLoading('period-pain-what-helps'),
        ready: () => expectArticle('emergency-contraception'),
        readyAgain: () => expectArticle('emergency-contraception'),
        readyOther: () => expectArticle('period-pain-what-helps'),
        notFound: async () => {
          const gone = await screen.findByTestId('article-not-found');
          expect(within(gone).getByRole('heading', { level: 1, name: t('articles.article.notFound.title') }));
          expect(within(gone).getByRole('link', { name: t('articles.article.back') })).toHaveAttribute(
            'href',
            '/articles',
          );
        },
        failed: async () => {
          const alert = await screen.findByTestId('article-error');
          expect(alert).toHaveAttribute('role', 'alert');
          expect(alert).toHaveTextContent(t('articles.article.error'));
        },
      },
    },
    30_000,
  );

  coversEveryTransition(articleCoverage);
});
