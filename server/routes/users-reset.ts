/**
 * POST /users/forgot-pin/reset: a new PIN with the reset token from answering the security
 * questions (routes/security-questions.ts); every session of the member ends.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Accounts } from '../domain/accounts.ts';
import { createRouter, jsonBody, noStore } from '../lib/http.ts';
import {
  always,
  BODY_ERRORS,
  bodyOf,
  errors,
  type Limit,
  pinConfirmField,
  pinsMatch,
  reply,
} from './schemas.ts';
import { newPinField } from './users-schemas.ts';

const ResetBody = z
  .object({
    resetToken: z.string({ error: 'REQUIRED' }).min(1, { error: 'REQUIRED' }),
    pin: newPinField,
    pinConfirm: pinConfirmField,
  })
  .superRefine(pinsMatch, always)
  .openapi('ResetPin');

const reset = (limit: Limit) =>
  createRoute({
    method: 'post',
    path: '/users/forgot-pin/reset',
    tags: ['Users'],
    summary: 'Set a new PIN with a reset token; every session of the member ends',
    middleware: [limit, jsonBody] as const,
    request: bodyOf(ResetBody),
    responses: {
      200: reply(z.object({ ok: z.literal(true) }), 'PIN changed'),
      ...errors(...BODY_ERRORS, 503),
    },
  });

export function resetRoutes({ accounts, limit }: { accounts: Accounts; limit: Limit }) {
  return createRouter().openapi(reset(limit), async (c) => {
    noStore(c);
    const { resetToken, pin } = c.req.valid('json');
    await accounts.resetPin(resetToken, pin);
    return c.json({ ok: true as const }, 200);
  });
}
