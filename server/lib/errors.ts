/** The uniform error envelope: `{ error: { code, message, fields?, fieldCodes?, retryAfter? } }`. */
import type { Context } from 'hono';
import type { PersonalDetailKind } from '../../contract/circle.ts';
import type { DeclineReason } from '../../contract/commerce-rules.ts';
import {
  type ErrorCode,
  errorMessage,
  type FieldCode,
  fieldMessage,
  type Locale,
  negotiateLocale,
} from './i18n.ts';

export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  ALIAS_TAKEN: 409,
  INVALID_CREDENTIALS: 401,
  TOO_MANY_ATTEMPTS: 429,
  RATE_LIMITED: 429,
  SERVER_BUSY: 503,
  USER_NOT_FOUND: 404,
  WRONG_ANSWERS: 401,
  RESET_TOKEN_INVALID: 400,
  INTERNAL_ERROR: 500,
  FORBIDDEN: 403,
  COURSE_NOT_FOUND: 404,
  LESSON_NOT_FOUND: 404,
  QUIZ_NOT_FOUND: 404,
  COURSE_NOT_FREE: 409,
  NOT_ENROLLED: 403,
  PRE_QUIZ_REQUIRED: 409,
  PRE_QUIZ_ALREADY_TAKEN: 409,
  LESSONS_INCOMPLETE: 409,
  QUIZ_INCOMPLETE: 400,
  REVIEW_NOT_ALLOWED: 403,
  // buying (issue 8): every promo code problem is 409, as the contract lists them (commerce.ts)
  COUPON_UNKNOWN: 409,
  COUPON_EXPIRED: 409,
  COUPON_NOT_STARTED: 409,
  COUPON_NOT_APPLICABLE: 409,
  COUPON_ALREADY_USED: 409,
  COUPON_USED_UP: 409,
  CART_EMPTY: 400,
  COURSE_ALREADY_OWNED: 409,
  COURSE_IS_FREE: 409,
  PRICE_CHANGED: 409,
  IDEMPOTENCY_KEY_REQUIRED: 400,
  IDEMPOTENCY_KEY_REUSED: 422,
  PAYMENT_METHOD_INVALID: 400,
  PAYMENT_DECLINED: 402,
  PAYMENT_FAILED: 402,
  INVOICE_NOT_FOUND: 404,
  ARTICLE_NOT_FOUND: 404,
  // consultations (issue 10)
  BOOKING_NOT_FOUND: 404,
  SLOT_TAKEN: 409,
  SLOT_UNAVAILABLE: 409,
  HOLD_EXPIRED: 409,
  BOOKING_NOT_PAYABLE: 409,
  BOOKING_NOT_CANCELLABLE: 409,
  NOT_YET_OPEN: 409,
  ENDED: 409,
  CREDIT_NOTE_NOT_FOUND: 404,
  // issue 20
  PAYMENT_IN_PROGRESS: 409,
  DISCOVERY_ALREADY_BOOKED: 409,
  FREE_CALLS_LIMIT: 409,
  HOLD_NOT_RENEWABLE: 409,
  // account settings (issue 25): a wrong current PIN is refused, not a sign-out (401 is UNAUTHORIZED's)
  CURRENT_PIN_WRONG: 403,
  RECOVERY_CODE_INVALID: 401,
  SESSION_NOT_FOUND: 404,
  // the staff side (issue 26)
  STAFF_SETUP_INVALID: 410,
  SECOND_FACTOR_INVALID: 401,
  SECOND_FACTOR_REQUIRED: 401,
  BOOKING_NOT_MEDICAL: 409,
  NO_SHOW_TOO_EARLY: 409,
  COUPON_EXISTS: 409,
  ALREADY_REFUNDED: 409,
  NO_PENDING_PROFILE: 409,
  // the community circle (issue 27): a post with personal details or refused words is 422 with what was found
  CIRCLE_SPACE_NOT_FOUND: 404,
  CIRCLE_THREAD_NOT_FOUND: 404,
  CIRCLE_POST_NOT_FOUND: 404,
  CIRCLE_RULES_REQUIRED: 409,
  CIRCLE_PERSONAL_DETAILS: 422,
  CIRCLE_WORDS_REFUSED: 422,
  CIRCLE_EDIT_WINDOW_CLOSED: 409,
  CIRCLE_SUSPENDED: 403,
  CIRCLE_NOT_YOURS: 403,
  CIRCLE_ALREADY_REPORTED: 409,
  CIRCLE_EMAIL_UNAVAILABLE: 409,
  CIRCLE_ALREADY_DECIDED: 409,
  // learning without a connection (issue 28): a clientKey already used for the other kind of request
  CLIENT_KEY_REUSED: 409,
} as const satisfies Record<ErrorCode, number>;

export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];

export interface ApiErrorOptions {
  fields?: Partial<Record<string, FieldCode>>;
  retryAfter?: number;
  /** PAYMENT_DECLINED: why the card was declined. */
  reason?: DeclineReason;
  /** SLOT_TAKEN: the next open slots of the same offer (ISO instants). */
  nextSlots?: string[];
  /** CIRCLE_PERSONAL_DETAILS: the kinds of personal details found in the post. */
  found?: PersonalDetailKind[];
}

/** Thrown anywhere in a request; app.onError turns it into the envelope. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: ErrorStatus;
  readonly options: ApiErrorOptions;
  constructor(code: ErrorCode, options: ApiErrorOptions = {}) {
    super(code);
    this.name = 'ApiError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.options = options;
  }
}

export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    fields?: Record<string, string>;
    fieldCodes?: Record<string, FieldCode>;
    retryAfter?: number;
    reason?: DeclineReason;
    nextSlots?: string[];
    found?: PersonalDetailKind[];
  };
}

export function errorBody(err: ApiError, locale: Locale): ErrorBody {
  const { fields, retryAfter, reason, nextSlots, found } = err.options;
  const body: ErrorBody = {
    error: {
      code: err.code,
      message: errorMessage(err.code, locale, { retryAfter: retryAfter ?? 0, reason: reason ?? '' }),
    },
  };
  const entries = Object.entries(fields ?? {}).filter((e): e is [string, FieldCode] => e[1] !== undefined);
  if (entries.length > 0) {
    body.error.fields = Object.fromEntries(entries.map(([k, code]) => [k, fieldMessage(code, locale)]));
    body.error.fieldCodes = Object.fromEntries(entries);
  }
  if (retryAfter !== undefined) body.error.retryAfter = retryAfter;
  if (reason !== undefined) body.error.reason = reason;
  if (nextSlots !== undefined) body.error.nextSlots = nextSlots;
  if (found !== undefined) body.error.found = found;
  return body;
}

export function localeOf(c: Context): Locale {
  return negotiateLocale(c.req.header('accept-language'));
}

/** Renders an ApiError as a response (with Retry-After / WWW-Authenticate where they apply). */
export function errorResponse(c: Context, err: ApiError): Response {
  const res = c.json(errorBody(err, localeOf(c)), err.status);
  if (err.options.retryAfter !== undefined) res.headers.set('Retry-After', String(err.options.retryAfter));
  if (err.status === 401 && err.code === 'UNAUTHORIZED') res.headers.set('WWW-Authenticate', 'Bearer');
  res.headers.set('Cache-Control', 'no-store');
  return res;
}
