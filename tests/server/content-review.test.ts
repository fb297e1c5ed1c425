/**
 * Issue 24, item 4 and internal links: every course and article names its sources and review dates;
 * `npm run content:check` (readContent's default) refuses a page without a source or whose review
 * has passed, while the server's start (loadContent) keeps serving it and warns; the API carries
 * the review; the Markdown subset accepts links to this site's pages only, and only pages that exist.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { isSitePath } from '../../contract/content-rules.ts';
import { CONTENT_DIR, ContentError, loadContent, readContent } from '../../server/content/loader.ts';
import { markdownToBlocks } from '../../server/content/markdown.ts';
import { cheapHasher, get, testApp } from './helpers.ts';
import { setupTestDb } from './test-db.ts';

const FIXTURES = fileURLToPath(new URL('./fixtures/content', import.meta.url));
const temps: string[] = [];
function copyOf(dir = FIXTURES): string {
  const d = mkdtempSync(join(tmpdir(), 'amina-review-'));
  cpSync(dir, d, { recursive: true });
  temps.push(d);
  return d;
}
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});
const editJson = (dir: string, file: string, change: (json: Record<string, unknown>) => void) => {
  const json = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  change(json);
  writeFileSync(join(dir, file), JSON.stringify(json, null, 2));
};
const appendTo = (dir: string, file: string, text: string) =>
  writeFileSync(join(dir, file), `${readFileSync(join(dir, file), 'utf8')}\n${text}\n`);

function problems(dir: string, today?: string): string[] {
  try {
    readContent(dir, { today });
  } catch (e) {
    if (e instanceof ContentError) return e.problems;
    throw e;
  }
  return [];
}
const FREE = 'courses/fixture-free/course.json';
/** The fixtures' review: 2026-11-01, next 2027-11-01. */
const BEFORE_DUE = '2027-11-01';
const AFTER_DUE = '2027-11-02';

const { db } = await setupTestDb();

describe('sources and review dates in the files', () => {
  it('every real course and article names 1–5 sources and a review not yet due', () => {
    const content = readContent(CONTENT_DIR);
    for (const page of [...content.courses, ...content.articles]) {
      expect(page.sources.length, page.id).toBeGreaterThanOrEqual(1);
      expect(page.sources.length, page.id).toBeLessThanOrEqual(5);
      expect(page.nextReview > page.reviewedOn, page.id).toBe(true);
    }
  });

  it.each<[string, (json: Record<string, unknown>) => void, RegExp]>([
    ['no sources key', (j) => delete j.sources, /course\.json: sources: /],
    ['an empty list of sources', (j) => (j.sources = []), /course\.json: sources: at least one source/],
    [
      'an unknown body',
      (j) => (j.sources = [{ org: 'Dr Google', title: 'Anything' }]),
      /course\.json: sources\.0\.org: org must be one of WHO, NICE/,
    ],
    [
      'a link instead of a title',
      (j) => (j.sources = [{ org: 'WHO', title: 'https://who.int/x' }]),
      /sources\.0\.title: no links: name the document/,
    ],
    [
      'six sources',
      (j) => (j.sources = [1, 2, 3, 4, 5, 6].map((i) => ({ org: 'WHO', title: `Guideline ${i}` }))),
      /sources: at most 5 sources/,
    ],
    ['no reviewedOn', (j) => delete j.reviewedOn, /course\.json: reviewedOn: /],
    ['a date that does not exist', (j) => (j.nextReview = '2027-02-30'), /nextReview: not a real date/],
    [
      'a next review before the review',
      (j) => (j.nextReview = '2026-10-01'),
      /nextReview: nextReview must be after reviewedOn/,
    ],
    [
      'a next review more than three years on',
      (j) => (j.nextReview = '2030-01-01'),
      /nextReview is at most 3 years after reviewedOn/,
    ],
  ])('refuses %s (whatever the date)', (_name, breakIt, expected) => {
    const dir = copyOf();
    editJson(dir, FREE, breakIt);
    const found = problems(dir, BEFORE_DUE);
    expect(
      found.some((p) => expected.test(p)),
      found.join('\n'),
    ).toBe(true);
  });

  it('content:check refuses a published page whose review has passed, or reviewed in the future', () => {
    const dir = copyOf();
    expect(problems(dir, BEFORE_DUE)).toEqual([]);
    const overdue = problems(dir, AFTER_DUE);
    expect(overdue).toContain(
      `${FREE}: the review was due on 2027-11-01 (nextReview has passed; today is ${AFTER_DUE}): check the page against its sources, then update reviewedOn and nextReview`,
    );
    // the unpublished course is not shown, so its date is not held against the check
    expect(overdue.some((p) => p.includes('fixture-hidden'))).toBe(false);
    expect(problems(dir, '2026-10-31')).toContain(
      `${FREE}: reviewedOn 2026-11-01 is in the future (today is 2026-10-31)`,
    );
    // an article's review is checked the same way
    const real = problems(CONTENT_DIR, '2099-01-01');
    expect(
      real.some((p) => /^articles\/emergency-contraception\/article\.json: the review was due/.test(p)),
    ).toBe(true);
  });

  it('at start an overdue review is a warning: the content loads and the course is served', async () => {
    const dir = copyOf();
    const warnings: { message: string; pages: string[] }[] = [];
    const report = await loadContent(db.db, dir, {
      today: AFTER_DUE,
      warn: (message, { pages }) => warnings.push({ message, pages }),
    });
    expect(report.changed).toBe(true);
    // the published courses (the hidden one is not shown, so not named)
    expect(report.reviewsDue.map((p) => p.split(':')[0])).toEqual([
      'courses/fixture-free/course.json',
      'courses/fixture-paid/course.json',
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0].message).toMatch(/content review overdue/);
    expect(warnings[0].pages).toEqual(report.reviewsDue);
    // told again at the next start, though nothing is written
    const again = await loadContent(db.db, dir, { today: AFTER_DUE, warn: () => {} });
    expect(again).toMatchObject({ changed: false, reviewsDue: report.reviewsDue });
    expect((await loadContent(db.db, dir, { today: BEFORE_DUE })).reviewsDue).toEqual([]);

    const app = testApp({ db, hasher: cheapHasher() });
    const course = await get(app, '/p/lms/get-course-by-id/fixture-free');
    expect(course.status).toBe(200);
    expect(course.body.review).toEqual({
      sources: [{ org: 'WHO', title: 'Fixture guidance for tests (2026)' }],
      reviewedOn: '2026-11-01',
      nextReview: '2027-11-01',
    });
  });
});

