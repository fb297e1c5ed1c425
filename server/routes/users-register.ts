/** POST /users/register/standard: create an account, signed in at once (201 with token and user). */
import { createRoute, z } from '@hono/zod-openapi';
import { LANGUAGES } from '../../contract/account-rules.ts';
import { type Accounts, userView } from '../domain/accounts.ts';
import { deviceWords } from '../domain/user-agent.ts';
import { SECURITY_QUESTION_IDS } from '../lib/catalog.ts';
import { createRouter, jsonBody, noStore } from '../lib/http.ts';
import {
  AuthResultSchema,
  always,
  avatarField,
  BODY_ERRORS,
  bodyOf,
  errors,
  type Limit,
  pinConfirmField,
  pinsMatch,
  reply,
} from './schemas.ts';
import {
  ageRangeField,
  aliasField,
  answerField,
  countryField,
  emailField,
  maritalStatusField,
  newPinField,
  phoneField,
} from './users-schemas.ts';

/** Three answers on three different questions, even when other fields failed (every problem at once). */
export function questionsDistinct(v: unknown, ctx: z.RefinementCtx) {
  if (!v || typeof v !== 'object') return;
  const list = (v as { securityAnswers?: unknown }).securityAnswers;
  if (!Array.isArray(list)) return;
  const ids = list.map((a) =>
    a && typeof a === 'object' ? (a as { questionId?: unknown }).questionId : undefined,
  );
  if (ids.every((id) => typeof id === 'string') && new Set(ids).size !== ids.length) {
    ctx.addIssue({ code: 'custom', message: 'QUESTIONS_NOT_DISTINCT', path: ['securityAnswers'] });
  }
}

const RegisterBody = z
  .object({
    alias: aliasField,
    pin: newPinField,
    pinConfirm: pinConfirmField,
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
    country: countryField,
    avatarId: avatarField,
    ageRange: ageRangeField,
    maritalStatus: maritalStatusField,
    email: emailField,
    phone: phoneField,
    language: z.enum(LANGUAGES, { error: 'LANGUAGE_INVALID' }).optional().openapi({
      description: 'Preferred language; defaults to the request language.',
    }),
    isAdult: z.literal(true, { error: 'MUST_BE_ADULT' }),
    acceptTerms: z.literal(true, { error: 'MUST_ACCEPT_TERMS' }),
  })
  .superRefine(pinsMatch, always)
  .superRefine(questionsDistinct, always)
  .openapi('Register');

const register = (limit: Limit) =>
  createRoute({
    method: 'post',
    path: '/users/register/standard',
    tags: ['Users'],
    summary: 'Create an account',
    middleware: [limit, jsonBody] as const,
    request: bodyOf(RegisterBody),
    responses: { 201: reply(AuthResultSchema, 'Created and signed in'), ...errors(...BODY_ERRORS, 409, 503) },
  });

export function registerRoutes({ accounts, limit }: { accounts: Accounts; limit: Limit }) {
  return createRouter().openapi(register(limit), async (c) => {
    noStore(c);
    // every value arrives checked and normalised by the schema's fields (users-schemas.ts)
    const b = c.req.valid('json');
    const { token, user } = await accounts.register({
      alias: b.alias,
      pin: b.pin,
      securityAnswers: b.securityAnswers,
      country: b.country,
      avatarId: b.avatarId,
      ageRange: b.ageRange,
      maritalStatus: b.maritalStatus,
      email: b.email,
      phone: b.phone,
      language: b.language ?? c.var.locale,
      device: deviceWords(c.req.header('user-agent')),
    });
    return c.json({ token, user: userView(user, c.var.locale) }, 201);
  });
}
