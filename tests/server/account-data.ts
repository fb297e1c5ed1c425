/**
 * What the export and deletion tests share (issue 25): an app on the file's database at a fixed
 * clock, and a member with something in every place a member leaves data: a free course with a
 * lesson done, a quiz attempt and a review, a bought course (invoice), a card, a paid medical
 * consultation ahead (sealed names and date of birth) and one cancelled with its credit note.
 */
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { SANDBOX_TEST_CARDS } from '../../contract/commerce-rules.ts';
import type { Database } from '../../server/db/index.ts';
import { lessons, quizAttempts, reviews } from '../../server/db/schema.ts';
import { addCard, buy, get, newKey, post, registerMember, type TestApp, totalFor } from './helpers.ts';

const H = 3_600_000;
/** Monday 30 November 2026, 00:00 UTC: the consultations tests' start. */
export const START = Date.UTC(2026, 10, 30, 0, 0);
export const FREE = 'menstrual-cycle';
export const PAID = 'pcos-basics';
/** rana-aziz: gynaecology (medical), Asia/Riyadh. */
export const MEDICAL_EXPERT = 'rana-aziz';

export interface Seeded {
  member: Awaited<ReturnType<typeof registerMember>>;
  details: { firstName: string; lastName: string; dateOfBirth: string };
  reviewText: string;
  /** The upcoming paid booking (cancelled on deletion) and the one cancelled before. */
  upcoming: string;
  cancelled: string;
  invoiceNumbers: string[];
}

async function slots(app: TestApp, from: number): Promise<string[]> {
  const r = await get(
    app,
    `/p/experts/${MEDICAL_EXPERT}/slots?offer=consult-30&from=${new Date(from).toISOString()}&to=${new Date(from + 7 * 24 * H).toISOString()}`,
  );
  expect(r.status, r.text).toBe(200);
  return r.body.slots;
}

/** A confirmed paid medical consultation at `startsAt`, with the given details. */
async function book(app: TestApp, token: string, pm: string, startsAt: string, details: Seeded['details']) {
  const h = await post(
    app,
    '/consultations/hold',
    { expertId: MEDICAL_EXPERT, offerId: 'consult-30', mode: 'video', startsAt },
    { token },
  );
  expect(h.status, h.text).toBe(201);
  const c = await post(
    app,
    `/consultations/${h.body.id}/confirm`,
    { paymentMethodId: pm, details },
    { token, headers: { 'idempotency-key': newKey() } },
  );
  expect(c.status, c.text).toBe(201);
  return { id: h.body.id as string, invoice: c.body.invoice.number as string };
}

/** A member with data everywhere; `tag` makes her texts her own (another member's must not leak). */
export async function seedMember(
  app: TestApp,
  db: Database,
  tag: string,
  overrides: Record<string, unknown> = {},
): Promise<Seeded> {
  const member = await registerMember(app, overrides);
  const token = member.token;
  const details = { firstName: `Mariam${tag}`, lastName: `Qasimi${tag}`, dateOfBirth: '1990-04-21' };
  // learning: a free course, its first lesson done, a quiz attempt and a review
  expect(
    (await post(app, '/articles/enroll-free-course', { courseId: FREE }, { token })).status,
  ).toBeLessThan(300);
  const [lesson] = await db.db
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.courseId, FREE))
    .orderBy(asc(lessons.position))
    .limit(1);
  const done = await post(app, '/lms/lesson/complete', { courseId: FREE, lessonId: lesson.id }, { token });
  expect(done.status, done.text).toBeLessThan(300);
  const now = app.clock.now();
  await db.db.insert(quizAttempts).values({
    userId: member.user.id,
    courseId: FREE,
    kind: 'pre',
    answers: [{ questionId: 'pre-cycle-length', choices: [1], isCorrect: true }],
    correct: 1,
    total: 1,
    score: 100,
    submittedAt: now,
  });
  const reviewText = `Clear and kind ${tag} <script>alert("${tag}")</script> & more`;
  await db.db.insert(reviews).values({
    userId: member.user.id,
    courseId: FREE,
    rating: 4,
    text: reviewText,
    createdAt: now,
    updatedAt: now,
  });
  // buying: a card, a paid course (invoice)
  const pm = await addCard(app, token, SANDBOX_TEST_CARDS.success);
  const total = await totalFor(app, [PAID], undefined, token);
  const bought = await buy(app, token, newKey(), {
    courseIds: [PAID],
    paymentMethodId: pm,
    expectedTotal: total,
  });
  expect(bought.status, bought.text).toBe(201);
  // consultations: two paid medical calls, one cancelled now (credit note), one ahead
  const open = await slots(app, app.clock.now().getTime() + 3 * 24 * H);
  const first = await book(app, token, pm, open[0], details);
  const second = await book(app, token, pm, open[4], details);
  const cancel = await post(app, `/consultations/${first.id}/cancel`, {}, { token });
  expect(cancel.status, cancel.text).toBe(200);
  return {
    member,
    details,
    reviewText,
    upcoming: second.id,
    cancelled: first.id,
    invoiceNumbers: [bought.body.invoice?.number ?? '', first.invoice, second.invoice].filter(Boolean),
  };
}
