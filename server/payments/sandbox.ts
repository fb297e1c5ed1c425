/**
 * The embedded sandbox card provider: runs with nothing to configure and behaves like a real
 * provider's test mode (SANDBOX_TEST_CARDS in contract/commerce-rules.ts):
 *
 *   success, successMastercard → succeeded
 *   declined                   → declined, card_declined
 *   insufficientFunds          → declined, insufficient_funds
 *   challenge                  → requires_action until the member decides the challenge
 *                                (approve → succeeded; deny → declined, challenge_failed)
 *   processingError            → failed (nothing charged)
 *   any other Luhn-valid card  → declined, card_declined (test mode accepts only test cards)
 *
 * `createPaymentMethod` is the sandbox's "card element": the only code that ever sees a card
 * number. It keeps the brand, the last four digits, the expiry and the behaviour, and drops the
 * number and the security code right there: they are never stored, logged or echoed (validation
 * errors carry field codes only). The rows' views are sandbox-rows.ts.
 */
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Challenge, PaymentMethod } from '../../contract/commerce.ts';
import {
  type CardInput,
  cardBrand,
  cardDigits,
  cardProblems,
  parseExpiry,
} from '../../contract/commerce-rules.ts';
import type { Database } from '../db/index.ts';
import { sandboxCharges, sandboxPaymentMethods, sandboxRefunds } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import type { FieldCode } from '../lib/i18n.ts';
import {
  type ChargeRecord,
  type ChargeRequest,
  IdempotencyMismatchError,
  type PaymentProvider,
  type RefundResult,
} from './provider.ts';
import {
  type ChargeRow,
  challengeView,
  newId,
  OUTCOME_OF_TEST_CARD,
  recordOf,
  resultOf,
  type SandboxOutcome,
} from './sandbox-rows.ts';

export type { SandboxOutcome } from './sandbox-rows.ts';

export interface SandboxProvider extends PaymentProvider {
  /** Checks a card against the clock and saves what may be kept of it; 400 VALIDATION_ERROR otherwise. */
  createPaymentMethod(memberId: string, card: CardInput): Promise<PaymentMethod>;
  /** Her challenge (404 NOT_FOUND if there is none with this id, 403 FORBIDDEN if not hers). */
  challenge(memberId: string, challengeId: string): Promise<Challenge>;
  /** Approves or denies her pending challenge; a decided challenge stays as it was decided first. */
  decide(memberId: string, challengeId: string, decision: 'approve' | 'deny'): Promise<Challenge>;
}

