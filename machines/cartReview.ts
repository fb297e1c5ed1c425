import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { CouponBody, CouponCheck, Quote, QuoteBody } from '../contract/commerce';
import { COUPON_CODE_MAX, normalizeCouponCode } from '../contract/commerce-rules';
import type { CartItem } from './cart';
import { LOADING_STEP } from './load-step';
import { type AppError, notProvided, toAppError } from './types';

/**
 * The cart screen, /cart (spec §3, §4; issue 8): the wish list in the root cart (machines/cart.ts)
 * priced by the server. The screen starts it with the cart's items and the promo code she applied
 * earlier (kept for checkout by `rememberCode`), and tells it every cart change
 * (`cartReview.itemsChanged`), which prices the cart again. Each state's `description` says what it
 * stands for; docs/machines/cartReview.md draws the chart. Why a code does not apply (COUPON_UNKNOWN,
 * COUPON_EXPIRED…) is kept as `codeError`; the view translates it.
 */
export interface CartReviewInput {
  items: CartItem[];
  /** The code applied before (sessionStorage), or null. */
  code: string | null;
}

export interface CartReviewContext {
  items: CartItem[];
  quote: Quote | null;
  /** The code the quote was made with (the one checkout will use), or null. */
  code: string | null;
  /** What she is typing in the promo code field. */
  draft: string;
  /** Why the code does not apply (COUPON_*, REQUIRED, NETWORK_ERROR…), or null. */
  codeError: string | null;
  /** Why the cart could not be priced. */
  error: AppError | null;
}

export type CartReviewEvent =
  | { type: 'cartReview.itemsChanged'; items: CartItem[] }
  | { type: 'cartReview.codeChanged'; value: string }
  | { type: 'cartReview.applyCode' }
  | { type: 'cartReview.removeCode' }
  | { type: 'cartReview.retry' }
  | { type: 'cartReview.localeChanged' };

/** A course id the API accepts (the contract's Slug); anything else cannot be a course. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The ids the server prices: the cart's course ids as strings, once each. */
export function courseIdsOf(items: CartItem[]): string[] {
  return [...new Set(items.map((i) => String(i.id)).filter((id) => SLUG.test(id) && id.length <= 80))];
}

export type CartProblem = 'owned' | 'free' | 'missing';

/**
 * What must be fixed before checkout, course by course (empty: nothing): owned, free, or missing
 * (the server's `missing`, and any id of `ids`, the cart's, that the quote does not price).
 */
export function cartProblems(
  quote: Quote | null,
  ids: string[] = [],
): { courseId: string; problem: CartProblem }[] {
  if (!quote) return [];
  const problems: { courseId: string; problem: CartProblem }[] = [];
  for (const l of quote.lines) {
    if (l.owned) problems.push({ courseId: l.courseId, problem: 'owned' });
    else if (l.free) problems.push({ courseId: l.courseId, problem: 'free' });
  }
  const priced = new Set(quote.lines.map((l) => l.courseId));
  const missing = new Set([...quote.missing, ...ids.filter((id) => !priced.has(id))]);
  for (const courseId of missing) problems.push({ courseId, problem: 'missing' });
  return problems;
}

/** Checkout can start: a quote with something to pay for and nothing to fix in the cart (`ids`). */
export function canCheckout(quote: Quote | null, ids: string[] = []): boolean {
  return !!quote && quote.lines.length > 0 && cartProblems(quote, ids).length === 0;
}

