/**
 * The account contract's rules and constants, zod-free so the app imports them as values and the
 * server validates with the very same code: aliases, PINs (with the common-PIN blocklist of
 * common-pins.ts), security answers, email and phone, and the account enums. The server stays
 * the authority; the app checks first so a member hears about a problem at once, in the same words.
 */
import { isCommonPin } from './common-pins.ts';

export { isCommonPin };

/** Field codes these rules report (the server's envelope and the app's messages use the same). */
export type AccountFieldCode =
  | 'ALIAS_REQUIRED'
  | 'ALIAS_TOO_SHORT'
  | 'ALIAS_TOO_LONG'
  | 'ALIAS_INVALID_CHARS'
  | 'PIN_REQUIRED'
  | 'PIN_INCOMPLETE'
  | 'PIN_FORMAT'
  | 'PIN_TOO_COMMON'
  | 'PIN_CONFIRM_REQUIRED'
  | 'PIN_MISMATCH'
  | 'ANSWER_REQUIRED'
  | 'ANSWER_TOO_SHORT'
  | 'ANSWER_TOO_LONG';
type FieldCode = AccountFieldCode;

export const AGE_RANGES = ['18-24', '25-34', '35-44', '45-54', '55-64', '65+'] as const;
export type AgeRange = (typeof AGE_RANGES)[number];
export const MARITAL_STATUSES = [
  'single',
  'married',
  'engaged',
  'divorced',
  'widowed',
  'prefer_not_to_say',
] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];
export const LANGUAGES = ['en', 'ar'] as const;
/** Three security questions, on three different questions. */
export const QUESTION_COUNT = 3;

const ARABIC_INDIC = 0x0660; // ٠..٩
const EASTERN_ARABIC_INDIC = 0x06f0; // ۰..۹

/** Maps Arabic-Indic (٠–٩) and Eastern Arabic-Indic (۰–۹) digits to ASCII; other characters untouched. */
export function toAsciiDigits(s: string): string {
  return s.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (ch) => {
    const cp = ch.codePointAt(0)!;
    return String(cp >= EASTERN_ARABIC_INDIC ? cp - EASTERN_ARABIC_INDIC : cp - ARABIC_INDIC);
  });
}

/** Full-ish case fold: toUpperCase first maps ß→SS, ς→Σ so they meet their lower-case forms. */
function caseFold(s: string): string {
  return s.toUpperCase().toLowerCase();
}

// ---------------------------------------------------------------- alias

export const ALIAS_MIN = 3;
export const ALIAS_MAX = 30;
/** Letters (any script, with their combining marks), digits, dot, underscore, hyphen. */
const ALIAS_CHARS = /^[\p{L}\p{M}\p{Nd}._-]+$/u;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{Nd}]/u;

export type AliasCheck = { ok: true; alias: string; key: string } | { ok: false; code: FieldCode };

/**
 * NFKC-normalises and checks an alias. Control, format (bidi overrides, zero-width joiners) and
 * whitespace characters are outside the allowed classes, so they are refused, not stripped.
 */
export function checkAlias(input: unknown): AliasCheck {
  if (typeof input !== 'string' || input.trim() === '') return { ok: false, code: 'ALIAS_REQUIRED' };
  if (input.length > ALIAS_MAX * 8) return { ok: false, code: 'ALIAS_TOO_LONG' };
  if (/\p{Cs}/u.test(input)) return { ok: false, code: 'ALIAS_INVALID_CHARS' };
  const alias = input.normalize('NFKC');
  const length = [...alias].length;
  if (!ALIAS_CHARS.test(alias) || !HAS_LETTER_OR_DIGIT.test(alias))
    return { ok: false, code: 'ALIAS_INVALID_CHARS' };
  if (length < ALIAS_MIN) return { ok: false, code: 'ALIAS_TOO_SHORT' };
  if (length > ALIAS_MAX) return { ok: false, code: 'ALIAS_TOO_LONG' };
  return { ok: true, alias, key: aliasKey(alias) };
}

