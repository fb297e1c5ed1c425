/**
 * Every error code either side speaks: the server's answers (`{ error: { code } }`) and the codes the
 * app gives a failure the server never saw (a dropped connection, a time-out). Machines keep these
 * codes and views translate them; the server's messages for its own codes are keyed by the same list.
 */

/** The codes of the server's error envelope. */
export const SERVER_ERROR_CODES = [
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'UNAUTHORIZED',
  'NOT_FOUND',
  'ALIAS_TAKEN',
  'INVALID_CREDENTIALS',
  'TOO_MANY_ATTEMPTS',
  'RATE_LIMITED',
  'SERVER_BUSY',
  'USER_NOT_FOUND',
  'WRONG_ANSWERS',
  'RESET_TOKEN_INVALID',
  'INTERNAL_ERROR',
  'FORBIDDEN',
  'COURSE_NOT_FOUND',
  'LESSON_NOT_FOUND',
  'QUIZ_NOT_FOUND',
  'COURSE_NOT_FREE',
  'NOT_ENROLLED',
  'PRE_QUIZ_REQUIRED',
  'PRE_QUIZ_ALREADY_TAKEN',
  'LESSONS_INCOMPLETE',
  'QUIZ_INCOMPLETE',
  'REVIEW_NOT_ALLOWED',
  'COUPON_UNKNOWN',
  'COUPON_EXPIRED',
  'COUPON_NOT_STARTED',
  'COUPON_NOT_APPLICABLE',
  'COUPON_ALREADY_USED',
  'COUPON_USED_UP',
  'CART_EMPTY',
  'COURSE_ALREADY_OWNED',
  'COURSE_IS_FREE',
  'PRICE_CHANGED',
  'IDEMPOTENCY_KEY_REQUIRED',
  'IDEMPOTENCY_KEY_REUSED',
  'PAYMENT_METHOD_INVALID',
  'PAYMENT_DECLINED',
  'PAYMENT_FAILED',
  'INVOICE_NOT_FOUND',
  'ARTICLE_NOT_FOUND',
  'BOOKING_NOT_FOUND',
  'SLOT_TAKEN',
  'SLOT_UNAVAILABLE',
  'HOLD_EXPIRED',
  'BOOKING_NOT_PAYABLE',
  'BOOKING_NOT_CANCELLABLE',
  'NOT_YET_OPEN',
  'ENDED',
  'CREDIT_NOTE_NOT_FOUND',
  'PAYMENT_IN_PROGRESS',
  'DISCOVERY_ALREADY_BOOKED',
  'FREE_CALLS_LIMIT',
  'HOLD_NOT_RENEWABLE',
  // account settings (issue 25)
  'CURRENT_PIN_WRONG',
  'RECOVERY_CODE_INVALID',
  'SESSION_NOT_FOUND',
] as const;
export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[number];

/** Codes the app gives a failure of its own (no answer, an answer it cannot read, a step's own check). */
export const CLIENT_ERROR_CODES = [
  'UNKNOWN',
  'GENERIC',
  'NETWORK_ERROR',
  'TIMEOUT',
  'SERVER_ERROR',
  'UNEXPECTED_RESPONSE',
  'NOT_PROVIDED',
  'SESSION_EXPIRED',
  'LOGIN_FAILED',
  'REGISTER_FAILED',
  'LANGUAGE_LOAD_FAILED',
  'ENROL_FAILED',
  'REFRESH_FAILED',
  'LESSON_SAVE_FAILED',
  'REVIEW_SAVE_FAILED',
  'QUIZ_LOAD_FAILED',
  'QUIZ_SUBMIT_FAILED',
  'NO_QUESTIONS',
  'ANSWERS_REQUIRED',
  'RATING_REQUIRED',
  'RATING_INVALID',
  'REVIEW_TOO_LONG',
] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

/** Every top-level error code, the type of `AppError.code` in the machines. */
export type ErrorCode = ServerErrorCode | ClientErrorCode;

/** The codes of field-level problems (`fields` in the envelope): one per rule a field can break. */
export const FIELD_CODES = [
  'ALIAS_REQUIRED',
  'ALIAS_TOO_SHORT',
  'ALIAS_TOO_LONG',
  'ALIAS_INVALID_CHARS',
  'ALIAS_TAKEN',
  'PIN_REQUIRED',
  'PIN_INCOMPLETE',
  'PIN_CONFIRM_REQUIRED',
  'PIN_FORMAT',
  'PIN_TOO_COMMON',
  'PIN_MISMATCH',
  'ANSWER_REQUIRED',
  'ANSWER_TOO_SHORT',
  'ANSWER_TOO_LONG',
  'QUESTIONS_NOT_DISTINCT',
  'QUESTION_UNKNOWN',
  'COUNTRY_INVALID',
  'AVATAR_INVALID',
  'AGE_RANGE_INVALID',
  'MARITAL_STATUS_INVALID',
  'LANGUAGE_INVALID',
  'EMAIL_INVALID',
  'PHONE_INVALID',
  'MUST_BE_ADULT',
  'MUST_ACCEPT_TERMS',
  'REQUIRED',
  'INVALID',
  'PAGE_INVALID',
  'LIMIT_INVALID',
  'RATING_INVALID',
  'REVIEW_TOO_LONG',
  'CHOICE_INVALID',
  'QUIZ_QUESTION_UNKNOWN',
  'CART_EMPTY',
  'TOO_MANY',
  'COUPON_UNKNOWN',
  'CARD_NUMBER_INVALID',
  'EXPIRY_INVALID',
  'CARD_EXPIRED',
  'CVC_INVALID',
  'TEXT_TOO_SHORT',
  'TEXT_TOO_LONG',
  'REPLY_INVALID',
  'YEARS_INVALID',
  'FILE_REQUIRED',
  'FILE_NOT_PDF',
  'FILE_TOO_LARGE',
  'PDF_UNREADABLE',
  'PDF_POLYGLOT',
  'PDF_ENCRYPTED',
  'PDF_JAVASCRIPT',
  'PDF_LAUNCH',
  'PDF_EMBEDDED_FILE',
  'PDF_INFLATES_TOO_MUCH',
  'PDF_TOO_COMPLEX',
  'CURRENT_PIN_REQUIRED',
  'RECOVERY_CODE_FORMAT',
  'CONFIRMATION_MISMATCH',
] as const;
export type FieldCode = (typeof FIELD_CODES)[number];

const errorCodes: ReadonlySet<string> = new Set([...SERVER_ERROR_CODES, ...CLIENT_ERROR_CODES]);
const fieldCodes: ReadonlySet<string> = new Set(FIELD_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && errorCodes.has(value);
}
export function isFieldCode(value: unknown): value is FieldCode {
  return typeof value === 'string' && fieldCodes.has(value);
}
