/**
 * Requests queued offline (issue 28): a lesson done or a quiz submitted with a `clientKey` counts
 * once per member and key (server/domain/offline-receipts.ts), on PGlite and (TEST_DATABASE_URL)
 * PostgreSQL: a repeat answers the first answer without doing it again; ten parallel sends with one
 * key make one attempt and ten equal answers; keys are per member; the other kind with the key →
 * 409 CLIENT_KEY_REUSED; a bad key → 400; a refused request is not kept; receipts older than
 * OFFLINE_LIMITS.receiptDays go (the injected clock); deleting her account deletes them.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DELETE_CONFIRMATION } from '../../contract/account-settings.ts';
import { OFFLINE_LIMITS } from '../../contract/offline.ts';
import { loadContent } from '../../server/content/loader.ts';
import { offlineReceipts } from '../../server/db/schema.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import { expectEnvelope, GOOD_PIN, post, registerMember } from './helpers.ts';
import { setupTestDb, usingPostgres } from './test-db.ts';

const FIXTURES = fileURLToPath(new URL('./fixtures/content', import.meta.url));
const FREE = 'fixture-free';
const LESSONS = ['first-steps', 'second-look', 'third-part'];
const DAY = 86_400_000;
/** The fixture quiz: q1..q4 single choice (right option i % 3), q5 multiple ([0, 2]). */
const right = (kind: 'pre' | 'post') =>
  [1, 2, 3, 4, 5].map((i) => ({ questionId: `${kind}-q${i}`, choices: i === 5 ? [0, 2] : [i % 3] }));

const clock = new ManualClock(Date.UTC(2026, 10, 1));
const { db, app } = await setupTestDb({ clock, prepare: (fresh) => loadContent(fresh.db, FIXTURES) });
type Member = Awaited<ReturnType<typeof registerMember>>;

const lessonDone = (m: Member, lessonId: string, clientKey?: unknown) =>
  post(app, '/lms/lesson/complete', { courseId: FREE, lessonId, clientKey }, { token: m.token });
const submit = (m: Member, kind: 'pre' | 'post', clientKey?: unknown, answers = right(kind), locale = 'en') =>
  post(
    app,
    '/lms/quiz/submit',
    { courseId: FREE, kind, answers, clientKey },
    { token: m.token, headers: { 'accept-language': locale } },
  );

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const r = (await db.db.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(r.rows[0].n);
}
const attempts = (m: Member, kind: 'pre' | 'post') =>
  count(sql`select count(*) as n from quiz_attempts where user_id = ${m.user.id} and kind = ${kind}`);
const receipts = (m: Member) =>
  count(sql`select count(*) as n from offline_receipts where user_id = ${m.user.id}`);

/** A member enrolled in the free course (and, with `pre`, past its pre quiz). */
async function learner(pre = false): Promise<Member> {
  const m = await registerMember(app);
  const e = await post(app, '/articles/enroll-free-course', { courseId: FREE }, { token: m.token });
  expect(e.status, e.text).toBe(201);
  if (pre) expect((await submit(m, 'pre')).status).toBe(201);
  return m;
}

