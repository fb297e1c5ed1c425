/**
 * The money rules (contract/commerce-rules.ts) as properties over many generated amounts, all in
 * integer cents: total = subtotal − discount + VAT; VAT = round-half-up(5 % of the discounted
 * subtotal); never negative; a code's discount never above what it applies to.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { couponDiscount, percentOf, totalsFor, VAT_PERCENT } from '../../contract/commerce-rules.ts';

const cents = fc.integer({ min: 0, max: 100_000_000 });

/** round-half-up(amount × percent / 100) with exact integer arithmetic (BigInt), independent of percentOf. */
function halfUp(amount: number, percent: number): number {
  const scaled = BigInt(amount) * BigInt(percent);
  const q = scaled / 100n;
  const r = scaled % 100n;
  return Number(r >= 50n ? q + 1n : q);
}

const lines = fc.array(
  fc.record({
    courseId: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
    price: fc.integer({ min: 0, max: 1_000_000 }),
  }),
  { maxLength: 8 },
);
const terms = fc.oneof(
  fc.record({
    kind: fc.constant('percent' as const),
    value: fc.integer({ min: 1, max: 100 }),
    courseIds: fc.option(fc.subarray(['a', 'b', 'c', 'd', 'e']), { nil: null }),
  }),
  fc.record({
    kind: fc.constant('amount' as const),
    value: fc.integer({ min: 1, max: 10_000_000 }),
    courseIds: fc.option(fc.subarray(['a', 'b', 'c', 'd', 'e']), { nil: null }),
  }),
);

describe('money (fast-check)', () => {
  it('total = subtotal − discount + VAT, VAT = half-up 5 % of the discounted subtotal, integers, never negative', () => {
    fc.assert(
      fc.property(cents, cents, (subtotal, discount) => {
        const t = totalsFor(subtotal, discount);
        for (const v of Object.values(t)) {
          expect(Number.isSafeInteger(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
        }
        expect(t.subtotal).toBe(subtotal);
        expect(t.discount).toBe(Math.min(discount, subtotal));
        expect(t.vat).toBe(halfUp(subtotal - t.discount, VAT_PERCENT));
        expect(t.total).toBe(t.subtotal - t.discount + t.vat);
      }),
      { numRuns: 2000 },
    );
  });

  it('half up at the exact half cent: 10 → 1 (0.5), 30 → 2 (1.5), 9 → 0 (0.45), 50 → 3 (2.5)', () => {
    expect(percentOf(10, 5)).toBe(1);
    expect(percentOf(30, 5)).toBe(2);
    expect(percentOf(9, 5)).toBe(0);
    expect(percentOf(50, 5)).toBe(3);
    fc.assert(
      fc.property(cents, fc.integer({ min: 0, max: 100 }), (a, p) => percentOf(a, p) === halfUp(a, p)),
    );
  });

  it('a code never discounts more than the lines it applies to, and nothing when it applies to none', () => {
    fc.assert(
      fc.property(terms, lines, (t, ls) => {
        const eligible = ls
          .filter((l) => t.courseIds === null || t.courseIds.includes(l.courseId))
          .reduce((n, l) => n + l.price, 0);
        const d = couponDiscount(t, ls);
        expect(Number.isSafeInteger(d)).toBe(true);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(eligible);
        if (eligible === 0) expect(d).toBe(0);
        if (t.kind === 'percent') expect(d).toBe(halfUp(eligible, t.value));
        else expect(d).toBe(Math.min(eligible, t.value));
        // and the order's totals stay whole and non-negative with it
        const subtotal = ls.reduce((n, l) => n + l.price, 0);
        const totals = totalsFor(subtotal, d);
        expect(totals.total).toBe(subtotal - d + halfUp(subtotal - d, VAT_PERCENT));
        expect(totals.total).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 2000 },
    );
  });

  it('a 100 % code on everything makes the total 0', () => {
    fc.assert(
      fc.property(lines, (ls) => {
        const subtotal = ls.reduce((n, l) => n + l.price, 0);
        const d = couponDiscount({ kind: 'percent', value: 100, courseIds: null }, ls);
        expect(totalsFor(subtotal, d).total).toBe(0);
      }),
    );
  });
});
