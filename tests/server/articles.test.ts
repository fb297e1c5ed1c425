/**
 * The articles API on the real content (server/content/articles, loaded into the test template):
 * the list (defaults, newest first, language by Accept-Language, paging edges), Arabic-aware
 * search (spelling variants, diacritics, tatweel, digits), relevance order, English search with
 * partial words and typos, no result → course suggestions, one article (404 when unknown or
 * unpublished), and the loader's checks and idempotence. On PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readArticles, storeArticles } from '../../server/content/articles.ts';
import { CONTENT_DIR, readContent } from '../../server/content/loader.ts';
import { call, expectEnvelope, get, type Reply } from './helpers.ts';
import { setupTestDb } from './test-db.ts';

const { db, app } = await setupTestDb();

const ARTICLES = join(CONTENT_DIR, 'articles');
type Meta = {
  id: string;
  published: boolean;
  publishedOn: string;
  en: { title: string };
  ar: { title: string };
};
const files: Meta[] = readdirSync(ARTICLES).map((id) =>
  JSON.parse(readFileSync(join(ARTICLES, id, 'article.json'), 'utf8')),
);
const published = files.filter((a) => a.published);
const newestFirst = [...published].sort(
  (a, b) => b.publishedOn.localeCompare(a.publishedOn) || a.id.localeCompare(b.id),
);
const titleOf = (id: string, l: 'en' | 'ar') => files.find((a) => a.id === id)![l].title;

const ar = { headers: { 'accept-language': 'ar' } };
const list = (query = '', options: Parameters<typeof get>[2] = {}) =>
  get(app, `/articles/all${query}`, options);
const search = (words: string, options: Parameters<typeof get>[2] = {}) =>
  list(`?search=${encodeURIComponent(words)}`, options);
const ids = (r: Reply) => r.body.items.map((i: { id: string }) => i.id);

describe('GET /api/articles/all', () => {
  it('gives page 1 of 10 by default, newest first, with summaries in English', async () => {
    const r = await list();
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('public, max-age=60');
    expect(r.headers.get('vary')).toContain('Accept-Language');
    expect(r.body).toMatchObject({
      page: 1,
      limit: 10,
      total: published.length,
      search: '',
      suggestions: [],
    });
    expect(r.body.totalPages).toBe(Math.ceil(published.length / 10));
    expect(ids(r)).toEqual(newestFirst.slice(0, 10).map((a) => a.id));
    const first = r.body.items[0];
    expect(first).toEqual({
      id: newestFirst[0].id,
      title: newestFirst[0].en.title,
      summary: expect.any(String),
      topic: expect.any(String),
      publishedOn: newestFirst[0].publishedOn,
      readingMinutes: expect.any(Number),
    });
    expect(first.readingMinutes).toBeGreaterThanOrEqual(2);
    expect(first.readingMinutes).toBeLessThanOrEqual(8);
  });

  it('speaks the Accept-Language', async () => {
    const r = await list('?limit=3', ar);
    expect(r.body.items.map((i: { title: string }) => i.title)).toEqual(
      newestFirst.slice(0, 3).map((a) => a.ar.title),
    );
    expect(r.body.items[0].summary).toMatch(/[\u0600-\u06ff]/);
  });

  it('pages: the second page holds the rest; a page past the end is empty but knows the total', async () => {
    const second = await list('?page=2&limit=10');
    expect(ids(second)).toEqual(newestFirst.slice(10, 20).map((a) => a.id));
    const past = await list('?page=9');
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ items: [], page: 9, total: published.length });
    const pastSearch = await search('contraception', {}).then(() => list('?page=40&search=contraception'));
    expect(pastSearch.body.items).toEqual([]);
    expect(pastSearch.body.total).toBeGreaterThan(0);
    expect(pastSearch.body.suggestions).toEqual([]);
    const one = await list('?limit=1&page=2');
    expect(ids(one)).toEqual([newestFirst[1].id]);
    expect(one.body.totalPages).toBe(published.length);
  });

  it('refuses bad paging with a 400 envelope in her language', async () => {
    for (const [query, field, code] of [
      ['?page=0', 'page', 'PAGE_INVALID'],
      ['?page=-1', 'page', 'PAGE_INVALID'],
      ['?page=abc', 'page', 'PAGE_INVALID'],
      ['?page=1.5', 'page', 'PAGE_INVALID'],
      ['?limit=0', 'limit', 'LIMIT_INVALID'],
      ['?limit=51', 'limit', 'LIMIT_INVALID'],
      ['?limit=ten', 'limit', 'LIMIT_INVALID'],
      ['?limit=1e3', 'limit', 'LIMIT_INVALID'],
    ]) {
      const r = await list(query, ar);
      expect(r.status, query).toBe(400);
      expectEnvelope(r, 'VALIDATION_ERROR');
      expect(r.body.error.fieldCodes, query).toEqual({ [field]: code });
      expect(r.body.error.message).toMatch(/[\u0600-\u06ff]/);
    }
    expect((await list('?limit=50')).status).toBe(200);
  });

  it('trims the search, cuts it to 100 characters and survives any character', async () => {
    const r = await search('   contraception   ');
    expect(r.body.search).toBe('contraception');
    const long = await search(`pain ${'x'.repeat(500)}`);
    expect(long.status).toBe(200);
    expect(long.body.search).toHaveLength(100);
    for (const odd of ['\u0000', "'; drop table articles; --", '%', '_', '\\', '"', '<script>', '🙂', ' ']) {
      const x = await search(odd);
      expect(x.status, JSON.stringify(odd)).toBe(200);
    }
    // nothing but blanks is no search at all: the newest articles
    const blank = await search('    ');
    expect(blank.body).toMatchObject({ search: '', total: published.length });
  });
});

describe('search', () => {
  const PERIODS = ['period-pain-what-helps', 'normal-periods-and-when-to-see-a-doctor'];

  it('finds an Arabic article whatever the spelling variant, with or without tashkeel and tatweel', async () => {
    for (const words of ['الدورة الشهرية', 'الدوره الشهريه', 'الدَّوْرَةُ الشَّهْرِيَّةُ', 'الدورة الشـــهرية']) {
      const r = await search(words, ar);
      expect(r.status).toBe(200);
      // the two articles about periods come first, whatever the variant
      expect(ids(r).slice(0, 2).sort(), words).toEqual([...PERIODS].sort());
      expect(r.body.items[0].title).toMatch(/[\u0600-\u06ff]/);
    }
    for (const words of [
      'إلتهاب المسالك',
      'التهاب المسالك',
      'الْتِهَابَاتُ الْمَسَالِكِ',
      'التهابات المسالك البولية',
    ]) {
      const r = await search(words, ar);
      expect(ids(r)[0], words).toBe('urinary-tract-infections');
      expect(r.body.items[0].title).toBe(titleOf('urinary-tract-infections', 'ar'));
    }
    // Arabic-Indic digits meet the ASCII digits of the text (72 hours for emergency contraception)
    const digits = await search('٧٢ ساعة', ar);
    expect(ids(digits)[0]).toBe('emergency-contraception');
  });

  it('orders by relevance: the title above the summary, then newest', async () => {
    // the three articles with the word in their title first, the one with it in its summary below
    // (those that only mention it in the body fall away: search-relevance.test.ts)
    const r = await search('pain');
    expect(ids(r).slice(0, 3).sort()).toEqual([
      'endometriosis-fibroids-and-heavy-bleeding',
      'painful-intercourse-can-be-treated',
      'period-pain-what-helps',
    ]);
    expect(ids(r)[3]).toBe('wedding-night-myths-and-facts');
    expect(ids(await search('contraception'))[0]).toBe('emergency-contraception');
    const pain = await search('period pain');
    expect(ids(pain)[0]).toBe('period-pain-what-helps');
    const hot = await search('الهبات الساخنة', ar);
    expect(ids(hot)[0]).toBe('hot-flushes-and-sleep-in-perimenopause');
    // the same relevance twice gives the same order (ties go newest first, then by id)
    expect(ids(await search('period pain'))).toEqual(ids(pain));
  });

  it('counts only the articles that match, and pages through them', async () => {
    const r = await search('pregnacy warning');
    expect(r.body.total).toBe(r.body.items.length);
    expect(r.body.total).toBeLessThan(published.length);
    const all = await search('pain');
    expect(all.body.total).toBe(all.body.items.length);
    expect(all.body.total).toBeGreaterThan(2);
    expect(all.body.total).toBeLessThan(published.length);
    const paged = await list('?search=pain&limit=2&page=2');
    expect(paged.body).toMatchObject({ total: all.body.total, totalPages: Math.ceil(all.body.total / 2) });
    expect(ids(paged)).toEqual(ids(all).slice(2, 4));
  });

  it('searches English, with partial words and typos by trigram similarity', async () => {
    expect(ids(await search('contraception'))[0]).toBe('emergency-contraception');
    expect(ids(await search('Discharge'))[0]).toBe('vaginal-discharge-normal-or-infection');
    expect(ids(await search('contracep'))[0]).toBe('emergency-contraception');
    expect(ids(await search('pregnacy warning'))[0]).toBe('pregnancy-warning-signs');
    expect(ids(await search('menopaus'))).toContain('hot-flushes-and-sleep-in-perimenopause');
  });

  it('searches the requested language first, and still finds an article through the other one', async () => {
    // English words with an Arabic interface: found through the English text, shown in Arabic
    const r = await search('urinary tract infection', ar);
    expect(ids(r)[0]).toBe('urinary-tract-infections');
    expect(r.body.items[0].title).toBe(titleOf('urinary-tract-infections', 'ar'));
    // Arabic words with an English interface
    const e = await search('التهاب المسالك');
    expect(ids(e)[0]).toBe('urinary-tract-infections');
    expect(e.body.items[0].title).toBe(titleOf('urinary-tract-infections', 'en'));
  });

  it('says when nothing matches, with courses to suggest', async () => {
    for (const [words, options] of [
      ['xylophone quartz', {}],
      ['زرافة', ar],
    ] as const) {
      const r = await search(words, options);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ items: [], total: 0, totalPages: 0 });
      expect(r.body.suggestions.length).toBeGreaterThan(0);
      for (const s of r.body.suggestions)
        expect(s).toEqual({ id: expect.any(String), title: expect.any(String) });
    }
    const arabic = await search('زرافة', ar);
    expect(arabic.body.suggestions[0].title).toMatch(/[\u0600-\u06ff]/);
  });
});

describe('GET /api/articles/{id}', () => {
  it('gives the body and the related courses in her language', async () => {
    const en = await get(app, '/articles/emergency-contraception');
    expect(en.status).toBe(200);
    expect(en.body).toMatchObject({
      id: 'emergency-contraception',
      title: titleOf('emergency-contraception', 'en'),
      topic: 'contraception',
      publishedOn: '2026-03-17',
      relatedCourses: [{ id: 'contraception-options', title: expect.stringMatching(/contraception/i) }],
    });
    expect(en.body.body[0].t).toBe('p');
    expect(en.body.body.some((b: { t: string }) => b.t === 'h2')).toBe(true);
    expect(en.body.body.at(-1).t).toBe('note');
    const arabic = await get(app, '/articles/emergency-contraception', ar);
    expect(arabic.body.title).toBe(titleOf('emergency-contraception', 'ar'));
    expect(arabic.body.relatedCourses[0].title).toMatch(/[\u0600-\u06ff]/);
    expect(JSON.stringify(arabic.body.body)).toMatch(/تثقيف صحي/);
  });

  it('404s an unknown article, and refuses an id that cannot be one', async () => {
    const r = await get(app, '/articles/no-such-article', ar);
    expect(r.status).toBe(404);
    expectEnvelope(r, 'ARTICLE_NOT_FOUND');
    expect(r.body.error.message).toMatch(/[\u0600-\u06ff]/);
    const bad = await get(app, '/articles/Not_An_Id');
    expect(bad.status).toBe(400);
    expectEnvelope(bad, 'VALIDATION_ERROR');
  });

  it('hides an unpublished article from the list, the search and its own address', async () => {
    await db.db.execute(sql`update articles set published = false where id = 'period-pain-what-helps'`);
    try {
      const page = await list('?limit=50');
      expect(ids(page)).not.toContain('period-pain-what-helps');
      expect(page.body.total).toBe(published.length - 1);
      expect(ids(await search('period pain'))).not.toContain('period-pain-what-helps');
      const r = await get(app, '/articles/period-pain-what-helps');
      expect(r.status).toBe(404);
      expectEnvelope(r, 'ARTICLE_NOT_FOUND');
    } finally {
      await db.db.execute(sql`update articles set published = true where id = 'period-pain-what-helps'`);
    }
  });

  it('keeps POST /articles/enroll-free-course the learning API’s (a visitor must sign in)', async () => {
    const r = await call(app, 'POST', '/api/articles/enroll-free-course', {
      json: { courseId: 'menstrual-cycle' },
    });
    expect(r.status).toBe(401);
  });
});

describe('loading articles', () => {
  it('stores nothing again when nothing changed, and rewrites only an edited article', async () => {
    const content = readContent();
    const again = await db.transaction((tx) => storeArticles(tx as never, content.articles));
    expect(again).toEqual({ written: 0, removed: 0 });
    const edited = content.articles.map((a) =>
      a.id === 'breast-self-awareness' ? { ...a, topic: 'body-and-health', hash: 'edited' } : a,
    );
    expect(await db.transaction((tx) => storeArticles(tx as never, edited))).toEqual({
      written: 1,
      removed: 0,
    });
    expect(await db.transaction((tx) => storeArticles(tx as never, content.articles))).toEqual({
      written: 1,
      removed: 0,
    });
    // the fuzzy search's words follow the article: written again with it, one row per distinct word
    const words = await db.db.execute(
      sql`select count(*) as n, count(distinct word) as d from article_words where article_id = 'breast-self-awareness' and locale = 'en'`,
    );
    const { n, d } = (words as unknown as { rows: { n: string; d: string }[] }).rows[0];
    expect(Number(n)).toBeGreaterThan(100);
    expect(Number(n)).toBe(Number(d));
  });

  it('reports every problem of a bad article folder by file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'articles-'));
    const base = join(dir, 'articles');
    const write = (path: string, text: string) => {
      mkdirSync(join(base, path, '..'), { recursive: true });
      writeFileSync(join(base, path), text);
    };
    const meta = (over: object) =>
      JSON.stringify({
        id: 'good-one',
        published: true,
        publishedOn: '2026-01-01',
        topic: 'periods',
        relatedCourses: [],
        en: { title: 'A title', summary: 'A summary.' },
        ar: { title: 'عنوان', summary: 'ملخص.' },
        sources: [{ org: 'NHS', title: 'Periods (2023)' }],
        reviewedOn: '2026-01-01',
        nextReview: '2027-01-01',
        ...over,
      });
    write('good-one/article.json', meta({}));
    write('good-one/en.md', 'Text.\n\n## When to see a doctor\n\n> Education, not medical advice.\n');
    write('good-one/ar.md', 'نص.\n');
    write(
      'bad-one/article.json',
      meta({
        id: 'bad-one',
        topic: 'gossip',
        relatedCourses: ['no-such-course'],
        publishedOn: '2999-01-01',
        extra: 1,
      }),
    );
    write('bad-one/en.md', 'See [this](https://example.com).\n');
    write('bad-one/notes.txt', 'x');
    write('Bad_Folder/article.json', '{}');
    const problems: string[] = [];
    const rows = readArticles(dir, new Set(['menstrual-cycle']), problems, '2026-11-26');
    expect(rows.map((r) => r.id)).toEqual(['good-one']);
    expect(rows[0].texts.en.minutes).toBe(1);
    const text = problems.join('\n');
    expect(text).toMatch(/articles\/Bad_Folder: article folder names are ids/);
    expect(text).toMatch(/bad-one\/article\.json: topic: topic must be one of/);
    expect(text).toMatch(/bad-one\/article\.json: .*extra/);
    expect(text).toMatch(/bad-one\/en\.md: line 1: links are not allowed/);
    expect(text).toMatch(/bad-one\/ar\.md: missing/);
    expect(text).toMatch(/bad-one\/notes\.txt: unexpected file/);
    // a well-formed file is checked against the courses and the date too
    const p2: string[] = [];
    write(
      'bad-one/article.json',
      meta({ id: 'bad-one', relatedCourses: ['no-such-course'], publishedOn: '2999-01-01' }),
    );
    readArticles(dir, new Set(['menstrual-cycle']), p2, '2026-11-26');
    expect(p2.join('\n')).toMatch(/relatedCourses: no course "no-such-course"/);
    expect(p2.join('\n')).toMatch(/publishedOn 2999-01-01 is in the future/);
  });

  it('the real articles pass: both languages, a note at the end, related courses that exist', () => {
    const problems: string[] = [];
    const rows = readArticles(CONTENT_DIR, new Set(readdirSync(join(CONTENT_DIR, 'courses'))), problems);
    expect(problems).toEqual([]);
    expect(rows).toHaveLength(files.length);
    for (const r of rows)
      for (const l of ['en', 'ar'] as const) expect(r.texts[l].body.at(-1)?.t, `${r.id} ${l}`).toBe('note');
  });
});
