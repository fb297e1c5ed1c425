import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type {
  CardBody,
  Challenge,
  PaymentMethod,
  PurchasePaid,
  PurchaseResult,
  Quote,
  QuoteBody,
} from '../contract/commerce';
import { type CardField, normalizeCouponCode } from '../contract/commerce-rules';
import { cartProblems } from './cartReview';
import {
  type CardPaymentContext,
  type ChallengeView,
  cardBodyOf,
  cardInvalid,
  cardProblemsOf,
  cardRefusalOf,
  cardWithField,
  challengeDetailsOf,
  challengeIdOf,
  challengeOf,
  challengePending,
  codeOf,
  decisionFrom,
  decisionOf,
  declineOf,
  EMPTY_CARD,
  errorFrom,
  errorOf,
  isChallenge,
  isCode,
  isDeclined,
  isUnanswered,
  type PaymentError,
  paymentMethodOf,
} from './payment-rules';
import { notProvided } from './types';

export { type ChallengeView, EMPTY_CARD };

/**
 * Checkout, /checkout (issue 8, spec §3 Card payment): the order priced by the server, the card,
 * and one purchase attempt at a time that can never pay twice.
 *
 * start → empty (nothing to buy) | loading (the quote) → editing | blocked (a course she owns, a
 * free or a missing one: fix the cart first) | unavailable (retry).
 * editing → validating (the card to the sandbox provider: POST /sandbox-pay/payment-methods; the
 * number goes there and nowhere else) → preparing (a new attempt: a fresh idempotency key from the
 * provided `newAttemptKey` actor, and the body; `saveAttempt` keeps both, never card data, so a
 * reload resumes it) → paying (POST /course-purchase/enroll-multiple with the key) →
 *   paid (she owns the courses: `purchaseCompleted` empties the cart) |
 *   challenge (the bank asks her: loading → asking → deciding, then paying again with the SAME key
 *   and body for the final answer) |
 *   declined (error.reason; the form stays, the security code is cleared, the next try gets a new
 *   payment method and a new key) | failed (processing error; the next try is a new attempt) |
 *   refused (owned, coupon no longer valid…: back to the cart) |
 *   loading again after PRICE_CHANGED (the new total is shown before she can pay) |
 *   interrupted (no answer: the response was lost; `checkout.retry` sends the same key and body).
 * A pending attempt given as input (a reload) is sent again as soon as the quote is in.
 * A reload after paying: nothing to buy, but the receipt kept for this tab (input `receipt`,
 * saved by `saveReceipt` on paid, no card data) → receipt (the paid page again, nothing sent).
 * A total of 0 (a 100 % code) needs no card: submit goes straight to preparing.
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

/** The card, its payment method, the challenge and the error: see machines/payment-rules.ts. */
export interface CheckoutContext extends CardPaymentContext {
  courseIds: string[];
  code: string | null;
  quote: Quote | null;
  attempt: PurchaseAttempt | null;
  result: PurchasePaid | null;
  /** The total she saw before the server said the price changed (the notice), or null. */
  previousTotal: number | null;
}

export type CheckoutEvent =
  | { type: 'checkout.fieldChanged'; field: CardField; value: string }
  | { type: 'checkout.submit' }
  | { type: 'checkout.retry' }
  | { type: 'checkout.approve' }
  | { type: 'checkout.deny' }
  | { type: 'checkout.localeChanged' };

/** Refusals that send her back to the cart: the order itself cannot be made as it is. */
const REFUSALS = ['COURSE_ALREADY_OWNED', 'COURSE_IS_FREE', 'CART_EMPTY', 'COURSE_NOT_FOUND'];

/** What she pays: the server's total for the quote she sees. */
export const totalOf = (quote: Quote | null) => quote?.totals.total ?? 0;

