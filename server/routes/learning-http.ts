/**
 * What the learning routes share: error responses (with 403), member-only paths (the `{userId}`
 * parameter and its check), bearer security, ETags.
 */
import { z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../lib/errors.ts';
import type { AppEnv } from '../lib/http.ts';
import { errorResponses } from './schemas.ts';

export const learningErrors = errorResponses({
  400: 'VALIDATION_ERROR (fieldCodes per field: PAGE_INVALID, LIMIT_INVALID, RATING_INVALID, REVIEW_TOO_LONG, …), INVALID_JSON or QUIZ_INCOMPLETE (fieldCodes `answers.<questionId>`: ANSWER_REQUIRED or CHOICE_INVALID)',
  401: 'UNAUTHORIZED (no or expired bearer token)',
  403: 'FORBIDDEN (the userId is not the signed-in member), NOT_ENROLLED or REVIEW_NOT_ALLOWED',
  404: 'COURSE_NOT_FOUND, LESSON_NOT_FOUND or QUIZ_NOT_FOUND',
  409: 'COURSE_NOT_FREE, PRE_QUIZ_REQUIRED, PRE_QUIZ_ALREADY_TAKEN or LESSONS_INCOMPLETE',
  413: 'PAYLOAD_TOO_LARGE (bodies over 64 KiB)',
  415: 'UNSUPPORTED_MEDIA_TYPE (send application/json)',
});

export const BODY = [400, 413, 415] as const;
export const bearer = [{ bearerAuth: [] }];

/** The `{userId}` of a member-only path. */
export const userIdParam = z
  .string()
  .openapi({ param: { name: 'userId', in: 'path' }, description: "The signed-in member's id" });

/**
 * After the session check, before anything else: a `{userId}` path that is not the signed-in
 * member's id → 403 FORBIDDEN (whatever else is wrong with the request).
 */
export const sameMember: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.param('userId') !== c.var.session.user.id) throw new ApiError('FORBIDDEN');
  await next();
};

/** Whether an If-None-Match header matches this (weak) ETag. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}
