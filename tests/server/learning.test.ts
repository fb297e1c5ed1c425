/**
 * The learning API against the fixture content (tests/server/fixtures/content): catalogue and
 * paging, authorization on every member path, enrolment (also concurrent), lessons, quizzes (no
 * correct answers before submission, parallel pre-quiz submissions), reviews without identities,
 * and bad input → 4xx envelope. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../server/content/loader.ts';
import { enrolAfterPurchase, scoreOf } from '../../server/domain/learning.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import { call, expectEnvelope, get, post, type Reply, registerMember } from './helpers.ts';
import { setupTestDb, usingPostgres } from './test-db.ts';

const FIXTURES = fileURLToPath(new URL('./fixtures/content', import.meta.url));
const FREE = 'fixture-free';
const PAID = 'fixture-paid';
const HIDDEN = 'fixture-hidden';
/** The fixture quiz: q1..q4 single choice (right option i % 3), q5 multiple ([0, 2]). */
const right = (kind: 'pre' | 'post') =>
  [1, 2, 3, 4, 5].map((i) => ({ questionId: `${kind}-q${i}`, choices: i === 5 ? [0, 2] : [i % 3] }));

const clock = new ManualClock(Date.UTC(2026, 10, 1));
const { db, app } = await setupTestDb({ clock, prepare: (fresh) => loadContent(fresh.db, FIXTURES) });
type Member = Awaited<ReturnType<typeof registerMember>>;
let alice: Member;
let bea: Member;

beforeAll(async () => {
  [alice, bea] = await Promise.all([registerMember(app), registerMember(app)]);
});

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const r = (await db.db.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(r.rows[0].n);
}
const put = (path: string, json: unknown, token?: string) => call(app, 'PUT', `/api${path}`, { json, token });
const auth = (m: Member) => ({ token: m.token });
const enrol = (m: Member, courseId: string) =>
  post(app, '/articles/enroll-free-course', { courseId }, auth(m));
const completeLesson = (m: Member, lessonId: string) =>
  post(app, '/lms/lesson/complete', { courseId: FREE, lessonId }, auth(m));
const submitQuiz = (m: Member, kind: 'pre' | 'post', answers: unknown) =>
  post(app, '/lms/quiz/submit', { courseId: FREE, kind, answers }, auth(m));
/** The free course as `m` sees it (her token unless other request options are given). */
const memberCourse = (m: Member, options: Parameters<typeof get>[2] = auth(m)) =>
  get(app, `/lms/get-course-by-id/${FREE}/${m.user.id}`, options);

/** Every key and value in a JSON tree. */
function walk(v: unknown, visit: (key: string, value: unknown) => void) {
  if (Array.isArray(v)) for (const x of v) walk(x, visit);
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      visit(k, x);
      walk(x, visit);
    }
}
function expectNoAnswers(r: Reply) {
  walk(r.body, (k, v) => {
    expect(k).not.toBe('correct');
    expect(k).not.toBe('correctOptions');
    expect(k).not.toBe('explanation');
    if (k === 'lastAttempt') expect(v).toBeNull();
  });
}

