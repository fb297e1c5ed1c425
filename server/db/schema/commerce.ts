/** Buying courses: promo codes, purchase requests, orders and their lines, redemptions, invoices. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { memberId, users } from './accounts.ts';
import { cents, nonNegative, stamps, time } from './columns.ts';
import { courseRef } from './learning.ts';

/**
 * The member a kept record was made for (issue 25): the record stays when she deletes her account,
 * her id set to null (her alias replaced and only her member number kept, on the documents).
 */
export const formerMemberId = () => uuid().references(() => users.id, { onDelete: 'set null' });

// ------------------------------------------------------------------ buying (issue 8)
// Money is integer cents (USD) with a CHECK >= 0 on every amount. A card number or security code
// has no column anywhere: the sandbox keeps brand, last four digits and expiry only.

/** Promo codes, written only by the content loader from server/content/coupons.json. */
export const coupons = pgTable(
  'coupons',
  {
    /** Normalised (normalizeCouponCode): upper case, ASCII digits, no spaces. */
    code: text().primaryKey(),
    kind: text().notNull(),
    /** percent: 1–100; amount: cents. */
    value: integer().notNull(),
    /** Only these courses; null: every course. */
    courseIds: jsonb().$type<string[]>(),
    startsAt: time(),
    /** Exclusive: the code stops working at this moment. */
    endsAt: time(),
    /** Redemptions by everyone together; null: no limit. */
    maxRedemptions: integer(),
    perMemberLimit: integer(),
    /** false: gone from the file (kept because redemptions point at it); it then reads as unknown. */
    active: boolean().notNull(),
    hash: text().notNull(),
    /** 'file': from coupons.json (the loader's); 'admin': made by an admin (issue 26), never touched by the loader. */
    source: text().notNull().default('file'),
    createdAt: time(),
  },
  (t) => [
    check('coupons_source_check', sql`${t.source} in ('file', 'admin')`),
    check('coupons_kind_check', sql`${t.kind} in ('percent', 'amount')`),
    check('coupons_value_check', sql`${t.value} >= 1 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
    check(
      'coupons_window_check',
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`,
    ),
    check('coupons_max_check', sql`${t.maxRedemptions} is null or ${t.maxRedemptions} >= 1`),
    check('coupons_per_member_check', sql`${t.perMemberLimit} is null or ${t.perMemberLimit} >= 1`),
  ],
);

/**
 * enroll-multiple requests by (member, Idempotency-Key): claimed before the charge (`started`, with
 * the priced plan the charge is for), `done` with the final response once answered for good.
 */
export const purchaseRequests = pgTable(
  'purchase_requests',
  {
    userId: memberId(),
    idempotencyKey: text().notNull(),
    /** SHA-256 of the canonical body: the same key with another body is refused. */
    requestHash: text().notNull(),
    state: text().notNull(),
    /** The lines, coupon and totals decided when the key was claimed (see commerce-pricing.ts). */
    plan: jsonb().notNull(),
    responseStatus: smallint(),
    responseBody: jsonb(),
    ...stamps(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.idempotencyKey] }),
    check('purchase_requests_state_check', sql`${t.state} in ('started', 'done')`),
    check(
      'purchase_requests_done_check',
      sql`${t.state} <> 'done' or (${t.responseStatus} is not null and ${t.responseBody} is not null)`,
    ),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Null once she deleted her account: the order stays with its invoice (issue 25). */
    userId: formerMemberId(),
    idempotencyKey: text().notNull(),
    subtotal: cents(),
    discount: cents(),
    vat: cents(),
    total: cents(),
    currency: text().notNull(),
    couponCode: text().references(() => coupons.code),
    /** The provider's charge (null when the total was 0 and nothing was charged). */
    chargeId: text(),
    paidBrand: text(),
    paidLast4: text(),
    createdAt: time().notNull(),
  },
  (t) => [
    uniqueIndex('orders_user_key_unique').on(t.userId, t.idempotencyKey),
    uniqueIndex('orders_charge_unique').on(t.chargeId),
    index('orders_user_idx').on(t.userId, t.createdAt),
    nonNegative('orders', 'subtotal', t.subtotal),
    nonNegative('orders', 'discount', t.discount),
    nonNegative('orders', 'vat', t.vat),
    nonNegative('orders', 'total', t.total),
    check('orders_totals_check', sql`${t.total} = ${t.subtotal} - ${t.discount} + ${t.vat}`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    courseId: courseRef(),
    position: smallint().notNull(),
    /** The list price and what the line cost (the effective price), when bought. */
    listPrice: cents(),
    amount: cents(),
    /** The course's title in each language when bought: { en, ar }. */
    titles: jsonb().$type<{ en: string; ar: string }>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.courseId] }),
    nonNegative('order_lines', 'list_price', t.listPrice),
    nonNegative('order_lines', 'amount', t.amount),
  ],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    couponCode: text()
      .notNull()
      .references(() => coupons.code),
    /** Null once she deleted her account: the redemption still counts against the code's limit. */
    userId: formerMemberId(),
    orderId: uuid()
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    redeemedAt: time().notNull(),
  },
  (t) => [index('coupon_redemptions_coupon_user_idx').on(t.couponCode, t.userId)],
);

/** The last invoice sequence of each year (UTC): taken inside the purchase's transaction, so gapless. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    year: integer().primaryKey(),
    last: integer().notNull(),
  },
  (t) => [nonNegative('invoice_counters', 'last', t.last)],
);

export const invoices = pgTable(
  'invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** INV-2026-000001 */
    number: text().notNull(),
    year: integer().notNull(),
    sequence: integer().notNull(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null once she deleted her account: the invoice is kept DOCUMENTS_KEPT_YEARS (issue 25). */
    userId: formerMemberId(),
    /** Billed to: her alias when the invoice was issued ("Former member" once she deleted her account). */
    alias: text().notNull(),
    /** Her member number, copied at issue: what the invoice keeps of her after a deletion. */
    memberNumber: integer().notNull(),
    subtotal: cents(),
    discount: cents(),
    couponCode: text(),
    vat: cents(),
    total: cents(),
    amountPaid: cents(),
    /** Consultations (later): shown on the invoice when set. */
    consultationFee: integer(),
    merchantCharges: integer(),
    currency: text().notNull(),
    issuedAt: time().notNull(),
  },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.number),
    uniqueIndex('invoices_year_sequence_unique').on(t.year, t.sequence),
    uniqueIndex('invoices_order_unique').on(t.orderId),
    index('invoices_user_idx').on(t.userId, t.issuedAt),
    check('invoices_sequence_check', sql`${t.sequence} >= 1`),
    nonNegative('invoices', 'subtotal', t.subtotal),
    nonNegative('invoices', 'discount', t.discount),
    nonNegative('invoices', 'vat', t.vat),
    nonNegative('invoices', 'total', t.total),
    nonNegative('invoices', 'amount_paid', t.amountPaid),
    check('invoices_consultation_fee_check', sql`${t.consultationFee} is null or ${t.consultationFee} >= 0`),
    check('invoices_merchant_charges_check', sql`${t.merchantCharges} is null or ${t.merchantCharges} >= 0`),
  ],
);
