/**
 * The one interface the order code pays through. The default implementation is the embedded
 * sandbox (sandbox.ts); a real card provider plugs in behind the same two calls.
 *
 * Idempotency is the provider's job, as with Stripe's `Idempotency-Key`: a charge repeated with the
 * same key returns the same charge (never a second one), in its current state: a charge that was
 * waiting for the member's challenge comes back decided once she has decided it. The order code
 * derives the key from the member and her request's Idempotency-Key, so a retry after a crash, a
 * lost response or a double click reaches the same charge.
 *
 * How Stripe would plug in (a StripeProvider in this folder, chosen in app.ts by configuration;
 * nothing in server/domain/commerce-*.ts changes):
 * - charge → `POST /v1/payment_intents` with `confirm: true`, `amount`, `currency`,
 *   `payment_method` (a pm_… made by Stripe.js in the browser: the card never reaches this server)
 *   and the header `Idempotency-Key: <idempotencyKey>`. Stripe replays the same PaymentIntent for the
 *   same key; a repeated call after the member finished 3-D Secure retrieves the intent
 *   (`GET /v1/payment_intents/:id`, id remembered by key) to read its new status. Mapping:
 *   `succeeded` → succeeded (brand and last4 from `payment_method.card`); `requires_action` →
 *   requires_action (challengeId: the intent's client secret, which the app hands to
 *   `stripe.handleNextAction`); `requires_payment_method` with `last_payment_error.decline_code`
 *   → declined (card_declined / insufficient_funds; a failed authentication → challenge_failed);
 *   anything else (5xx, timeouts after retries) → failed, nothing charged.
 * - refund → `POST /v1/refunds` { payment_intent, amount } with its own Idempotency-Key.
 * - Webhooks (`payment_intent.succeeded`, `payment_intent.payment_failed`) verified with the
 *   endpoint secret call the `onSucceeded` listener, which re-runs the member's pending request
 *   (purchase_requests or consultation_requests in `started`) with its stored key and plan, i.e.
 *   the same continuation a retry takes, so an order completes even if the member closed the tab
 *   after her bank's challenge (server/domain/payments-completion.ts); `succeededCharges` and
 *   `chargeByKey` are `GET /v1/charges?created[gte]=…` and the intent remembered by key.
 */

export type Currency = 'USD';

/**
 * What her card statement shows for every charge, courses and consultations alike, whatever her
 * discreet-documents setting (issue 25): the brand and nothing about health. With Stripe it is the
 * account's statement descriptor with this as `statement_descriptor_suffix`.
 */
export const STATEMENT_DESCRIPTOR = 'AMINA ONLINE';

export interface ChargeRequest {
  /** Unique per intended payment; repeating it must never charge twice. */
  idempotencyKey: string;
  memberId: string;
  /** Minor units (cents), at least 1: a zero total never reaches the provider. */
  amount: number;
  currency: Currency;
  paymentMethodId: string;
  /**
   * Shown on the provider's dashboard and receipts: neutral (issue 25), codes from
   * domain/document-lines.ts instead of course or expert names; no personal data.
   */
  description: string;
}

export type ChargeResult =
  | { status: 'succeeded'; chargeId: string; brand: string; last4: string }
  /** The bank wants the member to confirm (3-D Secure style): charge again with the same key after. */
  | { status: 'requires_action'; chargeId: string; challengeId: string }
  | {
      status: 'declined';
      chargeId: string | null;
      reason: 'card_declined' | 'insufficient_funds' | 'challenge_failed';
    }
  /**
   * Nothing was charged: the provider could not process it (`processing_error`) or the payment
   * method is not one this member may use (`payment_method_invalid`).
   */
  | { status: 'failed'; chargeId: string | null; reason: 'processing_error' | 'payment_method_invalid' };

export interface RefundRequest {
  idempotencyKey: string;
  chargeId: string;
  /** Cents, at most what is left to refund on the charge. */
  amount: number;
}

export type RefundResult =
  | { status: 'succeeded'; refundId: string; amount: number }
  | { status: 'failed'; reason: 'charge_not_found' | 'amount_too_large' };

/** A charge as the provider keeps it (completion events, the reconciliation pass). */
export interface ChargeRecord {
  chargeId: string;
  idempotencyKey: string;
  memberId: string;
  paymentMethodId: string;
  amount: number;
  /** Cents refunded so far. */
  refunded: number;
  status: ChargeResult['status'];
  createdAt: Date;
}

export interface PaymentProvider {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * The provider's word that a charge succeeded after her bank's challenge, as a real provider's
   * webhook (`payment_intent.succeeded`) would bring it: the order is finished on the server even
   * when her tab is closed (payments-completion.ts). One listener; a later call replaces it.
   */
  onSucceeded(listener: (charge: ChargeRecord) => Promise<void>): void;
  /** Succeeded charges created in [from, to), for the reconciliation pass (Stripe: list charges). */
  succeededCharges(range: { from: Date; to: Date }): Promise<ChargeRecord[]>;
  /** The charge made with this idempotency key, if any (Stripe: the intent remembered by key). */
  chargeByKey(idempotencyKey: string): Promise<ChargeRecord | null>;
}

/**
 * A charge repeated with a key already used for a different charge (another amount, card or
 * member): a programming error in the caller, never a member's mistake.
 */
export class IdempotencyMismatchError extends Error {
  constructor() {
    super('idempotency key reused with different charge parameters');
    this.name = 'IdempotencyMismatchError';
  }
}
