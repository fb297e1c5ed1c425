import { toAsciiDigits } from '../contract/account-rules';
import { STAFF_PASSWORD_MAX, STAFF_PASSWORD_MIN, TOTP_DIGITS } from '../contract/staff';
import type { AppError } from './types';

/**
 * The staff sign-in's and set-up's pure part (issue 26): what is checked before the server is asked
 * (the password's length and its repeat, a code of six digits) and where the server's refusals land.
 * The server also refuses a common password or one holding her e-mail's name (its field codes).
 */
export function emailProblem(email: string): string | null {
  const e = email.trim();
  if (e === '') return 'REQUIRED';
  return /^[^\s@]+@[^\s@]+$/.test(e) ? null : 'EMAIL_INVALID';
}

export function newPasswordProblems(password: string, confirm: string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (password === '') problems.password = 'REQUIRED';
  else if ([...password].length < STAFF_PASSWORD_MIN) problems.password = 'PASSWORD_TOO_SHORT';
  else if ([...password].length > STAFF_PASSWORD_MAX) problems.password = 'PASSWORD_TOO_LONG';
  if (confirm === '') problems.confirm = 'REQUIRED';
  else if (confirm !== password) problems.confirm = 'CONFIRMATION_MISMATCH';
  return problems;
}

/** An authenticator-app code as she typed it: ASCII digits only (Arabic-Indic digits too), at most six. */
export const normaliseCode = (value: string) => toAsciiDigits(value).replace(/\D/g, '').slice(0, TOTP_DIGITS);

export const codeProblem = (code: string): string | null =>
  code === '' ? 'REQUIRED' : code.length < TOTP_DIGITS ? 'CODE_INCOMPLETE' : null;

/** The secret in groups of four, for typing it into the app by hand. */
export const secretGroups = (secret: string) => secret.replace(/\s/g, '').match(/.{1,4}/g) ?? [];

/** A refusal: the server's field codes under their fields, anything else above the form. */
export function splitFailure(
  error: AppError,
  fields: readonly string[],
): { fieldErrors: Record<string, string>; error: AppError | null } {
  const own = Object.fromEntries(Object.entries(error.fields ?? {}).filter(([k]) => fields.includes(k)));
  return Object.keys(own).length ? { fieldErrors: own, error: null } : { fieldErrors: {}, error };
}

/** Without the key, the drop. */
export const without = (errors: Record<string, string>, key: string) =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => k !== key));
