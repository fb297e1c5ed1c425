import type { AnyActorLogic } from 'xstate';
import { normalizeCouponCode } from '../contract/commerce-rules';
import type { cardPaymentMachine } from './cardPayment';
import { checkoutSetup, paymentInputOf } from './checkout-rules';
import { EMPTY_CARD, errorOf, outputOf, type ProvidedActions } from './payment-rules';

export * from './checkout-rules';
export type { ChallengeView } from './payment-rules';
export { EMPTY_CARD };

/**
 * Checkout, /checkout (issue 8, spec §3 Card payment): the order priced by the server, then one
 * card payment (the child machine machines/cardPayment.ts, invoked as `payment`) that can never
 * pay twice. Types, actions and guards: machines/checkout-rules.ts.
 */
export const checkoutMachine = checkoutSetup.createMachine({
  id: 'checkout',
  description: 'The order priced by the server, one card payment, then the paid order or back to the cart.',
  context: ({ input }) => ({
    courseIds: input.pending ? input.pending.body.courseIds : input.courseIds,
    code: input.pending ? input.pending.body.code : input.code ? normalizeCouponCode(input.code) : null,
    today: input.today,
    quote: null,
    card: null,
    attempt: input.pending,
    result: input.receipt,
    error: null,
    previousTotal: null,
  }),
  initial: 'start',
  states: {
    start: {
      description: 'A reload of the paid page shows its receipt; an empty cart has nothing to buy.',
      always: [
        { guard: 'paidBefore', target: 'receipt' },
        { guard: 'nothingToBuy', target: 'empty' },
        { target: 'loading' },
      ],
    },
    receipt: {
      description: 'The order she paid in this tab, again; nothing is sent.',
      tags: ['step:paid'],
    },
    empty: {
      description: 'Nothing to buy.',
      tags: ['step:empty'],
    },
    loading: {
      description:
        'The server prices the cart (with the code); a reload’s attempt is sent again once it has.',
      tags: ['step:loading'],
      invoke: {
        src: 'quote',
        input: ({ context }) => ({ courseIds: context.courseIds, code: context.code }),
        onDone: [
          {
            guard: 'hasAttempt',
            target: 'payment',
            actions: { type: 'keepQuote', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'quoteBlocked', params: ({ event }) => event.output },
            target: 'blocked',
            actions: { type: 'keepQuote', params: ({ event }) => event.output },
          },
          {
            target: 'payment',
            actions: [{ type: 'keepQuote', params: ({ event }) => event.output }, 'settlePriceNotice'],
          },
        ],
        onError: { target: 'unavailable', actions: { type: 'setError', params: errorOf } },
      },
    },
    unavailable: {
      description: 'The order could not be priced; she can try again.',
      tags: ['step:unavailable'],
      on: { 'checkout.retry': 'loading' },
    },
    blocked: {
      description: 'A course she owns, a free or a missing one: the cart needs her first.',
      tags: ['step:blocked'],
    },
    payment: {
      description: 'The card payment for the total she sees (no card when a code covers it all).',
      tags: ['step:form'],
      exit: 'dropAttempt',
      on: {
        'checkout.localeChanged': { actions: 'leavePayment' },
        'cardPayment.sent': { actions: 'clearPriceNotice' },
      },
      invoke: {
        id: 'payment',
        src: 'cardPayment',
        input: paymentInputOf,
        onDone: [
          {
            guard: { type: 'paid', params: outputOf },
            target: 'paid',
            actions: { type: 'keepResult', params: outputOf },
          },
          {
            guard: { type: 'left', params: outputOf },
            target: 'loading',
            actions: { type: 'keepCard', params: outputOf },
          },
          {
            guard: { type: 'priceChanged', params: outputOf },
            target: 'loading',
            actions: { type: 'notePriceChanged', params: outputOf },
          },
          { target: 'refused', actions: { type: 'keepEndingError', params: outputOf } },
        ],
      },
    },
    paid: {
      description: 'She owns the courses: the receipt is kept for a reload, the cart emptied.',
      tags: ['step:paid'],
      entry: [
        { type: 'saveReceipt', params: ({ context }) => ({ result: context.result }) },
        {
          type: 'purchaseCompleted',
          params: ({ context }) => ({
            courseIds: context.result?.order.courses.map((c) => c.id) ?? context.courseIds,
          }),
        },
      ],
    },
    refused: {
      description: 'The order cannot be made as it is (owned, the code no longer valid): back to the cart.',
      tags: ['step:refused'],
    },
  },
});

/**
 * What the root provides to the checkout, flat as before the card payment was a child: the
 * checkout's and the card payment's actors and actions by name (`purchase` becomes the payment's `pay`).
 */
export interface CheckoutImplementations {
  actors?: Partial<
    Record<
      'quote' | 'purchase' | 'createPaymentMethod' | 'newAttemptKey' | 'loadChallenge' | 'decideChallenge',
      AnyActorLogic
    >
  >;
  actions?: Partial<ProvidedActions<typeof checkoutMachine> & ProvidedActions<typeof cardPaymentMachine>>;
}
