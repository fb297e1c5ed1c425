/** What the buying routes share: their error responses. */
import { errorResponses } from './schemas.ts';

export const commerceErrors = errorResponses({
  400: 'VALIDATION_ERROR (fieldCodes: courseIds CART_EMPTY or TOO_MANY, code COUPON_UNKNOWN, paymentMethodId REQUIRED, card fields REQUIRED, CARD_NUMBER_INVALID, EXPIRY_INVALID, CARD_EXPIRED, CVC_INVALID), INVALID_JSON, IDEMPOTENCY_KEY_REQUIRED or PAYMENT_METHOD_INVALID',
  401: 'UNAUTHORIZED (no or expired bearer token)',
  402: 'PAYMENT_DECLINED (`error.reason`: card_declined, insufficient_funds or challenge_failed) or PAYMENT_FAILED; nothing was charged',
  403: 'FORBIDDEN (not hers)',
  404: 'COURSE_NOT_FOUND, INVOICE_NOT_FOUND or NOT_FOUND',
  409: 'COURSE_ALREADY_OWNED, COURSE_IS_FREE, PRICE_CHANGED, COUPON_UNKNOWN, COUPON_EXPIRED, COUPON_NOT_STARTED, COUPON_NOT_APPLICABLE, COUPON_ALREADY_USED or COUPON_USED_UP',
  413: 'PAYLOAD_TOO_LARGE (bodies over 64 KiB)',
  415: 'UNSUPPORTED_MEDIA_TYPE (send application/json)',
  422: 'IDEMPOTENCY_KEY_REUSED (this key was used with another body)',
  429: 'RATE_LIMITED (see Retry-After)',
});
