/**
 * Money under races and closed tabs (issue 20), on PGlite and (TEST_DATABASE_URL) PostgreSQL:
 * - two tabs, two keys, at once: 8 purchases of one course through two apps on one database (as
 *   two workers: separate pools, nothing shared in memory) → 1 charge, 1 order, 1 invoice;
 * - a second tab while her bank decides: PAYMENT_IN_PROGRESS and nothing charged;
 * - a tab closed after her bank approved: the order (or the booking) is finished on the server;
 * - the completion event lost: the reconciliation pass finishes it, and refunds a charge no order took;
 * - two tabs confirming one booking: one charge;
 * - ten parallel cancels: one answer, one refund, one credit note, never a 500.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS as CARDS } from '../../contract/commerce-rules.ts';
import { type Database, openPostgres } from '../../server/db/index.ts';
import { creditNotes, invoices, orders, sandboxCharges, sandboxRefunds } from '../../server/db/schema.ts';
import { IN_FLIGHT_MS } from '../../server/domain/member-lock.ts';
import { ABANDON_AFTER_MS, RECONCILE_AFTER_MS } from '../../server/domain/payments-completion.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import { createSandboxProvider } from '../../server/payments/sandbox.ts';
import {
  addCard,
  appWithProvider,
  buy,
  cheapHasher,
  expectEnvelope,
  get,
  newKey,
  post,
  registerMember,
  type TestApp,
  testApp,
} from './helpers.ts';
import { setupTestDb, usingPostgres } from './test-db.ts';

const M = 60_000;
// Monday 30 November 2026, 00:00 UTC
const START = Date.UTC(2026, 10, 30, 0, 0);
const clock = new ManualClock(START);
const { db, app } = await setupTestDb({ clock, hasher: cheapHasher(undefined, 8) });

/** A second "worker": its own pool on the same PostgreSQL database (PGlite is one process). */
const pool = (db as Database & { pool?: { options: { connectionString?: string } } }).pool;
const twinDb: Database = pool ? openPostgres(String(pool.options.connectionString)) : db;
afterAll(async () => {
  if (twinDb !== db) await twinDb.close();
});
const twin = testApp({ db: twinDb, clock, hasher: cheapHasher(undefined, 8) });

const PCOS = { courseIds: ['pcos-basics'], expectedTotal: 3360 };
const count = async (table: typeof orders | typeof invoices, userId: string) =>
  (await db.db.select().from(table).where(eq(table.userId, userId))).length;
const chargesOf = (userId: string) =>
  db.db.select().from(sandboxCharges).where(eq(sandboxCharges.userId, userId));
const approve = (a: TestApp, token: string, challengeId: string) =>
  post(a, `/sandbox-pay/challenges/${challengeId}`, { decision: 'approve' }, { token });

async function paidHold(a: TestApp, token: string, expertId = 'nour-haddad') {
  // three days ahead or more (a full refund on cancelling), a different slot for each test
  const slots = await get(a, `/p/experts/${expertId}/slots?offer=consult-30`);
  const later = (slots.body.slots as string[]).filter((s) => Date.parse(s) > START + 72 * 60 * M);
  const startsAt = later[Math.floor(Math.random() * Math.min(later.length, 40))];
  const h = await post(
    a,
    '/consultations/hold',
    { expertId, offerId: 'consult-30', mode: 'video', startsAt },
    { token },
  );
  expect(h.status, h.text).toBe(201);
  return h.body.id as string;
}
const confirm = (a: TestApp, token: string, id: string, key: string, paymentMethodId: string) =>
  post(
    a,
    `/consultations/${id}/confirm`,
    { paymentMethodId },
    { token, headers: { 'idempotency-key': key } },
  );

