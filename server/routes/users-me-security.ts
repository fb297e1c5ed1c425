/**
 * What guards her account (issue 25), each with her current PIN: POST /users/me/pin (a new PIN,
 * other devices signed out if she asks), PUT /users/me/security-answers (sign-up's answer rules,
 * three different questions), POST /users/me/recovery-code (a new one-time code, shown once; the
 * PIN may be left out only for her first code just after sign-up). A wrong current PIN counts
 * towards the sign-in lockout; these routes also count in the per-address bucket of the sign-in calls.
 */
import { createRoute, z } from '@hono/zod-openapi';
import {
  PinChanged,
  RECOVERY_CODE_SIGNUP_MINUTES,
  RecoveryCodeIssued,
} from '../../contract/account-settings.ts';
import { type Accounts, FREE_ATTEMPTS, LOCK_SCHEDULE_TEXT } from '../domain/accounts.ts';
import { SECURITY_QUESTION_IDS } from '../lib/catalog.ts';
import { createRouter, jsonBody, noStore } from '../lib/http.ts';
import {
  always,
  BODY_ERRORS,
  bodyOf,
  errorResponses,
  type Limit,
  pinConfirmField,
  pinsMatch,
  reply,
} from './schemas.ts';
import { mine } from './users-me.ts';
import { questionsDistinct } from './users-register.ts';
import { answerField, currentPinField, newPinField } from './users-schemas.ts';

const errors = errorResponses({
  400: 'VALIDATION_ERROR (currentPin CURRENT_PIN_REQUIRED when the PIN is needed), INVALID_JSON',
  401: 'UNAUTHORIZED',
  403: 'CURRENT_PIN_WRONG',
  413: 'PAYLOAD_TOO_LARGE (bodies over 64 KiB)',
  415: 'UNSUPPORTED_MEDIA_TYPE (send application/json)',
  429: 'RATE_LIMITED or TOO_MANY_ATTEMPTS (see Retry-After)',
  503: 'SERVER_BUSY',
});
const PIN_ERRORS = [...BODY_ERRORS, 401, 403, 503] as const;

const LOCKOUT = `A wrong current PIN counts with wrong PINs at sign-in: after ${FREE_ATTEMPTS} consecutive failures the account is locked for ${LOCK_SCHEDULE_TEXT} for each further failure.`;

const ChangePinBody = z
  .object({
    currentPin: currentPinField,
    pin: newPinField,
    pinConfirm: pinConfirmField,
    signOutOthers: z.boolean({ error: 'INVALID' }).optional().default(false),
  })
  .superRefine(pinsMatch, always)
  .openapi('ChangePin');

const AnswersBody = z
  .object({
    currentPin: currentPinField,
    securityAnswers: z
      .array(
        z.object({
          questionId: z.enum(SECURITY_QUESTION_IDS, { error: 'QUESTION_UNKNOWN' }),
          answer: answerField,
        }),
        { error: 'ANSWER_REQUIRED' },
      )
      .length(3, { error: 'ANSWER_REQUIRED' })
      .openapi({ description: 'Exactly three, on three different questions, in display order.' }),
  })
  .superRefine(questionsDistinct, always)
  .openapi('ChangeSecurityAnswers');

const RecoveryCodeBody = z.object({ currentPin: currentPinField.optional() }).openapi('NewRecoveryCode');

const changePin = (auth: Limit, limit: Limit) =>
  createRoute({
    method: 'post',
    path: '/users/me/pin',
    ...mine('Change her PIN (current PIN); `signOutOthers` ends every other session', LOCKOUT),
    middleware: [limit, auth, jsonBody] as const,
    request: bodyOf(ChangePinBody),
    responses: { 200: reply(PinChanged, 'PIN changed'), ...errors(...PIN_ERRORS) },
  });

const changeAnswers = (auth: Limit, limit: Limit) =>
  createRoute({
    method: 'put',
    path: '/users/me/security-answers',
    ...mine('Change her three security questions and answers (current PIN)', LOCKOUT),
    middleware: [limit, auth, jsonBody] as const,
    request: bodyOf(AnswersBody),
    responses: {
      200: reply(z.object({ ok: z.literal(true) }), 'Questions and answers changed'),
      ...errors(...PIN_ERRORS),
    },
  });

const recoveryCode = (auth: Limit, limit: Limit) =>
  createRoute({
    method: 'post',
    path: '/users/me/recovery-code',
    ...mine(
      'Make her a new one-time recovery code (shown once; the old one stops working)',
      `Only its hash is stored. \`currentPin\` may be left out only for her first code within ${RECOVERY_CODE_SIGNUP_MINUTES} minutes of sign-up. ${LOCKOUT}`,
    ),
    middleware: [limit, auth, jsonBody] as const,
    request: bodyOf(RecoveryCodeBody),
    responses: { 200: reply(RecoveryCodeIssued, 'The code, to show once'), ...errors(...PIN_ERRORS) },
  });

/** Her id and this device's token digest: what the domain needs to know who asks. */
const caller = (c: { var: { session: { user: { id: string }; tokenHash: string } } }) => ({
  userId: c.var.session.user.id,
  tokenHash: c.var.session.tokenHash,
});

export function meSecurityRoutes({
  accounts,
  auth,
  limit,
}: {
  accounts: Accounts;
  auth: Limit;
  limit: Limit;
}) {
  return createRouter()
    .openapi(changePin(auth, limit), async (c) => {
      noStore(c);
      const { currentPin, pin, signOutOthers } = c.req.valid('json');
      const { signedOutOthers } = await accounts.changePin(caller(c), { currentPin, pin, signOutOthers });
      return c.json({ ok: true as const, signedOutOthers }, 200);
    })
    .openapi(changeAnswers(auth, limit), async (c) => {
      noStore(c);
      await accounts.changeSecurityAnswers(caller(c), c.req.valid('json'));
      return c.json({ ok: true as const }, 200);
    })
    .openapi(recoveryCode(auth, limit), async (c) => {
      noStore(c);
      const { currentPin } = c.req.valid('json');
      const userId = c.var.session.user.id;
      const issued =
        currentPin === undefined
          ? await accounts.issueRecoveryCode(userId, false)
          : await accounts.withCurrentPin(userId, currentPin, () => accounts.issueRecoveryCode(userId, true));
      return c.json(issued, 200);
    });
}