describe(`requests queued offline, one per key, on ${usingPostgres() ? 'PostgreSQL' : 'PGlite'}`, () => {
  let alice: Member;
  let bea: Member;
  beforeAll(async () => {
    [alice, bea] = await Promise.all([learner(), learner()]);
  });

  it('without a key nothing changes: nothing kept, the usual answers', async () => {
    const m = await learner();
    expect((await lessonDone(m, LESSONS[0])).status).toBe(200);
    expect((await lessonDone(m, LESSONS[0])).status).toBe(200);
    expect((await submit(m, 'pre')).status).toBe(201);
    const again = await submit(m, 'pre');
    expect(again.status).toBe(409);
    expectEnvelope(again, 'PRE_QUIZ_ALREADY_TAKEN');
    expect(await receipts(m)).toBe(0);
  });

  it('a lesson done: a repeat of the key answers the first answer, not her progress now', async () => {
    const key = randomUUID();
    const first = await lessonDone(alice, LESSONS[0], key);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ done: 1, completedLessonIds: [LESSONS[0]] });
    expect((await lessonDone(alice, LESSONS[1])).body.done).toBe(2);
    const repeat = await lessonDone(alice, LESSONS[0], key);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(first.body);
    // the key is the same key in capitals (a UUID)
    expect((await lessonDone(alice, LESSONS[0], key.toUpperCase())).body).toEqual(first.body);
    const [row] = await db.db.select().from(offlineReceipts).where(sql`user_id = ${alice.user.id}`);
    expect(row).toMatchObject({ clientKey: key, kind: 'lesson.done', status: 200 });
    expect(row.body).toEqual(first.body);
    expect(row.createdAt).toEqual(clock.now());
  });

  it('a quiz: a repeat answers the first result (its language too) and adds no attempt', async () => {
    const key = randomUUID();
    const first = await submit(alice, 'pre', key);
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ kind: 'pre', correct: 5, total: 5, score: 100 });
    expect(await attempts(alice, 'pre')).toBe(1);
    // sent again (her answer was lost): same status, same body, no second attempt, no 409
    const repeat = await submit(alice, 'pre', key);
    expect(repeat.status).toBe(201);
    expect(repeat.body).toEqual(first.body);
    const inArabic = await submit(alice, 'pre', key, right('pre'), 'ar');
    expect(inArabic.status).toBe(201);
    expect(inArabic.body).toEqual(first.body);
    expect(await attempts(alice, 'pre')).toBe(1);
    // a new key is a new request: the pre quiz is taken (refused, and not kept)
    const other = randomUUID();
    const refused = await submit(alice, 'pre', other);
    expect(refused.status).toBe(409);
    expectEnvelope(refused, 'PRE_QUIZ_ALREADY_TAKEN');
    expect(await count(sql`select count(*) as n from offline_receipts where client_key = ${other}`)).toBe(0);
  });

  it('a refused request is not kept: a retry with its key may succeed', async () => {
    const m = await learner(true);
    const key = randomUUID();
    const early = await submit(m, 'post', key);
    expect(early.status).toBe(409);
    expectEnvelope(early, 'LESSONS_INCOMPLETE');
    const incomplete = await submit(m, 'post', key, right('post').slice(1));
    expect(incomplete.status).toBe(409); // lessons are checked first
    expect(await receipts(m)).toBe(0);
    for (const l of LESSONS) expect((await lessonDone(m, l)).status).toBe(200);
    const missing = await submit(m, 'post', key, right('post').slice(1));
    expect(missing.status).toBe(400);
    expectEnvelope(missing, 'QUIZ_INCOMPLETE');
    expect(await receipts(m)).toBe(0);
    const ok = await submit(m, 'post', key);
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.progress.status).toBe('completed');
    expect(await receipts(m)).toBe(1);
    expect(await attempts(m, 'post')).toBe(1);
  });

  it('ten post quizzes sent at once with one key: one attempt, ten equal answers', async () => {
    const m = await learner(true);
    for (const l of LESSONS) expect((await lessonDone(m, l)).status).toBe(200);
    const key = randomUUID();
    const replies = await Promise.all(Array.from({ length: 10 }, () => submit(m, 'post', key)));
    for (const r of replies) {
      expect(r.status, r.text).toBe(201);
      expect(r.body).toEqual(replies[0].body);
    }
    expect(await attempts(m, 'post')).toBe(1);
    expect(await receipts(m)).toBe(1);
    // without a key each send is a retake: the difference the key makes
    await Promise.all(Array.from({ length: 3 }, () => submit(m, 'post')));
    expect(await attempts(m, 'post')).toBe(4);
  });

  it('ten pre quizzes sent at once with one key: ten answers of the one attempt (no 409)', async () => {
    const m = await learner();
    const key = randomUUID();
    const replies = await Promise.all(Array.from({ length: 10 }, () => submit(m, 'pre', key)));
    for (const r of replies) {
      expect(r.status, r.text).toBe(201);
      expect(r.body).toEqual(replies[0].body);
    }
    expect(await attempts(m, 'pre')).toBe(1);
  });

  it('ten lessons done at once with one key: one receipt, ten equal answers', async () => {
    const m = await learner();
    const key = randomUUID();
    const replies = await Promise.all(Array.from({ length: 10 }, () => lessonDone(m, LESSONS[2], key)));
    for (const r of replies) {
      expect(r.status, r.text).toBe(200);
      expect(r.body).toEqual(replies[0].body);
    }
    expect(replies[0].body).toMatchObject({ done: 1, completedLessonIds: [LESSONS[2]] });
    expect(await receipts(m)).toBe(1);
  });

  it('keys are per member: her key sent by another member is another request', async () => {
    const key = randomUUID();
    const hers = await lessonDone(alice, LESSONS[2], key);
    expect(hers.status).toBe(200);
    const theirs = await lessonDone(bea, LESSONS[0], key);
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.body).toMatchObject({ done: 1, completedLessonIds: [LESSONS[0]] });
    expect(theirs.body).not.toEqual(hers.body);
    const beaPre = await submit(bea, 'pre', key);
    expect(beaPre.status).toBe(409);
    expectEnvelope(beaPre, 'CLIENT_KEY_REUSED');
    expect(await count(sql`select count(*) as n from offline_receipts where client_key = ${key}`)).toBe(2);
  });

  it('a key sent for the other kind of request → 409 CLIENT_KEY_REUSED, nothing done', async () => {
    const m = await learner();
    const lessonKey = randomUUID();
    expect((await lessonDone(m, LESSONS[0], lessonKey)).status).toBe(200);
    const asQuiz = await submit(m, 'pre', lessonKey);
    expect(asQuiz.status).toBe(409);
    expectEnvelope(asQuiz, 'CLIENT_KEY_REUSED');
    expect(asQuiz.body.error.message).toBeTruthy();
    expect(await attempts(m, 'pre')).toBe(0);
    const quizKey = randomUUID();
    expect((await submit(m, 'pre', quizKey)).status).toBe(201);
    const asLesson = await lessonDone(m, LESSONS[1], quizKey);
    expect(asLesson.status).toBe(409);
    expectEnvelope(asLesson, 'CLIENT_KEY_REUSED');
    const done = await count(sql`select count(*) as n from lesson_progress where user_id = ${m.user.id}`);
    expect(done).toBe(1);
    expect(await receipts(m)).toBe(2);
  });

  it('a key that is not a UUID → 400 VALIDATION_ERROR (never a 500), nothing done', async () => {
    const m = await learner();
    for (const bad of ['not-a-key', '', 42, null, `${randomUUID()}x`, { id: randomUUID() }, 'g'.repeat(36)]) {
      const l = await lessonDone(m, LESSONS[0], bad);
      expect(l.status, `${JSON.stringify(bad)} ${l.text}`).toBe(400);
      expectEnvelope(l, 'VALIDATION_ERROR');
      expect(l.body.error.fieldCodes).toHaveProperty('clientKey');
      const q = await submit(m, 'pre', bad);
      expect(q.status, q.text).toBe(400);
      expectEnvelope(q, 'VALIDATION_ERROR');
    }
    expect(await count(sql`select count(*) as n from lesson_progress where user_id = ${m.user.id}`)).toBe(0);
    expect(await attempts(m, 'pre')).toBe(0);
    expect(await receipts(m)).toBe(0);
  });

  it(`receipts older than ${OFFLINE_LIMITS.receiptDays} days go when she sends a keyed request`, async () => {
    const m = await learner();
    const someoneElse = await learner();
    const at = (days: number) => new Date(clock.now().getTime() - days * DAY);
    const old = { kind: 'lesson.done' as const, status: 200, body: { old: true } };
    const expiredKey = randomUUID();
    const keptKey = randomUUID();
    const theirKey = randomUUID();
    await db.db.insert(offlineReceipts).values([
      { ...old, userId: m.user.id, clientKey: expiredKey, createdAt: at(OFFLINE_LIMITS.receiptDays + 1) },
      { ...old, userId: m.user.id, clientKey: keptKey, createdAt: at(OFFLINE_LIMITS.receiptDays - 1) },
      { ...old, userId: someoneElse.user.id, clientKey: theirKey, createdAt: at(90) },
    ]);
    // a request without a key touches nothing
    expect((await lessonDone(m, LESSONS[0])).status).toBe(200);
    expect(await receipts(m)).toBe(2);
    expect((await lessonDone(m, LESSONS[1], randomUUID())).status).toBe(200);
    const keys = async (member: Member) =>
      (
        await db.db
          .select({ key: offlineReceipts.clientKey })
          .from(offlineReceipts)
          .where(sql`user_id = ${member.user.id}`)
      ).map((r) => r.key);
    expect(await keys(m)).not.toContain(expiredKey);
    expect(await keys(m)).toContain(keptKey);
    expect(await keys(m)).toHaveLength(2);
    // only hers: another member's old receipt waits for her own next keyed request
    expect(await keys(someoneElse)).toEqual([theirKey]);
    // the kept one is still answered from its receipt
    expect((await lessonDone(m, LESSONS[2], keptKey)).body).toEqual({ old: true });
    // two days on (the injected clock), it is older than the limit and goes too
    clock.advance(2 * DAY);
    expect((await lessonDone(m, LESSONS[2], randomUUID())).status).toBe(200);
    expect(await keys(m)).not.toContain(keptKey);
    // a forgotten key is a new request again
    const anew = await lessonDone(m, LESSONS[2], expiredKey);
    expect(anew.status).toBe(200);
    expect(anew.body).toMatchObject({ done: 3 });
  });

  it('deleting her account deletes her receipts, another member keeps hers', async () => {
    const m = await learner();
    const other = await learner();
    expect((await lessonDone(m, LESSONS[0], randomUUID())).status).toBe(200);
    expect((await submit(m, 'pre', randomUUID())).status).toBe(201);
    expect((await lessonDone(other, LESSONS[0], randomUUID())).status).toBe(200);
    expect(await receipts(m)).toBe(2);
    const gone = await post(
      app,
      '/users/me/delete',
      { currentPin: GOOD_PIN, confirmation: DELETE_CONFIRMATION.en },
      { token: m.token },
    );
    expect(gone.status, gone.text).toBe(200);
    expect(await receipts(m)).toBe(0);
    expect(await receipts(other)).toBe(1);
  });
});
