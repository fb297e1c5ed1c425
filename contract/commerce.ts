/**
 * The buying API's shapes: one home for the server (validates with these schemas) and the app
 * (imports only the inferred types, `import type`, and the rules in commerce-rules.ts). Money is
 * integer minor units (US cents). Titles arrive in the request's Accept-Language.
 *
 * POST /course-purchase/quote            QuoteBody            → Quote (members and visitors)
 * POST /course-purchase/validate-coupon  CouponBody           → CouponCheck (or 409 COUPON_* code)
 * POST /course-purchase/enroll-multiple  PurchaseBody + header Idempotency-Key
 *                                                             → 201 PurchasePaid | 202 PurchaseChallenge
 *      409 PRICE_CHANGED (expectedTotal ≠ the server's total), COURSE_ALREADY_OWNED, COURSE_IS_FREE,
 *      COUPON_*, 404 COURSE_NOT_FOUND (unknown or unpublished id),
 *      402 PAYMENT_DECLINED (error.reason: DeclineReason) or PAYMENT_FAILED,
 *      422 IDEMPOTENCY_KEY_REUSED (same key, different body), 400 IDEMPOTENCY_KEY_REQUIRED,
 *      400 PAYMENT_METHOD_INVALID (not a card of hers), 400 VALIDATION_ERROR (e.g. fieldCodes
 *      paymentMethodId: REQUIRED when the total is above 0)
 *      The same key and body always give the same final answer; a challenge answer is repeated
 *      until the challenge is decided, then the same key gives the final answer.
 * POST /sandbox-pay/payment-methods      CardBody             → PaymentMethod (the sandbox's "card
 *      element": the only place a card number goes; it keeps brand and last four digits)
 * GET  /sandbox-pay/challenges/{id}                           → Challenge
 * POST /sandbox-pay/challenges/{id}      ChallengeDecision    → Challenge
 * GET  /billing/list/{userId}?page&limit                      → InvoicesPage (403 unless hers)
 * POST /billing/generate-invoice         InvoicePdfBody       → application/pdf (403/404)
 */
import { z } from '@hono/zod-openapi';
import { LANGUAGES } from './account-rules.ts';
import {
  COUPON_CODE_MAX,
  DECLINE_REASONS,
  IDEMPOTENCY_KEY_PATTERN,
  SANDBOX_TEST_CARDS,
} from './commerce-rules.ts';
import { PageMeta, Slug } from './learning.ts';

const Cents = z.number().int().min(0);

/** 1–20 distinct course ids (duplicates are dropped). */
export const CourseIds = z
  .array(Slug, { error: 'REQUIRED' })
  .min(1, { error: 'CART_EMPTY' })
  .max(20, { error: 'TOO_MANY' })
  .transform((ids) => [...new Set(ids)]);

export const CouponCode = z
  .string({ error: 'REQUIRED' })
  .trim()
  .min(1, { error: 'REQUIRED' })
  .max(COUPON_CODE_MAX, { error: 'COUPON_UNKNOWN' });

// ------------------------------------------------------------------ quote

export const QuoteBody = z
  .object({ courseIds: CourseIds, code: CouponCode.optional().nullable() })
  .openapi('QuoteBody');
export type QuoteBody = z.input<typeof QuoteBody>;

export const QuoteLine = z.object({
  courseId: z.string(),
  title: z.string(),
  /** The list price and the sale price (spec §3), as the catalogue shows them. */
  price: Cents,
  sale_price: Cents.nullable(),
  /** What this line costs: the effective price. */
  amount: Cents,
  /** With a promo code that makes it free (MENOPAUSE, 100 %): 0, what it costs with the code; else absent. */
  couponAmount: Cents.optional(),
  /** She already owns it (signed in only): it cannot be bought again. */
  owned: z.boolean(),
  /** The course is free: enrol directly, not through the cart. */
  free: z.boolean(),
});
export type QuoteLine = z.infer<typeof QuoteLine>;

export const Totals = z.object({ subtotal: Cents, discount: Cents, vat: Cents, total: Cents });

export const AppliedCoupon = z.object({
  code: z.string(),
  kind: z.enum(['percent', 'amount']),
  /** percent: 1–100; amount: cents. */
  value: z.number().int(),
  discount: Cents,
});
export type AppliedCoupon = z.infer<typeof AppliedCoupon>;

/** Courses that no longer exist or are unpublished are listed in `missing` and left out of the totals. */
export const Quote = z
  .object({
    currency: z.literal('USD'),
    vatPercent: z.number().int(),
    lines: z.array(QuoteLine),
    missing: z.array(z.string()),
    coupon: AppliedCoupon.nullable(),
    /** The code was given but cannot be used: why (the totals are then without it). */
    couponError: z.string().nullable(),
    totals: Totals,
  })
  .openapi('Quote');
export type Quote = z.infer<typeof Quote>;

export const CouponBody = z.object({ code: CouponCode, courseIds: CourseIds }).openapi('CouponBody');
export type CouponBody = z.input<typeof CouponBody>;

export const CouponCheck = z.object({ coupon: AppliedCoupon, quote: Quote }).openapi('CouponCheck');
export type CouponCheck = z.infer<typeof CouponCheck>;

// ------------------------------------------------------------------ paying

export const IdempotencyKey = z
  .string({ error: 'IDEMPOTENCY_KEY_REQUIRED' })
  .regex(IDEMPOTENCY_KEY_PATTERN, { error: 'IDEMPOTENCY_KEY_REQUIRED' });

