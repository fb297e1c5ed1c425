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
 *
 * One charge per course, too (issue 20): the claim runs under her member lock (member-lock.ts) and
 * waits while another request of hers for one of the same courses is under way, so two tabs with
 * two keys make one order and the second is told COURSE_ALREADY_OWNED before anything is charged;
 * step 5 checks ownership again under the same lock and refunds if she owns a course by then.
 * `resume` continues a claimed request without her (the provider's completion after a challenge,
 * and the reconciliation pass: payments-completion.ts).
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { PurchaseChallenge, PurchasePaid } from '../../contract/commerce.ts';
import { type DeclineReason, normalizeCouponCode } from '../../contract/commerce-rules.ts';
import type { Database, Tx } from '../db/index.ts';
import {
  couponRedemptions,
  coupons,
  enrolments,
  orderLines,
  orders,
  purchaseRequests,
} from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import type { ErrorCode, Locale } from '../lib/i18n.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { limitProblem, redemptionCounts } from './commerce-coupons.ts';
import { issueInvoice } from './commerce-invoices.ts';
import type { Plan, Pricing } from './commerce-pricing.ts';
import { enrolAfterPurchase } from './learning-enrolments.ts';
import type { Q } from './learning-progress.ts';
import {
  answered,
  BUSY,
  claimWhenFree,
  continuedWithoutHer,
  IN_FLIGHT_MS,
  lockMember,
} from './member-lock.ts';

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
export const CHARGE_KEY_PREFIX = 'enroll:';
const refundKey = (memberId: string, key: string) => `enroll-refund:${memberId}:${key}`;

/** Whether she is enrolled in any of these courses. */
async function ownsAny(q: Q, memberId: string, courseIds: string[]): Promise<boolean> {
  if (courseIds.length === 0) return false;
  const rows = await q
    .select({ courseId: enrolments.courseId })
    .from(enrolments)
    .where(and(eq(enrolments.userId, memberId), inArray(enrolments.courseId, courseIds)))
    .limit(1);
  return rows.length > 0;
}

const courseIdsOf = (plan: Plan) => plan.lines.map((l) => l.courseId);

/**
 * Replays a stored answer: the paid body, or the stored error thrown again, in today's language (the
 * courses' titles from the stored plan: an order finished without her, by the provider's completion,
 * was answered in English).
 */
function replay(row: RequestRow, locale?: Locale): PurchaseReply {
  // jsonb written by this module only (finish / finalize below)
  const body = row.responseBody as StoredBody;
  if ('error' in body) {
    throw new ApiError(body.error.code, body.error.reason ? { reason: body.error.reason } : {});
  }
  if (!locale) return { status: 201, body };
  const titles = new Map((row.plan as Plan).lines.map((l) => [l.courseId, l.titles[locale]]));
  const courses = body.order.courses.map((c) => ({ ...c, title: titles.get(c.id) ?? c.title }));
  return { status: 201, body: { ...body, order: { ...body.order, courses } } };
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
    | { kind: 'refused'; problem: ErrorCode };

  /** Step 5, in one transaction (see the file comment). */
  function finalize(
    member: { id: string; alias: string },
    key: string,
    plan: Plan,
    payment: { chargeId: string; brand: string; last4: string } | null,
    locale: Locale,
  ): Promise<Finalized> {
    return database.transaction(async (tx): Promise<Finalized> => {
      await lockMember(tx, member.id);
      const row = await lock(tx, member.id, key);
      if (row.state === 'done') return { kind: 'answered', row };
      // bought meanwhile by another of her requests (one that waited past IN_FLIGHT_MS at her bank)
      if (await ownsAny(tx, member.id, courseIdsOf(plan)))
        return { kind: 'refused', problem: 'COURSE_ALREADY_OWNED' };
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
        if (problem) return { kind: 'refused', problem };
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
    if (done.kind === 'answered') return replay(done.row, locale);
    if (done.kind === 'paid') return { status: 201, body: done.body };
    // the code ran out, or she owns a course by now: give the money back (idempotent: a crash
    // here and a retry refund once), then answer the error for good
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

  /**
   * Step 3 under her member lock: her own key's row if it exists; otherwise nothing she owns, no
   * other request of hers for one of these courses under way (BUSY: wait), then the claim.
   */
  function claim(memberId: string, key: string, hash: string, plan: Plan): Promise<RequestRow> {
    const courseIds = courseIdsOf(plan);
    return claimWhenFree(database, memberId, async (tx) => {
      const [mine] = await tx
        .select()
        .from(purchaseRequests)
        .where(and(eq(purchaseRequests.userId, memberId), eq(purchaseRequests.idempotencyKey, key)));
      if (mine) return mine;
      if (await ownsAny(tx, memberId, courseIds)) throw new ApiError('COURSE_ALREADY_OWNED');
      const now = clock.now();
      const underWay = await tx
        .select({ plan: purchaseRequests.plan })
        .from(purchaseRequests)
        .where(
          and(
            eq(purchaseRequests.userId, memberId),
            eq(purchaseRequests.state, 'started'),
            gt(purchaseRequests.updatedAt, new Date(now.getTime() - IN_FLIGHT_MS)),
          ),
        );
      if (underWay.some((r) => courseIdsOf(r.plan as Plan).some((id) => courseIds.includes(id)))) return BUSY;
      const [claimed] = await tx
        .insert(purchaseRequests)
        .values({
          userId: memberId,
          idempotencyKey: key,
          requestHash: hash,
          state: 'started',
          plan,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return claimed;
    });
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
          try {
            row = await claim(member.id, key, hash, plan!);
          } catch (e) {
            // her other tab's request with this very key finished first: its answer wins
            row = await read(member.id, key);
            if (!row) throw e;
          }
        }
      }
      if (row.requestHash !== hash) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
      if (row.state === 'done') return replay(row, locale);
      // jsonb written above by this module
      return proceed(member, key, row.plan as Plan, body.paymentMethodId ?? null, locale);
    },

    /**
     * Continues her claimed request without her (the provider's completion, the reconciliation
     * pass): the stored plan, charged again with the same key (the provider returns the same
     * charge). A request already answered is left as it is; returns whether it is answered now.
     */
    async resume(
      member: { id: string; alias: string },
      key: string,
      paymentMethodId: string,
    ): Promise<'done' | 'pending'> {
      const row = await read(member.id, key);
      if (!row || row.state === 'done') return 'done';
      return continuedWithoutHer(() => proceed(member, key, row.plan as Plan, paymentMethodId, 'en'));
    },

    /** A `started` request given up on (her bank never answered): answered PAYMENT_FAILED for good. */
    abandon: (memberId: string, key: string) =>
      answered(finishWithError(memberId, key, 402, 'PAYMENT_FAILED')),
  };
}
export type Purchases = ReturnType<typeof createPurchases>;
