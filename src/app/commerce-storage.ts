import type { PurchasePaid } from '../../contract/commerce';
import { IDEMPOTENCY_KEY_PATTERN } from '../../contract/commerce-rules';
import type { PurchaseAttempt } from '../../machines/checkout';

/**
 * What the buying screens keep for this tab (sessionStorage; sign-out clears it with the rest):
 * the promo code applied in the cart, for checkout, and the purchase attempt in flight (its
 * idempotency key and body: course ids, code, payment method id, expected total; never card data),
 * so a reload sends the same attempt again instead of paying twice; and the last paid order's
 * receipt (courses, totals, invoice number; not even the card's brand and last digits), so a
 * reload of the paid page shows it again.
 */
export const SESSION_KEYS = {
  promoCode: 'promoCode',
  attempt: 'checkoutAttempt',
  receipt: 'checkoutReceipt',
} as const;

function get(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}
function set(key: string, value: string | null) {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // storage disabled: this visit still works, a reload starts afresh
  }
}

export const readPromoCode = () => get(SESSION_KEYS.promoCode);
export const rememberPromoCode = (code: string | null) => set(SESSION_KEYS.promoCode, code);

const isIdList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string');

/**
 * The attempt a reload interrupted, when what is stored is one and it is this member's (anything
 * else is dropped: another member signing in on this tab never resumes her attempt).
 */
export function readPendingAttempt(memberId: string): PurchaseAttempt | null {
  const raw = get(SESSION_KEYS.attempt);
  if (!raw) return null;
  try {
    const a = JSON.parse(raw) as PurchaseAttempt & { memberId?: unknown };
    const b = a?.body;
    if (
      a.memberId === memberId &&
      typeof a.key === 'string' &&
      IDEMPOTENCY_KEY_PATTERN.test(a.key) &&
      b &&
      isIdList(b.courseIds) &&
      (b.code === null || typeof b.code === 'string') &&
      (b.paymentMethodId === null || typeof b.paymentMethodId === 'string') &&
      Number.isSafeInteger(b.expectedTotal) &&
      b.expectedTotal >= 0
    )
      return {
        key: a.key,
        body: {
          courseIds: b.courseIds,
          code: b.code,
          paymentMethodId: b.paymentMethodId,
          expectedTotal: b.expectedTotal,
        },
      };
  } catch {}
  set(SESSION_KEYS.attempt, null);
  return null;
}

/** Only the attempt's key and body (and whose it is) are written: the fields are copied one by one. */
export function saveAttempt(attempt: PurchaseAttempt, memberId: string) {
  const { courseIds, code, paymentMethodId, expectedTotal } = attempt.body;
  set(
    SESSION_KEYS.attempt,
    JSON.stringify({ memberId, key: attempt.key, body: { courseIds, code, paymentMethodId, expectedTotal } }),
  );
}

export const forgetAttempt = () => set(SESSION_KEYS.attempt, null);

/** The last order she paid in this tab, without the card it was paid with. */
export function saveReceipt(result: PurchasePaid, memberId: string) {
  set(
    SESSION_KEYS.receipt,
    JSON.stringify({ memberId, result: { ...result, order: { ...result.order, paidWith: null } } }),
  );
}

/** Her receipt kept for this tab, when what is stored is one and hers; else null (and dropped). */
export function readReceipt(memberId: string): PurchasePaid | null {
  const raw = get(SESSION_KEYS.receipt);
  if (!raw) return null;
  try {
    const { memberId: who, result: r } = JSON.parse(raw);
    if (
      who === memberId &&
      r?.status === 'paid' &&
      Array.isArray(r.order?.courses) &&
      r.order.totals &&
      typeof r.invoice?.number === 'string'
    )
      return r as PurchasePaid;
  } catch {}
  set(SESSION_KEYS.receipt, null);
  return null;
}