/** The field code of what is wrong with an alias as typed in a form (trimmed, as forms send it), or null. */
export function aliasProblem(input: string): FieldCode | null {
  const r = checkAlias(input.trim());
  return r.ok ? null : r.code;
}

/** The comparison key that makes aliases unique without regard to case (or digit script). */
export function aliasKey(alias: string): string {
  return toAsciiDigits(caseFold(alias.normalize('NFKC'))).normalize('NFKC');
}

/** For look-ups by alias (login, forgot PIN): the key, or null when the input cannot be any alias. */
export function lookupKey(input: unknown): string | null {
  const r = checkAlias(input);
  return r.ok ? r.key : null;
}

// ---------------------------------------------------------------- PIN

export const PIN_MIN = 6;
export const PIN_MAX = 12;
/** The PIN lengths a member can choose from when she sets a PIN (sign-up and recovery). */
export const PIN_LENGTHS = [6, 8, 10, 12] as const;
export type PinLength = (typeof PIN_LENGTHS)[number];

export type PinCheck = { ok: true; pin: string } | { ok: false; code: FieldCode };

/** Maps Arabic digits, then requires 6–12 digits that are not on the blocklist. */
export function checkPin(input: unknown): PinCheck {
  if (typeof input !== 'string' || input === '') return { ok: false, code: 'PIN_REQUIRED' };
  if (input.length > 64) return { ok: false, code: 'PIN_FORMAT' };
  const pin = toAsciiDigits(input);
  if (!/^[0-9]{6,12}$/.test(pin)) return { ok: false, code: 'PIN_FORMAT' };
  if (isCommonPin(pin)) return { ok: false, code: 'PIN_TOO_COMMON' };
  return { ok: true, pin };
}

/** For login: only the format matters (an old PIN may predate a blocklist change). */
export function pinForLogin(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > 64) return null;
  const pin = toAsciiDigits(input);
  return /^[0-9]{6,12}$/.test(pin) ? pin : null;
}

/** The field code of what is wrong with a new PIN (sign-up, reset), or null: format, then blocklist. */
export function pinProblem(input: string): FieldCode | null {
  const r = checkPin(input);
  return r.ok ? null : r.code;
}

/**
 * What is wrong with the repeated PIN of a new PIN (sign-up, recovery, and the server behind both),
 * or null: empty → PIN_CONFIRM_REQUIRED, different digits → PIN_MISMATCH. Digits compare in any script.
 */
export function pinConfirmProblem(
  pin: string,
  confirm: string,
): 'PIN_CONFIRM_REQUIRED' | 'PIN_MISMATCH' | null {
  const repeated = toAsciiDigits(confirm);
  if (repeated === '') return 'PIN_CONFIRM_REQUIRED';
  return repeated === toAsciiDigits(pin) ? null : 'PIN_MISMATCH';
}

/** What is wrong with a new PIN and its repeat, field by field (no key when a field is fine). */
export type NewPinProblems = {
  pin?: FieldCode;
  pinConfirm?: 'PIN_CONFIRM_REQUIRED' | 'PIN_MISMATCH';
};

/**
 * The one rule for a new PIN chosen in boxes of `pinLength` (sign-up and recovery): the PIN is
 * required, fills its boxes (PIN_INCOMPLETE when fewer digits than the length chosen), then
 * `pinProblem`; the repeat is `pinConfirmProblem`, reported even when the PIN has a problem, except
 * PIN_MISMATCH, which only says something once the PIN itself is fine.
 */
export function newPinProblems(input: {
  pin: string;
  pinConfirm: string;
  pinLength: number;
}): NewPinProblems {
  const pin = toAsciiDigits(input.pin);
  const pinCode =
    pin === ''
      ? 'PIN_REQUIRED'
      : /^[0-9]+$/.test(pin) && pin.length < input.pinLength
        ? 'PIN_INCOMPLETE'
        : pinProblem(pin);
  const confirmCode = pinConfirmProblem(pin, input.pinConfirm);
  return {
    ...(pinCode ? { pin: pinCode } : {}),
    ...(confirmCode === 'PIN_CONFIRM_REQUIRED' || (confirmCode && !pinCode)
      ? { pinConfirm: confirmCode }
      : {}),
  };
}

