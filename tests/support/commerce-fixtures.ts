import type {
  Challenge,
  CouponCheck,
  PaymentMethod,
  PurchaseChallenge,
  PurchasePaid,
  Quote,
  QuoteLine,
} from '../../contract/commerce';
import { couponDiscount, couponLineAmounts, totalsFor, VAT_PERCENT } from '../../contract/commerce-rules';

/** Quotes, payment methods and purchase answers as the buying API gives them (cents). */
export const PREGNANCY = {
  id: 'pregnancy-care',
  title: 'A healthy pregnancy',
  price: 6500,
  sale_price: 5200,
};
export const CONTRACEPTION = {
  id: 'contraception-options',
  title: 'Contraception options',
  price: 5000,
  sale_price: null,
};
export const FREE_COURSE = {
  id: 'menstrual-cycle',
  title: 'Your menstrual cycle',
  price: 0,
  sale_price: null,
};

type Course = { id: string; title: string; price: number; sale_price: number | null };

export function line(course: Course, flags: Partial<Pick<QuoteLine, 'owned' | 'free'>> = {}): QuoteLine {
  const amount =
    course.sale_price != null && course.sale_price < course.price ? course.sale_price : course.price;
  return {
    courseId: course.id,
    title: course.title,
    price: course.price,
    sale_price: course.sale_price,
    amount,
    owned: flags.owned ?? false,
    free: flags.free ?? course.price === 0,
  };
}

/** A quote for these lines, with a percent code when given. */
export function quoteOf(
  lines: QuoteLine[],
  options: {
    percent?: number;
    code?: string;
    /** The courses the code applies to (default: every one). */
    courseIds?: string[];
    missing?: string[];
    couponError?: string | null;
  } = {},
): Quote {
  const subtotal = lines.reduce((n, l) => n + l.amount, 0);
  const terms = {
    kind: 'percent' as const,
    value: options.percent ?? 0,
    courseIds: options.courseIds ?? null,
  };
  const payable = lines.map((l) => ({ courseId: l.courseId, price: l.amount }));
  const discount = options.percent ? couponDiscount(terms, payable) : 0;
  const withCode = couponLineAmounts(terms, payable, discount);
  return {
    currency: 'USD',
    vatPercent: VAT_PERCENT,
    lines: lines.map((l) =>
      withCode.has(l.courseId) ? { ...l, couponAmount: withCode.get(l.courseId) } : l,
    ),
    missing: options.missing ?? [],
    coupon: options.percent
      ? { code: options.code ?? 'WELCOME10', kind: 'percent', value: options.percent, discount }
      : null,
    couponError: options.couponError ?? null,
    totals: totalsFor(subtotal, discount),
  };
}

export const TWO_COURSES = quoteOf([line(PREGNANCY), line(CONTRACEPTION)]);
export const TWO_WITH_CODE = quoteOf([line(PREGNANCY), line(CONTRACEPTION)], { percent: 10 });

export function couponCheck(quote: Quote): CouponCheck {
  return { coupon: quote.coupon!, quote };
}

export const PAYMENT_METHOD: PaymentMethod = {
  id: 'pm_test_1',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
};

export function paidFor(quote: Quote, number = 'INV-2026-000001'): PurchasePaid {
  return {
    status: 'paid',
    order: {
      id: '7a4c3a2e-2a43-4a6b-9d8e-1f2a3b4c5d6e',
      createdAt: '2026-11-23T12:00:00.000Z',
      courses: quote.lines.map((l) => ({ id: l.courseId, title: l.title })),
      coupon: quote.coupon?.code ?? null,
      totals: quote.totals,
      paidWith: quote.totals.total > 0 ? { brand: 'visa', last4: '4242' } : null,
    },
    invoice: { id: '5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d', number },
  };
}

export function challengeFor(quote: Quote): PurchaseChallenge {
  return { status: 'challenge', challengeId: 'ch_test_1', amount: quote.totals.total };
}

export function challengeState(quote: Quote, status: Challenge['status'] = 'pending'): Challenge {
  return {
    id: 'ch_test_1',
    status,
    amount: quote.totals.total,
    currency: 'USD',
    brand: 'visa',
    last4: '3220',
  };
}

/** The card fields of a good test card (valid until 2030). */
export const GOOD_CARD = {
  number: '4242 4242 4242 4242',
  expiry: '12/30',
  cvc: '123',
  country: 'JO',
  postalCode: '11118',
};
