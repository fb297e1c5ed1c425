/** The sandbox payment provider's tables (server/payments/sandbox.ts): saved cards, charges, refunds. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { memberId } from './accounts.ts';
import { cents, nonNegative, stamps, time } from './columns.ts';

/** The sandbox provider's saved cards: what a real provider's token stands for, minus the number. */
export const sandboxPaymentMethods = pgTable(
  'sandbox_payment_methods',
  {
    /** pm_… */
    id: text().primaryKey(),
    userId: memberId(),
    brand: text().notNull(),
    last4: text().notNull(),
    expMonth: smallint().notNull(),
    expYear: smallint().notNull(),
    /** What charging this card does (from the test card it was made with). */
    behaviour: text().notNull(),
    createdAt: time().notNull(),
  },
  (t) => [
    index('sandbox_payment_methods_user_idx').on(t.userId),
    check('sandbox_payment_methods_last4_check', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('sandbox_payment_methods_exp_check', sql`${t.expMonth} between 1 and 12`),
    check(
      'sandbox_payment_methods_behaviour_check',
      sql`${t.behaviour} in ('succeed', 'card_declined', 'insufficient_funds', 'challenge', 'processing_error')`,
    ),
  ],
);

/** The sandbox provider's charges: one per provider idempotency key (as Stripe's PaymentIntents). */
export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    /** ch_… */
    id: text().primaryKey(),
    idempotencyKey: text().notNull(),
    userId: memberId(),
    amount: cents(),
    currency: text().notNull(),
    paymentMethodId: text()
      .notNull()
      .references(() => sandboxPaymentMethods.id),
    brand: text().notNull(),
    last4: text().notNull(),
    description: text().notNull(),
    status: text().notNull(),
    declineReason: text(),
    /** chl_…, set when the card asked for a challenge. */
    challengeId: text(),
    challengeStatus: text(),
    refunded: integer().notNull().default(0),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('sandbox_charges_idempotency_key_unique').on(t.idempotencyKey),
    uniqueIndex('sandbox_charges_challenge_unique').on(t.challengeId),
    index('sandbox_charges_user_idx').on(t.userId),
    nonNegative('sandbox_charges', 'amount', t.amount),
    check('sandbox_charges_refunded_check', sql`${t.refunded} >= 0 and ${t.refunded} <= ${t.amount}`),
    check(
      'sandbox_charges_status_check',
      sql`${t.status} in ('succeeded', 'requires_action', 'declined', 'failed')`,
    ),
    check(
      'sandbox_charges_challenge_status_check',
      sql`${t.challengeStatus} is null or ${t.challengeStatus} in ('pending', 'approved', 'denied')`,
    ),
  ],
);

/** The sandbox provider's refunds: one per provider idempotency key. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    /** re_… */
    id: text().primaryKey(),
    idempotencyKey: text().notNull(),
    chargeId: text()
      .notNull()
      .references(() => sandboxCharges.id, { onDelete: 'cascade' }),
    amount: cents(),
    createdAt: time().notNull(),
  },
  (t) => [
    uniqueIndex('sandbox_refunds_idempotency_key_unique').on(t.idempotencyKey),
    check('sandbox_refunds_amount_check', sql`${t.amount} >= 1`),
  ],
);
