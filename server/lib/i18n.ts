/**
 * The server's words in English and Arabic, from the app's own ICU catalogue (lang/*.json) through
 * `@formatjs/intl`: one `createIntl` per language, made on first use. The server's own messages are
 * the `server.*` ids (never shipped to the browser, src/app/message-bundles.ts); where the app
 * already says the same thing, the server uses the app's id, so a word is translated once.
 * Every code of contract/errors.ts has a message (tests/server/i18n-catalogue.test.ts, i18n:verify).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { FieldCode, ServerErrorCode } from '../../contract/errors.ts';
import { CV_MAX_BYTES, YEARS_MAX } from '../../contract/forms-rules.ts';
import { LOCALES, type Locale } from '../../contract/locale.ts';
import { qualityList } from './accept.ts';

export type { FieldCode } from '../../contract/errors.ts';
export { isFieldCode } from '../../contract/errors.ts';
export { LOCALES, type Locale };

/** The server's own codes: each has a message (`errorMessageId`). */
export type ErrorCode = ServerErrorCode;

/**
 * Picks en or ar from an Accept-Language header, honouring q-values (RFC 9110 §12.5.4).
 * Anything unparsable or without a supported language gives English.
 */
export function negotiateLocale(header: string | null | undefined): Locale {
  if (!header || header.length > 512) return 'en';
  let best: Locale = 'en';
  let bestQ = -1;
  for (const { value, q } of qualityList(header)) {
    const primary = value.split('-')[0];
    const locale = (LOCALES as readonly string[]).includes(primary) ? (primary as Locale) : null;
    if (locale && q > 0 && q > bestQ) {
      best = locale;
      bestQ = q;
    }
  }
  return best;
}

// ------------------------------------------------------------------ the catalogue

type Messages = Record<string, string>;
export type Values = Record<string, string | number>;

// a path, not a URL: also read where the global URL is not Node's (the views' jsdom tests)
const LANG_DIR = join(fileURLToPath(import.meta.url), '../../../lang');
const readCatalogue = (locale: Locale): Messages =>
  JSON.parse(readFileSync(join(LANG_DIR, `${locale}.json`), 'utf8')) as Messages;

const cache = createIntlCache();
const intls = new Map<Locale, IntlShape>();

/** The language's formatter, made once: Arabic layered over English, as the app does. */
export function intlFor(locale: Locale): IntlShape {
  let intl = intls.get(locale);
  if (!intl) {
    const english = readCatalogue('en');
    const messages = locale === 'en' ? english : { ...english, ...readCatalogue(locale) };
    intl = createIntl(
      {
        locale,
        defaultLocale: 'en',
        messages,
        // a missing id or a bad value is a bug the tests must see, not a raw id in an answer
        onError: (err) => {
          throw err;
        },
      },
      cache,
    );
    intls.set(locale, intl);
  }
  return intl;
}

/** One message of the catalogue, formatted. */
export function message(locale: Locale, id: string, values?: Values): string {
  return intlFor(locale).formatMessage({ id }, values);
}

/** A message as plain text: its rich-text tags (`<link>…</link>`) keep only their words. */
export function plainMessage(locale: Locale, id: string): string {
  const source = intlFor(locale).messages[id];
  if (typeof source !== 'string') return message(locale, id);
  const tags = Object.fromEntries(
    [...source.matchAll(/<([a-zA-Z][\w-]*)>/g)].map(([, tag]) => [
      tag,
      (chunks: string[]) => chunks.join(''),
    ]),
  );
  const out: unknown = intlFor(locale).formatMessage({ id }, tags);
  return Array.isArray(out) ? out.join('') : String(out);
}

/** How long to wait, in the app's words (`time.*`): seconds under a minute, then whole minutes. */
export function formatWait(locale: Locale, seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  return s < 60
    ? message(locale, 'time.seconds', { count: s })
    : message(locale, 'time.minutes', { count: Math.ceil(s / 60) });
}

// ------------------------------------------------------------------ errors and fields

/** A message id, with the values it is always given. */
export interface MessageRef {
  id: string;
  values?: Values;
}

const same = <C extends string>(prefix: string, codes: readonly C[]) =>
  Object.fromEntries(codes.map((code) => [code, { id: `${prefix}${code}` }])) as Record<C, MessageRef>;

