import { asciiDigits, COUPON_CODE_MAX, normalizeCouponCode } from '../contract/commerce-rules';
import type { CouponDraft } from '../contract/staff-admin';

/**
 * The promo-code form's pure part (machines/adminCoupons.ts is the flow): the fields as typed, what
 * must be fixed before the server is asked, and the draft sent. The server stays the authority
 * (the courses exist, the code is new: COUPON_EXISTS); its field codes land under the same fields.
 */
export interface CouponFields {
  code: string;
  kind: 'percent' | 'amount';
  /** percent: a whole number 1–100; amount: dollars ("5" or "5.50"). */
  value: string;
  /** Empty: every course. */
  courseIds: string[];
  /** `datetime-local` values in her zone ('' for none). */
  startsAt: string;
  endsAt: string;
  maxRedemptions: string;
  perMemberLimit: string;
}

export type CouponField = keyof CouponFields;
export type CouponChange =
  | { field: 'kind'; value: CouponFields['kind'] }
  | { field: 'courseIds'; value: string[] }
  | { field: Exclude<CouponField, 'kind' | 'courseIds'>; value: string };

export const emptyCoupon = (): CouponFields => ({
  code: '',
  kind: 'percent',
  value: '',
  courseIds: [],
  startsAt: '',
  endsAt: '',
  maxRedemptions: '',
  perMemberLimit: '',
});

/** Cents from dollars as typed ("5", "5.5", "5.50", Arabic digits), or null. */
export function centsOf(value: string): number | null {
  const v = asciiDigits(value.trim()).replace('٫', '.');
  if (!/^[0-9]{1,6}(\.[0-9]{1,2})?$/.test(v)) return null;
  const [whole, frac = ''] = v.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

const wholeNumber = (value: string): number | null => {
  const v = asciiDigits(value.trim());
  return /^[0-9]{1,7}$/.test(v) ? Number(v) : null;
};

/** A `datetime-local` value as an ISO instant (her browser's zone), or null when empty or unreadable. */
export function instantOf(local: string): string | null {
  if (!local) return null;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

export function couponProblems(f: CouponFields): Record<string, string> {
  const p: Record<string, string> = {};
  const code = normalizeCouponCode(f.code);
  if (!code) p.code = 'REQUIRED';
  else if (code.length > COUPON_CODE_MAX || !/^[A-Z0-9_-]+$/.test(code)) p.code = 'INVALID';
  if (f.kind === 'percent') {
    const n = wholeNumber(f.value);
    if (f.value.trim() === '') p.value = 'REQUIRED';
    else if (n === null || n < 1 || n > 100) p.value = 'PERCENT_INVALID';
  } else {
    const c = centsOf(f.value);
    if (f.value.trim() === '') p.value = 'REQUIRED';
    else if (c === null || c < 1) p.value = 'AMOUNT_INVALID';
  }
  for (const key of ['maxRedemptions', 'perMemberLimit'] as const) {
    const n = wholeNumber(f[key]);
    if (f[key].trim() !== '' && (n === null || n < 1)) p[key] = 'LIMIT_INVALID';
  }
  const starts = instantOf(f.startsAt);
  const ends = instantOf(f.endsAt);
  if (starts && ends && ends <= starts) p.endsAt = 'WINDOW_INVALID';
  return p;
}

/** POST /staff/admin/coupons's body. */
export function couponDraft(f: CouponFields): CouponDraft {
  const limit = (v: string) => (v.trim() === '' ? null : wholeNumber(v));
  return {
    code: normalizeCouponCode(f.code),
    kind: f.kind,
    value: f.kind === 'percent' ? (wholeNumber(f.value) ?? 0) : (centsOf(f.value) ?? 0),
    courseIds: f.courseIds.length ? f.courseIds : null,
    startsAt: instantOf(f.startsAt),
    endsAt: instantOf(f.endsAt),
    maxRedemptions: limit(f.maxRedemptions),
    perMemberLimit: limit(f.perMemberLimit),
  };
}

/** A changed field; its error goes (and the value's, when the kind changes). */
export function withCouponField(
  f: CouponFields,
  errors: Record<string, string>,
  change: CouponChange,
): { fields: CouponFields; fieldErrors: Record<string, string> } {
  const drop = change.field === 'kind' ? ['kind', 'value'] : [change.field];
  return {
    fields: { ...f, [change.field]: change.value },
    fieldErrors: Object.fromEntries(Object.entries(errors).filter(([k]) => !drop.includes(k))),
  };
}
