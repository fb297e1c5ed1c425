/**
 * What the circle's member routes share (routes/circle.ts reads, circle-write-routes.ts writes):
 * their dependencies, error responses, the reference's tag and bearer security, and the uuid path
 * parameter. Its own module, so that the two route files do not import each other.
 */
import { z } from '@hono/zod-openapi';
import type { CirclePostLimit } from '../app-limits.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/index.ts';
import type { CircleReplyMailer } from '../domain/circle-reply-mail.ts';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../lib/log.ts';
import { errorResponses, type Limit } from './schemas.ts';

export interface CircleDeps {
  database: Database;
  clock: Clock;
  config: AppConfig;
  log: Logger;
  /** The member's session (routes/users.ts sessionAuth). */
  auth: Limit;
  /** Her posts per hour (app-limits.ts `circlePost`, shared by every process). */
  postLimit: CirclePostLimit;
  /** Replies by e-mail to a thread's author (tests pass their own); undefined: SMTP_URL's, or none. */
  replyMailer?: CircleReplyMailer | null;
}

export const circleErrors = errorResponses({
  400: 'VALIDATION_ERROR (a bad cursor: fieldCodes.cursor INVALID) or INVALID_JSON',
  401: 'UNAUTHORIZED (no or expired bearer token)',
  403: 'CIRCLE_SUSPENDED, CIRCLE_NOT_YOURS',
  404: 'CIRCLE_SPACE_NOT_FOUND, CIRCLE_THREAD_NOT_FOUND or CIRCLE_POST_NOT_FOUND',
  409: 'A conflict (the code says which: CIRCLE_EMAIL_UNAVAILABLE, CIRCLE_RULES_REQUIRED …)',
  413: 'PAYLOAD_TOO_LARGE (bodies over 64 KiB)',
  415: 'UNSUPPORTED_MEDIA_TYPE (send application/json)',
  422: 'CIRCLE_PERSONAL_DETAILS or CIRCLE_WORDS_REFUSED',
  429: 'RATE_LIMITED (see Retry-After)',
});

/** What every circle route shares in the reference: its tag and the member's bearer token. */
export const circleDoc = (summary: string, description?: string) => ({
  tags: ['Circle'],
  summary,
  ...(description ? { description } : {}),
  security: [{ bearerAuth: [] }],
});

export const circleUuid = (name: string) =>
  z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: 'INVALID' })
    .transform((s) => s.toLowerCase())
    .openapi({ param: { name, in: 'path' }, example: '0b8e2a4c-5d1f-4e3a-9c7b-2f6d8e1a3b5c' });
