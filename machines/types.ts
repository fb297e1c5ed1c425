/** Shapes shared by the machines. No runtime code from React, the DOM or the network here. */

import type { ErrorCode } from '../contract/errors.ts';

export type { ErrorCode } from '../contract/errors.ts';
export { DEFAULT_LOCALE, LOCALES, type Locale } from '../contract/locale.ts';

/** The user record kept in `userData`. The server sends `id`; older records may carry `userid`. */
export interface User {
  id?: string;
  userid?: string;
  alias?: string;
  avatar?: { id: string; url: string; label: string } | null;
  [field: string]: unknown;
}

/**
 * An error as the machines keep it: a code the views translate, never a sentence.
 * `fields` maps a form field to its own code (ALIAS_TAKEN, PIN_TOO_COMMON…).
 */
export interface AppError {
  code: ErrorCode;
  fields?: Record<string, string>;
  retryAfter?: number;
  attemptsRemaining?: number;
}

export function isAppError(value: unknown): value is AppError {
  return typeof value === 'object' && value !== null && typeof (value as AppError).code === 'string';
}

/** Any thrown value becomes an AppError; unknown failures get a generic code. */
export function toAppError(value: unknown, fallback: ErrorCode = 'UNKNOWN'): AppError {
  return isAppError(value) ? value : { code: fallback };
}

/** What an actor the app provides does until it is provided (tests provide stubs): it refuses. */
export const notProvided = async (): Promise<never> => {
  throw { code: 'NOT_PROVIDED' };
};
