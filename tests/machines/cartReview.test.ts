import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { CouponBody, CouponCheck, Quote, QuoteBody } from '../../contract/commerce';
import type { CartItem } from '../../machines/cart';
import { canCheckout, cartProblems, cartReviewMachine, courseIdsOf } from '../../machines/cartReview';
import {
  CONTRACEPTION,
  couponCheck,
  line,
  PREGNANCY,
  quoteOf,
  TWO_COURSES,
  TWO_WITH_CODE,
} from '../support/commerce-fixtures';
import { controlledActor } from '../support/stub-actors';

const A: CartItem = { ...PREGNANCY };
const B: CartItem = { ...CONTRACEPTION };

function start(items: CartItem[] = [A, B], code: string | null = null) {
  const quote = controlledActor<Quote, QuoteBody>();
  const validate = controlledActor<CouponCheck, CouponBody>();
  const remembered: (string | null)[] = [];
  const actor = createActor(
    cartReviewMachine.provide({
      actors: { quote: quote.logic, validateCoupon: validate.logic },
      actions: { rememberCode: (_, { code }) => remembered.push(code) },
    }),
    { input: { items, code } },
  ).start();
  return { actor, quote, validate, remembered, snap: () => actor.getSnapshot() };
}

describe('cart review rules', () => {
  it('prices only ids shaped like course ids, as strings, once each', () => {
    expect(courseIdsOf([A, B, { ...A }, { id: 7, price: 1 }, { id: 'Not A Slug', price: 1 }])).toEqual([
      PREGNANCY.id,
      CONTRACEPTION.id,
      '7',
    ]);
  });

  it('names what must be fixed: owned, free, missing (also ids the quote did not price)', () => {
    const q = quoteOf([line(PREGNANCY, { owned: true }), line(CONTRACEPTION, { free: true })], {
      missing: ['gone'],
    });
    expect(cartProblems(q, ['7'])).toEqual([
      { courseId: PREGNANCY.id, problem: 'owned' },
      { courseId: CONTRACEPTION.id, problem: 'free' },
      { courseId: 'gone', problem: 'missing' },
      { courseId: '7', problem: 'missing' },
    ]);
    expect(canCheckout(q)).toBe(false);
    expect(canCheckout(TWO_COURSES, [PREGNANCY.id, CONTRACEPTION.id])).toBe(true);
    expect(canCheckout(TWO_COURSES, [PREGNANCY.id, '7'])).toBe(false);
    expect(canCheckout(quoteOf([]))).toBe(false);
    expect(canCheckout(null)).toBe(false);
  });
});

