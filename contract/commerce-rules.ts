/**
 * Buying courses: the rules both sides apply (zod-free, so the app imports them as values).
 * Money is integer minor units (US cents) everywhere; nothing here uses floating-point cents.
 *
 * - VAT is 5 % (spec §9) of the discounted subtotal, rounded half up to the cent.
 * - total = subtotal − discount + VAT, never negative.
 * - Promo codes are case-insensitive and accept Arabic-Indic digits.
 * - Cards: brand from the number, Luhn check, expiry MM/YY not in the past, security code length.
 */

export const VAT_PERCENT = 5;

/** `percent` % of a non-negative amount of cents, rounded half up to the cent. */
export function percentOf(amount: number, percent: number): number {
  return Math.floor((amount * percent + 50) / 100);
}

export interface Totals {
  /** Sum of the lines' effective prices. */
  subtotal: number;
  /** Never more than the subtotal. */
  discount: number;
  /** 5 % of (subtotal − discount), rounded half up. */
  vat: number;
  /** subtotal − discount + vat. */
  total: number;
}

export function totalsFor(subtotal: number, discount: number): Totals {
  const d = Math.min(Math.max(0, discount), Math.max(0, subtotal));
  const taxable = Math.max(0, subtotal) - d;
  const vat = percentOf(taxable, VAT_PERCENT);
  return { subtotal: Math.max(0, subtotal), discount: d, vat, total: taxable + vat };
}

export type CouponKind = 'percent' | 'amount';

export interface CouponTerms {
  kind: CouponKind;
  /** percent: 1–100; amount: cents. */
  value: number;
  /** Only these courses; null: every course in the order. */
  courseIds: string[] | null;
}

/**
 * The discount a code gives on these lines: a percentage of the lines it applies to (half up), or a
 * fixed amount up to their sum. 0 when it applies to none of them.
 */
export function couponDiscount(terms: CouponTerms, lines: { courseId: string; price: number }[]): number {
  const eligible = lines
    .filter((l) => terms.courseIds === null || terms.courseIds.includes(l.courseId))
    .reduce((sum, l) => sum + l.price, 0);
  if (eligible === 0) return 0;
  if (terms.kind === 'percent') return Math.min(eligible, percentOf(eligible, Math.min(100, terms.value)));
  return Math.min(eligible, terms.value);
}

/**
 * What each line the code makes free costs with it (0): every line it applies to when it takes
 * 100 %, or the one line it applies to when it covers its whole price. A partial discount stays in
 * the totals only (its share of each line is not the order's).
 */
export function couponLineAmounts(
  terms: CouponTerms,
  lines: { courseId: string; price: number }[],
  discount: number,
): Map<string, number> {
  const eligible = lines.filter(
    (l) => l.price > 0 && (terms.courseIds === null || terms.courseIds.includes(l.courseId)),
  );
  const covered = eligible.reduce((n, l) => n + l.price, 0);
  const out = new Map<string, number>();
  if (covered === 0 || discount < covered) return out;
  for (const l of eligible) out.set(l.courseId, 0);
  return out;
}

/** Arabic-Indic (٠–٩) and Eastern Arabic-Indic (۰–۹) digits → ASCII. */
export function asciiDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => {
    const code = d.charCodeAt(0);
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}

/** A promo code as stored: trimmed, inner spaces removed, ASCII digits, upper case. */
export function normalizeCouponCode(value: string): string {
  return asciiDigits(value).replace(/\s+/g, '').toUpperCase();
}
export const COUPON_CODE_MAX = 32;

/** Why a code cannot be used (top-level `error.code` of validate-coupon and enroll-multiple). */
export const COUPON_ERROR_CODES = [
  'COUPON_UNKNOWN',
  'COUPON_EXPIRED',
  'COUPON_NOT_STARTED',
  'COUPON_NOT_APPLICABLE',
  'COUPON_ALREADY_USED',
  'COUPON_USED_UP',
] as const;
export type CouponErrorCode = (typeof COUPON_ERROR_CODES)[number];

