/**
 * Buying courses on whichever database this run uses: the quote, promo codes (every reason, the
 * menopause code's end by moving the clock, any case, Arabic-Indic digits), the sandbox card and its
 * challenge, enroll-multiple (paid, challenge, declines, refused before any charge, a 0 total without
 * the provider, idempotency), invoices (list, 403, PDF) and that no card number reaches a log line.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS as CARDS } from '../../contract/commerce-rules.ts';
import { ContentError, loadContent, readContent } from '../../server/content/loader.ts';
import { couponRedemptions, coupons, sandboxCharges, sandboxRefunds } from '../../server/db/schema.ts';
import { SNAPSHOT_TTL_MS } from '../../server/domain/learning-catalogue.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import { createLogger } from '../../server/lib/log.ts';
import {
  addCard,
  buy,
  card,
  cheapHasher,
  expectEnvelope,
  get,
  newKey,
  post,
  registerMember,
  testApp,
  totalFor,
} from './helpers.ts';
import { setupTestDb, usingPostgres } from './test-db.ts';

const NOW = Date.UTC(2026, 10, 23, 12); // 2026-11-23 12:00 UTC, "today"
const clock = new ManualClock(NOW);
const { db, app } = await setupTestDb({ clock });

const FIXTURES = fileURLToPath(new URL('./fixtures/content', import.meta.url));
const PCOS = 'pcos-basics'; // 3200
const MENOPAUSE = 'menopause-care'; // 4500
const PREGNANCY = 'pregnancy-care'; // 6500, sale 5200
const FREE = 'intimate-health';

async function chargesOf(userId: string) {
  return db.db.select().from(sandboxCharges).where(eq(sandboxCharges.userId, userId));
}

/** A coupon straight into the table (the content file holds the two real ones). */
async function addCoupon(code: string, terms: Partial<typeof coupons.$inferInsert> = {}) {
  await db.db.insert(coupons).values({
    code,
    kind: 'percent',
    value: 20,
    courseIds: null,
    active: true,
    hash: 'test',
    ...terms,
  });
}

const check = (code: string, courseIds: string[], token?: string) =>
  post(app, '/course-purchase/validate-coupon', { code, courseIds }, { token });

