/**
 * Buying under concurrency, on whichever database this run uses (PGlite: one connection, its
 * transactions serialised; PostgreSQL: real parallel transactions and row locks):
 * - 20 identical requests with one Idempotency-Key → one charge, one order, 20 identical answers;
 * - 20 members buying at once → invoice numbers 1..20, gapless;
 * - 12 members racing for a code with 5 uses → exactly 5 redemptions, the others refunded.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS as CARDS, invoiceNumber } from '../../contract/commerce-rules.ts';
import { coupons, invoices, orders, sandboxCharges } from '../../server/db/schema.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import { addCard, buy, cheapHasher, newKey, registerMember, totalFor } from './helpers.ts';
import { setupTestDb, usingPostgres } from './test-db.ts';

const clock = new ManualClock(Date.UTC(2026, 10, 23, 12));
const { db, app } = await setupTestDb({ clock, hasher: cheapHasher(undefined, 8) });

const members = (n: number) => Promise.all(Array.from({ length: n }, () => registerMember(app)));

describe(`concurrent purchases on ${usingPostgres() ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('20 parallel requests with one key: one charge, one order, one invoice, the same answer 20 times', async () => {
    const [m] = await members(1);
    const pm = await addCard(app, m.token, CARDS.success);
    const key = newKey();
    const body = { courseIds: ['pcos-basics', 'pregnancy-care'], paymentMethodId: pm, expectedTotal: 8820 };
    const replies = await Promise.all(Array.from({ length: 20 }, () => buy(app, m.token, key, body)));
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(201));
    for (const r of replies) expect(r.body).toEqual(replies[0].body);
    expect(
      await db.db.select().from(sandboxCharges).where(eq(sandboxCharges.userId, m.user.id)),
    ).toHaveLength(1);
    expect(await db.db.select().from(orders).where(eq(orders.userId, m.user.id))).toHaveLength(1);
    expect(await db.db.select().from(invoices).where(eq(invoices.userId, m.user.id))).toHaveLength(1);
  }, 60_000);

  it('20 parallel requests with one key through a challenge: one charge and one order after approval', async () => {
    const [m] = await members(1);
    const pm = await addCard(app, m.token, CARDS.challenge);
    const key = newKey();
    const body = { courseIds: ['menopause-care'], paymentMethodId: pm, expectedTotal: 4725 };
    const first = await Promise.all(Array.from({ length: 20 }, () => buy(app, m.token, key, body)));
    expect(first.map((r) => r.status)).toEqual(Array(20).fill(202));
    expect(new Set(first.map((r) => r.body.challengeId)).size).toBe(1);
    const { post } = await import('./helpers.ts');
    await post(
      app,
      `/sandbox-pay/challenges/${first[0].body.challengeId}`,
      { decision: 'approve' },
      { token: m.token },
    );
    const paid = await Promise.all(Array.from({ length: 20 }, () => buy(app, m.token, key, body)));
    expect(paid.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(paid.map((r) => r.body.order.id)).size).toBe(1);
    expect(
      await db.db.select().from(sandboxCharges).where(eq(sandboxCharges.userId, m.user.id)),
    ).toHaveLength(1);
    expect(await db.db.select().from(orders).where(eq(orders.userId, m.user.id))).toHaveLength(1);
  }, 60_000);

  it('20 members buying at once: invoice numbers gapless, one yearly sequence', async () => {
    const buyers = await members(20);
    const pms = await Promise.all(buyers.map((m) => addCard(app, m.token, CARDS.success)));
    const before = await db.db.select({ sequence: invoices.sequence }).from(invoices);
    const replies = await Promise.all(
      buyers.map((m, i) =>
        buy(app, m.token, newKey(), {
          courseIds: ['contraception-options'],
          paymentMethodId: pms[i],
          expectedTotal: 5250,
        }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numbers = replies.map((r) => r.body.invoice.number as string).sort();
    const first = before.length + 1;
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => invoiceNumber(2026, first + i)));
    const all = await db.db.select({ sequence: invoices.sequence }).from(invoices).orderBy(invoices.sequence);
    expect(all.map((r) => r.sequence)).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
    const counter = (await db.db.execute(
      sql`select last from invoice_counters where year = 2026`,
    )) as unknown as {
      rows: { last: number }[];
    };
    expect(Number(counter.rows[0].last)).toBe(all.length);
  }, 120_000);

  it('12 members racing for a code with 5 uses: exactly 5 orders use it; the others are refunded and told', async () => {
    await db.db.insert(coupons).values({
      code: 'FIVEONLY',
      kind: 'amount',
      value: 1000,
      courseIds: null,
      maxRedemptions: 5,
      active: true,
      hash: 'test',
    });
    const buyers = await members(12);
    const pms = await Promise.all(buyers.map((m) => addCard(app, m.token, CARDS.success)));
    const total = await totalFor(app, ['intimacy-communication'], 'FIVEONLY');
    const replies = await Promise.all(
      buyers.map((m, i) =>
        buy(app, m.token, newKey(), {
          courseIds: ['intimacy-communication'],
          code: 'fiveonly',
          paymentMethodId: pms[i],
          expectedTotal: total,
        }),
      ),
    );
    const ok = replies.filter((r) => r.status === 201);
    const refused = replies.filter((r) => r.status !== 201);
    expect(ok).toHaveLength(5);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe('COUPON_USED_UP');
    }
    const charges = await db.db.select().from(sandboxCharges).where(eq(sandboxCharges.amount, total));
    const refunded = charges.filter((c) => c.refunded === c.amount);
    // a charge is refunded exactly when its purchase was refused
    expect(refunded.length).toBe(refused.length);
    expect(charges.filter((c) => c.refunded === 0).length).toBe(5);
  }, 120_000);
});