/** Error codes of the buying endpoints (beside the account and learning ones). */
export const COMMERCE_ERROR_CODES = [
  ...COUPON_ERROR_CODES,
  'CART_EMPTY',
  'COURSE_ALREADY_OWNED',
  'COURSE_IS_FREE',
  'PRICE_CHANGED',
  'IDEMPOTENCY_KEY_REQUIRED',
  'IDEMPOTENCY_KEY_REUSED',
  'PAYMENT_METHOD_INVALID',
  'PAYMENT_DECLINED',
  'PAYMENT_FAILED',
  'INVOICE_NOT_FOUND',
] as const;
export type CommerceErrorCode = (typeof COMMERCE_ERROR_CODES)[number];

/**
 * Why a payment was refused before anything was charged, each with its own words where she pays
 * (checkout and the booking's payment step; issue 20).
 */
export const PAYMENT_REFUSAL_CODES = [
  'PAYMENT_IN_PROGRESS',
  'DISCOVERY_ALREADY_BOOKED',
  'FREE_CALLS_LIMIT',
  'RATE_LIMITED',
] as const;

/** Why a card was declined (`error.reason` beside PAYMENT_DECLINED). */
export const DECLINE_REASONS = ['card_declined', 'insufficient_funds', 'challenge_failed'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

// ------------------------------------------------------------------ cards

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

/** Digits only (spaces and dashes dropped, Arabic-Indic digits folded). */
export function cardDigits(value: string): string {
  return asciiDigits(value).replace(/[\s-]/g, '');
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Groups of four (Amex: 4-6-5), for display while typing. */
export function formatCardNumber(digits: string): string {
  const d = digits.slice(0, 19);
  if (cardBrand(d) === 'amex')
    return [d.slice(0, 4), d.slice(4, 10), d.slice(10, 15)].filter(Boolean).join(' ');
  return d.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export type CardField = 'number' | 'expiry' | 'cvc' | 'country' | 'postalCode';
export type CardProblem =
  | 'REQUIRED'
  | 'CARD_NUMBER_INVALID'
  | 'EXPIRY_INVALID'
  | 'CARD_EXPIRED'
  | 'CVC_INVALID';

/** MM/YY (also M/YY, MMYY, Arabic-Indic digits) → month and full year, or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2})\s*$/.exec(asciiDigits(value));
  if (!m) return null;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(m[2]) };
}

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  country: string;
  postalCode: string;
}

/**
 * What is wrong with a card form, field by field (empty: nothing). `now` decides "in the past": a
 * card is valid through the last day of its expiry month (UTC).
 */
export function cardProblems(card: CardInput, now: Date): Partial<Record<CardField, CardProblem>> {
  const problems: Partial<Record<CardField, CardProblem>> = {};
  const digits = cardDigits(card.number);
  if (!digits) problems.number = 'REQUIRED';
  else if (!luhnValid(digits)) problems.number = 'CARD_NUMBER_INVALID';
  if (!card.expiry.trim()) problems.expiry = 'REQUIRED';
  else {
    const exp = parseExpiry(card.expiry);
    if (!exp) problems.expiry = 'EXPIRY_INVALID';
    else if (exp.year * 12 + exp.month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1)
      problems.expiry = 'CARD_EXPIRED';
  }
  const cvc = asciiDigits(card.cvc).trim();
  if (!cvc) problems.cvc = 'REQUIRED';
  else if (!(cardBrand(digits) === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(cvc)) problems.cvc = 'CVC_INVALID';
  if (!card.country.trim()) problems.country = 'REQUIRED';
  if (!card.postalCode.trim()) problems.postalCode = 'REQUIRED';
  return problems;
}

/**
 * The sandbox provider's documented test cards (any future expiry, any valid security code).
 * Every other number that passes the Luhn check is declined, as in a real provider's test mode.
 */
export const SANDBOX_TEST_CARDS = {
  success: '4242424242424242',
  successMastercard: '5555555555554444',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  challenge: '4000000000003220',
  processingError: '4000000000000119',
} as const;
export type SandboxBehaviour = keyof typeof SANDBOX_TEST_CARDS;

/** The idempotency key header of enroll-multiple: 8–100 characters of [A-Za-z0-9_-]. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** Invoice numbers: one gapless sequence per calendar year (UTC): INV-2026-000001. */
export function invoiceNumber(year: number, sequence: number): string {
  return `INV-${year}-${String(sequence).padStart(6, '0')}`;
}

export const INVOICE_PAGE_SIZE = 10;
