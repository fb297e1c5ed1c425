/**
 * Signing in and out: POST /users/login, GET /users/profile, POST /users/logout; and `sessionAuth`,
 * the bearer check every member route uses (lms.ts and feedback.ts get it through app.ts).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { type Accounts, FREE_ATTEMPTS, LOCK_SCHEDULE_TEXT, userView } from '../domain/accounts.ts';
import { deviceWords } from '../domain/user-agent.ts';
import { ApiError } from '../lib/errors.ts';
import { bearerToken, createRouter, jsonBody, noStore } from '../lib/http.ts';
import { AuthResultSchema, BODY_ERRORS, bodyOf, errors, type Limit, reply, UserSchema } from './schemas.ts';
import { aliasLookupField, loginPinField } from './users-schemas.ts';

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

/**
 * For routes open to visitors and members (the cart's quote): `c.var.viewer` is her session, or
 * null for a visitor. A missing, expired or malformed token reads as a visitor, never a 401: a
 * stale cookie must not break the cart (whatever depends on who she is is checked again at payment).
 */
export function optionalSession(accounts: Accounts): Limit {
  return async (c, next) => {
    const token = bearerToken(c);
    c.set('viewer', token ? await accounts.session(token) : null);
    await next();
  };
}

const LoginBody = z.object({ alias: aliasLookupField, pin: loginPinField }).openapi('Login');

const login = (limit: Limit) =>
  createRoute({
    method: 'post',
    path: '/users/login',
    tags: ['Users'],
    summary: 'Sign in with alias and PIN',
    description: `After ${FREE_ATTEMPTS} consecutive failures (wrong PINs and wrong answer sets together) the account is locked for ${LOCK_SCHEDULE_TEXT} for each further failure.`,
    middleware: [limit, jsonBody] as const,
    request: bodyOf(LoginBody),
    responses: { 200: reply(AuthResultSchema, 'Signed in'), ...errors(...BODY_ERRORS, 401, 503) },
  });

/** What the signed-in routes share: the session check first, bearer security in the reference. */
const signedIn = (auth: Limit, summary: string) => ({
  middleware: [auth],
  tags: ['Users'],
  summary,
  security: [{ bearerAuth: [] }],
});

const profile = (auth: Limit) =>
  createRoute({
    method: 'get',
    path: '/users/profile',
    ...signedIn(auth, 'The signed-in member'),
    responses: { 200: reply(z.object({ user: UserSchema }), 'The member'), ...errors(401) },
  });

const logout = (auth: Limit) =>
  createRoute({
    method: 'post',
    path: '/users/logout',
    ...signedIn(auth, 'Sign out: the token stops working at once'),
    responses: { 204: { description: 'Signed out' }, ...errors(401) },
  });

export function sessionRoutes({ accounts, limit }: { accounts: Accounts; limit: Limit }) {
  const requireSession = sessionAuth(accounts);
  return createRouter()
    .openapi(login(limit), async (c) => {
      noStore(c);
      const { alias: aliasKey, pin } = c.req.valid('json');
      const { token, user } = await accounts.login(aliasKey, pin, deviceWords(c.req.header('user-agent')));
      return c.json({ token, user: userView(user, c.var.locale) }, 200);
    })
    .openapi(profile(requireSession), (c) => {
      noStore(c);
      return c.json({ user: userView(c.var.session.user, c.var.locale) }, 200);
    })
    .openapi(logout(requireSession), async (c) => {
      await accounts.logout(c.var.session.tokenHash);
      noStore(c);
      return c.body(null, 204);
    });
}
