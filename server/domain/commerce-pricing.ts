/**
 * Prices as the server decides them: the cart's quote (visitors and members), the promo code check,
 * and the plan a purchase is charged for. Prices come from the courses table (through the catalogue
 * cache, which follows the stored content version); the client's totals are never trusted, only
 * compared (expectedTotal → 409 PRICE_CHANGED).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { AppliedCoupon, CouponCheck, Quote, QuoteLine } from '../../contract/commerce.ts';
import {
  type CouponErrorCode,
  couponLineAmounts,
  type Totals,
  totalsFor,
  VAT_PERCENT,
} from '../../contract/commerce-rules.ts';
import { effectivePrice } from '../../contract/learning-constants.ts';
import { enrolments } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import type { Locale } from '../lib/i18n.ts';
import { type CouponTermsSnapshot, checkCoupon, termsOf } from './commerce-coupons.ts';
import type { CachedCourse, CatalogueCache } from './learning-catalogue.ts';
import type { Q } from './learning-progress.ts';

/** One course in a plan: what it cost and its titles when the plan was made. */
export interface PlanLine {
  courseId: string;
  listPrice: number;
  amount: number;
  titles: Record<Locale, string>;
}

/** What a purchase charges for, decided once when its key is claimed and stored with it. */
export interface Plan {
  lines: PlanLine[];
  coupon: CouponTermsSnapshot | null;
  totals: Totals;
}

export interface PricingDeps {
  db: Q;
  clock: Clock;
  catalogue: CatalogueCache;
}

interface Priced {
  course: CachedCourse;
  amount: number;
  owned: boolean;
}

export function createPricing({ db, clock, catalogue }: PricingDeps) {
  /** The courses (in the order given) and the ids that are unknown or unpublished. */
  async function price(
    ids: string[],
    memberId: string | null,
  ): Promise<{ priced: Priced[]; missing: string[] }> {
    const cat = await catalogue.get();
    const owned = new Set(
      memberId
        ? (
            await db
              .select({ courseId: enrolments.courseId })
              .from(enrolments)
              .where(and(eq(enrolments.userId, memberId), inArray(enrolments.courseId, ids)))
          ).map((r) => r.courseId)
        : [],
    );
    const priced: Priced[] = [];
    const missing: string[] = [];
    for (const id of ids) {
      const course = cat.byId.get(id);
      if (!course?.published) missing.push(id);
      else
        priced.push({
          course,
          amount: effectivePrice({ price: course.price, sale_price: course.salePrice }),
          owned: owned.has(id),
        });
    }
    return { priced, missing };
  }

  const buyable = (p: Priced) => !p.owned && p.amount > 0;

  async function quote(
    ids: string[],
    code: string | null | undefined,
    memberId: string | null,
    locale: Locale,
  ): Promise<Quote & { couponError: CouponErrorCode | null }> {
    const { priced, missing } = await price(ids, memberId);
    const lines: QuoteLine[] = priced.map((p) => ({
      courseId: p.course.id,
      title: p.course.texts[locale].title,
      price: p.course.price,
      sale_price: p.course.salePrice,
      amount: p.amount,
      owned: p.owned,
      free: p.amount === 0,
    }));
    // the totals are for what can be bought: owned and free lines cost nothing here
    const payable = priced.filter(buyable).map((p) => ({ courseId: p.course.id, price: p.amount }));
    const subtotal = payable.reduce((n, l) => n + l.price, 0);
    let coupon: AppliedCoupon | null = null;
    let couponError: CouponErrorCode | null = null;
    if (code) {
      const verdict = await checkCoupon(db, code, payable, memberId, clock.now());
      if (verdict.ok) {
        const t = termsOf(verdict.coupon);
        coupon = { code: t.code, kind: t.kind, value: t.value, discount: verdict.discount };
        // the line the code makes cheaper (MENOPAUSE: the menopause course at $0) shows its new price
        const withCode = couponLineAmounts(t, payable, verdict.discount);
        for (const l of lines) if (withCode.has(l.courseId)) l.couponAmount = withCode.get(l.courseId);
      } else couponError = verdict.problem;
    }
    return {
      currency: 'USD',
      vatPercent: VAT_PERCENT,
      lines,
      missing,
      coupon,
      couponError,
      totals: totalsFor(subtotal, coupon?.discount ?? 0),
    };
  }

  return {
    quote,

    /** The quote with the code applied, or the code's problem as the error (COUPON_*). */
    async validateCoupon(
      ids: string[],
      code: string,
      memberId: string | null,
      locale: Locale,
    ): Promise<CouponCheck> {
      const q = await quote(ids, code, memberId, locale);
      if (q.couponError) throw new ApiError(q.couponError);
      return { coupon: q.coupon!, quote: q };
    },

    /**
     * The plan for a purchase, or why it cannot be made, all before anything is charged:
     * 404 COURSE_NOT_FOUND, 409 COURSE_IS_FREE, 409 COURSE_ALREADY_OWNED, COUPON_*,
     * 409 PRICE_CHANGED (expectedTotal is not the server's total).
     */
    async plan(
      memberId: string,
      body: { courseIds: string[]; code?: string | null; expectedTotal: number },
    ): Promise<Plan> {
      const { priced, missing } = await price(body.courseIds, memberId);
      if (missing.length > 0) throw new ApiError('COURSE_NOT_FOUND');
      if (priced.some((p) => p.amount === 0)) throw new ApiError('COURSE_IS_FREE');
      if (priced.some((p) => p.owned)) throw new ApiError('COURSE_ALREADY_OWNED');
      const lines: PlanLine[] = priced.map((p) => ({
        courseId: p.course.id,
        listPrice: p.course.price,
        amount: p.amount,
        titles: { en: p.course.texts.en.title, ar: p.course.texts.ar.title },
      }));
      let coupon: CouponTermsSnapshot | null = null;
      let discount = 0;
      if (body.code) {
        const verdict = await checkCoupon(
          db,
          body.code,
          lines.map((l) => ({ courseId: l.courseId, price: l.amount })),
          memberId,
          clock.now(),
        );
        if (!verdict.ok) throw new ApiError(verdict.problem);
        coupon = termsOf(verdict.coupon);
        discount = verdict.discount;
      }
      const totals = totalsFor(
        lines.reduce((n, l) => n + l.amount, 0),
        discount,
      );
      if (totals.total !== body.expectedTotal) throw new ApiError('PRICE_CHANGED');
      return { lines, coupon, totals };
    },
  };
}
export type Pricing = ReturnType<typeof createPricing>;