describe('the API carries the review', () => {
  it('an article in either language: the same sources and dates', async () => {
    await loadContent(db.db, CONTENT_DIR);
    const app = testApp({ db, hasher: cheapHasher() });
    const meta = JSON.parse(
      readFileSync(join(CONTENT_DIR, 'articles/emergency-contraception/article.json'), 'utf8'),
    );
    for (const lang of ['en', 'ar']) {
      const r = await get(app, '/articles/emergency-contraception', { headers: { 'accept-language': lang } });
      expect(r.status).toBe(200);
      expect(r.body.review).toEqual({
        sources: meta.sources,
        reviewedOn: meta.reviewedOn,
        nextReview: meta.nextReview,
      });
    }
    const course = await get(app, '/p/lms/get-course-by-id/contraception-options', {
      headers: { 'accept-language': 'ar' },
    });
    expect(course.body.review.sources.length).toBeGreaterThanOrEqual(1);
    expect(course.body.review.reviewedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('links in the Markdown subset: only to pages of this site', () => {
  it('makes a link run of [text](/path)', () => {
    expect(markdownToBlocks('See [Staying safe](/safeguarding), or **now**.')).toEqual([
      {
        t: 'p',
        c: [
          { t: 'text', v: 'See ' },
          { t: 'link', v: 'Staying safe', href: '/safeguarding' },
          { t: 'text', v: ', or ' },
          { t: 'strong', v: 'now' },
          { t: 'text', v: '.' },
        ],
      },
    ]);
    expect(markdownToBlocks('- [سلامتكِ وخصوصيتكِ](/safeguarding)')).toEqual([
      { t: 'ul', items: [[{ t: 'link', v: 'سلامتكِ وخصوصيتكِ', href: '/safeguarding' }]] },
    ]);
    expect(markdownToBlocks('[A course](/courses/pcos-basics?lang=ar#about)')[0]).toEqual({
      t: 'p',
      c: [{ t: 'link', v: 'A course', href: '/courses/pcos-basics?lang=ar#about' }],
    });
  });

  it.each([
    ['[x](javascript:alert(1))', /links are not allowed, except to a page of this site/],
    ['[x](javascript:void0)', /not "javascript:void0"/],
    ['[x](JavaScript:void0)', /links are not allowed/],
    ['[x](//evil.example)', /not "\/\/evil\.example"/],
    ['[x](/\\evil.example)', /links are not allowed/],
    ['[x](https://example.org)', /links are not allowed/],
    ['[x](mailto:a@b.c)', /links are not allowed/],
    ['[x](data:text/html,hi)', /links are not allowed/],
    ['[x](/../etc/passwd)', /not "\/\.\.\/etc\/passwd"/],
    ['[x](/a/./b)', /links are not allowed/],
    ['[x](safeguarding)', /links are not allowed/],
    ['[x](/safe guarding)', /links are not allowed/],
    ['[x](/a"onmouseover="b)', /links are not allowed/],
    ['[x][ref]', /links are not allowed/],
    ['[ref]: /safeguarding', /links are not allowed/],
    ['[**bold**](/safeguarding)', /plain/],
    ['**see [x](/safeguarding)**', /inside bold or italic/],
    ['![image](/og-image.png)', /images/],
  ])('refuses %j', (source, why) => {
    expect(() => markdownToBlocks(source)).toThrow(why);
  });

  it('isSitePath: a path of this site and nothing else', () => {
    for (const ok of ['/', '/safeguarding', '/articles/emergency-contraception', '/courses/x/', '/a?b=c#d'])
      expect(isSitePath(ok), ok).toBe(true);
    for (const bad of [
      '',
      'x',
      '//x',
      '/\\x',
      '/..',
      '/x/../y',
      '/x/.',
      'http://x',
      ' /x',
      '/x y',
      `/${'a'.repeat(200)}`,
    ])
      expect(isSitePath(bad), bad).toBe(false);
  });

  it('a link must go to a page that exists: a public page, or a published course, article or expert', () => {
    const dir = copyOf();
    const lesson = 'courses/fixture-free/lessons/01-first-steps.en.md';
    appendTo(
      dir,
      lesson,
      'Read [the safety page](/safeguarding) and [the paid course](/courses/fixture-paid).',
    );
    expect(problems(dir, BEFORE_DUE)).toEqual([]);
    appendTo(dir, lesson, 'And [nowhere](/nowhere), [a hidden course](/courses/fixture-hidden).');
    const found = problems(dir, BEFORE_DUE);
    expect(found).toContain(
      'courses/fixture-free/lessons/NN-first-steps.en.md: the link "nowhere" goes to /nowhere, which is not a page of this site (a public page such as /safeguarding, or /courses/<id>, /articles/<id>, /experts/<id> that exists)',
    );
    expect(found.some((p) => p.includes('goes to /courses/fixture-hidden'))).toBe(true);
  });
});