describe('cartReview machine', () => {
  it('is empty with nothing in the cart and asks the server nothing', () => {
    const { snap, quote } = start([]);
    expect(snap().value).toBe('empty');
    expect(quote.calls).toHaveLength(0);
  });

  it('prices the cart (with the code applied before) and remembers the code the server kept', async () => {
    const { snap, quote, remembered } = start([A, B], 'WELCOME10');
    expect(snap().value).toBe('loading');
    expect(quote.last()!.input).toEqual({ courseIds: [A.id, B.id], code: 'WELCOME10' });
    await quote.resolve(TWO_WITH_CODE);
    expect(snap().matches({ ready: 'idle' })).toBe(true);
    expect(snap().context.code).toBe('WELCOME10');
    expect(remembered).toEqual(['WELCOME10']);
  });

  it('drops a code the server cannot use and says why, leaving it in the field', async () => {
    const { snap, quote, remembered } = start([A, B], 'WELCOME10');
    await quote.resolve({ ...TWO_COURSES, couponError: 'COUPON_ALREADY_USED' });
    expect(snap().context.code).toBeNull();
    expect(snap().context.codeError).toBe('COUPON_ALREADY_USED');
    expect(snap().context.draft).toBe('WELCOME10');
    expect(remembered).toEqual([null]);
  });

  it('fails, and tries again', async () => {
    const { actor, snap, quote } = start();
    await quote.reject({ code: 'NETWORK_ERROR' });
    expect(snap().value).toBe('failed');
    expect(snap().context.error).toEqual({ code: 'NETWORK_ERROR' });
    actor.send({ type: 'cartReview.retry' });
    expect(snap().value).toBe('loading');
    expect(snap().context.error).toBeNull();
    await quote.resolve(TWO_COURSES);
    expect(snap().hasTag('step:ready')).toBe(true);
  });

  it('applies a code (normalised), or keeps the reason it cannot', async () => {
    const { actor, snap, quote, validate, remembered } = start();
    await quote.resolve(TWO_COURSES);
    actor.send({ type: 'cartReview.applyCode' });
    expect(snap().context.codeError).toBe('REQUIRED');
    expect(validate.calls).toHaveLength(0);
    actor.send({ type: 'cartReview.codeChanged', value: 'nope' });
    expect(snap().context.codeError).toBeNull();
    actor.send({ type: 'cartReview.applyCode' });
    expect(snap().matches({ ready: 'applying' })).toBe(true);
    expect(snap().hasTag('busy:code')).toBe(true);
    expect(validate.last()!.input).toEqual({ code: 'NOPE', courseIds: [A.id, B.id] });
    await validate.reject({ code: 'COUPON_UNKNOWN' });
    expect(snap().matches({ ready: 'idle' })).toBe(true);
    expect(snap().context.codeError).toBe('COUPON_UNKNOWN');
    actor.send({ type: 'cartReview.codeChanged', value: ' welcome١٠ ' });
    actor.send({ type: 'cartReview.applyCode' });
    expect(validate.last()!.input.code).toBe('WELCOME10');
    await validate.resolve(couponCheck(TWO_WITH_CODE));
    expect(snap().context.quote).toEqual(TWO_WITH_CODE);
    expect(snap().context.code).toBe('WELCOME10');
    expect(snap().context.draft).toBe('');
    expect(remembered).toEqual([null, 'WELCOME10']);
  });

  it('removes the code and prices the cart again without it', async () => {
    const { actor, snap, quote, remembered } = start([A, B], 'WELCOME10');
    await quote.resolve(TWO_WITH_CODE);
    actor.send({ type: 'cartReview.removeCode' });
    expect(snap().value).toBe('loading');
    expect(quote.last()!.input).toEqual({ courseIds: [A.id, B.id], code: null });
    expect(remembered).toEqual(['WELCOME10', null]);
    await quote.resolve(TWO_COURSES);
    // nothing to remove now
    actor.send({ type: 'cartReview.removeCode' });
    expect(snap().matches({ ready: 'idle' })).toBe(true);
  });

  it('prices again on every cart change (even mid-flight), and is empty when the cart is', async () => {
    const { actor, snap, quote, validate } = start();
    actor.send({ type: 'cartReview.itemsChanged', items: [A] });
    expect(quote.calls[0].signal.aborted).toBe(true);
    expect(quote.last()!.input.courseIds).toEqual([A.id]);
    await quote.resolve(quoteOf([line(PREGNANCY)]));
    actor.send({ type: 'cartReview.codeChanged', value: 'WELCOME10' });
    actor.send({ type: 'cartReview.applyCode' });
    actor.send({ type: 'cartReview.itemsChanged', items: [A, B] });
    expect(validate.last()!.signal.aborted).toBe(true);
    expect(snap().value).toBe('loading');
    actor.send({ type: 'cartReview.itemsChanged', items: [] });
    expect(snap().value).toBe('empty');
    actor.send({ type: 'cartReview.itemsChanged', items: [B] });
    expect(snap().value).toBe('loading');
  });

  it('prices again when the language changes (titles), from ready and from failed', async () => {
    const { actor, snap, quote } = start();
    await quote.resolve(TWO_COURSES);
    actor.send({ type: 'cartReview.localeChanged' });
    expect(snap().value).toBe('loading');
    await quote.reject({ code: 'SERVER_ERROR' });
    actor.send({ type: 'cartReview.localeChanged' });
    expect(snap().value).toBe('loading');
    expect(quote.calls).toHaveLength(3);
  });
});
