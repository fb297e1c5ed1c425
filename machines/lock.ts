import type { AppError } from './types';

/**
 * A lock's wait counts down the same way in sign-in (machines/login.ts) and recovery
 * (machines/forgotPin.ts): every `LOCK_TICK_MS` the error's `retryAfter` loses a second, and at one
 * second left the lock is over. A lock whose wait is unknown does not end by itself.
 */
export const LOCK_TICK_MS = 1000;

export const tickWait = (error: AppError | null): AppError | null =>
  error?.retryAfter ? { ...error, retryAfter: error.retryAfter - 1 } : error;

export const waitIsOver = (error: AppError | null): boolean =>
  error?.retryAfter !== undefined && error.retryAfter <= 1;
