/**
 * POST /users/forgot-pin/verify-recovery-code (issue 25): her one-time recovery code instead of
 * the security answers, for a reset token (then POST /users/forgot-pin/reset as with the answers).
 * Throttled exactly as the answers are: the same per-address bucket and the same per-member count
 * and lockout. The code is spent by its use: of several parallel attempts, one gets a token.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { type Accounts, FREE_ATTEMPTS, LOCK_SCHEDULE_TEXT, RESET_TOKEN_TTL_S } from '../domain/accounts.ts';
import { createRouter, jsonBody, noStore } from '../lib/http.ts';
import { BODY_ERRORS, bodyOf, errorResponses, type Limit, reply } from './schemas.ts';
import { aliasLookupField, recoveryCodeField } from './users-schemas.ts';

const errors = errorResponses({
  400: 'VALIDATION_ERROR (code RECOVERY_CODE_FORMAT), INVALID_JSON',
  401: 'RECOVERY_CODE_INVALID (wrong, already used, or none made)',
  404: 'USER_NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE (bodies over 64 KiB)',
  415: 'UNSUPPORTED_MEDIA_TYPE (send application/json)',
  429: 'RATE_LIMITED or TOO_MANY_ATTEMPTS (see Retry-After)',
  503: 'SERVER_BUSY',
});

const VerifyCodeBody = z
  .object({ alias: aliasLookupField, code: recoveryCodeField })
  .openapi('VerifyRecoveryCode');

const verify = (limit: Limit) =>
  createRoute({
    method: 'post',
    path: '/users/forgot-pin/verify-recovery-code',
    tags: ['Security questions'],
    summary: 'Use her one-time recovery code to get a PIN reset token (the code is spent)',
    description: `Wrong codes count with wrong PINs and wrong answer sets: after ${FREE_ATTEMPTS} consecutive failures the account is locked for ${LOCK_SCHEDULE_TEXT} for each further failure.`,
    middleware: [limit, jsonBody] as const,
    request: bodyOf(VerifyCodeBody),
    responses: {
      200: reply(
        z.object({ resetToken: z.string(), expiresIn: z.number().int().openapi({ example: 900 }) }),
        'A single-use reset token, valid for `expiresIn` seconds',
      ),
      ...errors(...BODY_ERRORS, 401, 404, 503),
    },
  });

export function forgotCodeRoutes({ accounts, limit }: { accounts: Accounts; limit: Limit }) {
  return createRouter().openapi(verify(limit), async (c) => {
    noStore(c);
    const { alias, code } = c.req.valid('json');
    const resetToken = await accounts.verifyRecoveryCode(alias, code);
    return c.json({ resetToken, expiresIn: RESET_TOKEN_TTL_S }, 200);
  });
}
