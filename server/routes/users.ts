/** /api/users: alias check, registration, sign-in, profile, sign-out, PIN reset. */
import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  AGE_RANGES,
  checkAlias,
  checkEmail,
  checkPhone,
  LANGUAGES,
  MARITAL_STATUSES,
  pinForLogin,
  toAsciiDigits,
} from '../contract/account-rules.ts';
import { type Accounts, userView } from '../domain/accounts.ts';
import { SECURITY_QUESTION_IDS } from '../lib/catalog.ts';
import { ApiError } from '../lib/errors.ts';
import { type AppEnv, bearerToken, createRouter, jsonBody, noStore } from '../lib/http.ts';
import {
  AuthResultSchema,
  aliasField,
  always,
  answerField,
  avatarField,
  BODY_ERRORS,
  countryField,
  emailField,
  errors,
  newPinField,
  phoneField,
  pinConfirmField,
  pinsMatch,
  UserSchema,
} from './schemas.ts';

type Limit = MiddlewareHandler<AppEnv>;

// ------------------------------------------------------------------ verify alias

const AvailabilitySchema = z
  .object({
    available: z.boolean(),
    reason: z
      .enum(['ALIAS_REQUIRED', 'ALIAS_TOO_SHORT', 'ALIAS_TOO_LONG', 'ALIAS_INVALID_CHARS', 'ALIAS_TAKEN'])
      .optional()
      .openapi({ description: 'Why the alias cannot be used (a field code).' }),
  })
  .openapi('AliasAvailability');

const availabilityResponse = {
  200: {
    description: 'Whether the alias can be registered; rule violations come back here, not as 400',
    content: { 'application/json': { schema: AvailabilitySchema } },
  },
};

const verifyAliasBody = (limit: Limit, path: '/users/verify-alias/' | '/users/verify-alias', hide: boolean) =>
  createRoute({
    method: 'post',
    path,
    hide,
    tags: ['Users'],
    summary: 'Check whether an alias is available',
    middleware: [limit, jsonBody] as const,
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: z.object({ alias: z.string().openapi({ example: 'jasmine.rain' }) }),
          },
        },
      },
    },
    responses: { ...availabilityResponse, ...errors(...BODY_ERRORS) },
  });

const verifyAliasPath = (limit: Limit) =>
  createRoute({
    method: 'post',
    path: '/users/verify-alias/{alias}',
    tags: ['Users'],
    summary: 'Check whether an alias is available (alias in the path)',
    middleware: [limit] as const,
    request: { params: z.object({ alias: z.string().openapi({ param: { name: 'alias', in: 'path' } }) }) },
    responses: { ...availabilityResponse, ...errors(429) },
  });

// ------------------------------------------------------------------ register

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
    ageRange: z.enum(AGE_RANGES, { error: 'AGE_RANGE_INVALID' }),
    maritalStatus: z.enum(MARITAL_STATUSES, { error: 'MARITAL_STATUS_INVALID' }).nullish(),
    email: emailField,
    phone: phoneField,
    language: z.enum(LANGUAGES, { error: 'LANGUAGE_INVALID' }).optional().openapi({
      description: 'Preferred language; defaults to the request language.',
    }),
    isAdult: z.literal(true, { error: 'MUST_BE_ADULT' }),
    acceptTerms: z.literal(true, { error: 'MUST_ACCEPT_TERMS' }),
  })
  .superRefine(pinsMatch, always)
  .superRefine((v, ctx) => {
    if (!v || typeof v !== 'object') return;
    const list = (v as { securityAnswers?: unknown }).securityAnswers;
    if (!Array.isArray(list)) return;
    const ids = list.map((a) =>
      a && typeof a === 'object' ? (a as { questionId?: unknown }).questionId : undefined,
    );
    if (ids.every((id) => typeof id === 'string') && new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', message: 'QUESTIONS_NOT_DISTINCT', path: ['securityAnswers'] });
    }
  }, always)
  .openapi('Register');

const register = (limit: Limit) =>
  createRoute({
    method: 'post',
    path: '/users/register/standard',
    tags: ['Users'],
    summary: 'Create an account',
    middleware: [limit, jsonBody] as const,
    request: { body: { required: true, content: { 'application/json': { schema: RegisterBody } } } },
    responses: {
      201: {
        description: 'Created and signed in',
        content: { 'application/json': { schema: AuthResultSchema } },
      },
      ...errors(...BODY_ERRORS, 409, 503),
    },
  });

// ------------------------------------------------------------------ login, profile, logout

const LoginBody = z
  .object({
    alias: z
      .string({ error: 'ALIAS_REQUIRED' })
      .min(1, { error: 'ALIAS_REQUIRED' })
      .openapi({ example: 'jasmine.rain' }),
    pin: z
      .string({ error: 'PIN_REQUIRED' })
      .min(1, { error: 'PIN_REQUIRED' })
      .refine((v) => pinForLogin(v) !== null, { error: 'PIN_FORMAT' })
      .openapi({ example: '480317' }),
  })
  .openapi('Login');

