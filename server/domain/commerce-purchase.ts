/**
 * enroll-multiple: buying courses with an Idempotency-Key, crash-safe with a real external provider.
 *
 * 1. Her earlier request with this key? Another body → 422 IDEMPOTENCY_KEY_REUSED; answered
 *    (`done`) → the stored answer again; `started` → continue it with its stored plan (step 4).
 * 2. Plan: prices recomputed from the database; unknown, free and owned courses, the code and the
 *    expected total are all checked here, before anything is charged (commerce-pricing.ts).
 * 3. Claim the key: purchase_requests (member, key) in `started` with the plan, committed before
 *    the charge. Two requests racing with one key: one insert wins, both continue the same plan.
 * 4. Charge through the provider with a key derived from member + key (none when the total is 0),
 *    so every continuation reaches the same charge: a challenge answers 202 and leaves the request
 *    `started`; a decline or failure is stored as the final answer.
 * 5. One transaction: the request row locked FOR UPDATE (answered meanwhile → that answer); the
 *    coupon row locked and its limits re-checked (used up meanwhile → refund, answer the code's
 *    error); order, lines, redemption, enrolments, invoice (next number), request `done`.
 *
 * A crash anywhere leaves the claim (and maybe a charge) but either a whole order or none; a retry
 * with the same key and body continues at step 4 and the provider returns the same charge, so
 * there is exactly one charge and one order per key.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { PurchaseChallenge, PurchasePaid } from '../contract/commerce.ts';
import { type DeclineReason, normalizeCouponCode } from '../contract/commerce-rules.ts';
import type { Database, Tx } from '../db/index.ts';
import { couponRedemptions, coupons, orderLines, orders, purchaseRequests } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import type { ErrorCode, Locale } from '../lib/i18n.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { limitProblem, redemptionCounts } from './commerce-coupons.ts';
import { issueInvoice } from './commerce-invoices.ts';
import type { Plan, Pricing } from './commerce-pricing.ts';
import { enrolAfterPurchase } from './learning-enrolments.ts';

export interface PurchaseInput {
  courseIds: string[];
  code?: string | null;
  paymentMethodId?: string | null;
  expectedTotal: number;
}

export type PurchaseReply = { status: 201; body: PurchasePaid } | { status: 202; body: PurchaseChallenge };

/** What a `done` request stores: the paid body, or an error's code (and decline reason). */
type StoredBody = PurchasePaid | { error: { code: ErrorCode; reason?: DeclineReason } };

type RequestRow = typeof purchaseRequests.$inferSelect;

/** The body as compared between requests with one key: course order, code spelling and case do not matter. */
export function requestHash(body: PurchaseInput): string {
  const canonical = JSON.stringify({
    courseIds: [...body.courseIds].sort(),
    code: body.code ? normalizeCouponCode(body.code) : null,
    paymentMethodId: body.paymentMethodId ?? null,
    expectedTotal: body.expectedTotal,
  });
  return createHash('sha256').update(canonical).digest('hex');
}

/** The provider's idempotency keys for this request: one per member and key, so never shared. */
export const chargeKey = (memberId: string, key: string) => `enroll:${memberId}:${key}`;
const refundKey = (memberId: string, key: string) => `enroll-refund:${memberId}:${key}`;

/** Replays a stored answer: the paid body, or the stored error thrown again (in today's language). */
function replay(row: RequestRow): PurchaseReply {
  // jsonb written by this module only (finish / finalize below)
  const body = row.responseBody as StoredBody;
  if ('error' in body) {
    throw new ApiError(body.error.code, body.error.reason ? { reason: body.error.reason } : {});
  }
  return { status: 201, body };
}

export interface PurchaseDeps {
  database: Database;
  clock: Clock;
  provider: PaymentProvider;
  pricing: Pricing;
}