describe(`payments under races on ${usingPostgres() ? 'PostgreSQL, two apps' : 'PGlite'}`, () => {
  it('8 purchases of one course at once, each with its own key, through two apps: one charge, one order, one invoice', async () => {
    const m = await registerMember(app);
    const pm = await addCard(app, m.token, CARDS.success);
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        buy(i % 2 ? twin : app, m.token, newKey(), { ...PCOS, paymentMethodId: pm }),
      ),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(409);
      expectEnvelope(r, 'COURSE_ALREADY_OWNED');
    }
    expect(await chargesOf(m.user.id)).toHaveLength(1);
    expect(await count(orders, m.user.id)).toBe(1);
    expect(await count(invoices, m.user.id)).toBe(1);
  }, 60_000);

  it('a second tab while her bank decides: PAYMENT_IN_PROGRESS, nothing charged; approved, the order is made without her', async () => {
    const m = await registerMember(app);
    const slow = await addCard(app, m.token, CARDS.challenge);
    const fast = await addCard(app, m.token, CARDS.success);
    const key = newKey();
    const pending = await buy(app, m.token, key, { ...PCOS, paymentMethodId: slow });
    expect(pending.status).toBe(202);
    const second = await buy(twin, m.token, newKey(), { ...PCOS, paymentMethodId: fast });
    expect(second.status).toBe(409);
    expectEnvelope(second, 'PAYMENT_IN_PROGRESS');
    expect((await chargesOf(m.user.id)).map((c) => c.paymentMethodId)).toEqual([slow]);
    // approved, and her tab closed: the provider's completion makes the order
    await approve(app, m.token, pending.body.challengeId);
    expect(await count(orders, m.user.id)).toBe(1);
    expect(await count(invoices, m.user.id)).toBe(1);
    const courses = await get(app, `/lms/user/courses/${m.user.id}`, { token: m.token });
    expect(courses.body.items.map((c: { course: { id: string } }) => c.course.id)).toEqual(['pcos-basics']);
    // back in the first tab (in Arabic): the same order, its courses named in her language; a
    // third key is told she owns it
    const again = await post(
      app,
      '/course-purchase/enroll-multiple',
      { ...PCOS, paymentMethodId: slow },
      { token: m.token, headers: { 'idempotency-key': key, 'accept-language': 'ar' } },
    );
    expect(again.status).toBe(201);
    expect(again.body.order.courses[0].title).toMatch(/[\u0600-\u06FF]/);
    expectEnvelope(
      await buy(twin, m.token, newKey(), { ...PCOS, paymentMethodId: fast }),
      'COURSE_ALREADY_OWNED',
    );
    expect(await chargesOf(m.user.id)).toHaveLength(1);
  }, 60_000);

  it('a payment left at her bank past the wait: another tab may pay; the late approval is refunded, never a second order', async () => {
    const m = await registerMember(app);
    const slow = await addCard(app, m.token, CARDS.challenge);
    const fast = await addCard(app, m.token, CARDS.success);
    const key = newKey();
    const pending = await buy(app, m.token, key, { ...PCOS, paymentMethodId: slow });
    clock.advance(IN_FLIGHT_MS + M);
    expect((await buy(twin, m.token, newKey(), { ...PCOS, paymentMethodId: fast })).status).toBe(201);
    await approve(app, m.token, pending.body.challengeId);
    expect(await count(orders, m.user.id)).toBe(1);
    const late = (await chargesOf(m.user.id)).find((c) => c.paymentMethodId === slow)!;
    expect(late.refunded).toBe(late.amount);
    expectEnvelope(await buy(app, m.token, key, { ...PCOS, paymentMethodId: slow }), 'COURSE_ALREADY_OWNED');
    clock.set(START);
  }, 60_000);

  it('a tab closed after her bank approved a consultation: the booking is confirmed and invoiced on the server', async () => {
    const m = await registerMember(app);
    const card = await addCard(app, m.token, CARDS.challenge);
    const id = await paidHold(app, m.token);
    const c = await confirm(app, m.token, id, newKey(), card);
    expect(c.status).toBe(202);
    await approve(app, m.token, c.body.challengeId);
    const mine = await get(app, '/consultations', { token: m.token });
    const booking = mine.body.upcoming.find((b: { id: string }) => b.id === id);
    expect(booking.status).toBe('confirmed');
    expect(booking.invoice).not.toBeNull();
  }, 60_000);

  it('the completion event lost: the reconciliation pass finishes her order, and refunds a charge no order took', async () => {
    // the app charges through its own sandbox, whose completion never reaches anyone (a lost webhook)
    const deaf = { ...createSandboxProvider({ database: db, clock }), onSucceeded() {} };
    const lost = appWithProvider(db, clock, deaf);
    const m = await registerMember(lost);
    const card = await addCard(lost, m.token, CARDS.challenge);
    const pending = await buy(lost, m.token, newKey(), { ...PCOS, paymentMethodId: card });
    await approve(lost, m.token, pending.body.challengeId);
    expect(await count(orders, m.user.id)).toBe(0);
    expect((await lost.completion.reconcile()).continued).toBe(0); // too recent: she may still ask
    clock.advance(RECONCILE_AFTER_MS + M);
    expect((await lost.completion.reconcile()).continued).toBeGreaterThanOrEqual(1);
    expect(await count(orders, m.user.id)).toBe(1);
    expect(await count(invoices, m.user.id)).toBe(1);

    // a consultation whose bank answered only after the request was given up: refunded in full
    const n = await registerMember(lost);
    const nCard = await addCard(lost, n.token, CARDS.challenge);
    const id = await paidHold(lost, n.token, 'maya-khoury');
    const key = newKey();
    const c = await confirm(lost, n.token, id, key, nCard);
    expect(c.status).toBe(202);
    clock.advance(ABANDON_AFTER_MS + M);
    expect((await lost.completion.reconcile()).abandoned).toBeGreaterThanOrEqual(1);
    await approve(lost, n.token, c.body.challengeId);
    clock.advance(RECONCILE_AFTER_MS + M);
    expect((await lost.completion.reconcile()).refunded).toBeGreaterThanOrEqual(1);
    const [charge] = await chargesOf(n.user.id);
    expect(charge.refunded).toBe(charge.amount);
    expectEnvelope(await confirm(lost, n.token, id, key, nCard), 'PAYMENT_FAILED');
    // a second pass changes nothing
    const again = await lost.completion.reconcile();
    expect(again.refunded).toBe(0);
    expect((await chargesOf(n.user.id))[0].refunded).toBe(charge.amount);
    clock.set(START);
  }, 60_000);

  it('two tabs confirming one booking with two keys: one charge, the other told it is booked', async () => {
    const m = await registerMember(app);
    const pm = await addCard(app, m.token, CARDS.success);
    const id = await paidHold(app, m.token, 'dalia-sabbagh');
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) => confirm(i % 2 ? twin : app, m.token, id, newKey(), pm)),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 201)) expectEnvelope(r, 'BOOKING_NOT_PAYABLE');
    expect(await chargesOf(m.user.id)).toHaveLength(1);
  }, 60_000);

  it('ten parallel cancels of one paid booking: ten identical answers, one refund, one credit note', async () => {
    const m = await registerMember(app);
    const pm = await addCard(app, m.token, CARDS.success);
    const id = await paidHold(app, m.token, 'rana-aziz');
    const paid = await post(
      app,
      `/consultations/${id}/confirm`,
      {
        paymentMethodId: pm,
        details: { firstName: 'Mariam', lastName: 'Qasimi', dateOfBirth: '1990-04-21' },
      },
      { token: m.token, headers: { 'idempotency-key': newKey() } },
    );
    expect(paid.status, paid.text).toBe(201);
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(i % 2 ? twin : app, `/consultations/${id}/cancel`, {}, { token: m.token }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
    for (const r of replies) expect(r.body.refund).toEqual(replies[0].body.refund);
    expect(replies[0].body.refund.percent).toBe(100);
    const [charge] = await chargesOf(m.user.id);
    const refunds = await db.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.chargeId, charge.id));
    expect(refunds).toHaveLength(1);
    expect(await db.db.select().from(creditNotes).where(eq(creditNotes.bookingId, id))).toHaveLength(1);
  }, 60_000);
});
