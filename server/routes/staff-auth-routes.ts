/**
 * Staff sign-in, sessions and the audit log (issue 26; contract/staff.ts lists the routes): the set-up
 * link, the password, the second factor (authenticator-app code or passkey), enrolling a factor, who
 * she is, her language, signing out, and the admins' audit log. The guard (lib/staff-guard.ts) has
 * already checked the cookie's session against the route table; the signed-out and half routes also
 * count against the per-address limit. Every route is tagged 'staff' and, past the password, carries
 * the cookie as its security scheme ('staffCookie').
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  AuditPage,
  SetupInfo,
  SignInStep,
  STAFF_COOKIE,
  STAFF_IDLE_MINUTES,
  STAFF_PASSWORD_MAX,
  STAFF_PASSWORD_MIN,
  STAFF_SECOND_FACTOR_MINUTES,
  StaffMe,
  TotpEnrolment,
} from '../../contract/staff.ts';
import { FREE_ATTEMPTS, LOCK_SCHEDULE_TEXT } from '../domain/accounts-throttle.ts';
import { createStaffAccounts, staffMe } from '../domain/staff-accounts.ts';
import { cursorId, readAudit, writeAudit } from '../domain/staff-audit.ts';
import { type Actor, createStaffFactors } from '../domain/staff-factors.ts';
import { clearStaffCookie, endStaffSession, setStaffCookie } from '../domain/staff-sessions.ts';
import { createStaffThrottle } from '../domain/staff-throttle.ts';
import { ApiError } from '../lib/errors.ts';
import { type AppEnv, createRouter, jsonBody } from '../lib/http.ts';
import { staffOf } from '../lib/staff-guard.ts';
import { bodyOf, errorResponses, type Limit, reply } from './schemas.ts';
import type { StaffDeps } from './staff.ts';

const errors = errorResponses({
  400: 'VALIDATION_ERROR or INVALID_JSON',
  401: 'UNAUTHORIZED (no live session for this route), INVALID_CREDENTIALS, SECOND_FACTOR_INVALID or SECOND_FACTOR_REQUIRED',
  403: 'FORBIDDEN (a role the route does not admit)',
  410: 'STAFF_SETUP_INVALID: the link was used, has expired or is unknown',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE (send application/json)',
  429: 'RATE_LIMITED or TOO_MANY_ATTEMPTS (see Retry-After)',
  503: 'SERVER_BUSY',
});
const BODY = [400, 413, 415, 429] as const;

const LOCKOUT = `After ${FREE_ATTEMPTS} consecutive failures (wrong passwords and wrong second factors together) the account is locked for ${LOCK_SCHEDULE_TEXT} for each further failure.`;

const passwordField = z
  .string()
  .max(STAFF_PASSWORD_MAX * 4, { error: 'PASSWORD_TOO_LONG' })
  .openapi({
    description: `${STAFF_PASSWORD_MIN} to ${STAFF_PASSWORD_MAX} characters, not a common one, not containing the e-mail's local part.`,
  });
const SetupBody = z
  .object({ token: z.string().min(1).max(200), password: passwordField })
  .openapi('StaffSetup');
const LoginBody = z
  .object({
    email: z.string().trim().min(1).max(254),
    password: z
      .string()
      .min(1)
      .max(STAFF_PASSWORD_MAX * 4),
  })
  .openapi('StaffLogin');
const CodeBody = z
  .object({
    code: z
      .string({ error: 'CODE_INVALID' })
      .transform((s) => s.replace(/\s/g, ''))
      .pipe(z.string().regex(/^\d{6}$/, { error: 'CODE_INVALID' })),
  })
  .openapi('StaffCode');
const PasskeyBody = z
  .object({
    response: z
      .looseObject({ id: z.string().min(1).max(1024), response: z.record(z.string(), z.unknown()) })
      .openapi({ description: "The browser's credential as JSON (@simplewebauthn/browser's result)." }),
  })
  .openapi('StaffPasskeyResponse');
const WebAuthnOptions = z.record(z.string(), z.unknown()).openapi('WebAuthnOptions');
const LanguageBody = z.object({ language: z.enum(['en', 'ar'], { error: 'LANGUAGE_INVALID' }) });
const TokenParams = z.object({
  token: z
    .string()
    .max(200)
    .openapi({ param: { name: 'token', in: 'path' } }),
});
const AuditQuery = z.object({
  cursor: z.string().max(64).optional(),
  limit: z.coerce
    .number({ error: 'LIMIT_INVALID' })
    .int({ error: 'LIMIT_INVALID' })
    .min(1, { error: 'LIMIT_INVALID' })
    .max(50, { error: 'LIMIT_INVALID' })
    .default(50),
});

type Method = 'get' | 'post' | 'put';

/** Who is signed in, with the request's id for her audit rows. */
const actor = (c: Context<AppEnv>): Actor => ({ ...staffOf(c), requestId: c.var.requestId });
const staffCookie = [{ staffCookie: [] }];

