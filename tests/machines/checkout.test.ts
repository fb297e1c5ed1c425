import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type {
  CardBody,
  Challenge,
  PaymentMethod,
  PurchaseResult,
  Quote,
  QuoteBody,
} from '../../contract/commerce';
import { cardPaymentMachine } from '../../machines/cardPayment';
import { type CheckoutInput, checkoutMachine, type PurchaseAttempt } from '../../machines/checkout';
import type { CardPaymentEvent } from '../../machines/payment-rules';
import {
  CONTRACEPTION,
  challengeFor,
  challengeState,
  GOOD_CARD,
  line,
  PAYMENT_METHOD,
  PREGNANCY,
  paidFor,
  quoteOf,
  TWO_COURSES,
  TWO_WITH_CODE,
} from '../support/commerce-fixtures';
import { answers, controlledActor } from '../support/stub-actors';

const IDS = [PREGNANCY.id, CONTRACEPTION.id];
const TODAY = '2026-11-23T12:00:00.000Z';

/** Checkout with every server call answered by hand, keys counted, the provided actions recorded. */
function start(input: Partial<CheckoutInput> = {}) {
  const quote = controlledActor<Quote, QuoteBody>();
  const pm = controlledActor<PaymentMethod, CardBody>();
  const purchase = controlledActor<PurchaseResult, PurchaseAttempt>();
  const loadChallenge = controlledActor<Challenge, { id: string }>();
  const decide = controlledActor<Challenge, { id: string; decision: 'approve' | 'deny' }>();
  let keys = 0;
  const saved: PurchaseAttempt[] = [];
  const log: string[] = [];
  const completed: string[][] = [];
  const actor = createActor(
    checkoutMachine.provide({
      actors: {
        quote: quote.logic,
        // the card payment, the checkout's child, with its actors ("purchase" is its "pay")
        cardPayment: cardPaymentMachine.provide({
          actors: {
            createPaymentMethod: pm.logic,
            newAttemptKey: answers(async () => `key-${++keys}-abcdefgh`),
            pay: purchase.logic as never,
            loadChallenge: loadChallenge.logic,
            decideChallenge: decide.logic,
          },
          actions: {
            saveAttempt: (_, { attempt }) => {
              saved.push(structuredClone(attempt as PurchaseAttempt));
              log.push('save');
            },
            forgetAttempt: () => log.push('forget'),
          },
        }),
      },
      actions: {
        purchaseCompleted: (_, { courseIds }) => completed.push(courseIds),
      },
    }),
    { input: { courseIds: IDS, code: null, pending: null, receipt: null, today: TODAY, ...input } },
  ).start();
  const snap = () => actor.getSnapshot();
  /** The card payment (the checkout's child) while she pays. */
  const pay = () => snap().children.payment!.getSnapshot();
  /** Where she is: the checkout's state, or the card payment's while she pays. */
  const at = () => (snap().matches('payment') ? pay().value : snap().value);
  const card = (event: CardPaymentEvent) => snap().children.payment!.send(event);
  const fill = (fields: Partial<typeof GOOD_CARD> = GOOD_CARD) => {
    for (const [field, value] of Object.entries(fields))
      card({ type: 'cardPayment.fieldChanged', field: field as keyof typeof GOOD_CARD, value });
  };
  /** Loads the quote, fills the good card and submits up to the purchase request. */
  const payUpToPurchase = async (q: Quote = TWO_COURSES) => {
    await quote.resolve(q);
    fill();
    card({ type: 'cardPayment.submit' });
    await pm.resolve(PAYMENT_METHOD);
    await new Promise((r) => setTimeout(r, 0));
  };
  return {
    actor,
    snap,
    pay,
    at,
    card,
    quote,
    pm,
    purchase,
    loadChallenge,
    decide,
    saved,
    log,
    completed,
    fill,
    payUpToPurchase,
  };
}