/** Errors the app already words the same way: the server says them with the app's id. */
const SHARED_ERRORS: Partial<Record<ErrorCode, MessageRef>> = {
  ALIAS_TAKEN: { id: 'errors.field.ALIAS_TAKEN' },
  TOO_MANY_ATTEMPTS: { id: 'errors.locked' },
  USER_NOT_FOUND: { id: 'errors.userNotFound' },
  WRONG_ANSWERS: { id: 'errors.wrongAnswers' },
  RESET_TOKEN_INVALID: { id: 'errors.resetExpired' },
  INTERNAL_ERROR: { id: 'errors.generic' },
  LESSON_NOT_FOUND: { id: 'learning.learn.lessonNotFound' },
  QUIZ_NOT_FOUND: { id: 'learning.errors.QUIZ_NOT_FOUND' },
  LESSONS_INCOMPLETE: { id: 'learning.errors.LESSONS_INCOMPLETE' },
  REVIEW_NOT_ALLOWED: { id: 'learning.errors.REVIEW_NOT_ALLOWED' },
  QUIZ_INCOMPLETE: { id: 'forgot.questions.allRequired' },
  ...same('cart.code.error.', [
    'COUPON_UNKNOWN',
    'COUPON_EXPIRED',
    'COUPON_NOT_STARTED',
    'COUPON_NOT_APPLICABLE',
    'COUPON_ALREADY_USED',
    'COUPON_USED_UP',
  ] as const),
  PAYMENT_IN_PROGRESS: { id: 'checkout.refusal.PAYMENT_IN_PROGRESS' },
  ...same('booking.hold.refused.', [
    'DISCOVERY_ALREADY_BOOKED',
    'FREE_CALLS_LIMIT',
    'HOLD_NOT_RENEWABLE',
  ] as const),
  NOT_YET_OPEN: { id: 'consultations.call.notYet' },
  ENDED: { id: 'consultations.call.ended' },
};

/** Field problems the app already words the same way. */
const SHARED_FIELDS: Partial<Record<FieldCode, MessageRef>> = {
  ...same('errors.field.', [
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
    'AVATAR_INVALID',
    'AGE_RANGE_INVALID',
    'MUST_BE_ADULT',
    'MUST_ACCEPT_TERMS',
    'REQUIRED',
    'INVALID',
    'PASSWORD_TOO_SHORT',
    'PASSWORD_TOO_LONG',
    'PASSWORD_TOO_COMMON',
    'PASSWORD_HAS_EMAIL',
    'CODE_INVALID',
  ] as const),
  RATING_INVALID: { id: 'learning.errors.RATING_INVALID' },
  COUPON_UNKNOWN: { id: 'cart.code.error.COUPON_UNKNOWN' },
  ...same('checkout.field.', [
    'CARD_NUMBER_INVALID',
    'EXPIRY_INVALID',
    'CARD_EXPIRED',
    'CVC_INVALID',
  ] as const),
  ...same('forms.error.', [
    'COUNTRY_INVALID',
    'EMAIL_INVALID',
    'CHOICE_INVALID',
    'REPLY_INVALID',
    'FILE_REQUIRED',
    'FILE_NOT_PDF',
    'PDF_UNREADABLE',
    'PDF_POLYGLOT',
    'PDF_ENCRYPTED',
    'PDF_JAVASCRIPT',
    'PDF_LAUNCH',
    'PDF_EMBEDDED_FILE',
    'PDF_INFLATES_TOO_MUCH',
    'PDF_TOO_COMPLEX',
  ] as const),
  YEARS_INVALID: { id: 'forms.error.YEARS_INVALID', values: { max: YEARS_MAX } },
  FILE_TOO_LARGE: { id: 'forms.error.FILE_TOO_LARGE', values: { mb: CV_MAX_BYTES / (1024 * 1024) } },
};

/** The message of a top-level error code: the app's where it has one, else `server.error.<code>`. */
export function errorMessageId(code: ErrorCode): MessageRef {
  return SHARED_ERRORS[code] ?? { id: `server.error.${code}` };
}

/** The message of a field code: the app's where it has one, else `server.field.<code>`. */
export function fieldMessageId(code: FieldCode): MessageRef {
  return SHARED_FIELDS[code] ?? { id: `server.field.${code}` };
}

/** What an error's message may say: how long to wait (seconds), why a card was declined. */
export interface ErrorParams {
  retryAfter?: number;
  reason?: string;
}

export function errorMessage(code: ErrorCode, locale: Locale, params: ErrorParams = {}): string {
  const { id, values } = errorMessageId(code);
  return message(locale, id, {
    ...values,
    wait: formatWait(locale, params.retryAfter ?? 0),
    reason: params.reason ?? '',
  });
}

export function fieldMessage(code: FieldCode, locale: Locale): string {
  const { id, values } = fieldMessageId(code);
  return message(locale, id, values);
}