export const PurchaseBody = z
  .object({
    courseIds: CourseIds,
    code: CouponCode.optional().nullable(),
    /** From /sandbox-pay/payment-methods (or a real provider's client library). Not needed when the total is 0. */
    paymentMethodId: z.string().max(100).optional().nullable(),
    /** The total she saw; a different server total → 409 PRICE_CHANGED, nothing charged. */
    expectedTotal: Cents,
  })
  .openapi('PurchaseBody');
export type PurchaseBody = z.input<typeof PurchaseBody>;

export const OrderSummary = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  courses: z.array(z.object({ id: z.string(), title: z.string() })),
  coupon: z.string().nullable(),
  totals: Totals,
  paidWith: z.object({ brand: z.string(), last4: z.string() }).nullable(),
});
export type OrderSummary = z.infer<typeof OrderSummary>;

export const PurchasePaid = z
  .object({
    status: z.literal('paid'),
    order: OrderSummary,
    invoice: z.object({ id: z.uuid(), number: z.string() }),
  })
  .openapi('PurchasePaid');
export type PurchasePaid = z.infer<typeof PurchasePaid>;

export const PurchaseChallenge = z
  .object({ status: z.literal('challenge'), challengeId: z.string(), amount: Cents })
  .openapi('PurchaseChallenge');
export type PurchaseChallenge = z.infer<typeof PurchaseChallenge>;

export type PurchaseResult = PurchasePaid | PurchaseChallenge;

/** On 402 PAYMENT_DECLINED the error envelope also carries `reason`. */
export const DeclineReason = z.enum(DECLINE_REASONS);

// ------------------------------------------------------------------ sandbox provider

export const CardBody = z
  .object({
    number: z.string({ error: 'REQUIRED' }).max(40),
    expiry: z.string({ error: 'REQUIRED' }).max(10),
    cvc: z.string({ error: 'REQUIRED' }).max(6),
    country: z.string({ error: 'REQUIRED' }).regex(/^[A-Z]{2}$/, { error: 'REQUIRED' }),
    postalCode: z.string({ error: 'REQUIRED' }).trim().min(1, { error: 'REQUIRED' }).max(16),
  })
  .openapi('CardBody', {
    description: `Sandbox test cards: ${Object.entries(SANDBOX_TEST_CARDS)
      .map(([k, v]) => `${v} (${k})`)
      .join(', ')}`,
  });
export type CardBody = z.input<typeof CardBody>;

export const PaymentMethod = z
  .object({
    id: z.string(),
    brand: z.string(),
    last4: z.string(),
    expMonth: z.number().int(),
    expYear: z.number().int(),
  })
  .openapi('PaymentMethod');
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const CHALLENGE_STATUSES = ['pending', 'approved', 'denied'] as const;
export const Challenge = z
  .object({
    id: z.string(),
    status: z.enum(CHALLENGE_STATUSES),
    amount: Cents,
    currency: z.literal('USD'),
    brand: z.string(),
    last4: z.string(),
  })
  .openapi('Challenge');
export type Challenge = z.infer<typeof Challenge>;

export const ChallengeDecision = z
  .object({ decision: z.enum(['approve', 'deny']) })
  .openapi('ChallengeDecision');
export type ChallengeDecision = z.input<typeof ChallengeDecision>;

// ------------------------------------------------------------------ invoices

export const InvoiceSummary = z.object({
  id: z.uuid(),
  number: z.string(),
  issuedAt: z.string(),
  /** What was bought, titles in the request's language. */
  items: z.array(z.object({ id: z.string(), title: z.string() })),
  total: Cents,
  currency: z.literal('USD'),
  /** A refunded invoice's credit note (a cancelled consultation): its number and the share refunded. */
  creditNote: z.object({ id: z.uuid(), number: z.string(), refundPercent: z.number().int() }).nullable(),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;

/** Newest first. */
export const InvoicesPage = PageMeta.extend({ items: z.array(InvoiceSummary) }).openapi('InvoicesPage');
export type InvoicesPage = z.infer<typeof InvoicesPage>;

export const InvoicePdfBody = z
  .object({ invoiceId: z.uuid({ error: 'INVALID' }), language: z.enum(LANGUAGES).optional() })
  .openapi('InvoicePdfBody');
export type InvoicePdfBody = z.input<typeof InvoicePdfBody>;

/** Everything an invoice document shows (spec §3), in one language; built by the server for the PDF. */
export interface InvoiceDocument {
  language: (typeof LANGUAGES)[number];
  number: string;
  issuedAt: Date;
  /** Her alias and her member number as printed (issue 25: the number, not her account's id). */
  billedTo: { alias: string; memberId: string };
  /**
   * Her discreet-documents setting (issue 25): lines name no course or expert ("Online course C-…")
   * and the page carries no tagline.
   */
  discreet?: boolean;
  lines: { description: string; amount: number }[];
  subtotal: number;
  discount: number;
  couponCode: string | null;
  vatPercent: number;
  vat: number;
  total: number;
  amountPaid: number;
  currency: 'USD';
  paidWith: { brand: string; last4: string } | null;
  /** Consultations (later): the fee and the merchant charges, shown when set. */
  consultationFee?: number;
  merchantCharges?: number;
  /**
   * Consultations (issue 10): `consultation` is a consultation's tax invoice (its own note on
   * refunds); `creditNote` a refund's credit note (its own title and words; `refersTo` is the
   * invoice number it credits, `refundPercent` the share refunded). Default: a course invoice.
   */
  kind?: 'consultation' | 'creditNote';
  refersTo?: string;
  refundPercent?: number;
}