describe(`learning on ${usingPostgres() ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('scores round half up', () => {
    expect(scoreOf(1, 3)).toBe(33);
    expect(scoreOf(2, 3)).toBe(67);
    expect(scoreOf(1, 8)).toBe(13); // 12.5
    expect(scoreOf(5, 8)).toBe(63); // 62.5
    expect(scoreOf(0, 5)).toBe(0);
    expect(scoreOf(5, 5)).toBe(100);
  });

  describe('catalogue', () => {
    it('lists published courses with prices, level, duration, rating; cacheable', async () => {
      const r = await get(app, '/lms/courses/all');
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ page: 1, limit: 10, total: 2, totalPages: 1 });
      expect(r.body.items.map((c: { id: string }) => c.id)).toEqual([FREE, PAID]);
      const [free, paid] = r.body.items;
      expect(free).toMatchObject({
        price: 0,
        sale_price: null,
        isFree: true,
        currency: 'USD',
        level: 'beginner',
      });
      expect(free.lessonCount).toBe(3);
      expect(free.durationMinutes).toBe(5 + 6 + 7);
      expect(free.rating).toEqual({ average: null, count: 0 });
      expect(free.expert).toMatchObject({ id: 'test-expert', name: 'Test Midwife' });
      expect(paid).toMatchObject({ price: 4500, sale_price: 3900, isFree: false });
      expect(r.headers.get('cache-control')).toBe('public, max-age=60');
      expect(r.headers.get('vary')).toContain('Accept-Language');
      const etag = r.headers.get('etag')!;
      expect(etag).toMatch(/^W\/".+"$/);
      const again = await get(app, '/lms/courses/all', { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
    });

    it('answers in Arabic with another ETag', async () => {
      const en = await get(app, '/lms/courses/all');
      const ar = await get(app, '/lms/courses/all', { headers: { 'accept-language': 'ar' } });
      expect(ar.body.items[0].title).toBe(`دورة الاختبار ${FREE}`);
      expect(ar.body.items[0].durationMinutes).toBe(6 + 7 + 8);
      expect(ar.headers.get('etag')).not.toBe(en.headers.get('etag'));
      const miss = await get(app, '/lms/courses/all', {
        headers: { 'accept-language': 'ar', 'if-none-match': en.headers.get('etag')! },
      });
      expect(miss.status).toBe(200);
    });

    it('pages: beyond the end is empty with the right totals', async () => {
      const one = await get(app, '/lms/courses/all?page=2&limit=1');
      expect(one.body).toMatchObject({ page: 2, limit: 1, total: 2, totalPages: 2 });
      expect(one.body.items.map((c: { id: string }) => c.id)).toEqual([PAID]);
      const past = await get(app, '/lms/courses/all?page=99&limit=50');
      expect(past.status).toBe(200);
      expect(past.body).toMatchObject({ items: [], page: 99, limit: 50, total: 2, totalPages: 1 });
    });

    it.each(['0', '51', '-1', 'abc', '1.5', '', '١'])('limit=%j → 400 LIMIT_INVALID', async (limit) => {
      for (const path of ['/lms/courses/all', `/feedback/course/${FREE}/reviews`]) {
        const r = await get(app, `${path}?limit=${encodeURIComponent(limit)}`);
        expect(r.status).toBe(400);
        expectEnvelope(r, 'VALIDATION_ERROR');
        expect(r.body.error.fieldCodes.limit).toBe('LIMIT_INVALID');
      }
    });

    it.each(['0', '-1', 'x', '2.0'])('page=%j → 400 PAGE_INVALID', async (page) => {
      const r = await get(app, `/lms/courses/all?page=${page}`);
      expect(r.status).toBe(400);
      expectEnvelope(r, 'VALIDATION_ERROR');
      expect(r.body.error.fieldCodes.page).toBe('PAGE_INVALID');
    });

    it('public course read: no questions, no bodies; unknown or unpublished → 404', async () => {
      const r = await get(app, `/p/lms/get-course-by-id/${FREE}`);
      expect(r.status).toBe(200);
      expect(r.body.lessons).toHaveLength(3);
      expect(r.body.lessons[0]).toEqual({ id: 'first-steps', position: 1, title: 'First steps', minutes: 5 });
      expect(r.body.quizzes).toEqual({ pre: { questionCount: 5 }, post: { questionCount: 5 } });
      expect(r.body.requirements).toEqual(['Nothing', 'Curiosity']);
      expect(r.body.expert.bio).toBeTruthy();
      expect(r.text).not.toMatch(/questions"|"options"|"correct|"body"/);
      for (const id of ['no-such-course', HIDDEN]) {
        const missing = await get(app, `/p/lms/get-course-by-id/${id}`);
        expect(missing.status).toBe(404);
        expectEnvelope(missing, 'COURSE_NOT_FOUND');
      }
      const bad = await get(app, '/p/lms/get-course-by-id/Not_A_Slug');
      expect(bad.status).toBe(400);
      expectEnvelope(bad, 'VALIDATION_ERROR');
    });
  });

  describe('authorization', () => {
    const memberPaths = (userId: string): [string, string, unknown?][] => [
      ['GET', `/lms/get-course-by-id/${FREE}/${userId}`],
      ['GET', `/lms/user/courses/${userId}`],
      ['GET', `/lms/user/${userId}/quiz-results`],
      ['GET', `/feedback/user/${userId}`],
      ['PUT', `/feedback/user/${userId}`, { courseId: FREE, rating: 5 }],
      ['PUT', `/feedback/user/${userId}`, { nonsense: true }],
    ];
    const sessionPaths: [string, unknown][] = [
      ['/articles/enroll-free-course', { courseId: FREE }],
      ['/lms/lesson/complete', { courseId: FREE, lessonId: 'first-steps' }],
      ['/lms/mark-complete-all', { courseId: FREE }],
      ['/lms/quiz/submit', { courseId: FREE, kind: 'pre', answers: right('pre') }],
    ];

    it('no token → 401 on every member path', async () => {
      for (const [method, path, json] of memberPaths(alice.user.id)) {
        const r = await call(app, method, `/api${path}`, { json });
        expect(r.status, `${method} ${path}`).toBe(401);
        expectEnvelope(r, 'UNAUTHORIZED');
      }
      for (const [path, json] of sessionPaths) {
        const r = await post(app, path, json);
        expect(r.status, path).toBe(401);
        expectEnvelope(r, 'UNAUTHORIZED');
      }
      const bogus = await get(app, `/lms/user/courses/${alice.user.id}`, { token: 'x'.repeat(43) });
      expect(bogus.status).toBe(401);
    });

    it("another member's id → 403 FORBIDDEN on every member path, checked first", async () => {
      for (const userId of [bea.user.id, 'not-a-uuid', alice.user.id.toUpperCase()]) {
        for (const [method, path, json] of memberPaths(userId)) {
          const r = await call(app, method, `/api${path}`, { json, token: alice.token });
          expect(r.status, `${method} ${path}`).toBe(403);
          expectEnvelope(r, 'FORBIDDEN');
        }
      }
      const unknownCourse = await get(
        app,
        `/lms/get-course-by-id/no-such-course/${bea.user.id}`,
        auth(alice),
      );
      expect(unknownCourse.status).toBe(403);
    });
  });

  describe('enrolment, lessons and quizzes', () => {
    it('a paid course → 409 COURSE_NOT_FREE; unknown → 404; unpublished → 404', async () => {
      const paid = await enrol(alice, PAID);
      expect(paid.status).toBe(409);
      expectEnvelope(paid, 'COURSE_NOT_FREE');
      for (const courseId of ['nope', HIDDEN]) {
        const r = await enrol(alice, courseId);
        expect(r.status).toBe(404);
        expectEnvelope(r, 'COURSE_NOT_FOUND');
      }
    });

    it('before enrolling: no bodies, no quizzes, and lessons/quizzes → 403 NOT_ENROLLED', async () => {
      const r = await memberCourse(alice);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ enrolment: null, progress: null, quizzes: null, myReview: null });
      expect(r.body.questionCounts).toEqual({ pre: 5, post: 5 });
      expect(
        r.body.lessons.every((l: { body: unknown[]; done: boolean }) => l.body.length === 0 && !l.done),
      ).toBe(true);
      for (const [path, json] of [
        ['/lms/lesson/complete', { courseId: FREE, lessonId: 'first-steps' }],
        ['/lms/mark-complete-all', { courseId: FREE }],
        ['/lms/quiz/submit', { courseId: FREE, kind: 'pre', answers: right('pre') }],
      ] as const) {
        const x = await post(app, path, json, auth(alice));
        expect(x.status, path).toBe(403);
        expectEnvelope(x, 'NOT_ENROLLED');
      }
    });

    it('enrols: 201 first, 200 with the same enrolment after', async () => {
      const first = await enrol(alice, FREE);
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        courseId: FREE,
        source: 'free',
        completedAt: null,
        status: 'pre_quiz',
      });
      clock.advance(60_000);
      const second = await enrol(alice, FREE);
      expect(second.status).toBe(200);
      expect(second.body).toEqual(first.body);
    });

    it('ten concurrent enrolments make one enrolment row', async () => {
      const m = await registerMember(app);
      const replies = await Promise.all(Array.from({ length: 10 }, () => enrol(m, FREE)));
      const statuses = replies.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 200)).toHaveLength(9);
      expect(new Set(replies.map((r) => r.body.enrolledAt)).size).toBe(1);
      expect(await count(sql`select count(*) as n from enrolments where user_id = ${m.user.id}`)).toBe(1);
    });

    it('enrolled, before any quiz: bodies and questions, never correct options', async () => {
      const r = await memberCourse(alice);
      expect(r.status).toBe(200);
      expect(r.body.enrolment.status).toBe('pre_quiz');
      expect(r.body.lessons[0].body).toEqual([
        { t: 'p', c: [{ t: 'text', v: 'An opening paragraph about first steps.' }] },
        { t: 'h2', c: [{ t: 'text', v: 'A heading' }] },
        {
          t: 'ul',
          items: [
            [{ t: 'text', v: 'one point' }],
            [
              { t: 'text', v: 'another point with ' },
              { t: 'strong', v: 'bold' },
              { t: 'text', v: ' and ' },
              { t: 'em', v: 'italic' },
            ],
          ],
        },
        { t: 'ol', items: [[{ t: 'text', v: 'first step' }], [{ t: 'text', v: 'second step' }]] },
        { t: 'note', c: [{ t: 'text', v: 'See a doctor when something worries you.' }] },
      ]);
      expect(r.body.quizzes.pre).toMatchObject({
        kind: 'pre',
        attempts: 0,
        canSubmit: true,
        lastAttempt: null,
      });
      expect(r.body.quizzes.post).toMatchObject({
        kind: 'post',
        attempts: 0,
        canSubmit: false,
        lastAttempt: null,
      });
      expect(r.body.quizzes.pre.questions[4]).toEqual({
        id: 'pre-q5',
        prompt: 'pre question 5?',
        options: ['Option A', 'Option B', 'Option C'],
        multiple: true,
      });
      expectNoAnswers(r);
      for (const path of [
        `/lms/user/courses/${alice.user.id}`,
        `/lms/user/${alice.user.id}/quiz-results`,
        `/p/lms/get-course-by-id/${FREE}`,
        '/lms/courses/all',
      ]) {
        expectNoAnswers(await get(app, path, auth(alice)));
      }
      const ar = await memberCourse(alice, { ...auth(alice), headers: { 'accept-language': 'ar' } });
      expect(ar.body.quizzes.pre.questions[0].prompt).toBe('سؤال 1؟');
      expectNoAnswers(ar);
    });

    it('the post quiz needs the pre quiz first', async () => {
      const r = await submitQuiz(alice, 'post', right('post'));
      expect(r.status).toBe(409);
      expectEnvelope(r, 'PRE_QUIZ_REQUIRED');
    });

    it('every question must be answered, with valid choices; unknown questions → 400', async () => {
      const partial = right('pre').filter((a) => a.questionId !== 'pre-q3');
      partial[0] = { ...partial[0], choices: [] };
      const r = await submitQuiz(alice, 'pre', partial);
      expect(r.status).toBe(400);
      expectEnvelope(r, 'QUIZ_INCOMPLETE');
      expect(r.body.error.message).toBe('Please answer all questions');
      expect(r.body.error.fieldCodes).toEqual({
        'answers.pre-q1': 'ANSWER_REQUIRED',
        'answers.pre-q3': 'ANSWER_REQUIRED',
      });

      const two = right('pre').map((a) => (a.questionId === 'pre-q2' ? { ...a, choices: [0, 1] } : a));
      const out = right('pre').map((a) => (a.questionId === 'pre-q4' ? { ...a, choices: [3] } : a));
      for (const answers of [two, out]) {
        const x = await submitQuiz(alice, 'pre', answers);
        expect(x.status).toBe(400);
        expectEnvelope(x, 'QUIZ_INCOMPLETE');
        expect(Object.values(x.body.error.fieldCodes)).toEqual(['CHOICE_INVALID']);
      }
      const unknown = [...right('pre'), { questionId: 'post-q1', choices: [0] }];
      const u = await submitQuiz(alice, 'pre', unknown);
      expect(u.status).toBe(400);
      expectEnvelope(u, 'VALIDATION_ERROR');
      expect(u.body.error.fieldCodes).toEqual({ 'answers.post-q1': 'QUIZ_QUESTION_UNKNOWN' });
      const ar = await call(app, 'POST', '/api/lms/quiz/submit', {
        json: { courseId: FREE, kind: 'pre', answers: [] },
        token: alice.token,
        headers: { 'accept-language': 'ar' },
      });
      expect(ar.body.error.message).toBe('يُرجى الإجابة عن جميع الأسئلة');
      expect(await count(sql`select count(*) as n from quiz_attempts where user_id = ${alice.user.id}`)).toBe(
        0,
      );
    });

    it('a pre quiz submitted in parallel: exactly one attempt, the others 409', async () => {
      // 3 right of 5: q1 right, q2 wrong, q3 right, q4 right, q5 a subset of the right set (wrong)
      const answers = right('pre').map((a) =>
        a.questionId === 'pre-q2'
          ? { ...a, choices: [0] }
          : a.questionId === 'pre-q5'
            ? { ...a, choices: [0] }
            : a,
      );
      const replies = await Promise.all(Array.from({ length: 6 }, () => submitQuiz(alice, 'pre', answers)));
      const ok = replies.filter((r) => r.status === 201);
      expect(ok).toHaveLength(1);
      for (const r of replies.filter((x) => x.status !== 201)) {
        expect(r.status).toBe(409);
        expectEnvelope(r, 'PRE_QUIZ_ALREADY_TAKEN');
      }
      expect(ok[0].body).toMatchObject({ kind: 'pre', correct: 3, total: 5, score: 60, courseId: FREE });
      expect(ok[0].body.progress.status).toBe('learning');
      const q5 = ok[0].body.feedback.find((f: { questionId: string }) => f.questionId === 'pre-q5');
      expect(q5).toEqual({
        questionId: 'pre-q5',
        isCorrect: false,
        chosen: [0],
        correctOptions: [0, 2],
        explanation: 'Because of 5.',
      });
      const rows = (await db.db.execute(
        sql`select kind, correct, total, score, answers from quiz_attempts where user_id = ${alice.user.id}`,
      )) as unknown as {
        rows: { kind: string; correct: number; total: number; score: number; answers: unknown[] }[];
      };
      expect(rows.rows).toHaveLength(1);
      expect(rows.rows[0]).toMatchObject({ kind: 'pre', correct: 3, total: 5, score: 60 });
      expect(rows.rows[0].answers).toHaveLength(5);
      // the database itself refuses a second pre attempt (what decides races between processes)
      await expect(
        db.db.execute(sql`insert into quiz_attempts (user_id, course_id, kind, answers, correct, total, score, submitted_at)
          values (${alice.user.id}, ${FREE}, 'pre', '[]', 0, 5, 0, now())`),
      ).rejects.toThrow();
      const again = await submitQuiz(alice, 'pre', right('pre'));
      expect(again.status).toBe(409);
      expectEnvelope(again, 'PRE_QUIZ_ALREADY_TAKEN');
    });

    it('after the pre quiz: its feedback shows, the post quiz stays hidden', async () => {
      const r = await memberCourse(alice);
      expect(r.body.quizzes.pre.lastAttempt).toMatchObject({ kind: 'pre', correct: 3 });
      expect(r.body.quizzes.pre.canSubmit).toBe(false);
      expect(r.body.quizzes.post.lastAttempt).toBeNull();
      walk(r.body.quizzes.post, (k) => expect(k).not.toMatch(/^correct/));
    });

    it('lessons: unknown → 404; done → progress; the post quiz waits for every lesson', async () => {
      const unknown = await completeLesson(alice, 'nope');
      expect(unknown.status).toBe(404);
      expectEnvelope(unknown, 'LESSON_NOT_FOUND');
      const done = await completeLesson(alice, 'second-look');
      expect(done.status).toBe(200);
      expect(done.body).toEqual({
        courseId: FREE,
        completedLessonIds: ['second-look'],
        done: 1,
        total: 3,
        percent: 33,
        nextLessonId: 'first-steps',
        status: 'learning',
      });
      const twice = await completeLesson(alice, 'second-look');
      expect(twice.body.done).toBe(1);
      const early = await submitQuiz(alice, 'post', right('post'));
      expect(early.status).toBe(409);
      expectEnvelope(early, 'LESSONS_INCOMPLETE');
      const all = await post(app, '/lms/mark-complete-all', { courseId: FREE }, auth(alice));
      expect(all.body).toMatchObject({
        done: 3,
        total: 3,
        percent: 100,
        nextLessonId: null,
        status: 'post_quiz',
      });
    });

    it('reviews wait for completion', async () => {
      const r = await put(`/feedback/user/${alice.user.id}`, { courseId: FREE, rating: 4 }, alice.token);
      expect(r.status).toBe(403);
      expectEnvelope(r, 'REVIEW_NOT_ALLOWED');
    });

    it('post quiz: completes the course, can be retaken; scores and gain', async () => {
      clock.advance(60_000);
      const wrong = right('post').map((a, i) => (i < 2 ? { ...a, choices: [(a.choices[0] + 1) % 3] } : a));
      const first = await submitQuiz(alice, 'post', wrong);
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({ kind: 'post', correct: 3, total: 5, score: 60 });
      expect(first.body.progress.status).toBe('completed');
      clock.advance(60_000);
      const second = await submitQuiz(alice, 'post', right('post'));
      expect(second.status).toBe(201);
      expect(second.body).toMatchObject({ correct: 5, score: 100 });
      const scores = await get(app, `/lms/user/${alice.user.id}/quiz-results`, auth(alice));
      expect(scores.body.items).toEqual([
        {
          courseId: FREE,
          courseTitle: `Fixture course ${FREE}`,
          pre: expect.objectContaining({ correct: 3, total: 5, score: 60 }),
          post: expect.objectContaining({ correct: 5, total: 5, score: 100 }),
          postAttempts: 2,
          gain: 2,
        },
      ]);
      const mine = await get(app, `/lms/user/courses/${alice.user.id}`, auth(alice));
      expect(mine.body.items).toHaveLength(1);
      expect(mine.body.items[0].course.id).toBe(FREE);
      expect(mine.body.items[0].enrolment).toMatchObject({ status: 'completed', source: 'free' });
      expect(mine.body.items[0].enrolment.completedAt).toBeTruthy();
      expect(mine.body.items[0].progress).toMatchObject({ percent: 100, status: 'completed' });
      // her last step in it: the second post quiz, a minute after the first
      expect(mine.body.items[0].lastActivityAt).toBe(clock.now().toISOString());
      const detail = await memberCourse(alice);
      expect(detail.body.quizzes.post).toMatchObject({ attempts: 2, canSubmit: true });
      expect(detail.body.quizzes.post.lastAttempt.correct).toBe(5);
    });

    it('enrolAfterPurchase: source purchase, idempotent, keeps a free enrolment', async () => {
      const m = await registerMember(app);
      const first = await db.transaction((tx) => enrolAfterPurchase(tx, m.user.id, [PAID, PAID], clock));
      expect(first).toEqual([PAID]);
      const again = await db.transaction((tx) => enrolAfterPurchase(tx, m.user.id, [PAID], clock));
      expect(again).toEqual([]);
      const kept = await db.transaction((tx) => enrolAfterPurchase(tx, alice.user.id, [FREE], clock));
      expect(kept).toEqual([]);
      const list = await get(app, `/lms/user/courses/${m.user.id}`, auth(m));
      expect(list.body.items[0].enrolment).toMatchObject({
        courseId: PAID,
        source: 'purchase',
        status: 'pre_quiz',
      });
      const paidAgain = await enrol(m, PAID);
      expect(paidAgain.status).toBe(409);
    });
  });

  describe('reviews', () => {
    it('rating and text rules → 400 with field codes', async () => {
      for (const [body, field, code] of [
        [{ courseId: FREE, rating: 0 }, 'rating', 'RATING_INVALID'],
        [{ courseId: FREE, rating: 6 }, 'rating', 'RATING_INVALID'],
        [{ courseId: FREE, rating: 2.5 }, 'rating', 'RATING_INVALID'],
        [{ courseId: FREE, rating: '5' }, 'rating', 'RATING_INVALID'],
        [{ courseId: FREE }, 'rating', 'RATING_INVALID'],
        [{ courseId: FREE, rating: 5, text: 'x'.repeat(2001) }, 'text', 'REVIEW_TOO_LONG'],
        [{ courseId: 'Bad Id', rating: 5 }, 'courseId', 'INVALID'],
      ] as const) {
        const r = await put(`/feedback/user/${alice.user.id}`, body, alice.token);
        expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expectEnvelope(r, 'VALIDATION_ERROR');
        expect(r.body.error.fieldCodes[field]).toBe(code);
      }
    });

    it('writes once, edits after; others see it without alias or id', async () => {
      const created = await put(
        `/feedback/user/${alice.user.id}`,
        { courseId: FREE, rating: 4, text: '  Clear and kind.  ' },
        alice.token,
      );
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ courseId: FREE, rating: 4, text: 'Clear and kind.' });
      clock.advance(60_000);
      const edited = await put(
        `/feedback/user/${alice.user.id}`,
        { courseId: FREE, rating: 5, text: 'Wonderful.' },
        alice.token,
      );
      expect(edited.status).toBe(200);
      expect(edited.body.createdAt).toBe(created.body.createdAt);
      expect(edited.body.updatedAt).not.toBe(created.body.updatedAt);
      expect(await count(sql`select count(*) as n from reviews where user_id = ${alice.user.id}`)).toBe(1);

      const page = await get(app, `/feedback/course/${FREE}/reviews`);
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ page: 1, limit: 10, total: 1, totalPages: 1 });
      expect(page.body.summary).toEqual({
        average: 5,
        count: 1,
        distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 1 },
      });
      expect(page.body.items[0]).toMatchObject({ rating: 5, text: 'Wonderful.' });
      expect(page.body.items[0].avatar).toMatchObject({ id: 'date-palm' });
      expect(Object.keys(page.body.items[0]).sort()).toEqual(
        ['avatar', 'createdAt', 'id', 'rating', 'text', 'updatedAt'].sort(),
      );
      expect(page.text).not.toContain(alice.alias);
      expect(page.text).not.toContain(alice.user.id);

      // her own id, signed in (anyone else's is ignored: reviews-privacy.test.ts)
      const without = await get(
        app,
        `/feedback/course/${FREE}/reviews?excludeUserId=${alice.user.id}`,
        auth(alice),
      );
      expect(without.body).toMatchObject({ items: [], total: 0, totalPages: 0 });
      expect(without.body.summary.count).toBe(1);
      const badExclude = await get(app, `/feedback/course/${FREE}/reviews?excludeUserId=nope`);
      expect(badExclude.status).toBe(400);
      const past = await get(app, `/feedback/course/${FREE}/reviews?page=5`);
      expect(past.body).toMatchObject({ items: [], total: 1, totalPages: 1, page: 5 });
      const unknown = await get(app, '/feedback/course/nope/reviews');
      expect(unknown.status).toBe(404);
      expectEnvelope(unknown, 'COURSE_NOT_FOUND');

      const mine = await get(app, `/feedback/user/${alice.user.id}`, auth(alice));
      expect(mine.body.items).toEqual([
        expect.objectContaining({ courseId: FREE, rating: 5, courseTitle: `Fixture course ${FREE}` }),
      ]);
      const detail = await memberCourse(alice);
      expect(detail.body.myReview).toMatchObject({ rating: 5 });

      const list = await get(app, '/lms/courses/all');
      expect(list.body.items[0].rating).toEqual({ average: 5, count: 1 });
      const beaView = await memberCourse(bea);
      expect(beaView.text).not.toContain(alice.alias);
    });
  });

  describe('bad input', () => {
    it('wrong media type, bad JSON, empty bodies → 4xx envelopes', async () => {
      for (const path of [
        '/articles/enroll-free-course',
        '/lms/lesson/complete',
        '/lms/mark-complete-all',
        '/lms/quiz/submit',
      ]) {
        const text = await call(app, 'POST', `/api${path}`, {
          body: 'courseId=x',
          headers: { 'content-type': 'text/plain' },
          token: alice.token,
        });
        expect(text.status).toBe(415);
        expectEnvelope(text, 'UNSUPPORTED_MEDIA_TYPE');
        const broken = await call(app, 'POST', `/api${path}`, {
          body: '{"courseId":',
          headers: { 'content-type': 'application/json' },
          token: alice.token,
        });
        expect(broken.status).toBe(400);
        expectEnvelope(broken, 'INVALID_JSON');
        const empty = await post(app, path, {}, auth(alice));
        expect(empty.status).toBe(400);
        expectEnvelope(empty, 'VALIDATION_ERROR');
        expect(empty.body.error.fieldCodes.courseId).toBe('REQUIRED');
      }
    });

    it('random bodies to every POST/PUT endpoint: never 5xx, 4xx always the envelope', async () => {
      const value = fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.integer(),
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.constantFrom(FREE, PAID, 'first-steps', 'pre-q1', 'pre', 'post', -1, 1e300, '__proto__'),
        fc.array(fc.oneof(fc.integer({ min: -2, max: 12 }), fc.string({ maxLength: 5 })), { maxLength: 4 }),
      );
      const answer = fc.record(
        {
          questionId: fc.oneof(value, fc.constantFrom('pre-q1', 'post-q2', 'nope')),
          choices: fc.oneof(value, fc.array(fc.integer({ min: -1, max: 12 }), { maxLength: 4 })),
        },
        { requiredKeys: [] },
      );
      const bodyArb = fc.record(
        {
          courseId: fc.oneof(value, fc.constantFrom(FREE, PAID, HIDDEN)),
          lessonId: value,
          kind: value,
          answers: fc.oneof(value, fc.array(answer, { maxLength: 6 })),
          rating: value,
          text: value,
        },
        { requiredKeys: [] },
      );
      const targets: [string, string][] = [
        ['POST', '/api/articles/enroll-free-course'],
        ['POST', '/api/lms/lesson/complete'],
        ['POST', '/api/lms/mark-complete-all'],
        ['POST', '/api/lms/quiz/submit'],
        ['PUT', `/api/feedback/user/${bea.user.id}`],
      ];
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...targets), bodyArb, async ([method, path], json) => {
          const r = await call(app, method, path, { json, token: bea.token });
          expect(r.status).toBeLessThan(500);
          if (r.status >= 400) expectEnvelope(r);
        }),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 40) },
      );
    });
  });
});
