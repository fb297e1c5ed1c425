/**
 * The content loader: the real content passes and is in the database; loading is idempotent (the
 * whole and per row); an edited lesson updates in place while enrolments and progress stay; removed
 * lessons, questions and courses do not break members' reads; strict checks name file and problem.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTENT_DIR, ContentError, loadContent, readContent } from '../../server/content/loader.ts';
import { markdownToBlocks } from '../../server/content/markdown.ts';
import { cheapHasher, get, post, registerMember, testApp } from './helpers.ts';
import { setupTestDb } from './test-db.ts';

const FIXTURES = fileURLToPath(new URL('./fixtures/content', import.meta.url));
const temps: string[] = [];
function copyOf(dir = FIXTURES): string {
  const d = mkdtempSync(join(tmpdir(), 'amina-content-'));
  cpSync(dir, d, { recursive: true });
  temps.push(d);
  return d;
}
const edit = (dir: string, file: string, change: (s: string) => string) =>
  writeFileSync(join(dir, file), change(readFileSync(join(dir, file), 'utf8')));

function problems(dir: string): string[] {
  try {
    // a fixed day, so the fixtures' review dates (next review 2027-11-01) never fall due here
    readContent(dir, { today: '2026-11-28' });
  } catch (e) {
    if (e instanceof ContentError) return e.problems;
    throw e;
  }
  return [];
}

const fixture = await setupTestDb();
const { db } = fixture;
let { app } = fixture;
/** Loads content from outside the app, as a restart would; then a new app (its catalogue snapshot is fresh). */
async function reload(dir: string) {
  const report = await loadContent(db.db, dir);
  app = testApp({ db, hasher: cheapHasher() });
  return report;
}
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

describe('the real content (server/content)', () => {
  it('passes the checks and is loaded by the migrations (test template included)', async () => {
    const content = readContent(CONTENT_DIR);
    expect(content.courses.length).toBeGreaterThanOrEqual(6);
    expect(content.courses.filter((c) => c.price === 0).length).toBeGreaterThanOrEqual(2);
    for (const c of content.courses) {
      expect(content.lessons.filter((l) => l.courseId === c.id).length, c.id).toBeGreaterThanOrEqual(4);
    }
    const list = await get(app, '/lms/courses/all?limit=50');
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(content.courses.filter((c) => c.published).length);
    expect(list.body.items.map((c: { id: string }) => c.id)).toContain('menopause-care');
    const ar = await get(app, '/p/lms/get-course-by-id/menopause-care', {
      headers: { 'accept-language': 'ar' },
    });
    expect(ar.status).toBe(200);
    expect(ar.body.title).toMatch(/[\u0600-\u06FF]/);
  });

  it('a second load at start changes nothing and is fast', async () => {
    const started = performance.now();
    const report = await loadContent(db.db, CONTENT_DIR);
    const ms = performance.now() - started;
    expect(report.changed).toBe(false);
    expect(ms).toBeLessThan(300);
  });
});

