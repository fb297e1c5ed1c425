/**
 * What the users route files share: the account request fields, and two helpers for route
 * definitions. Each field runs its rule from contract/account-rules.ts once and returns what the
 * domain stores, so handlers pass values on as they are: the alias checked with its key, a PIN in
 * ASCII digits, an answer normalised, the country in upper case, email and phone normalised (blank
 * → null). A problem is reported as its field code (the issue's message), which lib/http.ts turns
 * into the envelope. (Helpers for route definitions: schemas.ts.)
 */
import { z } from '@hono/zod-openapi';
import {
  AGE_RANGES,
  ANSWER_MAX,
  answerProblem,
  checkAlias,
  checkEmail,
  checkPhone,
  checkPin,
  loginPinProblem,
  lookupKey,
  MARITAL_STATUSES,
  normalizeAnswer,
  pinForLogin,
  toAsciiDigits,
} from '../../contract/account-rules.ts';
import { normalizeRecoveryCode } from '../../contract/account-settings.ts';
import { COUNTRY_CODES } from '../lib/catalog.ts';
import type { FieldCode } from '../lib/i18n.ts';

/** What a rule returns when the value breaks it: the field code to report. */
class Problem {
  constructor(readonly code: FieldCode) {}
}
const problem = (code: FieldCode) => new Problem(code);

/** A string, or the field code `required` when it is missing or not a string. */
const text = (required: FieldCode) => z.string({ error: required });

/**
 * A string field checked by `rule`: its value when it passes, else its code as an issue. `failed`
 * is what the object-level checks see then (the PIN keeps its digits so a mismatching confirmation
 * is reported too; the others need nothing).
 */
function ruled<T>(
  base: z.ZodString,
  rule: (value: string) => T | Problem,
  failed: (value: string) => T = () => z.NEVER,
) {
  return base.transform((value, ctx) => {
    const r = rule(value);
    if (!(r instanceof Problem)) return r;
    ctx.addIssue({ code: 'custom', message: r.code });
    return failed(value);
  });
}

/** A new alias → `{ alias, key }` (NFKC form and uniqueness key). */
export const aliasField = ruled(text('ALIAS_REQUIRED'), (v) => {
  const r = checkAlias(v);
  return r.ok ? r : problem(r.code);
}).openapi({
  description: '3–30 letters (any script), digits, `.`, `_`, `-`; unique without regard to case.',
  example: 'jasmine.rain',
});

/** An alias to look a member up by → its key, or null when it cannot be any member's alias. */
export const aliasLookupField = text('ALIAS_REQUIRED')
  .min(1, { error: 'ALIAS_REQUIRED' })
  .transform((v) => lookupKey(v))
  .openapi({ example: 'jasmine.rain' });

/** A new PIN → ASCII digits; common PINs are refused. */
export const newPinField = ruled(
  text('PIN_REQUIRED'),
  (v) => {
    const r = checkPin(v);
    return r.ok ? r.pin : problem(r.code);
  },
  toAsciiDigits,
).openapi({
  description: '6–12 digits (ASCII, ٠–٩ or ۰–۹); common PINs are refused.',
  example: '480317',
});

/** A PIN typed to sign in → ASCII digits; only the format counts (an old PIN may predate the blocklist). */
export const loginPinField = ruled(
  text('PIN_REQUIRED').min(1, { error: 'PIN_REQUIRED' }),
  (v) => pinForLogin(v) ?? problem(loginPinProblem(v) ?? 'PIN_FORMAT'),
).openapi({ example: '480317' });

/** A new security answer → its normal form: not blank, at most 200 characters, two letters or digits once normalised. */
export const answerField = ruled(text('ANSWER_REQUIRED'), (v) => {
  const code = answerProblem(v);
  return code ? problem(code) : normalizeAnswer(v);
}).openapi({ description: 'At least two letters or digits (symbols and emoji alone are refused).' });

/**
 * A security answer typed to recover a PIN, as typed (the domain normalises it): not blank, at most
 * ANSWER_MAX characters. No minimum of letters or digits here: an answer stored before that rule
 * must still be answerable (and one with nothing left once normalised never matches).
 */
export const givenAnswerField = text('ANSWER_REQUIRED')
  .refine((v) => v.trim() !== '', { error: 'ANSWER_REQUIRED' })
  .refine((v) => v.length <= ANSWER_MAX, { error: 'ANSWER_TOO_LONG' });

/** One of the contract's age ranges. */
export const ageRangeField = z.enum(AGE_RANGES, { error: 'AGE_RANGE_INVALID' });

/** Optional; one of the contract's marital statuses, absent → null. */
export const maritalStatusField = z
  .enum(MARITAL_STATUSES, { error: 'MARITAL_STATUS_INVALID' })
  .nullish()
  .transform((v) => v ?? null);

/** ISO 3166-1 alpha-2 in any case → upper case. */
export const countryField = ruled(text('COUNTRY_INVALID'), (v) => {
  const code = v.toUpperCase();
  return COUNTRY_CODES.has(code) ? code : problem('COUNTRY_INVALID');
}).openapi({ description: 'ISO 3166-1 alpha-2', example: 'AE' });

/** An optional field: blank or absent → null, else `normal` of it (null: refused with `code`). */
const optional = (code: FieldCode, normal: (value: string) => string | null) =>
  ruled(text(code), (v) => (v.trim() === '' ? null : (normal(v) ?? problem(code))))
    .nullish()
    .transform((v) => v ?? null);

/** Optional; the address with its domain in lower case. */
export const emailField = optional('EMAIL_INVALID', (v) => {
  const r = checkEmail(v);
  return r.ok ? r.email : null;
}).openapi({ description: 'Optional.', example: 'name@example.com' });

/** Optional; + and the digits. */
export const phoneField = optional('PHONE_INVALID', (v) => {
  const r = checkPhone(v);
  return r.ok ? r.phone : null;
}).openapi({
  description: 'Optional. +, then 7–15 digits; spaces and dashes are ignored.',
  example: '+971 50 123 4567',
});

/** Her current PIN, typed to confirm a change in her settings → ASCII digits; only the format counts. */
export const currentPinField = ruled(
  text('CURRENT_PIN_REQUIRED').min(1, { error: 'CURRENT_PIN_REQUIRED' }),
  (v) => pinForLogin(v) ?? problem('PIN_FORMAT'),
).openapi({ example: '480317' });

/** A recovery code as typed (any case, Arabic-Indic digits, spaces or hyphens) → `XXXX-XXXX-XXXX-XXXX`. */
export const recoveryCodeField = ruled(text('REQUIRED'), (v) =>
  v.trim() === ''
    ? problem('REQUIRED')
    : ((v.length <= 64 ? normalizeRecoveryCode(v) : null) ?? problem('RECOVERY_CODE_FORMAT')),
).openapi({ description: 'Four groups of four letters and digits.', example: '7KQ4-MX9T-CR3W-HPNA' });
