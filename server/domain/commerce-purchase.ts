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
 *
 * Here: steps 1, 2 and 4. The key's bookkeeping (hash, claim, stored answers) is
 * commerce-purchase-requests.ts; step 5 is commerce-purchase-finalize.ts.
 */
import type { Locale } from '../../contract/locale.ts';
import type { Database } from '../db/index.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import { type PaymentProvider, STATEMENT_DESCRIPTOR } from '../payments/provider.ts';
import type { Plan, Pricing } from './commerce-pricing.ts';
import { createFinalize } from './commerce-purchase-finalize.ts';
import {
  chargeKey,
  createRequests,
  type PurchaseInput,
  type PurchaseReply,
  refundKey,
  replay,
  requestHash,
} from './commerce-purchase-requests.ts';
import { courseCode } from './document-lines.ts';
import { answered, continuedWithoutHer } from './member-lock.ts';

export {
  CHARGE_KEY_PREFIX,
  chargeKey,
  type PurchaseInput,
  type PurchaseReply,
  requestHash,
} from './commerce-purchase-requests.ts';

export interface PurchaseDeps {
  database: Database;
  clock: Clock;
  provider: PaymentProvider;
  pricing: Pricing;
}

export function createPurchases({ database, clock, provider, pricing }: PurchaseDeps) {
  const { read, lock, finishWithError, claim } = createRequests({ database, clock });
  const finalize = createFinalize({ database, clock }, { lock });

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
        description: `${STATEMENT_DESCRIPTOR}: ${plan.lines.map((l) => courseCode(l.courseId)).join(', ')}`,
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
