/**
 * Promo codes: looking one up by what a member typed (any case, Arabic-Indic digits) and deciding
 * whether it can be used now, on these lines, by her. Counts come from coupon_redemptions; the
 * purchase re-checks the limits with the coupon row locked (commerce-purchase.ts).
 */
import { and, count, eq } from 'drizzle-orm';
import {
  COUPON_CODE_MAX,
  type CouponErrorCode,
  couponDiscount,
  normalizeCouponCode,
} from '../../contract/commerce-rules.ts';
import { couponRedemptions, coupons } from '../db/schema.ts';
import type { Q } from './learning-progress.ts';

export type CouponRow = typeof coupons.$inferSelect;

/** The coupon's terms as stored in a plan (what the discount was computed from). */
export interface CouponTermsSnapshot {
  code: string;
  kind: 'percent' | 'amount';
  value: number;
  courseIds: string[] | null;
}

export const termsOf = (c: CouponRow): CouponTermsSnapshot => ({
  code: c.code,
  kind: c.kind as 'percent' | 'amount',
  value: c.value,
  courseIds: c.courseIds,
});

/** The active coupon for what she typed, or undefined. `lock`: FOR UPDATE (inside a transaction). */
export async function findCoupon(q: Q, typed: string, lock = false): Promise<CouponRow | undefined> {
  const code = normalizeCouponCode(typed);
  if (!code || code.length > COUPON_CODE_MAX) return undefined;
  const query = q
    .select()
    .from(coupons)
    .where(and(eq(coupons.code, code), eq(coupons.active, true)));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** Redemptions of a code: by everyone, and by this member (0 when there is no member). */
export async function redemptionCounts(
  q: Q,
  code: string,
  memberId: string | null,
): Promise<{ total: number; mine: number }> {
  const [all] = await q
    .select({ n: count() })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.couponCode, code));
  if (!memberId) return { total: all.n, mine: 0 };
  const [mine] = await q
    .select({ n: count() })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponCode, code), eq(couponRedemptions.userId, memberId)));
  return { total: all.n, mine: mine.n };
}

/** Why the code's time window refuses it now, or null. `endsAt` is exclusive. */
export function windowProblem(c: CouponRow, now: Date): CouponErrorCode | null {
  if (c.startsAt && now < c.startsAt) return 'COUPON_NOT_STARTED';
  if (c.endsAt && now >= c.endsAt) return 'COUPON_EXPIRED';
  return null;
}

/** Why the limits refuse it (counts as now), or null. */
export function limitProblem(c: CouponRow, counts: { total: number; mine: number }): CouponErrorCode | null {
  if (c.maxRedemptions !== null && counts.total >= c.maxRedemptions) return 'COUPON_USED_UP';
  if (c.perMemberLimit !== null && counts.mine >= c.perMemberLimit) return 'COUPON_ALREADY_USED';
  return null;
}

export type CouponVerdict =
  | { ok: true; coupon: CouponRow; discount: number }
  | { ok: false; problem: CouponErrorCode };

/**
 * Whether the typed code can be used now on these lines: unknown → window → applies to a line →
 * limits (her own only when signed in). The discount is couponDiscount on the lines it applies to.
 */
export async function checkCoupon(
  q: Q,
  typed: string,
  lines: { courseId: string; price: number }[],
  memberId: string | null,
  now: Date,
): Promise<CouponVerdict> {
  const coupon = await findCoupon(q, typed);
  if (!coupon) return { ok: false, problem: 'COUPON_UNKNOWN' };
  const window = windowProblem(coupon, now);
  if (window) return { ok: false, problem: window };
  const discount = couponDiscount(termsOf(coupon), lines);
  if (discount === 0) return { ok: false, problem: 'COUPON_NOT_APPLICABLE' };
  const limits = limitProblem(coupon, await redemptionCounts(q, coupon.code, memberId));
  if (limits) return { ok: false, problem: limits };
  return { ok: true, coupon, discount };
}
