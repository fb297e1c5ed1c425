/**
 * Schemas shared by the routes: the error envelope and error responses, helpers for route
 * definitions, the user, and request field rules.
 */
import { z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { AGE_RANGES, LANGUAGES, MARITAL_STATUSES, pinConfirmProblem } from '../../contract/account-rules.ts';
import { PERSONAL_DETAIL_KINDS } from '../../contract/circle.ts';
import { DECLINE_REASONS } from '../../contract/commerce-rules.ts';
import { FIELD_CODES, SERVER_ERROR_CODES } from '../../contract/errors.ts';
import { isAvatarId } from '../lib/catalog.ts';
import type { AppEnv } from '../lib/http.ts';

const errorCodes = SERVER_ERROR_CODES;
const fieldCodes = FIELD_CODES;

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(errorCodes).openapi({ example: 'VALIDATION_ERROR' }),
      message: z
        .string()
        .openapi({ description: 'In the language of the Accept-Language header (en or ar).' }),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .openapi({ description: 'Localized message per field.' }),
      fieldCodes: z.record(z.string(), z.enum(fieldCodes)).optional().openapi({
        description: 'A code per field, for clients that translate messages themselves.',
      }),
      retryAfter: z.number().int().optional().openapi({ description: 'Seconds; also sent as Retry-After.' }),
      reason: z
        .enum(DECLINE_REASONS)
        .optional()
        .openapi({ description: 'PAYMENT_DECLINED only: why the card was declined.' }),
      nextSlots: z
        .array(z.string())
        .optional()
        .openapi({ description: 'SLOT_TAKEN only: the next open slots of the same offer (ISO instants).' }),
      found: z.array(z.enum(PERSONAL_DETAIL_KINDS)).optional().openapi({
        description: 'CIRCLE_PERSONAL_DETAILS only: the kinds of personal details found in the post.',
      }),
    }),
  })
  .openapi('Error');

type ErrorResponse = { description: string; content: { 'application/json': { schema: typeof ErrorSchema } } };

/** An `errors(...statuses)` for route definitions: the envelope, each status described by `text`. */
export function errorResponses<Status extends number>(text: Record<Status, string>) {
  return <S extends Status>(...statuses: S[]) =>
    Object.fromEntries(
      statuses.map((s) => [
        s,
        { description: text[s], content: { 'application/json': { schema: ErrorSchema } } },
      ]),
    ) as Record<S, ErrorResponse>;
}

/** The account and recovery routes' error responses. */
export const errors = errorResponses({
  400: 'VALIDATION_ERROR, INVALID_JSON or RESET_TOKEN_INVALID',
  401: 'UNAUTHORIZED, INVALID_CREDENTIALS or WRONG_ANSWERS',
  404: 'NOT_FOUND or USER_NOT_FOUND',
  409: 'ALIAS_TAKEN',
  413: 'PAYLOAD_TOO_LARGE (bodies over 64 KiB)',
  415: 'UNSUPPORTED_MEDIA_TYPE (send application/json)',
  429: 'RATE_LIMITED or TOO_MANY_ATTEMPTS (see Retry-After)',
  500: 'INTERNAL_ERROR',
  503: 'SERVER_BUSY',
});

export const BODY_ERRORS = [400, 413, 415, 429] as const;

/** A middleware a route runs first: a rate limit or the session check. */
export type Limit = MiddlewareHandler<AppEnv>;

/** A required JSON request body. */
export const bodyOf = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});

/** A JSON response. */
export const reply = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

export const AvatarSchema = z
  .object({
    id: z.string().openapi({ example: 'date-palm' }),
    url: z.string().openapi({ example: '/avatars/date-palm.svg' }),
    label: z.string().openapi({ example: 'Date palm' }),
  })
  .openapi('Avatar');

export const QuestionSchema = z
  .object({
    id: z.string().openapi({ example: 'birth_city' }),
    text: z.string().openapi({ example: 'In which city were you born?' }),
  })
  .openapi('SecurityQuestion');

export const UserSchema = z
  .object({
    id: z.string().openapi({ example: '6f1c2a4e-8a57-4b8e-9c1e-2f1e0a3b4c5d' }),
    alias: z.string().openapi({ example: 'jasmine.rain' }),
    avatar: AvatarSchema.nullable(),
    country: z.string().openapi({ example: 'AE' }),
    ageRange: z.enum(AGE_RANGES),
    maritalStatus: z.enum(MARITAL_STATUSES).nullable(),
    language: z.enum(LANGUAGES),
    createdAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('User');

export const AuthResultSchema = z.object({ token: z.string(), user: UserSchema }).openapi('AuthResult');

// ------------------------------------------------------------------ request fields
// Each check reports a field code as its message; lib/http.ts turns them into the envelope.

export const pinConfirmField = z.string({ error: 'PIN_CONFIRM_REQUIRED' }).openapi({ example: '480317' });

export const avatarField = z
  .string({ error: 'AVATAR_INVALID' })
  .refine(isAvatarId, { error: 'AVATAR_INVALID' })
  .openapi({ example: 'date-palm' });

/** Refinement for "pin" and "pinConfirm" that runs even when other fields failed. */
export function pinsMatch(value: { pin?: unknown; pinConfirm?: unknown } | undefined, ctx: z.RefinementCtx) {
  if (!value || typeof value !== 'object') return;
  const { pin, pinConfirm } = value;
  if (typeof pin !== 'string' || typeof pinConfirm !== 'string') return;
  const problem = pinConfirmProblem(pin, pinConfirm);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['pinConfirm'] });
}

/** Lets an object-level refinement run even when some fields failed, so every problem is reported at once. */
export const always = { when: () => true };