export function createPurchases({ database, clock, provider, pricing }: PurchaseDeps) {
  const { db } = database;

  const read = async (userId: string, key: string): Promise<RequestRow | undefined> =>
    (
      await db
        .select()
        .from(purchaseRequests)
        .where(and(eq(purchaseRequests.userId, userId), eq(purchaseRequests.idempotencyKey, key)))
    )[0];

  const lock = async (tx: Tx, userId: string, key: string): Promise<RequestRow> =>
    (
      await tx
        .select()
        .from(purchaseRequests)
        .where(and(eq(purchaseRequests.userId, userId), eq(purchaseRequests.idempotencyKey, key)))
        .for('update')
    )[0];

  /**
   * Stores a final error for the key and throws it; if the key was answered meanwhile, that answer
   * is given instead (the first final answer stands).
   */
  async function finishWithError(
    userId: string,
    key: string,
    status: number,
    code: ErrorCode,
    reason?: DeclineReason,
  ): Promise<PurchaseReply> {
    const answered = await database.transaction(async (tx) => {
      const row = await lock(tx, userId, key);
      if (row.state === 'done') return row;
      const body: StoredBody = { error: reason ? { code, reason } : { code } };
      await tx
        .update(purchaseRequests)
        .set({ state: 'done', responseStatus: status, responseBody: body, updatedAt: clock.now() })
        .where(and(eq(purchaseRequests.userId, userId), eq(purchaseRequests.idempotencyKey, key)));
      return null;
    });
    if (answered) return replay(answered);
    throw new ApiError(code, reason ? { reason } : {});
  }

  type Finalized =
    | { kind: 'answered'; row: RequestRow }
    | { kind: 'paid'; body: PurchasePaid }
    | { kind: 'coupon'; problem: ErrorCode };

  /** Step 5, in one transaction (see the file comment). */
  function finalize(
    member: { id: string; alias: string },
    key: string,
    plan: Plan,
    payment: { chargeId: string; brand: string; last4: string } | null,
    locale: Locale,
  ): Promise<Finalized> {
    return database.transaction(async (tx): Promise<Finalized> => {
      const row = await lock(tx, member.id, key);
      if (row.state === 'done') return { kind: 'answered', row };
      if (plan.coupon) {
        // the code's terms were agreed when the key was claimed; only its limits can have run out
        const [coupon] = await tx
          .select()
          .from(coupons)
          .where(eq(coupons.code, plan.coupon.code))
          .for('update');
        const problem = coupon
          ? limitProblem(coupon, await redemptionCounts(tx, coupon.code, member.id))
          : null;
        if (problem) return { kind: 'coupon', problem };
      }
      const now = clock.now();
      const { totals } = plan;
      const [order] = await tx
        .insert(orders)
        .values({
          userId: member.id,
          idempotencyKey: key,
          subtotal: totals.subtotal,
          discount: totals.discount,
          vat: totals.vat,
          total: totals.total,
          currency: 'USD',
          couponCode: plan.coupon?.code ?? null,
          chargeId: payment?.chargeId ?? null,
          paidBrand: payment?.brand ?? null,
          paidLast4: payment?.last4 ?? null,
          createdAt: now,
        })
        .returning({ id: orders.id });
      await tx.insert(orderLines).values(
        plan.lines.map((l, i) => ({
          orderId: order.id,
          courseId: l.courseId,
          position: i + 1,
          listPrice: l.listPrice,
          amount: l.amount,
          titles: l.titles,
        })),
      );
      if (plan.coupon) {
        await tx
          .insert(couponRedemptions)
          .values({ couponCode: plan.coupon.code, userId: member.id, orderId: order.id, redeemedAt: now });
      }
      // a course she was enrolled in meanwhile (free enrolment, another order) keeps that enrolment;
      // this order still records what she paid for
      await enrolAfterPurchase(
        tx,
        member.id,
        plan.lines.map((l) => l.courseId),
        clock,
      );
      const invoice = await issueInvoice(tx, {
        orderId: order.id,
        userId: member.id,
        alias: member.alias,
        plan,
        amountPaid: payment ? totals.total : 0,
        now,
      });
      const body: PurchasePaid = {
        status: 'paid',
        order: {
          id: order.id,
          createdAt: now.toISOString(),
          courses: plan.lines.map((l) => ({ id: l.courseId, title: l.titles[locale] })),
          coupon: plan.coupon?.code ?? null,
          totals,
          paidWith: payment ? { brand: payment.brand, last4: payment.last4 } : null,
        },
        invoice,
      };
      await tx
        .update(purchaseRequests)
        .set({ state: 'done', responseStatus: 201, responseBody: body, updatedAt: now })
        .where(and(eq(purchaseRequests.userId, member.id), eq(purchaseRequests.idempotencyKey, key)));
      return { kind: 'paid', body };
    });
  }

  /** Steps 4–5 for a claimed request. */
  async function proceed(
    member: { id: string; alias: string },
    key: string,
    plan: Plan,
    paymentMethodId: string | null,
    locale: Locale,
  ): Promise<PurchaseReply> {
    let payment: { chargeId: string; brand: string; last4: string } | null = null;
    if (plan.totals.total > 0) {
      if (!paymentMethodId) return finishWithError(member.id, key, 400, 'PAYMENT_METHOD_INVALID');
      const result = await provider.charge({
        idempotencyKey: chargeKey(member.id, key),
        memberId: member.id,
        amount: plan.totals.total,
        currency: 'USD',
        paymentMethodId,
        description: `Courses: ${plan.lines.map((l) => l.courseId).join(', ')}`,
      });
      switch (result.status) {
        case 'requires_action':
          return {
            status: 202,
            body: { status: 'challenge', challengeId: result.challengeId, amount: plan.totals.total },
          };
        case 'declined':
          return finishWithError(member.id, key, 402, 'PAYMENT_DECLINED', result.reason);
        case 'failed':
          return result.reason === 'payment_method_invalid'
            ? finishWithError(member.id, key, 400, 'PAYMENT_METHOD_INVALID')
            : finishWithError(member.id, key, 402, 'PAYMENT_FAILED');
        case 'succeeded':
          payment = { chargeId: result.chargeId, brand: result.brand, last4: result.last4 };
      }
    }
    const done = await finalize(member, key, plan, payment, locale);
    if (done.kind === 'answered') return replay(done.row);
    if (done.kind === 'paid') return { status: 201, body: done.body };
    // the code ran out between the claim and now: give the money back (idempotent: a crash
    // here and a retry refund once), then answer the code's error for good
    if (payment) {
      const refund = await provider.refund({
        idempotencyKey: refundKey(member.id, key),
        chargeId: payment.chargeId,
        amount: plan.totals.total,
      });
      if (refund.status !== 'succeeded') throw new Error(`refund failed: ${refund.reason}`);
    }
    return finishWithError(member.id, key, 409, done.problem);
  }

  return {
    async purchase(
      member: { id: string; alias: string },
      key: string,
      body: PurchaseInput,
      locale: Locale,
    ): Promise<PurchaseReply> {
      const hash = requestHash(body);
      let row = await read(member.id, key);
      if (!row) {
        let plan: Plan | undefined;
        try {
          plan = await pricing.plan(member.id, body);
        } catch (e) {
          // the same key may have been answered meanwhile (its courses are now hers): that answer wins
          row = await read(member.id, key);
          if (!row) throw e;
        }
        if (!row) {
          if (plan!.totals.total > 0 && !body.paymentMethodId)
            throw new ApiError('VALIDATION_ERROR', { fields: { paymentMethodId: 'REQUIRED' } });
          const now = clock.now();
          const [claimed] = await db
            .insert(purchaseRequests)
            .values({
              userId: member.id,
              idempotencyKey: key,
              requestHash: hash,
              state: 'started',
              plan: plan!,
              createdAt: now,
              updatedAt: now,
            })
            .onConflictDoNothing()
            .returning();
          row = claimed ?? (await read(member.id, key))!;
        }
      }
      if (row.requestHash !== hash) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
      if (row.state === 'done') return replay(row);
      // jsonb written above by this module
      return proceed(member, key, row.plan as Plan, body.paymentMethodId ?? null, locale);
    },
  };
}
export type Purchases = ReturnType<typeof createPurchases>;