/** One staff route's definition: signed-out routes count against the limit; others carry the cookie. */
function route<M extends Method, P extends string>(
  method: M,
  path: P,
  summary: string,
  opts: { limit?: Limit; signedOut?: boolean; description?: string },
) {
  return {
    method,
    path,
    tags: ['staff'],
    summary,
    ...(opts.description ? { description: opts.description } : {}),
    ...(opts.signedOut ? {} : { security: staffCookie }),
    middleware: opts.limit ? [opts.limit] : ([] as Limit[]),
  };
}

export function staffAuthRoutes(deps: StaffDeps) {
  const { db } = deps.database;
  const { clock } = deps;
  const publicUrl = deps.config.site?.publicUrl ?? 'http://localhost';
  const secure = publicUrl.startsWith('https:');
  const throttle = createStaffThrottle(db, clock);
  const accounts = createStaffAccounts({ db, clock, hasher: deps.hasher, throttle });
  const factors = createStaffFactors({ db, clock, pepper: deps.config.pepper, publicUrl, throttle });
  const limit = deps.authLimit;
  const json = [limit, jsonBody];

  /** Signed in with a new token: the cookie, and who she is. */
  const signedIn = (c: Context<AppEnv>, r: { token: string | null; me: StaffMe }) => {
    if (r.token) setStaffCookie(c, r.token, secure);
    return c.json(r.me, 200);
  };
  const step = (c: Context<AppEnv>, r: { token: string; step: SignInStep }) => {
    setStaffCookie(c, r.token, secure);
    return c.json(r.step, 200);
  };
  const me200 = reply(StaffMe, 'Signed in: who she is');
  const step200 = reply(SignInStep, 'The password passed: a half session (the cookie) and what comes next');
  const secondFactor = (path: string, summary: string) => ({
    ...route('post', path, summary, { description: LOCKOUT }),
    middleware: json,
    responses: { 200: me200, ...errors(...BODY, 401) },
  });
  const withCode = (path: string, summary: string) =>
    createRoute({ ...secondFactor(path, summary), request: bodyOf(CodeBody) });
  const withPasskey = (path: string, summary: string) =>
    createRoute({ ...secondFactor(path, summary), request: bodyOf(PasskeyBody) });
  const options = (path: string, summary: string) =>
    createRoute({
      ...route('post', path, summary, { limit }),
      responses: {
        200: reply(WebAuthnOptions, "The options for the browser's WebAuthn call"),
        ...errors(401, 429),
      },
    });

  const router = createRouter();
  router.openAPIRegistry.registerComponent('securitySchemes', 'staffCookie', {
    type: 'apiKey',
    in: 'cookie',
    name: STAFF_COOKIE,
    description: `The staff session (HttpOnly, SameSite=Strict, Path=/api/staff): half-open for ${STAFF_SECOND_FACTOR_MINUTES} minutes after the password, then ended after ${STAFF_IDLE_MINUTES} minutes idle.`,
  });

  return router
    .openapi(
      createRoute({
        ...route('get', '/staff/setup/{token}', 'Her set-up link: whose it is', { limit, signedOut: true }),
        request: { params: TokenParams },
        responses: { 200: reply(SetupInfo, 'The link works'), ...errors(410, 429) },
      }),
      async (c) => c.json(await accounts.setupInfo(c.req.valid('param').token), 200),
    )
    .openapi(
      createRoute({
        ...route('post', '/staff/setup', 'Set her password from the link (once); a half session opens', {
          signedOut: true,
        }),
        middleware: json,
        request: bodyOf(SetupBody),
        responses: { 200: step200, ...errors(...BODY, 410) },
      }),
      async (c) => {
        const { token, password } = c.req.valid('json');
        return step(c, await accounts.setup(token, password, c.var.requestId));
      },
    )
    .openapi(
      createRoute({
        ...route('post', '/staff/login', 'Sign in: e-mail and password', {
          signedOut: true,
          description: LOCKOUT,
        }),
        middleware: json,
        request: bodyOf(LoginBody),
        responses: { 200: step200, ...errors(...BODY, 401, 503) },
      }),
      async (c) => {
        const { email, password } = c.req.valid('json');
        return step(c, await accounts.login(email, password, c.var.requestId));
      },
    )
    .openapi(withCode('/staff/login/totp', 'Second factor: an authenticator-app code'), async (c) =>
      signedIn(c, await factors.totpLogin(actor(c), c.req.valid('json').code)),
    )
    .openapi(
      options('/staff/login/passkey/options', "Second factor: a passkey's request options"),
      async (c) => c.json(await factors.passkeyLoginOptions(actor(c)), 200),
    )
    .openapi(withPasskey('/staff/login/passkey', "Second factor: the passkey's answer"), async (c) =>
      signedIn(c, await factors.passkeyLogin(actor(c), c.req.valid('json').response)),
    )
    .openapi(
      createRoute({
        ...route(
          'post',
          '/staff/enrol/totp',
          'Enrol an authenticator app: a new secret and its QR code (SVG)',
          { limit },
        ),
        responses: { 200: reply(TotpEnrolment, 'Scan, then confirm with a code'), ...errors(401, 429) },
      }),
      async (c) => c.json(await factors.totpEnrol(actor(c)), 200),
    )
    .openapi(withCode('/staff/enrol/totp/confirm', 'Confirm the authenticator app with a code'), async (c) =>
      signedIn(c, await factors.totpConfirm(actor(c), c.req.valid('json').code)),
    )
    .openapi(options('/staff/enrol/passkey/options', 'Enrol a passkey: the creation options'), async (c) =>
      c.json(await factors.passkeyEnrolOptions(actor(c)), 200),
    )
    .openapi(
      withPasskey('/staff/enrol/passkey', "Enrol a passkey: the browser's new credential"),
      async (c) => signedIn(c, await factors.passkeyEnrol(actor(c), c.req.valid('json').response)),
    )
    .openapi(
      createRoute({
        ...route('get', '/staff/me', 'Who is signed in', {}),
        responses: { 200: reply(StaffMe, 'Her account'), ...errors(401) },
      }),
      async (c) => c.json(await staffMe(db, actor(c).id), 200),
    )
    .openapi(
      createRoute({
        ...route('put', '/staff/me/language', 'Her language', {}),
        middleware: [jsonBody],
        request: bodyOf(LanguageBody),
        responses: { 200: reply(StaffMe, 'Her account'), ...errors(400, 401, 413, 415) },
      }),
      async (c) => c.json(await accounts.setLanguage(actor(c).id, c.req.valid('json').language), 200),
    )
    .openapi(
      createRoute({
        ...route('post', '/staff/logout', 'Sign out: the session ends at once', {}),
        responses: { 204: { description: 'Signed out (the cookie cleared)' }, ...errors(401) },
      }),
      async (c) => {
        const who = actor(c);
        await endStaffSession(db, who.tokenHash);
        await writeAudit(db, clock, who, {
          action: 'staff.logout',
          targetType: 'staff',
          targetId: who.id,
          requestId: who.requestId,
        });
        clearStaffCookie(c, secure);
        return c.body(null, 204);
      },
    )
    .openapi(
      createRoute({
        ...route('get', '/staff/audit', 'The audit log, newest first (admin)', {
          description:
            'Opening the log (the first page) is itself written to it. `nextCursor` fetches the next page.',
        }),
        request: { query: AuditQuery },
        responses: { 200: reply(AuditPage, 'A page of the log'), ...errors(400, 401, 403) },
      }),
      async (c) => {
        const who = actor(c);
        const { cursor, limit: size } = c.req.valid('query');
        const before = cursor === undefined ? null : cursorId(cursor);
        if (cursor !== undefined && before === null)
          throw new ApiError('VALIDATION_ERROR', { fields: { cursor: 'INVALID' } });
        if (cursor === undefined)
          await writeAudit(db, clock, who, { action: 'audit.read', requestId: who.requestId });
        return c.json(await readAudit(db, size, before), 200);
      },
    );
}
