/**
 * The articles machines with stub actors and a simulated clock: the list (paging, the typed search
 * debounced with `after`, Enter at once, a newer request cancelling the one in flight, the address
 * leading on Back, no results, empty, failure and retry, a language switch) and one article
 * (ready, not found, failure and retry, another article).
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { ArticleDetail, ArticlesPage } from '../../contract/articles';
import {
  articleMachine,
  articlesMachine,
  cleanSearch,
  pageFromQuery,
  SEARCH_DEBOUNCE_MS,
} from '../../machines/articles';
import { controlledActor } from '../support/stub-actors';

type Query = { page: number; limit: number; search: string };

function page(items: number, over: Partial<ArticlesPage> = {}): ArticlesPage {
  return {
    items: Array.from({ length: items }, (_, i) => ({
      id: `article-${i + 1}`,
      title: `Article ${i + 1}`,
      summary: 'A summary.',
      topic: 'periods',
      publishedOn: '2026-03-17',
      readingMinutes: 4,
    })),
    page: 1,
    limit: 10,
    total: items,
    totalPages: Math.ceil(items / 10),
    search: '',
    suggestions: [],
    ...over,
  };
}

function start(input: { page?: number; search?: string } = {}) {
  const fetch = controlledActor<ArticlesPage, Query>();
  const clock = new SimulatedClock();
  const emitted: string[] = [];
  const addresses: { search: string; replace: boolean }[] = [];
  const logic = articlesMachine.provide({
    actors: { fetchArticles: fetch.logic },
    actions: {
      showSearchInAddress: (_, p) => {
        emitted.push(p.search);
        addresses.push(p);
      },
    },
  });
  const actor = createActor(logic, { input, clock });
  actor.start();
  const results = () => actor.getSnapshot().value as { results: string; search: string };
  return { actor, fetch, clock, emitted, addresses, results };
}

describe('helpers', () => {
  it('reads a page from the address, and cleans a search', () => {
    expect(pageFromQuery('3')).toBe(3);
    for (const bad of [null, '', '0', '-2', 'x', '1.5', '9999999']) expect(pageFromQuery(bad)).toBe(1);
    expect(cleanSearch('  period   pain ')).toBe('period pain');
    expect(cleanSearch('x'.repeat(300))).toHaveLength(100);
  });
});

describe('articlesMachine', () => {
  it('loads the page and search from the address, then shows them', async () => {
    const m = start({ page: 2, search: ' pain ' });
    expect(m.results().results).toBe('loading');
    expect(m.fetch.last()!.input).toEqual({ page: 2, limit: 10, search: 'pain' });
    expect(m.actor.getSnapshot().context.draft).toBe('pain');
    await m.fetch.resolve(page(3, { page: 2, search: 'pain', total: 13 }));
    expect(m.results().results).toBe('ready');
    expect(m.actor.getSnapshot().hasTag('step:ready')).toBe(true);
  });

  it('waits for a pause in typing before searching, from page 1, and says so to the screen', async () => {
    const m = start({ page: 3 });
    await m.fetch.resolve(page(4, { page: 3 }));
    m.actor.send({ type: 'articles.type', value: 'الد' });
    m.clock.increment(SEARCH_DEBOUNCE_MS - 50);
    m.actor.send({ type: 'articles.type', value: 'الدورة' });
    m.clock.increment(SEARCH_DEBOUNCE_MS - 50);
    expect(m.fetch.calls).toHaveLength(1); // still typing
    expect(m.results().search).toBe('typing');
    m.clock.increment(60);
    expect(m.fetch.calls).toHaveLength(2);
    expect(m.fetch.last()!.input).toEqual({ page: 1, limit: 10, search: 'الدورة' });
    expect(m.emitted).toEqual(['الدورة']);
    expect(m.results()).toEqual({ search: 'idle', results: 'loading' });
  });

  it('does not search again when the pause leaves the same search', async () => {
    const m = start({ search: 'pain' });
    await m.fetch.resolve(page(2, { search: 'pain' }));
    m.actor.send({ type: 'articles.type', value: 'pain ' });
    m.clock.increment(SEARCH_DEBOUNCE_MS);
    expect(m.fetch.calls).toHaveLength(1);
    expect(m.emitted).toEqual([]);
    expect(m.results()).toEqual({ search: 'idle', results: 'ready' });
  });

  it('puts a search from the plain list in a new address, and a refined search in its place', async () => {
    const m = start();
    await m.fetch.resolve(page(3));
    m.actor.send({ type: 'articles.type', value: 'pain' });
    m.actor.send({ type: 'articles.submit' });
    await m.fetch.resolve(page(2, { search: 'pain' }));
    m.actor.send({ type: 'articles.type', value: 'period pain' });
    m.clock.increment(SEARCH_DEBOUNCE_MS);
    expect(m.addresses).toEqual([
      { search: 'pain', replace: false },
      { search: 'period pain', replace: true },
    ]);
  });

  it('searches at once on Enter, and cancels the request in flight', async () => {
    const m = start();
    const first = m.fetch.last()!;
    m.actor.send({ type: 'articles.type', value: 'contraception' });
    m.actor.send({ type: 'articles.submit' });
    expect(first.signal.aborted).toBe(true);
    expect(m.fetch.last()!.input.search).toBe('contraception');
    m.clock.increment(SEARCH_DEBOUNCE_MS * 2);
    expect(m.fetch.calls).toHaveLength(2); // the debounce was left behind
    // an old answer arriving late changes nothing
    first.settle.resolve(page(10));
    await m.fetch.resolve(page(1, { search: 'contraception' }));
    expect(m.actor.getSnapshot().context.data!.search).toBe('contraception');
    // Enter with nothing new does nothing
    m.actor.send({ type: 'articles.submit' });
    expect(m.fetch.calls).toHaveLength(2);
  });

  it('follows the address (Back, a link), and ignores an address it already shows', async () => {
    const m = start({ search: 'pain' });
    await m.fetch.resolve(page(10, { search: 'pain', total: 12, totalPages: 2 }));
    m.actor.send({ type: 'articles.address', search: 'pain', page: 1 });
    expect(m.fetch.calls).toHaveLength(1);
    m.actor.send({ type: 'articles.type', value: 'pai' });
    m.actor.send({ type: 'articles.address', search: 'pain', page: 2 });
    expect(m.fetch.last()!.input).toEqual({ page: 2, limit: 10, search: 'pain' });
    expect(m.results().search).toBe('idle'); // the typing was dropped
    expect(m.actor.getSnapshot().context.draft).toBe('pain');
    m.actor.send({ type: 'articles.address', search: '', page: 1 });
    expect(m.fetch.last()!.input).toEqual({ page: 1, limit: 10, search: '' });
  });

  it('tells a search that found nothing from an empty list, and fails with a retry', async () => {
    const m = start({ search: 'zzz' });
    await m.fetch.resolve(page(0, { search: 'zzz', suggestions: [{ id: 'c', title: 'C' }] }));
    expect(m.results().results).toBe('noResults');
    m.actor.send({ type: 'articles.address', search: '', page: 9 });
    await m.fetch.resolve(page(0, { page: 9, total: 13 }));
    expect(m.results().results).toBe('empty');
    m.actor.send({ type: 'articles.address', search: '', page: 1 });
    await m.fetch.reject({ code: 'NETWORK_ERROR' });
    expect(m.results().results).toBe('failed');
    expect(m.actor.getSnapshot().context.error).toEqual({ code: 'NETWORK_ERROR' });
    m.actor.send({ type: 'articles.retry' });
    expect(m.results().results).toBe('loading');
    expect(m.actor.getSnapshot().context.error).toBeNull();
    await m.fetch.resolve(page(5));
    m.actor.send({ type: 'articles.localeChanged' });
    expect(m.fetch.calls).toHaveLength(5);
    expect(m.results().results).toBe('loading');
  });
});

describe('articleMachine', () => {
  const article = { id: 'a', title: 'A' } as ArticleDetail;
  function open(id = 'a') {
    const fetch = controlledActor<ArticleDetail, { id: string }>();
    const actor = createActor(articleMachine.provide({ actors: { fetchArticle: fetch.logic } }), {
      input: { id },
    }).start();
    return { actor, fetch };
  }

  it('loads the article, then another one, and again after a language switch', async () => {
    const a = open();
    expect(a.fetch.last()!.input).toEqual({ id: 'a' });
    await a.fetch.resolve(article);
    expect(a.actor.getSnapshot().value).toBe('ready');
    a.actor.send({ type: 'article.open', id: 'a' });
    expect(a.fetch.calls).toHaveLength(1);
    a.actor.send({ type: 'article.open', id: 'b' });
    expect(a.actor.getSnapshot().context).toMatchObject({ id: 'b', data: null });
    a.actor.send({ type: 'article.localeChanged' });
    expect(a.fetch.calls[1].signal.aborted).toBe(true);
    expect(a.fetch.last()!.input).toEqual({ id: 'b' });
  });

  it('tells an article that does not exist from a failure, which can be retried', async () => {
    const a = open('gone');
    await a.fetch.reject({ code: 'ARTICLE_NOT_FOUND' });
    expect(a.actor.getSnapshot().value).toBe('notFound');
    const b = open();
    await b.fetch.reject({ code: 'SERVER_ERROR' });
    expect(b.actor.getSnapshot().value).toBe('failed');
    b.actor.send({ type: 'article.retry' });
    await b.fetch.resolve(article);
    expect(b.actor.getSnapshot().value).toBe('ready');
  });
});