describe('loading (fixture content in a temporary copy)', () => {
  let dir: string;
  let member: Awaited<ReturnType<typeof registerMember>>;

  it('loads, then a second load changes nothing, even when forced row by row', async () => {
    dir = copyOf();
    const first = await reload(dir);
    expect(first.changed).toBe(true);
    expect(first.written).toEqual({ experts: 1, courses: 3, lessons: 5, questions: 30 });
    const second = await reload(dir);
    expect(second).toMatchObject({ changed: false, version: first.version });
    await db.db.execute(sql`update content_state set version = 'forced'`);
    const forced = await reload(dir);
    expect(forced.changed).toBe(true);
    expect(forced.written).toEqual({ experts: 0, courses: 0, lessons: 0, questions: 0 });
    expect(forced.removed).toEqual({ experts: 0, courses: 0, lessons: 0, questions: 0 });
  });

  it('an edited lesson updates in place; enrolment and progress remain', async () => {
    member = await registerMember(app);
    const token = { token: member.token };
    expect(
      (await post(app, '/articles/enroll-free-course', { courseId: 'fixture-free' }, token)).status,
    ).toBe(201);
    await post(app, '/lms/mark-complete-all', { courseId: 'fixture-free' }, token);
    const answers = [1, 2, 3, 4, 5].map((i) => ({
      questionId: `pre-q${i}`,
      choices: i === 5 ? [0, 2] : [i % 3],
    }));
    expect(
      (await post(app, '/lms/quiz/submit', { courseId: 'fixture-free', kind: 'pre', answers }, token)).status,
    ).toBe(201);

    edit(dir, 'courses/fixture-free/lessons/02-second-look.en.md', (s) =>
      s.replace('An opening paragraph', 'A **rewritten** opening paragraph'),
    );
    const report = await reload(dir);
    expect(report.written).toEqual({ experts: 0, courses: 0, lessons: 1, questions: 0 });
    const r = await get(app, `/lms/get-course-by-id/fixture-free/${member.user.id}`, token);
    expect(r.body.lessons[1].body[0].c.slice(0, 2)).toEqual([
      { t: 'text', v: 'A ' },
      { t: 'strong', v: 'rewritten' },
    ]);
    expect(r.body.enrolment.courseId).toBe('fixture-free');
    expect(r.body.progress).toMatchObject({ done: 3, total: 3, status: 'post_quiz' });
  });

  it('removed lessons and questions go; her reads keep working and count what exists', async () => {
    const token = { token: member.token };
    unlinkSync(join(dir, 'courses/fixture-free/lessons/03-third-part.en.md'));
    unlinkSync(join(dir, 'courses/fixture-free/lessons/03-third-part.ar.md'));
    edit(dir, 'courses/fixture-free/quiz.json', (s) => {
      const quiz = JSON.parse(s);
      quiz.pre.push({ ...quiz.pre[0], id: 'pre-q6' });
      quiz.pre = quiz.pre.filter((q: { id: string }) => q.id !== 'pre-q1');
      return JSON.stringify(quiz);
    });
    const report = await reload(dir);
    expect(report.removed).toMatchObject({ lessons: 1, questions: 1 });
    expect(report.written.questions).toBeGreaterThanOrEqual(1);
    const r = await get(app, `/lms/get-course-by-id/fixture-free/${member.user.id}`, token);
    expect(r.status).toBe(200);
    expect(r.body.lessons.map((l: { id: string }) => l.id)).toEqual(['first-steps', 'second-look']);
    expect(r.body.progress).toMatchObject({ done: 2, total: 2, percent: 100 });
    const feedback = r.body.quizzes.pre.lastAttempt.feedback.map((f: { questionId: string }) => f.questionId);
    expect(feedback).toEqual(['pre-q2', 'pre-q3', 'pre-q4', 'pre-q5']);
    // her progress row for the removed lesson is still there, harmlessly
    const rows = (await db.db.execute(
      sql`select count(*)::int as n from lesson_progress where user_id = ${member.user.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0].n).toBe(3);
    expect((await get(app, `/lms/user/courses/${member.user.id}`, token)).status).toBe(200);
    expect((await get(app, `/lms/user/${member.user.id}/quiz-results`, token)).status).toBe(200);
  });

  it('a course removed from the files is unpublished; her enrolment still reads', async () => {
    const token = { token: member.token };
    rmSync(join(dir, 'courses/fixture-free'), { recursive: true });
    const report = await reload(dir);
    expect(report.removed.courses).toBe(1);
    expect((await get(app, '/p/lms/get-course-by-id/fixture-free')).status).toBe(404);
    const mine = await get(app, `/lms/user/courses/${member.user.id}`, token);
    expect(mine.body.items.map((i: { course: { id: string } }) => i.course.id)).toEqual(['fixture-free']);
    expect((await get(app, `/lms/get-course-by-id/fixture-free/${member.user.id}`, token)).status).toBe(200);
  });
});

/** An expert file as the expert cases below change it. */
interface ExpertJson {
  published?: boolean;
  modes: string[];
  offers: { id: string; kind: string; minutes: number; price: number }[];
  ar: { qualifications: string[] };
}

describe('checks: every problem names its file', () => {
  const cases: [string, (dir: string) => void, RegExp][] = [
    [
      'a link in Markdown',
      (d) =>
        edit(
          d,
          'courses/fixture-free/lessons/01-first-steps.en.md',
          (s) => `${s}\nSee [this page](https://example.org).\n`,
        ),
      /^courses\/fixture-free\/lessons\/01-first-steps\.en\.md: line \d+: links are not allowed, except to a page of this site/,
    ],
    [
      'a missing Arabic lesson',
      (d) => unlinkSync(join(d, 'courses/fixture-free/lessons/02-second-look.ar.md')),
      /^courses\/fixture-free\/lessons\/02-second-look\.ar\.md: missing \(every lesson exists in en and ar\)$/,
    ],
    [
      'a negative price',
      (d) => edit(d, 'courses/fixture-paid/course.json', (s) => s.replace('"price": 4500', '"price": -100')),
      /^courses\/fixture-paid\/course\.json: price: must not be negative$/,
    ],
    [
      'a price in dollars, not cents',
      (d) => edit(d, 'courses/fixture-paid/course.json', (s) => s.replace('"price": 4500', '"price": 45.5')),
      /^courses\/fixture-paid\/course\.json: price: cents: a whole number$/,
    ],
    [
      'a price as a string',
      (d) =>
        edit(d, 'courses/fixture-paid/course.json', (s) => s.replace('"price": 4500', '"price": "4500"')),
      /^courses\/fixture-paid\/course\.json: price: cents: a whole number$/,
    ],
    [
      'a sale price not lower than the price',
      (d) =>
        edit(d, 'courses/fixture-paid/course.json', (s) =>
          s.replace('"sale_price": 3900', '"sale_price": 4500'),
        ),
      /course\.json: sale_price: sale_price must be lower than price/,
    ],
    [
      'an unknown key',
      (d) =>
        edit(d, 'courses/fixture-paid/course.json', (s) => s.replace('"level"', '"sale-price": 1, "level"')),
      /course\.json: .*sale-price/,
    ],
    [
      'an image',
      (d) => edit(d, 'courses/fixture-free/lessons/01-first-steps.ar.md', (s) => `${s}\n![صورة](x.png)\n`),
      /01-first-steps\.ar\.md: line \d+: images are not allowed/,
    ],
    [
      'HTML',
      (d) =>
        edit(d, 'courses/fixture-free/lessons/01-first-steps.en.md', (s) => `${s}\nHello <b>there</b>\n`),
      /01-first-steps\.en\.md: line \d+: HTML is not allowed/,
    ],
    [
      'a table',
      (d) =>
        edit(d, 'courses/fixture-free/lessons/01-first-steps.en.md', (s) => `${s}\n| a | b |\n|---|---|\n`),
      /line \d+: tables are not allowed/,
    ],
    [
      'a level-1 heading',
      (d) => edit(d, 'courses/fixture-free/lessons/01-first-steps.en.md', (s) => `${s}\n# Title\n`),
      /only ## and ### headings are allowed/,
    ],
    [
      'an unclosed bold',
      (d) => edit(d, 'courses/fixture-free/lessons/01-first-steps.en.md', (s) => `${s}\nSome **bold text\n`),
      /"\*\*" is opened but not closed/,
    ],
    [
      'an unknown expert',
      (d) =>
        edit(d, 'courses/fixture-paid/course.json', (s) =>
          s.replace('"expert": "test-expert"', '"expert": "nobody"'),
        ),
      /course\.json: expert "nobody" has no file experts\/nobody\.json/,
    ],
    // experts (issue 9): offers, call modes, qualifications, published
    ...(
      [
        [
          'an expert without the free discovery call',
          (e) => {
            e.offers = e.offers.filter((o: { kind: string }) => o.kind !== 'discovery');
          },
          /experts\/test-expert\.json: offers: exactly one discovery offer/,
        ],
        [
          'a discovery call that is not free',
          (e) => {
            e.offers[0].price = 1000;
          },
          /experts\/test-expert\.json: offers: exactly one discovery offer/,
        ],
        [
          'a free paid consultation',
          (e) => {
            e.offers[1].price = 0;
          },
          /experts\/test-expert\.json: offers\.1\.price: a consultation has a price/,
        ],
        [
          'an offer price in dollars',
          (e) => {
            e.offers[1].price = 30.5;
          },
          /experts\/test-expert\.json: offers\.1\.price: cents: a whole number/,
        ],
        [
          'an offer id that does not match its minutes',
          (e) => {
            e.offers[2].id = 'consult-45';
          },
          /offers\.2\.id: a 60-minute consultation's id is consult-60/,
        ],
        [
          'two offers with one id',
          (e) => {
            e.offers[2] = { ...e.offers[1] };
          },
          /experts\/test-expert\.json: offers: offer ids repeat/,
        ],
        [
          'an unknown call mode',
          (e) => {
            e.modes = ['voice', 'chat'];
          },
          /experts\/test-expert\.json: modes\.1: modes are voice or video/,
        ],
        [
          'no call mode',
          (e) => {
            e.modes = [];
          },
          /experts\/test-expert\.json: modes: at least one call mode/,
        ],
        [
          'no Arabic qualifications',
          (e) => {
            e.ar.qualifications = [];
          },
          /experts\/test-expert\.json: ar\.qualifications: 1 to 6 qualifications/,
        ],
        [
          'an expert without published',
          (e) => {
            delete e.published;
          },
          /experts\/test-expert\.json: published:/,
        ],
      ] as [string, (e: ExpertJson) => void, RegExp][]
    ).map(([name, change, expected]): [string, (dir: string) => void, RegExp] => [
      name,
      (d) =>
        edit(d, 'experts/test-expert.json', (s) => {
          const e = JSON.parse(s);
          change(e);
          return JSON.stringify(e);
        }),
      expected,
    ]),
    [
      'too few quiz questions',
      (d) =>
        edit(d, 'courses/fixture-paid/quiz.json', (s) => {
          const q = JSON.parse(s);
          q.post = q.post.slice(0, 4);
          return JSON.stringify(q);
        }),
      /quiz\.json: post: at least 5 questions/,
    ],
    [
      'a correct option that does not exist',
      (d) =>
        edit(d, 'courses/fixture-paid/quiz.json', (s) => {
          const q = JSON.parse(s);
          q.pre[0].correct = [7];
          return JSON.stringify(q);
        }),
      /quiz\.json: pre\.0\.correct: correct names an option that does not exist/,
    ],
    [
      'lesson minutes out of range',
      (d) =>
        edit(d, 'courses/fixture-paid/lessons/01-only-lesson.en.md', (s) =>
          s.replace(/minutes: \d+/, 'minutes: 45'),
        ),
      /01-only-lesson\.en\.md: minutes:/,
    ],
    [
      'a course id that differs from its folder',
      (d) =>
        edit(d, 'courses/fixture-paid/course.json', (s) =>
          s.replace('"id": "fixture-paid"', '"id": "other-id"'),
        ),
      /course\.json: id "other-id" differs from the folder name "fixture-paid"/,
    ],
  ];
  it.each(cases)('%s', (_name, breakIt, expected) => {
    const dir = copyOf();
    breakIt(dir);
    const found = problems(dir);
    expect(
      found.some((p) => expected.test(p)),
      found.join('\n'),
    ).toBe(true);
  });

  it('the fixture itself passes', () => {
    expect(problems(FIXTURES)).toEqual([]);
  });
});

describe('Markdown subset', () => {
  it('converts headings, paragraphs, lists, emphasis and notes', () => {
    expect(
      markdownToBlocks(
        '## Title\n\nOne line\ncontinued.\n\n### Sub *here*\n\n- a\n  wrapped\n- **b**\n\n1. one\n2. two\n\n> note\n> more\n',
      ),
    ).toEqual([
      { t: 'h2', c: [{ t: 'text', v: 'Title' }] },
      { t: 'p', c: [{ t: 'text', v: 'One line continued.' }] },
      {
        t: 'h3',
        c: [
          { t: 'text', v: 'Sub ' },
          { t: 'em', v: 'here' },
        ],
      },
      { t: 'ul', items: [[{ t: 'text', v: 'a wrapped' }], [{ t: 'strong', v: 'b' }]] },
      { t: 'ol', items: [[{ t: 'text', v: 'one' }], [{ t: 'text', v: 'two' }]] },
      { t: 'note', c: [{ t: 'text', v: 'note more' }] },
    ]);
  });

  it('accepts _italic_ (what Biome writes), keeps snake_case and escaped stars as text', () => {
    expect(markdownToBlocks('An _emphasised_ word, snake_case, 2 \\* 3.')).toEqual([
      {
        t: 'p',
        c: [
          { t: 'text', v: 'An ' },
          { t: 'em', v: 'emphasised' },
          { t: 'text', v: ' word, snake_case, 2 * 3.' },
        ],
      },
    ]);
  });

  it.each([
    ['`code`', /code/],
    ['```\nx\n```', /code/],
    ['    indented code', /indented code/],
    ['* star bullet', /start list items with "- "/],
    ['- a\n  - nested', /nested lists/],
    ['visit www.example.org', /web addresses/],
    ['&nbsp;', /entities/],
    ['---', /horizontal rules/],
    ['**bold *and italic***', /nested/],
    ['<script>alert(1)</script>', /HTML/],
    ['[ref]: https://x', /links|web addresses/],
  ])('refuses %j', (source, why) => {
    expect(() => markdownToBlocks(source)).toThrow(why);
  });
});