export const checkoutMachine = setup({
  types: {} as { context: CheckoutContext; input: CheckoutInput; events: CheckoutEvent },
  actors: {
    /** POST /course-purchase/quote */
    quote: fromPromise<Quote, QuoteBody>(notProvided),
    /** POST /sandbox-pay/payment-methods: the card's only destination. */
    createPaymentMethod: fromPromise<PaymentMethod, CardBody>(notProvided),
    /** A new idempotency key (crypto.randomUUID in the app). */
    newAttemptKey: fromPromise<string>(notProvided),
    /** POST /course-purchase/enroll-multiple with the Idempotency-Key header. */
    purchase: fromPromise<PurchaseResult, PurchaseAttempt>(notProvided),
    /** GET /sandbox-pay/challenges/{id} */
    loadChallenge: fromPromise<Challenge, { id: string }>(notProvided),
    /** POST /sandbox-pay/challenges/{id} */
    decideChallenge: fromPromise<Challenge, { id: string; decision: 'approve' | 'deny' }>(notProvided),
  },
  actions: {
    /** Keeps the attempt across a reload (sessionStorage): key and body, never card data. */
    saveAttempt: (_, _params: { attempt: PurchaseAttempt }) => {},
    /** The attempt has its final answer: nothing to resume. */
    forgetAttempt: () => {},
    /** Keeps the paid order for a reload (sessionStorage): courses, totals, invoice; no card data. */
    saveReceipt: (_, _params: { result: PurchasePaid | null }) => {},
    /** Bought: the root empties the cart and refreshes what she owns; the applied code is spent. */
    purchaseCompleted: (_, _params: { courseIds: string[] }) => {},
    clearError: assign({ error: null }),
    setField: assign(({ context, event }) => {
      assertEvent(event, 'checkout.fieldChanged');
      return cardWithField(context, event.field, event.value);
    }),
    showCardProblems: assign(({ context }) => cardProblemsOf(context)),
    keepQuote: assign((_, quote: Quote) => ({ quote })),
    keepPaymentMethod: assign((_, pm: PaymentMethod) => paymentMethodOf(pm)),
    keepCardRefusal: assign((_, { error }: { error: unknown }) => cardRefusalOf(error)),
    newAttempt: assign(({ context }, { key }: { key: string }) => ({
      attempt: {
        key,
        body: {
          courseIds: context.quote ? context.quote.lines.map((l) => l.courseId) : context.courseIds,
          code: context.quote?.coupon?.code ?? null,
          paymentMethodId: totalOf(context.quote) > 0 ? (context.paymentMethod?.id ?? null) : null,
          expectedTotal: totalOf(context.quote),
        },
      },
      previousTotal: null,
    })),
    dropAttempt: assign({ attempt: null }),
    keepChallenge: assign(({ context }, result: PurchaseResult) => challengeOf(context, result)),
    keepChallengeDetails: assign((_, c: Challenge) => challengeDetailsOf(c)),
    setDecision: assign(({ event }) => {
      assertEvent(event, ['checkout.approve', 'checkout.deny']);
      return decisionFrom(event.type === 'checkout.approve');
    }),
    keepResult: assign((_, result: PurchaseResult) => ({
      result: result.status === 'paid' ? result : null,
      challenge: null,
    })),
    keepDecline: assign(({ context }, { error }: { error: unknown }) => declineOf(context, error)),
    setError: assign((_, { error }: { error: unknown }) => errorFrom(error)),
    notePriceChanged: assign(({ context }) => ({
      previousTotal: context.attempt?.body.expectedTotal ?? totalOf(context.quote),
      error: { code: 'PRICE_CHANGED' },
    })),
    /** The quote after a price change: the notice stays only if the total really moved. */
    settlePriceNotice: assign(({ context }) => ({
      previousTotal:
        context.previousTotal !== null && context.previousTotal !== totalOf(context.quote)
          ? context.previousTotal
          : null,
      error: null,
    })),
  },
  guards: {
    cardInvalid,
    isChallenge,
    challengePending,
    isDeclined,
    isUnanswered,
    nothingToBuy: ({ context }) => context.courseIds.length === 0 && !context.attempt,
    /** Nothing to buy and a receipt kept for this tab: a reload of the paid page. */
    paidBefore: ({ context }) => context.courseIds.length === 0 && !context.attempt && !!context.result,
    hasAttempt: ({ context }) => context.attempt !== null,
    /** A course she owns, a free or a missing one, or nothing left to buy: the cart needs her first. */
    quoteBlocked: (_, quote: Quote) => quote.lines.length === 0 || cartProblems(quote).length > 0,
    freeOrder: ({ context }) => !!context.quote && totalOf(context.quote) === 0,
    isPriceChanged: isCode('PRICE_CHANGED'),
    isRefusal: (_, { error }: { error: unknown }) => {
      const code = codeOf(error);
      return REFUSALS.includes(code) || code.startsWith('COUPON_');
    },
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    courseIds: input.pending ? input.pending.body.courseIds : input.courseIds,
    code: input.pending ? input.pending.body.code : input.code ? normalizeCouponCode(input.code) : null,
    today: input.today,
    quote: null,
    card: EMPTY_CARD,
    fieldErrors: {},
    paymentMethod: null,
    attempt: input.pending,
    challenge: null,
    decision: null,
    result: input.receipt,
    error: null,
    previousTotal: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'paidBefore', target: 'receipt' },
        { guard: 'nothingToBuy', target: 'empty' },
        { target: 'loading' },
      ],
    },
    receipt: { tags: ['step:paid'] },
    empty: { tags: ['step:empty'] },
    loading: {
      tags: ['step:loading'],
      invoke: {
        src: 'quote',
        input: ({ context }) => ({ courseIds: context.courseIds, code: context.code }),
        onDone: [
          {
            guard: 'hasAttempt',
            target: 'paying',
            actions: { type: 'keepQuote', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'quoteBlocked', params: ({ event }) => event.output },
            target: 'blocked',
            actions: { type: 'keepQuote', params: ({ event }) => event.output },
          },
          {
            target: 'editing',
            actions: [{ type: 'keepQuote', params: ({ event }) => event.output }, 'settlePriceNotice'],
          },
        ],
        onError: { target: 'unavailable', actions: { type: 'setError', params: errorOf } },
      },
    },
    unavailable: {
      tags: ['step:unavailable'],
      on: { 'checkout.retry': 'loading' },
    },
    blocked: { tags: ['step:blocked'] },
    editing: {
      tags: ['step:form'],
      on: {
        'checkout.fieldChanged': { actions: 'setField' },
        'checkout.submit': [
          { guard: 'freeOrder', target: 'preparing' },
          { guard: 'cardInvalid', actions: 'showCardProblems' },
          { target: 'validating' },
        ],
        'checkout.localeChanged': 'loading',
      },
    },
    validating: {
      tags: ['step:form', 'busy'],
      entry: 'clearError',
      invoke: {
        src: 'createPaymentMethod',
        input: cardBodyOf,
        onDone: {
          target: 'preparing',
          actions: { type: 'keepPaymentMethod', params: ({ event }) => event.output },
        },
        onError: { target: 'editing', actions: { type: 'keepCardRefusal', params: errorOf } },
      },
    },
    preparing: {
      tags: ['step:form', 'busy'],
      entry: 'clearError',
      invoke: {
        src: 'newAttemptKey',
        onDone: {
          target: 'paying',
          actions: [
            { type: 'newAttempt', params: ({ event }) => ({ key: event.output }) },
            { type: 'saveAttempt', params: ({ context }) => ({ attempt: context.attempt! }) },
          ],
        },
        onError: { target: 'editing', actions: { type: 'setError', params: errorOf } },
      },
    },
    paying: {
      tags: ['step:form', 'busy'],
      entry: 'clearError',
      invoke: {
        src: 'purchase',
        input: ({ context }) => context.attempt!,
        onDone: [
          {
            guard: { type: 'isChallenge', params: ({ event }) => event.output },
            target: 'challenge',
            actions: { type: 'keepChallenge', params: ({ event }) => event.output },
          },
          {
            target: 'paid',
            actions: { type: 'keepResult', params: ({ event }) => event.output },
          },
        ],
        onError: [
          {
            guard: { type: 'isDeclined', params: errorOf },
            target: 'declined',
            actions: ['forgetAttempt', 'dropAttempt', { type: 'keepDecline', params: errorOf }],
          },
          {
            guard: { type: 'isPriceChanged', params: errorOf },
            target: 'loading',
            actions: ['notePriceChanged', 'forgetAttempt', 'dropAttempt'],
          },
          {
            guard: { type: 'isRefusal', params: errorOf },
            target: 'refused',
            actions: ['forgetAttempt', 'dropAttempt', { type: 'setError', params: errorOf }],
          },
          {
            guard: { type: 'isUnanswered', params: errorOf },
            target: 'interrupted',
            actions: { type: 'setError', params: errorOf },
          },
          {
            target: 'failed',
            actions: ['forgetAttempt', 'dropAttempt', { type: 'setError', params: errorOf }],
          },
        ],
      },
    },
    challenge: {
      tags: ['step:form', 'step:challenge'],
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            src: 'loadChallenge',
            input: challengeIdOf,
            onDone: [
              {
                guard: { type: 'challengePending', params: ({ event }) => event.output },
                target: 'asking',
                actions: { type: 'keepChallengeDetails', params: ({ event }) => event.output },
              },
              // already decided (a reload after her answer): the final answer is one request away
              { target: '#checkout.paying' },
            ],
            // the dialog can still ask with what the purchase said (the amount)
            onError: { target: 'asking' },
          },
        },
        asking: {
          on: {
            'checkout.approve': { target: 'deciding', actions: 'setDecision' },
            'checkout.deny': { target: 'deciding', actions: 'setDecision' },
          },
        },
        deciding: {
          tags: ['busy'],
          entry: 'clearError',
          invoke: {
            src: 'decideChallenge',
            input: decisionOf,
            onDone: { target: '#checkout.paying' },
            onError: { target: 'asking', actions: { type: 'setError', params: errorOf } },
          },
        },
      },
    },
    paid: {
      tags: ['step:paid'],
      entry: [
        'forgetAttempt',
        { type: 'saveReceipt', params: ({ context }) => ({ result: context.result }) },
        {
          type: 'purchaseCompleted',
          params: ({ context }) => ({
            courseIds: context.result?.order.courses.map((c) => c.id) ?? context.courseIds,
          }),
        },
      ],
    },
    declined: {
      tags: ['step:form', 'step:declined'],
      on: {
        'checkout.fieldChanged': { actions: 'setField' },
        'checkout.submit': [{ guard: 'cardInvalid', actions: 'showCardProblems' }, { target: 'validating' }],
      },
    },
    failed: {
      tags: ['step:form', 'step:failed'],
      on: {
        'checkout.fieldChanged': { actions: 'setField' },
        'checkout.submit': [
          { guard: 'freeOrder', target: 'preparing' },
          { guard: 'cardInvalid', actions: 'showCardProblems' },
          { target: 'validating' },
        ],
      },
    },
    interrupted: {
      tags: ['step:form', 'step:interrupted'],
      on: { 'checkout.retry': 'paying' },
    },
    refused: { tags: ['step:refused'] },
  },
});