/** The field code of what is wrong with a PIN typed to sign in, or null: the format only. */
export function loginPinProblem(input: string): FieldCode | null {
  if (input === '') return 'PIN_REQUIRED';
  return pinForLogin(input) === null ? 'PIN_FORMAT' : null;
}

// ---------------------------------------------------------------- security answers

export const ANSWER_MAX = 200;
/**
 * An answer must keep at least this many letters or digits once normalised. Answers made only of
 * symbols, emoji or punctuation normalise to nothing, and an empty normal form would match any
 * other symbol-only answer: refused at sign-up, and never a match in recovery.
 */
export const ANSWER_MIN_SIGNIFICANT = 2;

/**
 * Normalises an answer so the member's honest answer matches however it is typed: NFKC, case fold,
 * digits to ASCII, Arabic diacritics and tatweel removed, alef/hamza forms → ا, ة → ه, ى → ي,
 * punctuation dropped, whitespace collapsed and trimmed.
 */
export function normalizeAnswer(input: string): string {
  let s = caseFold(input.normalize('NFKC'));
  s = toAsciiDigits(s);
  s = s
    .replace(/[\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g, '') // harakat, superscript alef, Quranic marks, tatweel
    .replace(/[\u0622\u0623\u0625\u0671\u0672\u0673]/g, '\u0627') // آ أ إ ٱ → ا
    .replace(/\u0629/g, '\u0647') // ة → ه
    .replace(/[\u0649\u06cc]/g, '\u064a') // ى ی → ي
    .replace(/\u0624/g, '\u0648') // ؤ → و
    .replace(/\u0626/g, '\u064a') // ئ → ي
    .replace(/\u06a9/g, '\u0643') // ک → ك
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '') // Latin accents: é → e
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ') // punctuation and symbols act as spaces
    .replace(/\s+/gu, ' ')
    .trim();
  return s;
}

/** How many letters and digits an answer keeps once normalised. */
export function significantLength(normalised: string): number {
  return (normalised.match(/[\p{L}\p{N}]/gu) ?? []).length;
}

/** Whether a normalised answer is strong enough to be stored or to be compared at all. */
export function isUsableAnswer(normalised: string): boolean {
  return significantLength(normalised) >= ANSWER_MIN_SIGNIFICANT;
}

/** The field code of what is wrong with a security answer as typed, or null. */
export function answerProblem(input: string): FieldCode | null {
  if (input.trim() === '') return 'ANSWER_REQUIRED';
  if (input.length > ANSWER_MAX) return 'ANSWER_TOO_LONG';
  if (!isUsableAnswer(normalizeAnswer(input))) return 'ANSWER_TOO_SHORT';
  return null;
}

// ---------------------------------------------------------------- email, phone

const EMAIL = /^[^\s@"<>()[\]\\,;:]+@[^\s@"<>()[\]\\,;:_]+\.[^\s@"<>()[\]\\,;:_]{2,}$/u;

export function checkEmail(input: string): { ok: true; email: string } | { ok: false } {
  const email = input.trim();
  // no control characters (NUL cannot even be stored) and no lone surrogates
  if (email.length > 254 || /[\p{Cc}\p{Cs}]/u.test(email) || !EMAIL.test(email)) return { ok: false };
  const [local, domain] = email.split('@');
  if (local.length > 64 || domain.split('.').some((l) => l === '' || l.length > 63)) return { ok: false };
  return { ok: true, email: `${local}@${domain.toLowerCase()}` };
}

/** E.164-ish: a leading +, 7–15 digits; spaces and dashes allowed and stripped; Arabic digits mapped. */
export function checkPhone(input: string): { ok: true; phone: string } | { ok: false } {
  if (input.length > 40) return { ok: false };
  const compact = toAsciiDigits(input.trim()).replace(/[\s-]/g, '');
  return /^\+[1-9][0-9]{6,14}$/.test(compact) ? { ok: true, phone: compact } : { ok: false };
}