export const cartReviewMachine = setup({
  types: {} as { context: CartReviewContext; input: CartReviewInput; events: CartReviewEvent },
  actors: {
    /** POST /course-purchase/quote */
    quote: fromPromise<Quote, QuoteBody>(notProvided),
    /** POST /course-purchase/validate-coupon */
    validateCoupon: fromPromise<CouponCheck, CouponBody>(notProvided),
  },
  actions: {
    /** Keeps the applied code for checkout (sessionStorage), or forgets it (null). */
    rememberCode: (_, _params: { code: string | null }) => {},
    clearError: assign({ error: null }),
    setItems: assign(({ event }) => {
      assertEvent(event, 'cartReview.itemsChanged');
      return { items: event.items };
    }),
    setDraft: assign(({ event }) => {
      assertEvent(event, 'cartReview.codeChanged');
      return { draft: event.value.slice(0, COUPON_CODE_MAX * 2), codeError: null };
    }),
    /** A quote; a code it could not use is dropped and its reason shown under the field. */
    keepQuote: assign(({ context }, quote: Quote) => ({
      quote,
      code: quote.coupon?.code ?? null,
      draft: quote.couponError && context.code ? context.code : context.draft,
      codeError: quote.couponError ?? null,
    })),
    keepCoupon: assign((_, check: CouponCheck) => ({
      quote: check.quote,
      code: check.coupon.code,
      draft: '',
      codeError: null,
    })),
    refuseCode: assign((_, { error }: { error: unknown }) => ({
      codeError: toAppError(error, 'NETWORK_ERROR').code,
    })),
    requireCode: assign({ codeError: 'REQUIRED' }),
    clearCodeError: assign({ codeError: null }),
    dropCode: assign({ code: null, codeError: null }),
    setError: assign((_, { error }: { error: unknown }) => ({ error: toAppError(error, 'NETWORK_ERROR') })),
  },
  guards: {
    noItems: ({ context }) => context.items.length === 0,
    noItemsNow: ({ event }) => {
      assertEvent(event, 'cartReview.itemsChanged');
      return event.items.length === 0;
    },
    draftEmpty: ({ context }) => normalizeCouponCode(context.draft) === '',
    hadCode: ({ context }) => context.code !== null,
  },
}).createMachine({
  id: 'cartReview',
  context: ({ input }) => ({
    items: input.items,
    quote: null,
    code: input.code,
    draft: '',
    codeError: null,
    error: null,
  }),
  initial: 'start',
  on: {
    'cartReview.itemsChanged': [
      { guard: 'noItemsNow', target: '.empty', actions: 'setItems' },
      { target: '.loading', reenter: true, actions: 'setItems' },
    ],
    'cartReview.codeChanged': { actions: 'setDraft' },
  },
  states: {
    start: {
      description: 'Nothing in the cart shows the empty cart; anything else is priced.',
      always: [{ guard: 'noItems', target: 'empty' }, { target: 'loading' }],
    },
    empty: {
      description: 'Her cart is empty.',
      tags: ['step:empty'],
    },
    loading: {
      description: 'The server prices the cart (with her promo code, if any) in her language.',
      ...LOADING_STEP,
      invoke: {
        src: 'quote',
        input: ({ context }) => ({ courseIds: courseIdsOf(context.items), code: context.code }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'keepQuote', params: ({ event }) => event.output },
            { type: 'rememberCode', params: ({ event }) => ({ code: event.output.coupon?.code ?? null }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description: 'The cart could not be priced; she can retry.',
      tags: ['step:failed'],
      on: { 'cartReview.retry': 'loading', 'cartReview.localeChanged': 'loading' },
    },
    ready: {
      description: 'The quote: prices, discount, VAT and total, with what must be fixed before checkout.',
      tags: ['step:ready'],
      initial: 'idle',
      on: { 'cartReview.localeChanged': 'loading' },
      states: {
        idle: {
          description: 'She can apply a promo code, or remove the one applied (the cart is priced again).',
          on: {
            'cartReview.applyCode': [{ guard: 'draftEmpty', actions: 'requireCode' }, { target: 'applying' }],
            'cartReview.removeCode': {
              guard: 'hadCode',
              target: '#cartReview.loading',
              actions: ['dropCode', { type: 'rememberCode', params: { code: null } }],
            },
          },
        },
        applying: {
          description: 'The server checks the code: it applies, or says why it cannot.',
          tags: ['busy:code'],
          entry: 'clearCodeError',
          invoke: {
            src: 'validateCoupon',
            input: ({ context }) => ({
              code: normalizeCouponCode(context.draft),
              courseIds: courseIdsOf(context.items),
            }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'keepCoupon', params: ({ event }) => event.output as CouponCheck },
                { type: 'rememberCode', params: ({ event }) => ({ code: event.output.coupon.code }) },
              ],
            },
            onError: {
              target: 'idle',
              actions: { type: 'refuseCode', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});
