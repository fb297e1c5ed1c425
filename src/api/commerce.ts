import type { FetchOptions } from 'ofetch';
import { fromPromise } from 'xstate';
import type {
  CardBody,
  Challenge,
  CouponBody,
  CouponCheck,
  PaymentMethod,
  PurchaseResult,
  Quote,
  QuoteBody,
} from '../../contract/commerce';
import { IDEMPOTENCY_HEADER } from '../../contract/commerce-rules';
import type { cartReviewMachine } from '../../machines/cartReview';
import type { CheckoutError, CheckoutImplementations, PurchaseAttempt } from '../../machines/checkout';
import { isAppError } from '../../machines/types';
import { request } from './client';

/**
 * The buying actors (issue 8): the server's quote, promo codes, the sandbox provider's card element
 * and challenge, and the purchase. Each passes its actor's abort signal. The card number goes in
 * one request only (createPaymentMethod) and is never logged or kept.
 */
const seg = encodeURIComponent;

/**
 * A request whose AppError also carries the envelope's `reason` (PAYMENT_DECLINED says why), read
 * from the error body through ofetch's response hook, so the one client stays as it is.
 */
async function requestWithReason<T>(path: string, options: FetchOptions<'json'>): Promise<T> {
  let reason: string | undefined;
  try {
    return await request<T>(path, {
      ...options,
      onResponseError({ response }) {
        const body = response._data as { error?: { reason?: unknown } } | undefined;
        if (typeof body?.error?.reason === 'string') reason = body.error.reason;
      },
    });
  } catch (error) {
    if (isAppError(error) && reason) throw { ...error, reason } satisfies CheckoutError;
    throw error;
  }
}

/** POST /course-purchase/quote (members and visitors; titles in the current language). */
export const quoteActor = fromPromise<Quote, QuoteBody>(({ input, signal }) =>
  request('/course-purchase/quote', {
    method: 'POST',
    body: { courseIds: input.courseIds, ...(input.code ? { code: input.code } : {}) },
    signal,
  }),
);

/** POST /course-purchase/validate-coupon → the discount and the new quote, or COUPON_*. */
export const validateCouponActor = fromPromise<CouponCheck, CouponBody>(({ input, signal }) =>
  request('/course-purchase/validate-coupon', { method: 'POST', body: input, signal }),
);

/** POST /sandbox-pay/payment-methods: the card's only destination. */
export const createPaymentMethodActor = fromPromise<PaymentMethod, CardBody>(({ input, signal }) =>
  request('/sandbox-pay/payment-methods', { method: 'POST', body: input, signal }),
);

/** A new idempotency key for one purchase attempt. */
export const newAttemptKeyActor = fromPromise<string>(async () => crypto.randomUUID());

/** POST /course-purchase/enroll-multiple with the attempt's key: 201 paid or 202 challenge. */
export const purchaseActor = fromPromise<PurchaseResult, PurchaseAttempt>(({ input, signal }) =>
  requestWithReason('/course-purchase/enroll-multiple', {
    method: 'POST',
    headers: { [IDEMPOTENCY_HEADER]: input.key },
    body: input.body,
    signal,
  }),
);

/** GET /sandbox-pay/challenges/{id}: what the bank asks her to confirm. */
export const loadChallengeActor = fromPromise<Challenge, { id: string }>(({ input, signal }) =>
  request(`/sandbox-pay/challenges/${seg(input.id)}`, { signal }),
);

/** POST /sandbox-pay/challenges/{id}: her answer. */
export const decideChallengeActor = fromPromise<Challenge, { id: string; decision: 'approve' | 'deny' }>(
  ({ input, signal }) =>
    request(`/sandbox-pay/challenges/${seg(input.id)}`, {
      method: 'POST',
      body: { decision: input.decision },
      signal,
    }),
);

/** The card payment's actors, the same for checkout and the consultation booking. */
export const cardPaymentActors = {
  createPaymentMethod: createPaymentMethodActor,
  newAttemptKey: newAttemptKeyActor,
  loadChallenge: loadChallengeActor,
  decideChallenge: decideChallengeActor,
};

/**
 * The buying screens create their own actors; tests give them stub actors through
 * <RootProvider screens={…}> as they do for the learning screens.
 */
declare module '../app/actors' {
  interface ScreenOverrides {
    cartReview?: Parameters<typeof cartReviewMachine.provide>[0];
    checkout?: CheckoutImplementations;
  }
}
