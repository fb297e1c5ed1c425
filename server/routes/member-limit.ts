/**
 * A limit per member (issue 20, finding 9), for work a signed-in member can ask for again and again
 * that costs the server far more than the request: an invoice or credit-note PDF is a pdfkit
 * render with embedded fonts. Runs after `auth` (it counts her, not her address), before the body
 * is read, so every attempt counts, found or not. Past the limit: 429 RATE_LIMITED with
 * Retry-After. The limiter is app.ts's: in the shared store when there is one, so every process
 * counts her together.
 */
import { ApiError } from '../lib/errors.ts';
import type { Limiter } from '../lib/limit-store.ts';
import type { Limit } from './schemas.ts';

/** Invoice and credit-note PDFs together, per member (PDF_RATE_LIMIT per 15 minutes). */
export const PDF_RATE_LIMIT = { limit: 30, windowMs: 15 * 60_000 };

export function memberLimit(limiter: Limiter): Limit {
  return async (c, next) => {
    const wait = await limiter.take(c.var.session.user.id);
    if (wait > 0) throw new ApiError('RATE_LIMITED', { retryAfter: wait });
    await next();
  };
}