const login = (limit: Limit) =>
  createRoute({
    method: 'post',
    path: '/users/login',
    tags: ['Users'],
    summary: 'Sign in with alias and PIN',
    description:
      'After 5 consecutive failures (wrong PINs and wrong answer sets together) the account is locked for 1 minute, then 5, 15 and 60 minutes for each further failure.',
    middleware: [limit, jsonBody] as const,
    request: { body: { required: true, content: { 'application/json': { schema: LoginBody } } } },
    responses: {
      200: { description: 'Signed in', content: { 'application/json': { schema: AuthResultSchema } } },
      ...errors(...BODY_ERRORS, 401, 503),
    },
  });

const bearer = [{ bearerAuth: [] }];

const profile = (auth: Limit) =>
  createRoute({
    method: 'get',
    middleware: [auth] as const,
    path: '/users/profile',
    tags: ['Users'],
    summary: 'The signed-in member',
    security: bearer,
    responses: {
      200: {
        description: 'The member',
        content: { 'application/json': { schema: z.object({ user: UserSchema }) } },
      },
      ...errors(401),
    },
  });

const logout = (auth: Limit) =>
  createRoute({
    method: 'post',
    middleware: [auth] as const,
    path: '/users/logout',
    tags: ['Users'],
    summary: 'Sign out: the token stops working at once',
    security: bearer,
    responses: { 204: { description: 'Signed out' }, ...errors(401) },
  });

// ------------------------------------------------------------------ reset

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
    request: { body: { required: true, content: { 'application/json': { schema: ResetBody } } } },
    responses: {
      200: {
        description: 'PIN changed',
        content: { 'application/json': { schema: z.object({ ok: z.literal(true) }) } },
      },
      ...errors(...BODY_ERRORS, 503),
    },
  });

// ------------------------------------------------------------------ handlers

/** Bearer auth: 401 UNAUTHORIZED without a live session; sets `c.var.session`. Shared by every member route. */
export function sessionAuth(accounts: Accounts): Limit {
  return async (c, next) => {
    const token = bearerToken(c);
    const session = token ? await accounts.session(token) : null;
    if (!session) throw new ApiError('UNAUTHORIZED');
    c.set('session', session);
    await next();
  };
}

export function userRoutes({
  accounts,
  authLimit,
  aliasLimit,
}: {
  accounts: Accounts;
  authLimit: Limit;
  aliasLimit: Limit;
}) {
  const availability = async (alias: unknown) => {
    const r = checkAlias(alias);
    if (!r.ok) return { available: false, reason: r.code as z.infer<typeof AvailabilitySchema>['reason'] };
    return (await accounts.aliasAvailable(r.alias))
      ? { available: true }
      : { available: false, reason: 'ALIAS_TAKEN' as const };
  };
  // a body that is JSON but not { alias: string } still gets an answer the live check can show
  const aliasHook = (result: { success: boolean }, c: { json: (b: unknown, s: 200) => Response }) => {
    if (!result.success) return c.json({ available: false, reason: 'ALIAS_REQUIRED' }, 200);
  };

  const requireSession = sessionAuth(accounts);

  const router = createRouter();
  for (const [path, hide] of [
    ['/users/verify-alias/', false],
    ['/users/verify-alias', true],
  ] as const) {
    router.openapi(
      verifyAliasBody(aliasLimit, path, hide),
      async (c) => {
        noStore(c);
        return c.json(await availability(c.req.valid('json').alias), 200);
      },
      aliasHook as never,
    );
  }
  router.openapi(verifyAliasPath(aliasLimit), async (c) => {
    noStore(c);
    return c.json(await availability(c.req.valid('param').alias), 200);
  });

  router.openapi(register(authLimit), async (c) => {
    noStore(c);
    const b = c.req.valid('json');
    const email = b.email?.trim() ? checkEmail(b.email) : null;
    const phone = b.phone?.trim() ? checkPhone(b.phone) : null;
    const { token, user } = await accounts.register({
      alias: b.alias,
      pin: toAsciiDigits(b.pin),
      securityAnswers: b.securityAnswers,
      country: b.country.toUpperCase(),
      avatarId: b.avatarId,
      ageRange: b.ageRange,
      maritalStatus: b.maritalStatus ?? null,
      email: email?.ok ? email.email : null,
      phone: phone?.ok ? phone.phone : null,
      language: b.language ?? c.var.locale,
    });
    return c.json({ token, user: userView(user, c.var.locale) }, 201);
  });

  router.openapi(login(authLimit), async (c) => {
    noStore(c);
    const { alias, pin } = c.req.valid('json');
    const { token, user } = await accounts.login(alias, pinForLogin(pin)!);
    return c.json({ token, user: userView(user, c.var.locale) }, 200);
  });

  router.openapi(profile(requireSession), (c) => {
    noStore(c);
    return c.json({ user: userView(c.var.session.user, c.var.locale) }, 200);
  });

  router.openapi(logout(requireSession), async (c) => {
    await accounts.logout(c.var.session.tokenHash);
    noStore(c);
    return c.body(null, 204);
  });

  router.openapi(reset(authLimit), async (c) => {
    noStore(c);
    const { resetToken, pin } = c.req.valid('json');
    await accounts.resetPin(resetToken, toAsciiDigits(pin));
    return c.json({ ok: true as const }, 200);
  });

  return router;
}