describe(`buying on ${usingPostgres() ? 'PostgreSQL' : 'PGlite'}: quote`, () => {
  it('prices from the server: effective prices, VAT 5 % half up, missing and free lines', async () => {
    const r = await post(app, '/course-purchase/quote', {
      courseIds: [PCOS, PREGNANCY, FREE, 'no-such-course'],
    });
    expect(r.status).toBe(200);
    expect(r.body.missing).toEqual(['no-such-course']);
    const byId = Object.fromEntries(r.body.lines.map((l: { courseId: string }) => [l.courseId, l]));
    expect(byId[PREGNANCY]).toMatchObject({
      price: 6500,
      sale_price: 5200,
      amount: 5200,
      owned: false,
      free: false,
    });
    expect(byId[FREE]).toMatchObject({ amount: 0, free: true });
    // 3200 + 5200 = 8400; VAT 420
    expect(r.body.totals).toEqual({ subtotal: 8400, discount: 0, vat: 420, total: 8820 });
    expect(r.body).toMatchObject({ currency: 'USD', vatPercent: 5, coupon: null, couponError: null });
  });

  it('titles follow Accept-Language; a bad code leaves the totals without it and says why', async () => {
    const r = await post(
      app,
      '/course-purchase/quote',
      { courseIds: [PCOS], code: 'NOPE' },
      { headers: { 'accept-language': 'ar' } },
    );
    expect(r.body.lines[0].title).toMatch(/[\u0600-\u06FF]/);
    expect(r.body.couponError).toBe('COUPON_UNKNOWN');
    expect(r.body.totals.total).toBe(3360);
  });

  it('an empty cart or bad ids → 400 with field codes, never 500', async () => {
    const empty = await post(app, '/course-purchase/quote', { courseIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fieldCodes).toEqual({ courseIds: 'CART_EMPTY' });
    for (const body of [{}, { courseIds: 'x' }, { courseIds: ['Bad Id'] }, { courseIds: [PCOS], code: 5 }]) {
      const r = await post(app, '/course-purchase/quote', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expectEnvelope(r, 'VALIDATION_ERROR');
    }
  });
});

describe('promo codes', () => {
  it('WELCOME10: any case, spaces, Arabic-Indic digits; 10 % of the eligible lines', async () => {
    for (const code of ['WELCOME10', 'welcome10', ' Welcome 10 ', 'welcome١٠', 'WELCOME۱۰']) {
      const r = await check(code, [PCOS, PREGNANCY]);
      expect(r.status, code).toBe(200);
      expect(r.body.coupon).toEqual({ code: 'WELCOME10', kind: 'percent', value: 10, discount: 840 });
      // (8400 − 840) × 5 % = 378
      expect(r.body.quote.totals).toEqual({ subtotal: 8400, discount: 840, vat: 378, total: 7938 });
    }
  });

  it('unknown → 409 COUPON_UNKNOWN; not for these courses → 409 COUPON_NOT_APPLICABLE', async () => {
    const unknown = await check('NOPE', [PCOS]);
    expect(unknown.status).toBe(409);
    expectEnvelope(unknown, 'COUPON_UNKNOWN');
    const other = await check('menopause', [PCOS], undefined);
    expect(other.status).toBe(409);
    expectEnvelope(other, 'COUPON_NOT_APPLICABLE');
    const ar = await post(
      app,
      '/course-purchase/validate-coupon',
      { code: 'NOPE', courseIds: [PCOS] },
      { headers: { 'accept-language': 'ar' } },
    );
    expect(ar.body.error.message).toMatch(/[\u0600-\u06FF]/);
  });

  it('not started yet → 409 COUPON_NOT_STARTED; used up → 409 COUPON_USED_UP', async () => {
    await addCoupon('LATER', { startsAt: new Date(Date.UTC(2027, 0, 1)) });
    expectEnvelope(await check('later', [PCOS]), 'COUPON_NOT_STARTED');
    await addCoupon('ONCEONLY', { maxRedemptions: 1 });
    const first = await registerMember(app);
    const pm = await addCard(app, first.token, CARDS.success);
    const total = await totalFor(app, [PCOS], 'ONCEONLY');
    const paid = await buy(app, first.token, newKey(), {
      courseIds: [PCOS],
      code: 'onceonly',
      paymentMethodId: pm,
      expectedTotal: total,
    });
    expect(paid.status).toBe(201);
    const r = await check('ONCEONLY', [PCOS]);
    expect(r.status).toBe(409);
    expectEnvelope(r, 'COUPON_USED_UP');
  });

  it('WELCOME10 once per member: 409 COUPON_ALREADY_USED for her, still fine for a visitor', async () => {
    const m = await registerMember(app);
    const pm = await addCard(app, m.token, CARDS.success);
    const total = await totalFor(app, [PCOS], 'WELCOME10');
    expect(total).toBe(3024); // 3200 − 320 = 2880, + 144 VAT
    const paid = await buy(app, m.token, newKey(), {
      courseIds: [PCOS],
      code: 'WELCOME10',
      paymentMethodId: pm,
      expectedTotal: total,
    });
    expect(paid.status).toBe(201);
    expect(paid.body.order.coupon).toBe('WELCOME10');
    const again = await check('welcome10', [MENOPAUSE], m.token);
    expect(again.status).toBe(409);
    expectEnvelope(again, 'COUPON_ALREADY_USED');
    expect((await check('welcome10', [MENOPAUSE])).status).toBe(200);
    // and the purchase refuses it before any charge
    const before = (await chargesOf(m.user.id)).length;
    const refused = await buy(app, m.token, newKey(), {
      courseIds: [MENOPAUSE],
      code: 'WELCOME10',
      paymentMethodId: pm,
      expectedTotal: 4253,
    });
    expectEnvelope(refused, 'COUPON_ALREADY_USED');
    expect((await chargesOf(m.user.id)).length).toBe(before);
  });

  it('guessing codes: the quote and the code check share a per-address limit (429)', async () => {
    const limited = testApp({
      db,
      clock,
      hasher: cheapHasher(),
      config: { rateLimit: { limit: 3, windowMs: 60_000 } },
    });
    const statuses: number[] = [];
    for (const code of ['A1B2', 'C3D4', 'E5F6', 'G7H8'])
      statuses.push(
        (await post(limited, '/course-purchase/validate-coupon', { code, courseIds: [PCOS] })).status,
      );
    statuses.push((await post(limited, '/course-purchase/quote', { courseIds: [PCOS], code: 'X' })).status);
    expect(statuses).toEqual([409, 409, 409, 429, 429]);
  });

  it('MENOPAUSE: the course free on 14 December, up to 15 December 23:59:59 Riyadh, expired on 16 December', async () => {
    try {
      clock.set(Date.UTC(2026, 11, 14, 12));
      const ok = await check('menopause', [MENOPAUSE]);
      expect(ok.status).toBe(200);
      expect(ok.body.quote.totals).toEqual({ subtotal: 4500, discount: 4500, vat: 0, total: 0 });
      clock.set(Date.parse('2026-12-15T23:59:59+03:00'));
      expect((await check('MENOPAUSE', [MENOPAUSE])).status).toBe(200);
      clock.set(Date.parse('2026-12-16T00:00:00+03:00'));
      expectEnvelope(await check('MENOPAUSE', [MENOPAUSE]), 'COUPON_EXPIRED');
      clock.set(Date.UTC(2026, 11, 16, 12));
      const late = await check('MENOPAUSE', [MENOPAUSE]);
      expect(late.status).toBe(409);
      expectEnvelope(late, 'COUPON_EXPIRED');
    } finally {
      clock.set(NOW);
    }
  });
});

describe('the sandbox card', () => {
  it('keeps brand, last four and expiry; refuses bad numbers, past expiry and bad codes with field codes', async () => {
    const m = await registerMember(app);
    const ok = await post(app, '/sandbox-pay/payment-methods', card('4242 4242 4242 4242'), {
      token: m.token,
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toEqual({
      id: expect.stringMatching(/^pm_/),
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2035,
    });
    const bad = await post(
      app,
      '/sandbox-pay/payment-methods',
      card('4242424242424241', { expiry: '10/26', cvc: '12' }),
      { token: m.token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fieldCodes).toEqual({
      number: 'CARD_NUMBER_INVALID',
      expiry: 'CARD_EXPIRED',
      cvc: 'CVC_INVALID',
    });
    expect(bad.text).not.toContain('4242424242424241');
    const shape = await post(app, '/sandbox-pay/payment-methods', { number: 42 }, { token: m.token });
    expect(shape.status).toBe(400);
    expect((await post(app, '/sandbox-pay/payment-methods', card(CARDS.success))).status).toBe(401);
  });

  it('card testing: saving cards is rate-limited per member', async () => {
    const limited = testApp({
      db,
      clock,
      hasher: cheapHasher(),
      config: { cardRateLimit: { limit: 3, windowMs: 60_000 } },
    });
    const m = await registerMember(limited);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await post(limited, '/sandbox-pay/payment-methods', card(CARDS.declined), { token: m.token }))
          .status,
      );
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });

  it('a challenge is only hers: another member → 403, unknown → 404', async () => {
    const m = await registerMember(app);
    const other = await registerMember(app);
    const pm = await addCard(app, m.token, CARDS.challenge);
    const r = await buy(app, m.token, newKey(), {
      courseIds: [PCOS],
      paymentMethodId: pm,
      expectedTotal: 3360,
    });
    expect(r.status).toBe(202);
    expect(
      (await get(app, `/sandbox-pay/challenges/${r.body.challengeId}`, { token: other.token })).status,
    ).toBe(403);
    expect(
      (
        await post(
          app,
          `/sandbox-pay/challenges/${r.body.challengeId}`,
          { decision: 'approve' },
          { token: other.token },
        )
      ).status,
    ).toBe(403);
    expect((await get(app, '/sandbox-pay/challenges/chl_nothing', { token: m.token })).status).toBe(404);
    const mine = await get(app, `/sandbox-pay/challenges/${r.body.challengeId}`, { token: m.token });
    expect(mine.body).toMatchObject({
      status: 'pending',
      amount: 3360,
      currency: 'USD',
      brand: 'visa',
      last4: '3220',
    });
  });
});

describe('enroll-multiple', () => {
  it('pays, enrols, issues the invoice; the same key and body give the same answer, another body 422', async () => {
    const m = await registerMember(app);
    const pm = await addCard(app, m.token, CARDS.success);
    const key = newKey();
    const body = { courseIds: [PCOS, PREGNANCY], paymentMethodId: pm, expectedTotal: 8820 };
    const r = await buy(app, m.token, key, body);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      status: 'paid',
      order: {
        coupon: null,
        totals: { subtotal: 8400, discount: 0, vat: 420, total: 8820 },
        paidWith: { brand: 'visa', last4: '4242' },
      },
      invoice: { number: expect.stringMatching(/^INV-2026-\d{6}$/) },
    });
    expect(r.body.order.courses.map((c: { id: string }) => c.id)).toEqual([PCOS, PREGNANCY]);
    const again = await buy(app, m.token, key, { ...body, courseIds: [PREGNANCY, PCOS] });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(r.body);
    const reused = await buy(app, m.token, key, { ...body, courseIds: [PCOS], expectedTotal: 3360 });
    expect(reused.status).toBe(422);
    expectEnvelope(reused, 'IDEMPOTENCY_KEY_REUSED');
    const charges = await chargesOf(m.user.id);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ amount: 8820, status: 'succeeded' });
    const courses = await get(app, `/lms/user/courses/${m.user.id}`, { token: m.token });
    expect(courses.body.items.map((i: { enrolment: { source: string } }) => i.enrolment.source)).toEqual([
      'purchase',
      'purchase',
    ]);
    // owned now: refused before any charge, with a new key
    const owned = await buy(app, m.token, newKey(), {
      courseIds: [PCOS],
      paymentMethodId: pm,
      expectedTotal: 3360,
    });
    expect(owned.status).toBe(409);
    expectEnvelope(owned, 'COURSE_ALREADY_OWNED');
    expect(await chargesOf(m.user.id)).toHaveLength(1);
    const q = await post(app, '/course-purchase/quote', { courseIds: [PCOS, MENOPAUSE] }, { token: m.token });
    expect(q.body.lines.map((l: { owned: boolean }) => l.owned)).toEqual([true, false]);
    expect(q.body.totals.total).toBe(4725);
  });

  it('refuses before any charge: free course, unknown course, changed price, no key, no payment method', async () => {
    const m = await registerMember(app);
    const pm = await addCard(app, m.token, CARDS.success);
    const cases: [Record<string, unknown>, string | null, number, string][] = [
      [{ courseIds: [FREE], paymentMethodId: pm, expectedTotal: 0 }, newKey(), 409, 'COURSE_IS_FREE'],
      [
        { courseIds: ['no-such-course'], paymentMethodId: pm, expectedTotal: 0 },
        newKey(),
        404,
        'COURSE_NOT_FOUND',
      ],
      [{ courseIds: [PCOS], paymentMethodId: pm, expectedTotal: 3200 }, newKey(), 409, 'PRICE_CHANGED'],
      [
        { courseIds: [PCOS], paymentMethodId: pm, expectedTotal: 3360 },
        null,
        400,
        'IDEMPOTENCY_KEY_REQUIRED',
      ],
      [
        { courseIds: [PCOS], paymentMethodId: pm, expectedTotal: 3360 },
        'short',
        400,
        'IDEMPOTENCY_KEY_REQUIRED',
      ],
      [{ courseIds: [PCOS], expectedTotal: 3360 }, newKey(), 400, 'VALIDATION_ERROR'],
      [{ courseIds: [PCOS], paymentMethodId: pm, expectedTotal: -1 }, newKey(), 400, 'VALIDATION_ERROR'],
      [{ courseIds: [PCOS], paymentMethodId: pm, expectedTotal: 33.6 }, newKey(), 400, 'VALIDATION_ERROR'],
    ];
    for (const [body, key, status, code] of cases) {
      const r = await buy(app, m.token, key, body);
      expect(r.status, code).toBe(status);
      expectEnvelope(r, code);
    }
    expect(await chargesOf(m.user.id)).toHaveLength(0);
    expect((await buy(app, '', newKey(), { courseIds: [PCOS], expectedTotal: 3360 })).status).toBe(401);
    // PRICE_CHANGED does not use up the key: the same key with the right total pays
    const key = newKey();
    expectEnvelope(
      await buy(app, m.token, key, { courseIds: [PCOS], paymentMethodId: pm, expectedTotal: 1 }),
      'PRICE_CHANGED',
    );
    expect(
      (await buy(app, m.token, key, { courseIds: [PCOS], paymentMethodId: pm, expectedTotal: 3360 })).status,
    ).toBe(201);
  });

  it('declines and failures are final for their key, with the reason, in her language', async () => {
    const m = await registerMember(app);
    const cases: [string, number, string, string | undefined][] = [
      [CARDS.declined, 402, 'PAYMENT_DECLINED', 'card_declined'],
      [CARDS.insufficientFunds, 402, 'PAYMENT_DECLINED', 'insufficient_funds'],
      [CARDS.processingError, 402, 'PAYMENT_FAILED', undefined],
      ['4111111111111111', 402, 'PAYMENT_DECLINED', 'card_declined'], // Luhn-valid, not a test card
    ];
    for (const [number, status, code, reason] of cases) {
      const pm = await addCard(app, m.token, number);
      const key = newKey();
      const body = { courseIds: [MENOPAUSE], paymentMethodId: pm, expectedTotal: 4725 };
      const r = await buy(app, m.token, key, body);
      expect(r.status, number).toBe(status);
      expectEnvelope(r, code);
      expect(r.body.error.reason).toBe(reason);
      const again = await post(app, '/course-purchase/enroll-multiple', body, {
        token: m.token,
        headers: { 'idempotency-key': key, 'accept-language': 'ar' },
      });
      expect(again.status).toBe(status);
      expect(again.body.error.reason).toBe(reason);
      expect(again.body.error.message).toMatch(/[\u0600-\u06FF]/);
    }
    // one charge per attempt, none of them taken; no course
    const charges = await chargesOf(m.user.id);
    expect(charges.map((c) => c.status).sort()).toEqual(['declined', 'declined', 'declined', 'failed']);
    const courses = await get(app, `/lms/user/courses/${m.user.id}`, { token: m.token });
    expect(courses.body.items).toEqual([]);
    // a card that is not hers
    const other = await registerMember(app);
    const theirs = await addCard(app, other.token, CARDS.success);
    const stolen = await buy(app, m.token, newKey(), {
      courseIds: [MENOPAUSE],
      paymentMethodId: theirs,
      expectedTotal: 4725,
    });
    expect(stolen.status).toBe(400);
    expectEnvelope(stolen, 'PAYMENT_METHOD_INVALID');
  });

  it('a challenge: 202 until decided; approve → the same key pays once; deny → 402 challenge_failed', async () => {
    const m = await registerMember(app);
    const pm = await addCard(app, m.token, CARDS.challenge);
    const key = newKey();
    const body = { courseIds: [PCOS], paymentMethodId: pm, expectedTotal: 3360 };
    const first = await buy(app, m.token, key, body);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({
      status: 'challenge',
      challengeId: expect.stringMatching(/^chl_/),
      amount: 3360,
    });
    expect((await buy(app, m.token, key, body)).body).toEqual(first.body);
    const approved = await post(
      app,
      `/sandbox-pay/challenges/${first.body.challengeId}`,
      { decision: 'approve' },
      { token: m.token },
    );
    expect(approved.body.status).toBe('approved');
    const paid = await buy(app, m.token, key, body);
    expect(paid.status).toBe(201);
    expect(paid.body.order.paidWith).toEqual({ brand: 'visa', last4: '3220' });
    expect((await buy(app, m.token, key, body)).body).toEqual(paid.body);
    // the first decision stands
    const late = await post(
      app,
      `/sandbox-pay/challenges/${first.body.challengeId}`,
      { decision: 'deny' },
      { token: m.token },
    );
    expect(late.body.status).toBe('approved');
    expect(await chargesOf(m.user.id)).toHaveLength(1);

    const key2 = newKey();
    const body2 = { courseIds: [MENOPAUSE], paymentMethodId: pm, expectedTotal: 4725 };
    const second = await buy(app, m.token, key2, body2);
    expect(second.status).toBe(202);
    await post(
      app,
      `/sandbox-pay/challenges/${second.body.challengeId}`,
      { decision: 'deny' },
      { token: m.token },
    );
    const denied = await buy(app, m.token, key2, body2);
    expect(denied.status).toBe(402);
    expectEnvelope(denied, 'PAYMENT_DECLINED');
    expect(denied.body.error.reason).toBe('challenge_failed');
  });

  it('a 0 total (MENOPAUSE before 16 December) skips the provider and needs no card', async () => {
    const m = await registerMember(app);
    const r = await buy(app, m.token, newKey(), {
      courseIds: [MENOPAUSE],
      code: 'Menopause',
      expectedTotal: 0,
    });
    expect(r.status).toBe(201);
    expect(r.body.order).toMatchObject({
      coupon: 'MENOPAUSE',
      totals: { subtotal: 4500, discount: 4500, vat: 0, total: 0 },
      paidWith: null,
    });
    expect(await chargesOf(m.user.id)).toHaveLength(0);
    const list = await get(app, `/billing/list/${m.user.id}`, { token: m.token });
    expect(list.body.items[0]).toMatchObject({ number: r.body.invoice.number, total: 0 });
  });

  it('a code used up between the claim and the payment: the charge is refunded and the code error answered', async () => {
    await addCoupon('LASTONE', { maxRedemptions: 1 });
    const slow = await registerMember(app);
    const fast = await registerMember(app);
    const slowPm = await addCard(app, slow.token, CARDS.challenge);
    const fastPm = await addCard(app, fast.token, CARDS.success);
    const total = await totalFor(app, [PCOS], 'LASTONE');
    const key = newKey();
    const body = { courseIds: [PCOS], code: 'LASTONE', paymentMethodId: slowPm, expectedTotal: total };
    const pending = await buy(app, slow.token, key, body);
    expect(pending.status).toBe(202);
    expect((await buy(app, fast.token, newKey(), { ...body, paymentMethodId: fastPm })).status).toBe(201);
    await post(
      app,
      `/sandbox-pay/challenges/${pending.body.challengeId}`,
      { decision: 'approve' },
      { token: slow.token },
    );
    const r = await buy(app, slow.token, key, body);
    expect(r.status).toBe(409);
    expectEnvelope(r, 'COUPON_USED_UP');
    const [charge] = await chargesOf(slow.user.id);
    expect(charge).toMatchObject({ status: 'succeeded', amount: total, refunded: total });
    const refunds = await db.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.chargeId, charge.id));
    expect(refunds).toHaveLength(1);
    expect((await buy(app, slow.token, key, body)).status).toBe(409);
    const [{ n }] = await db.db
      .select({ n: count() })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponCode, 'LASTONE')));
    expect(n).toBe(1);
  });
});

