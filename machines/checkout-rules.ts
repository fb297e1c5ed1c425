import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { PurchasePaid, Quote, QuoteBody } from '../contract/commerce';
import type { CardInput } from '../contract/commerce-rules';
import { cardPaymentMachine } from './cardPayment';
import { cartProblems } from './cartReview';
import {
  type CardPaymentInput,
  type CardPaymentNotice,
  type CardPaymentOutput,
  codeOf,
  type PaymentEnding,
  type PaymentError,
} from './payment-rules';
import { notProvided, toAppError } from './types';

/**
 * Checkout's types, rules and `setup()` (issue 8, spec §3), beside its statechart
 * (machines/checkout.ts): the order priced by the server, then the card payment (the child
 * machine machines/cardPayment.ts), then the paid order, or back to the cart.
 */
export interface PurchaseAttemptBody {
  courseIds: string[];
  code: string | null;
  paymentMethodId: string | null;
  expectedTotal: number;
}

/** One attempt: its idempotency key and exactly what it sends (no card data). */
export interface PurchaseAttempt {
  key: string;
  body: PurchaseAttemptBody;
}

export interface CheckoutInput {
  courseIds: string[];
  /** The promo code applied in the cart, or null. */
  code: string | null;
  /** An attempt a reload interrupted (sessionStorage), resumed first. */
  pending: PurchaseAttempt | null;
  /** The last order she paid in this tab (sessionStorage, no card data), or null. */
  receipt: PurchasePaid | null;
  /** Today (ISO), for "expiry not in the past"; the screen passes it, the machine reads no clock. */
  today: string;
}

/** A failure as the machine keeps it: a code, the decline reason, field codes. */
export type CheckoutError = PaymentError;

export interface CheckoutContext {
  courseIds: string[];
  code: string | null;
  today: string;
  quote: Quote | null;
  /** The card as she left it when the order is priced again (the payment hands it back). */
  card: CardInput | null;
  /** An attempt a reload interrupted, handed to the payment. */
  attempt: PurchaseAttempt | null;
  result: PurchasePaid | null;
  error: CheckoutError | null;
  /** The total she saw before the server said the price changed (the notice), or null. */
  previousTotal: number | null;
}

export type CheckoutEvent =
  | { type: 'checkout.retry' }
  | { type: 'checkout.localeChanged' }
  | CardPaymentNotice;

/** Refusals that send her back to the cart: the order itself cannot be made as it is. */
const REFUSALS = ['COURSE_ALREADY_OWNED', 'COURSE_IS_FREE', 'CART_EMPTY', 'COURSE_NOT_FOUND'];

/** The answers that end the card payment: a new price, or back to the cart. */
export const CHECKOUT_ENDINGS: PaymentEnding = {
  codes: ['PRICE_CHANGED', ...REFUSALS],
  prefixes: ['COUPON_'],
};

/** What she pays: the server's total for the quote she sees. */
export const totalOf = (quote: Quote | null) => quote?.totals.total ?? 0;

/** What the card payment is given: the total and the attempt's body, the card she typed, a reload's attempt. */
export function paymentInputOf({ context }: { context: CheckoutContext }): CardPaymentInput {
  const body: PurchaseAttemptBody = {
    courseIds: context.quote ? context.quote.lines.map((l) => l.courseId) : context.courseIds,
    code: context.quote?.coupon?.code ?? null,
    paymentMethodId: null,
    expectedTotal: totalOf(context.quote),
  };
  return {
    today: context.today,
    amount: totalOf(context.quote),
    draft: { body },
    pending: context.attempt,
    card: context.card,
    ending: CHECKOUT_ENDINGS,
  };
}

const cardOf = (o: CardPaymentOutput) => (o.status === 'paid' ? null : o.card);

export const checkoutSetup = setup({
  types: {} as {
    context: CheckoutContext;
    input: CheckoutInput;
    events: CheckoutEvent;
    children: { payment: 'cardPayment' };
  },
  actors: {
    /** POST /course-purchase/quote */
    quote: fromPromise<Quote, QuoteBody>(notProvided),
    /** The card payment; the root provides its actors (`purchase` is its `pay`). */
    cardPayment: cardPaymentMachine,
  },
  actions: {
    /** Keeps the paid order for a reload (sessionStorage): courses, totals, invoice; no card data. */
    saveReceipt: (_, _params: { result: PurchasePaid | null }) => {},
    /** Bought: the root empties the cart and refreshes what she owns; the applied code is spent. */
    purchaseCompleted: (_, _params: { courseIds: string[] }) => {},
    keepQuote: assign((_, quote: Quote) => ({ quote })),
    setError: assign((_, { error }: { error: unknown }) => ({
      error: toAppError(error, 'NETWORK_ERROR') as CheckoutError,
    })),
    dropAttempt: assign({ attempt: null }),
    /** She leaves the card form (the order is priced again in her new language): the card comes back. */
    leavePayment: sendTo('payment', { type: 'cardPayment.leave' }),
    keepCard: assign((_, output: CardPaymentOutput) => ({ card: cardOf(output) })),
    keepResult: assign((_, output: CardPaymentOutput) => ({
      result: output.status === 'paid' && output.answer.status === 'paid' ? output.answer : null,
    })),
    keepEndingError: assign((_, output: CardPaymentOutput) => ({
      error: output.status === 'ended' ? output.error : null,
      card: cardOf(output),
    })),
    notePriceChanged: assign(({ context }, output: CardPaymentOutput) => ({
      previousTotal:
        (output.status === 'ended'
          ? (output.attempt?.body as PurchaseAttemptBody | undefined)?.expectedTotal
          : undefined) ?? totalOf(context.quote),
      error: { code: 'PRICE_CHANGED' as const },
      card: cardOf(output),
    })),
    /** The quote after a price change: the notice stays only if the total really moved. */
    settlePriceNotice: assign(({ context }) => ({
      previousTotal:
        context.previousTotal !== null && context.previousTotal !== totalOf(context.quote)
          ? context.previousTotal
          : null,
      error: null,
    })),
    /** A new attempt is on its way: the price notice has been read. */
    clearPriceNotice: assign({ previousTotal: null }),
  },
  guards: {
    nothingToBuy: ({ context }) => context.courseIds.length === 0 && !context.attempt,
    /** Nothing to buy and a receipt kept for this tab: a reload of the paid page. */
    paidBefore: ({ context }) => context.courseIds.length === 0 && !context.attempt && !!context.result,
    hasAttempt: ({ context }) => context.attempt !== null,
    /** A course she owns, a free or a missing one, or nothing left to buy: the cart needs her first. */
    quoteBlocked: (_, quote: Quote) => quote.lines.length === 0 || cartProblems(quote).length > 0,
    paid: (_, output: CardPaymentOutput) => output.status === 'paid',
    left: (_, output: CardPaymentOutput) => output.status === 'left',
    priceChanged: (_, output: CardPaymentOutput) =>
      output.status === 'ended' && codeOf(output.error) === 'PRICE_CHANGED',
  },
});