describe('checkout machine', () => {
  it('has nothing to buy with an empty cart and no attempt to resume', () => {
    const { quote, at } = start({ courseIds: [] });
    expect(at()).toBe('empty');
    expect(quote.calls).toHaveLength(0);
  });

  it('prices the order with the cart and the applied code (normalised), then lets her edit', async () => {
    const { snap, quote, at } = start({ code: ' welcome١٠ ' });
    expect(at()).toBe('loading');
    expect(quote.last()!.input).toEqual({ courseIds: IDS, code: 'WELCOME10' });
    await quote.resolve(TWO_WITH_CODE);
    expect(at()).toBe('editing');
    expect(snap().context.quote).toEqual(TWO_WITH_CODE);
  });

  it('shows each field problem and sends nothing while the card is not right', async () => {
    const { quote, pm, at, pay, card } = start();
    await quote.resolve(TWO_COURSES);
    card({ type: 'cardPayment.fieldChanged', field: 'number', value: '4242424242424241' });
    card({ type: 'cardPayment.fieldChanged', field: 'expiry', value: '10/26' });
    card({ type: 'cardPayment.submit' });
    expect(at()).toBe('editing');
    expect(pay().context.fieldErrors).toEqual({
      number: 'CARD_NUMBER_INVALID',
      expiry: 'CARD_EXPIRED',
      cvc: 'REQUIRED',
      country: 'REQUIRED',
      postalCode: 'REQUIRED',
    });
    expect(pm.calls).toHaveLength(0);
    // typing in a field clears its own problem only
    card({ type: 'cardPayment.fieldChanged', field: 'cvc', value: '1' });
    expect(pay().context.fieldErrors.cvc).toBeUndefined();
    expect(pay().context.fieldErrors.number).toBe('CARD_NUMBER_INVALID');
  });

  it('pays: card to the provider, one new key, the attempt kept without card data, then paid', async () => {
    const { actor, snap, pm, purchase, saved, log, completed, payUpToPurchase, at } = start();
    await payUpToPurchase();
    // the provider got the card (digits only), nothing else did
    expect(pm.calls).toHaveLength(1);
    expect(pm.last()!.input).toEqual({ ...GOOD_CARD, number: '4242424242424242' });
    expect(at()).toBe('paying');
    const attempt = purchase.last()!.input;
    expect(attempt).toEqual({
      key: 'key-1-abcdefgh',
      body: { courseIds: IDS, code: null, paymentMethodId: 'pm_test_1', expectedTotal: 10710 },
    });
    expect(saved).toEqual([attempt]);
    expect(JSON.stringify(saved)).not.toContain('4242424242424242');
    expect(JSON.stringify(saved)).not.toContain('123');
    await purchase.resolve(paidFor(TWO_COURSES));
    expect(at()).toBe('paid');
    expect(snap().context.result?.invoice.number).toBe('INV-2026-000001');
    expect(log).toEqual(['save', 'forget']);
    expect(completed).toEqual([IDS]);
    expect(actor.getSnapshot().status).toBe('active');
  });

  it('takes a double click as one attempt: one payment method, one key, one purchase', async () => {
    const { pm, purchase, quote, fill, card } = start();
    await quote.resolve(TWO_COURSES);
    fill();
    card({ type: 'cardPayment.submit' });
    card({ type: 'cardPayment.submit' });
    await pm.resolve(PAYMENT_METHOD);
    await new Promise((r) => setTimeout(r, 0));
    card({ type: 'cardPayment.submit' });
    expect(pm.calls).toHaveLength(1);
    expect(purchase.calls).toHaveLength(1);
  });

  it('sends the same key and body again after a lost answer, and after a reload', async () => {
    const { purchase, log, payUpToPurchase, at, card } = start();
    await payUpToPurchase();
    const first = purchase.last()!.input;
    await purchase.reject({ code: 'NETWORK_ERROR' });
    expect(at()).toBe('interrupted');
    expect(log).toEqual(['save']);
    card({ type: 'cardPayment.retry' });
    expect(at()).toBe('paying');
    expect(purchase.last()!.input).toEqual(first);
    await purchase.reject({ code: 'SERVER_ERROR' });
    expect(at()).toBe('interrupted');

    // a reload: the stored attempt is resumed as soon as the order is priced
    const again = start({ courseIds: [], code: null, pending: first });
    expect(again.quote.last()!.input).toEqual({ courseIds: IDS, code: null });
    await again.quote.resolve(TWO_COURSES);
    expect(again.at()).toBe('paying');
    expect(again.purchase.last()!.input).toEqual(first);
    await again.purchase.resolve(paidFor(TWO_COURSES));
    expect(again.at()).toBe('paid');
    expect(again.log).toEqual(['forget']);
  });

  it('asks the bank, then sends the same attempt again for the final answer', async () => {
    const { purchase, loadChallenge, decide, payUpToPurchase, at, pay, card } = start();
    await payUpToPurchase();
    const attempt = purchase.last()!.input;
    await purchase.resolve(challengeFor(TWO_COURSES));
    expect(pay().matches({ challenge: 'loading' })).toBe(true);
    expect(pay().context.challenge).toEqual({
      id: 'ch_test_1',
      amount: 10710,
      brand: 'visa',
      last4: '4242',
    });
    expect(loadChallenge.last()!.input).toEqual({ id: 'ch_test_1' });
    await loadChallenge.resolve(challengeState(TWO_COURSES));
    expect(pay().matches({ challenge: 'asking' })).toBe(true);
    expect(pay().context.challenge?.last4).toBe('3220');
    card({ type: 'cardPayment.approve' });
    card({ type: 'cardPayment.deny' });
    expect(pay().matches({ challenge: 'deciding' })).toBe(true);
    expect(decide.calls.map((c) => c.input)).toEqual([{ id: 'ch_test_1', decision: 'approve' }]);
    await decide.reject({ code: 'NETWORK_ERROR' });
    expect(pay().matches({ challenge: 'asking' })).toBe(true);
    expect(pay().context.error?.code).toBe('NETWORK_ERROR');
    card({ type: 'cardPayment.approve' });
    await decide.resolve(challengeState(TWO_COURSES, 'approved'));
    expect(at()).toBe('paying');
    expect(purchase.calls).toHaveLength(2);
    expect(purchase.last()!.input).toEqual(attempt);
    await purchase.resolve(paidFor(TWO_COURSES));
    expect(at()).toBe('paid');
  });

  it('goes straight for the final answer when the challenge was already decided (a reload)', async () => {
    const { purchase, loadChallenge, payUpToPurchase, at, pay } = start();
    await payUpToPurchase();
    await purchase.resolve(challengeFor(TWO_COURSES));
    await loadChallenge.resolve(challengeState(TWO_COURSES, 'denied'));
    expect(at()).toBe('paying');
    await purchase.reject({ code: 'PAYMENT_DECLINED', reason: 'challenge_failed' });
    expect(at()).toBe('declined');
    expect(pay().context.error).toEqual({ code: 'PAYMENT_DECLINED', reason: 'challenge_failed' });
  });

  it('asks with what the purchase said when the challenge cannot be read', async () => {
    const { purchase, loadChallenge, payUpToPurchase, pay } = start();
    await payUpToPurchase();
    await purchase.resolve(challengeFor(TWO_COURSES));
    await loadChallenge.reject({ code: 'NETWORK_ERROR' });
    expect(pay().matches({ challenge: 'asking' })).toBe(true);
    expect(pay().context.challenge?.amount).toBe(10710);
  });

  it('keeps the form after a decline, clears the security code, and tries anew with a new method and key', async () => {
    const { pm, purchase, log, fill, payUpToPurchase, at, pay, card } = start();
    await payUpToPurchase();
    await purchase.reject({ code: 'PAYMENT_DECLINED', reason: 'insufficient_funds' });
    expect(at()).toBe('declined');
    expect(pay().context.error?.reason).toBe('insufficient_funds');
    expect(pay().context.card).toEqual({ ...GOOD_CARD, cvc: '' });
    expect(pay().context.paymentMethod).toBeNull();
    expect(log).toEqual(['save', 'forget']);
    card({ type: 'cardPayment.submit' });
    expect(at()).toBe('declined');
    expect(pay().context.fieldErrors).toEqual({ cvc: 'REQUIRED' });
    fill({ number: '5555555555554444', cvc: '321' });
    card({ type: 'cardPayment.submit' });
    expect(at()).toBe('validating');
    await pm.resolve({ ...PAYMENT_METHOD, id: 'pm_test_2', brand: 'mastercard', last4: '4444' });
    await new Promise((r) => setTimeout(r, 0));
    expect(pm.calls).toHaveLength(2);
    expect(purchase.last()!.input.key).toBe('key-2-abcdefgh');
    expect(purchase.last()!.input.body.paymentMethodId).toBe('pm_test_2');
  });

  it('a processing error is final for its key: the next try is a new attempt', async () => {
    const { purchase, pm, payUpToPurchase, at, card } = start();
    await payUpToPurchase();
    await purchase.reject({ code: 'PAYMENT_FAILED' });
    expect(at()).toBe('failed');
    card({ type: 'cardPayment.submit' });
    await pm.resolve(PAYMENT_METHOD);
    await new Promise((r) => setTimeout(r, 0));
    expect(purchase.last()!.input.key).toBe('key-2-abcdefgh');
  });

  it('shows the new total before she can pay when the price changed', async () => {
    const { snap, quote, purchase, pm, log, payUpToPurchase, at, card } = start();
    await payUpToPurchase();
    await purchase.reject({ code: 'PRICE_CHANGED' });
    expect(at()).toBe('loading');
    expect(log).toEqual(['save', 'forget']);
    const dearer = quoteOf([line({ ...PREGNANCY, sale_price: null }), line(CONTRACEPTION)]);
    await quote.resolve(dearer);
    expect(at()).toBe('editing');
    expect(snap().context.previousTotal).toBe(10710);
    expect(snap().context.quote?.totals.total).toBe(12075);
    card({ type: 'cardPayment.submit' });
    await pm.resolve(PAYMENT_METHOD);
    await new Promise((r) => setTimeout(r, 0));
    expect(purchase.last()!.input.key).toBe('key-2-abcdefgh');
    expect(purchase.last()!.input.body.expectedTotal).toBe(12075);
    expect(snap().context.previousTotal).toBeNull();
  });

  it('sends her back to the cart when the order cannot be made (owned, coupon used up)', async () => {
    for (const code of ['COURSE_ALREADY_OWNED', 'COUPON_USED_UP']) {
      const { snap, purchase, log, payUpToPurchase, at } = start();
      await payUpToPurchase();
      await purchase.reject({ code });
      expect(at()).toBe('refused');
      expect(snap().context.error?.code).toBe(code);
      expect(log).toEqual(['save', 'forget']);
    }
  });

  it('is blocked when the cart holds a course she owns, a free or a missing one', async () => {
    for (const q of [
      quoteOf([line(PREGNANCY, { owned: true })]),
      quoteOf([line(PREGNANCY)], { missing: ['gone'] }),
      quoteOf([]),
    ]) {
      const { quote, at } = start();
      await quote.resolve(q);
      expect(at()).toBe('blocked');
    }
  });

  it('says the order could not load, and tries again', async () => {
    const { actor, quote, at } = start();
    await quote.reject({ code: 'NETWORK_ERROR' });
    expect(at()).toBe('unavailable');
    actor.send({ type: 'checkout.retry' });
    expect(at()).toBe('loading');
    expect(quote.calls).toHaveLength(2);
  });

  it('prices again when the language changes (titles)', async () => {
    const { actor, quote, at } = start();
    await quote.resolve(TWO_COURSES);
    actor.send({ type: 'checkout.localeChanged' });
    expect(at()).toBe('loading');
    expect(quote.calls).toHaveLength(2);
  });

  it('shows the provider refusal under each field', async () => {
    const { quote, pm, fill, at, pay, card } = start();
    await quote.resolve(TWO_COURSES);
    fill();
    card({ type: 'cardPayment.submit' });
    await pm.reject({ code: 'PAYMENT_METHOD_INVALID', fields: { number: 'CARD_NUMBER_INVALID' } });
    expect(at()).toBe('editing');
    expect(pay().context.fieldErrors).toEqual({ number: 'CARD_NUMBER_INVALID' });
    expect(pay().context.error).toBeNull();
    card({ type: 'cardPayment.submit' });
    await pm.reject({ code: 'NETWORK_ERROR' });
    expect(pay().context.error).toEqual({ code: 'NETWORK_ERROR' });
  });

  it('needs no card when a code covers the whole order', async () => {
    const { quote, pm, purchase, at, card } = start({ code: 'MENOPAUSE' });
    const free = quoteOf([line(PREGNANCY)], { percent: 100, code: 'MENOPAUSE' });
    expect(free.totals.total).toBe(0);
    await quote.resolve(free);
    card({ type: 'cardPayment.submit' });
    await new Promise((r) => setTimeout(r, 0));
    expect(pm.calls).toHaveLength(0);
    expect(at()).toBe('paying');
    expect(purchase.last()!.input.body).toEqual({
      courseIds: [PREGNANCY.id],
      code: 'MENOPAUSE',
      paymentMethodId: null,
      expectedTotal: 0,
    });
  });
});