export function createSandboxProvider({
  database,
  clock,
}: {
  database: Database;
  clock: Clock;
}): SandboxProvider {
  const { db } = database;

  const byKey = async (key: string) =>
    (await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, key)))[0];

  const sameCharge = (row: ChargeRow, r: ChargeRequest) =>
    row.userId === r.memberId &&
    row.amount === r.amount &&
    row.currency === r.currency &&
    row.paymentMethodId === r.paymentMethodId;

  async function ownChallenge(memberId: string, challengeId: string): Promise<ChargeRow> {
    const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.challengeId, challengeId));
    if (!row) throw new ApiError('NOT_FOUND');
    if (row.userId !== memberId) throw new ApiError('FORBIDDEN');
    return row;
  }

  let listener: ((charge: ChargeRecord) => Promise<void>) | null = null;

  return {
    name: 'sandbox',

    onSucceeded(fn) {
      listener = fn;
    },

    async succeededCharges({ from, to }) {
      const rows = await db
        .select()
        .from(sandboxCharges)
        .where(
          and(
            eq(sandboxCharges.status, 'succeeded'),
            gte(sandboxCharges.createdAt, from),
            lt(sandboxCharges.createdAt, to),
          ),
        )
        .orderBy(sandboxCharges.createdAt)
        .limit(500);
      return rows.map(recordOf);
    },

    async chargeByKey(key) {
      const row = await byKey(key);
      return row ? recordOf(row) : null;
    },

    async createPaymentMethod(memberId, card) {
      const problems = cardProblems(card, clock.now());
      if (Object.keys(problems).length > 0) {
        const fields: Partial<Record<string, FieldCode>> = problems;
        throw new ApiError('VALIDATION_ERROR', { fields });
      }
      const digits = cardDigits(card.number);
      const expiry = parseExpiry(card.expiry)!;
      const row = {
        id: newId('pm'),
        userId: memberId,
        brand: cardBrand(digits),
        last4: digits.slice(-4),
        expMonth: expiry.month,
        expYear: expiry.year,
        behaviour: OUTCOME_OF_TEST_CARD[digits] ?? 'card_declined',
        createdAt: clock.now(),
      };
      await db.insert(sandboxPaymentMethods).values(row);
      return { id: row.id, brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear };
    },

    async charge(r) {
      if (!Number.isInteger(r.amount) || r.amount < 1) throw new RangeError('a charge is at least 1 cent');
      const existing = await byKey(r.idempotencyKey);
      if (existing) {
        if (!sameCharge(existing, r)) throw new IdempotencyMismatchError();
        return resultOf(existing);
      }
      const [pm] = await db
        .select()
        .from(sandboxPaymentMethods)
        .where(
          and(eq(sandboxPaymentMethods.id, r.paymentMethodId), eq(sandboxPaymentMethods.userId, r.memberId)),
        );
      // like a provider's 4xx on an unknown payment method: nothing is recorded
      if (!pm) return { status: 'failed', chargeId: null, reason: 'payment_method_invalid' };
      const now = clock.now();
      const expired = pm.expYear * 12 + pm.expMonth < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
      const outcome: SandboxOutcome = expired ? 'card_declined' : (pm.behaviour as SandboxOutcome);
      const base = {
        id: newId('ch'),
        idempotencyKey: r.idempotencyKey,
        userId: r.memberId,
        amount: r.amount,
        currency: r.currency,
        paymentMethodId: pm.id,
        brand: pm.brand,
        last4: pm.last4,
        description: r.description.slice(0, 200),
        createdAt: now,
        updatedAt: now,
      };
      const decided =
        outcome === 'succeed'
          ? { status: 'succeeded' }
          : outcome === 'challenge'
            ? { status: 'requires_action', challengeId: newId('chl'), challengeStatus: 'pending' }
            : outcome === 'processing_error'
              ? { status: 'failed' }
              : { status: 'declined', declineReason: outcome };
      // two requests racing with one key: the unique key makes one charge; the other reads it
      const [inserted] = await db
        .insert(sandboxCharges)
        .values({ ...base, ...decided })
        .onConflictDoNothing({ target: sandboxCharges.idempotencyKey })
        .returning();
      if (inserted) return resultOf(inserted);
      const winner = (await byKey(r.idempotencyKey))!;
      if (!sameCharge(winner, r)) throw new IdempotencyMismatchError();
      return resultOf(winner);
    },

    async refund({ idempotencyKey, chargeId, amount }): Promise<RefundResult> {
      if (!Number.isInteger(amount) || amount < 1) throw new RangeError('a refund is at least 1 cent');
      return database.transaction(async (tx) => {
        // the charge is locked first, then the key is looked up: a refund with this key that
        // committed while this one waited for the lock is seen (PostgreSQL reads each statement
        // afresh), so parallel refunds with one key answer the same refund, never amount_too_large
        const [charge] = await tx
          .select()
          .from(sandboxCharges)
          .where(and(eq(sandboxCharges.id, chargeId), eq(sandboxCharges.status, 'succeeded')))
          .for('update');
        const [done] = await tx
          .select()
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
        if (done) return { status: 'succeeded', refundId: done.id, amount: done.amount };
        if (!charge) return { status: 'failed', reason: 'charge_not_found' };
        if (charge.refunded + amount > charge.amount) return { status: 'failed', reason: 'amount_too_large' };
        const id = newId('re');
        const [inserted] = await tx
          .insert(sandboxRefunds)
          .values({ id, idempotencyKey, chargeId, amount, createdAt: clock.now() })
          .onConflictDoNothing({ target: sandboxRefunds.idempotencyKey })
          .returning();
        if (!inserted) {
          // another transaction refunded with this key first (PostgreSQL): that refund stands
          const [other] = await tx
            .select()
            .from(sandboxRefunds)
            .where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
          return { status: 'succeeded', refundId: other.id, amount: other.amount };
        }
        await tx
          .update(sandboxCharges)
          .set({ refunded: sql`${sandboxCharges.refunded} + ${amount}`, updatedAt: clock.now() })
          .where(eq(sandboxCharges.id, chargeId));
        return { status: 'succeeded', refundId: id, amount };
      });
    },

    async challenge(memberId, challengeId) {
      return challengeView(await ownChallenge(memberId, challengeId));
    },

    async decide(memberId, challengeId, decision) {
      await ownChallenge(memberId, challengeId);
      const approved = decision === 'approve';
      // only a pending challenge changes: the first decision stands
      const [row] = await db
        .update(sandboxCharges)
        .set({
          challengeStatus: approved ? 'approved' : 'denied',
          status: approved ? 'succeeded' : 'declined',
          declineReason: approved ? null : 'challenge_failed',
          updatedAt: clock.now(),
        })
        .where(
          and(
            eq(sandboxCharges.challengeId, challengeId),
            eq(sandboxCharges.userId, memberId),
            eq(sandboxCharges.challengeStatus, 'pending'),
          ),
        )
        .returning();
      // the provider's completion event, as its webhook would be delivered: the order is finished
      // now, whether or not her tab asks again (a failed delivery is left to the reconciliation)
      if (row && approved && listener) await listener(recordOf(row)).catch(() => undefined);
      return challengeView(row ?? (await ownChallenge(memberId, challengeId)));
    },
  };
}
