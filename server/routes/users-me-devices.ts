/**
 * Her devices (issue 25): GET /users/me/sessions, DELETE /users/me/sessions/{sessionId} (another
 * device; this one signs out with /users/logout), POST /users/me/sessions/sign-out-others.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { DeviceList } from '../../contract/account-settings.ts';
import type { Accounts } from '../domain/accounts.ts';
import { createRouter, noStore } from '../lib/http.ts';
import { errorResponses, type Limit, reply } from './schemas.ts';
import { mine } from './users-me.ts';

const errors = errorResponses({
  400: 'VALIDATION_ERROR (a session id is a UUID)',
  401: 'UNAUTHORIZED',
  404: 'SESSION_NOT_FOUND: no other live session of hers has this id (this device signs out with /users/logout)',
});

const SessionParams = z.object({
  sessionId: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: 'INVALID' })
    .openapi({ param: { name: 'sessionId', in: 'path' }, example: '0b8e2a4c-5d1f-4e3a-9c7b-2f6d8e1a3b5c' }),
});

const list = (auth: Limit) =>
  createRoute({
    method: 'get',
    path: '/users/me/sessions',
    ...mine(
      'Her devices: the sessions signed in, this one marked',
      'Browser and system in words only, with the signed-in and last-seen times (last seen moves at most once a minute). Nothing else about a device is kept.',
    ),
    middleware: [auth] as const,
    responses: { 200: reply(DeviceList, 'Her devices, the most recently seen first'), ...errors(401) },
  });

const signOutOne = (auth: Limit) =>
  createRoute({
    method: 'delete',
    path: '/users/me/sessions/{sessionId}',
    ...mine('Sign out one of her other devices: its token stops working at once'),
    middleware: [auth] as const,
    request: { params: SessionParams },
    responses: {
      200: reply(z.object({ ok: z.literal(true) }), 'Signed out'),
      ...errors(400, 401, 404),
    },
  });

const signOutOthers = (auth: Limit) =>
  createRoute({
    method: 'post',
    path: '/users/me/sessions/sign-out-others',
    ...mine('Sign out every device but this one'),
    middleware: [auth] as const,
    responses: {
      200: reply(z.object({ signedOut: z.number().int() }), 'How many devices were signed out'),
      ...errors(401),
    },
  });

export function meDeviceRoutes({ accounts, auth }: { accounts: Accounts; auth: Limit }) {
  const caller = (session: { user: { id: string }; tokenHash: string }) => ({
    userId: session.user.id,
    tokenHash: session.tokenHash,
  });
  return createRouter()
    .openapi(list(auth), async (c) => {
      noStore(c);
      return c.json({ devices: await accounts.devices(caller(c.var.session)) }, 200);
    })
    .openapi(signOutOne(auth), async (c) => {
      noStore(c);
      await accounts.signOutDevice(caller(c.var.session), c.req.valid('param').sessionId.toLowerCase());
      return c.json({ ok: true as const }, 200);
    })
    .openapi(signOutOthers(auth), async (c) => {
      noStore(c);
      return c.json({ signedOut: await accounts.signOutOthers(caller(c.var.session)) }, 200);
    });
}