describe('invoices', () => {
  it('her list, newest first and paged; 403 for another member; the PDF, 403 and 404', async () => {
    const m = await registerMember(app);
    const other = await registerMember(app);
    const pm = await addCard(app, m.token, CARDS.success);
    const numbers: string[] = [];
    for (const id of [PCOS, MENOPAUSE, PREGNANCY]) {
      const total = await totalFor(app, [id]);
      clock.advance(60_000);
      const r = await buy(app, m.token, newKey(), {
        courseIds: [id],
        paymentMethodId: pm,
        expectedTotal: total,
      });
      expect(r.status).toBe(201);
      numbers.push(r.body.invoice.number);
    }
    const seq = numbers.map((n) => Number(n.slice(-6)));
    expect(seq[1]).toBeGreaterThan(seq[0]);
    expect(seq[2]).toBeGreaterThan(seq[1]);
    const page = await get(app, `/billing/list/${m.user.id}?page=1&limit=2`, {
      token: m.token,
      headers: { 'accept-language': 'ar' },
    });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ page: 1, limit: 2, total: 3, totalPages: 2 });
    expect(page.body.items.map((i: { number: string }) => i.number)).toEqual([numbers[2], numbers[1]]);
    expect(page.body.items[0]).toMatchObject({ total: 5460, currency: 'USD', items: [{ id: PREGNANCY }] });
    expect(page.body.items[0].items[0].title).toMatch(/[\u0600-\u06FF]/);
    const forbidden = await get(app, `/billing/list/${m.user.id}`, { token: other.token });
    expect(forbidden.status).toBe(403);
    expectEnvelope(forbidden, 'FORBIDDEN');
    expect((await get(app, `/billing/list/${m.user.id}`)).status).toBe(401);
    expectEnvelope(
      await get(app, `/billing/list/${m.user.id}?page=0`, { token: m.token }),
      'VALIDATION_ERROR',
    );

    const invoiceId = page.body.items[0].id;
    const theirs = await post(app, '/billing/generate-invoice', { invoiceId }, { token: other.token });
    expect(theirs.status).toBe(403);
    expectEnvelope(theirs, 'FORBIDDEN');
    const unknown = await post(
      app,
      '/billing/generate-invoice',
      { invoiceId: '00000000-0000-4000-8000-000000000000' },
      { token: m.token },
    );
    expect(unknown.status).toBe(404);
    expectEnvelope(unknown, 'INVOICE_NOT_FOUND');
    expectEnvelope(
      await post(app, '/billing/generate-invoice', { invoiceId: 'x' }, { token: m.token }),
      'VALIDATION_ERROR',
    );
    const pdf = await app.request(
      '/api/billing/generate-invoice',
      {
        method: 'POST',
        headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ invoiceId, language: 'ar' }),
      },
      { incoming: { socket: { remoteAddress: '203.0.113.7' } } },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="${numbers[2]}.pdf"`);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  }, 60_000);
});

describe('a stale token on the quote', () => {
  it('reads as a visitor (no owned flags), never 401', async () => {
    const r = await post(app, '/course-purchase/quote', { courseIds: [PCOS] }, { token: 'not-a-live-token' });
    expect(r.status).toBe(200);
    expect(r.body.lines[0].owned).toBe(false);
  });
});

describe('the API reference', () => {
  it('lists the buying, billing and sandbox endpoints', async () => {
    const doc = await get(app, '/openapi.json');
    expect(doc.status).toBe(200);
    for (const path of [
      '/course-purchase/quote',
      '/course-purchase/validate-coupon',
      '/course-purchase/enroll-multiple',
      '/sandbox-pay/payment-methods',
      '/sandbox-pay/challenges/{id}',
      '/billing/list/{userId}',
      '/billing/generate-invoice',
    ])
      expect(Object.keys(doc.body.paths), path).toContain(`/api${path}`);
    expect((await get(app, '/docs')).status).toBe(200);
  });
});

describe('no card number in any log line', () => {
  it('saving cards (good and bad), paying, declines, malformed bodies: the digits never reach the logger', async () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', out: (l) => lines.push(l), err: (l) => lines.push(l) });
    const logged = testApp({ db, clock, hasher: cheapHasher(), logger });
    const m = await registerMember(logged);
    const numbers = [CARDS.success, CARDS.declined, CARDS.challenge, '4111111111111111', '4242424242424241'];
    for (const number of numbers) {
      await post(logged, '/sandbox-pay/payment-methods', card(number), { token: m.token });
      await post(logged, '/sandbox-pay/payment-methods', card(number, { cvc: '98765', expiry: 'soon' }), {
        token: m.token,
      });
      await post(logged, '/sandbox-pay/payment-methods', card(number, { extra: { number } }), {
        token: m.token,
      });
      await post(logged, '/sandbox-pay/payment-methods', undefined, {
        token: m.token,
        body: `{"number":"${number}",`,
        headers: { 'content-type': 'application/json' },
      });
    }
    const pm = await addCard(logged, m.token, CARDS.declined);
    await buy(logged, m.token, newKey(), { courseIds: [PCOS], paymentMethodId: pm, expectedTotal: 3360 });
    expect(lines.length).toBeGreaterThan(20);
    const all = lines.join('\n');
    for (const number of numbers) {
      expect(all).not.toContain(number);
      expect(all).not.toContain(number.slice(0, 12));
    }
    expect(all).not.toContain('98765');
  });
});

// last: this loads other content into the file's database (the real courses are unpublished after it)
describe('promo codes as content (coupons.json)', () => {
  it('a code for an unknown course is refused with file and problem; a code gone from the file stops working', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'amina-coupons-'));
    try {
      cpSync(FIXTURES, dir, { recursive: true });
      const file = (coupons: unknown[]) =>
        writeFileSync(join(dir, 'coupons.json'), JSON.stringify({ coupons }));
      const entry = {
        code: 'FIXTURE5',
        kind: 'amount',
        value: 500,
        courses: ['fixture-paid'],
        starts_at: null,
        ends_at: null,
        max_redemptions: null,
        per_member_limit: null,
      };
      file([
        { ...entry, courses: ['no-such-course'] },
        { ...entry, code: 'lower', value: 0 },
      ]);
      let problems: string[] = [];
      try {
        readContent(dir);
      } catch (e) {
        if (e instanceof ContentError) problems = e.problems;
      }
      expect(problems).toContain('coupons.json: coupons.0.courses: no course "no-such-course" in courses/');
      expect(problems.some((p) => p.startsWith('coupons.json: coupons.1.code:'))).toBe(true);
      expect(problems.some((p) => p.startsWith('coupons.json: coupons.1.value:'))).toBe(true);

      file([entry]);
      expect((await check('WELCOME10', [PCOS])).status).toBe(200);
      const report = await loadContent(db.db, dir);
      // the app reads the catalogue through a snapshot of SNAPSHOT_TTL_MS (real time): let the one the
      // WELCOME10 check just took run out, as a server started on the new content would never have it
      await new Promise((r) => setTimeout(r, SNAPSHOT_TTL_MS + 50));
      expect(report.coupons.written).toBe(1);
      expect(report.coupons.removed).toBeGreaterThanOrEqual(2);
      expectEnvelope(await check('welcome10', ['fixture-paid']), 'COUPON_UNKNOWN');
      const ok = await check('fixture5', ['fixture-paid']);
      expect(ok.status).toBe(200);
      expect(ok.body.coupon).toMatchObject({ code: 'FIXTURE5', kind: 'amount', discount: 500 });
      expect((await loadContent(db.db, dir)).changed).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
