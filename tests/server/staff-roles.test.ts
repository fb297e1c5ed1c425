/**
 * Every staff route × every kind of caller (issue 26): contract/staff.ts STAFF_ROUTES says who each
 * route admits; here each row is sent with no cookie, a half session (password only), an expert's,
 * a moderator's and an admin's full session, and a member's bearer token alone. Where the table
 * refuses, the answer is exactly 401 UNAUTHORIZED or 403 FORBIDDEN; where it admits, it is never
 * those two (a 400 for the minimal body, a 404 for a made-up id, a 401 sign-in refusal of its own
 * such as INVALID_CREDENTIALS are fine). Each row must also be served: the OpenAPI document lists it,
 * under the tag 'staff', with the cookie as its security unless it is a signed-out route (a row added
 * to the table without a route would pass the guard and meet nothing).
 */
import { describe, expect, it } from 'vitest';
import { STAFF_COOKIE, STAFF_ROUTES, type StaffAccess, type StaffRole } from '../../contract/staff.ts';
import { addStaff } from '../../server/domain/staff-create.ts';
import { openStaffSession } from '../../server/domain/staff-sessions.ts';
import { call, registerMember } from './helpers.ts';
import { setupTestDb } from './test-db.ts';

const { db: database, app } = await setupTestDb();
const { db } = database;
const clock = app.clock;

type Caller = 'no cookie' | 'half session' | 'expert' | 'moderator' | 'admin' | 'member token';
const CALLERS: Caller[] = ['no cookie', 'half session', 'expert', 'moderator', 'admin', 'member token'];

const account = (role: StaffRole, expertId: string | null = null) =>
  addStaff(db, clock, {
    email: `${role}.roles@example.org`,
    name: role,
    roles: [role],
    expertId,
    language: 'en',
  });
const people = {
  expert: await account('expert', 'rana-aziz'),
  moderator: await account('moderator'),
  admin: await account('admin'),
};
const member = await registerMember(app);

/** What the table says a caller gets: 'ok', 401 or 403. */
function expected(access: StaffAccess, caller: Caller): 'ok' | 401 | 403 {
  if (access === 'signed-out') return 'ok';
  if (caller === 'no cookie' || caller === 'member token') return 401;
  if (access === 'half') return 'ok';
  if (caller === 'half session') return 401;
  if (access === 'any') return 'ok';
  return (access as readonly string[]).includes(caller) ? 'ok' : 403;
}

/** A fresh session for each request (a logout must not end the next row's). */
async function headersFor(caller: Caller): Promise<Record<string, string>> {
  if (caller === 'no cookie') return {};
  if (caller === 'member token') return { authorization: `Bearer ${member.token}` };
  const who = caller === 'half session' ? people.expert : people[caller];
  const token = await openStaffSession(db, clock, who.id, caller === 'half session' ? 'half' : 'full');
  return { cookie: `${STAFF_COOKIE}=${token}` };
}

const concrete = (path: string) =>
  path
    .replace('{token}', 'not-a-link-of-ours')
    .replace('{code}', 'NO-SUCH-CODE')
    .replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');

const openapi = (await call(app, 'GET', '/api/openapi.json')).body as {
  paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>>;
  components: { securitySchemes: Record<string, unknown> };
};

describe.each(STAFF_ROUTES.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))(
  '%s',
  (_name, route) => {
    it('is served: the OpenAPI document lists it under the staff tag', () => {
      const op = openapi.paths[`/api${route.path}`]?.[route.method];
      expect(op, `${route.method} ${route.path} has no route`).toBeDefined();
      expect(op.tags).toContain('staff');
      if (route.access === 'signed-out') expect(op.security).toBeUndefined();
      else expect(op.security).toEqual([{ staffCookie: [] }]);
    });

    it.each(CALLERS)('%s', async (caller) => {
      const want = expected(route.access, caller);
      const body = route.method === 'get' ? undefined : {};
      const r = await call(app, route.method.toUpperCase(), `/api${concrete(route.path)}`, {
        json: body,
        headers: await headersFor(caller),
      });
      const code = r.body?.error?.code;
      if (want === 401) {
        expect([r.status, code], r.text).toEqual([401, 'UNAUTHORIZED']);
      } else if (want === 403) {
        expect([r.status, code], r.text).toEqual([403, 'FORBIDDEN']);
      } else {
        expect(['UNAUTHORIZED', 'FORBIDDEN'], `${r.status} ${r.text.slice(0, 200)}`).not.toContain(code);
        expect(r.status, r.text.slice(0, 200)).toBeLessThan(500);
      }
    });
  },
);

describe('the guard', () => {
  it('serves no staff path outside the table, whoever asks', async () => {
    for (const headers of [{}, await headersFor('admin')]) {
      const r = await call(app, 'GET', '/api/staff/secret-admin-panel', { headers });
      expect(r.status).toBe(404);
      const wrongMethod = await call(app, 'DELETE', '/api/staff/me', { headers });
      expect(wrongMethod.status).toBe(404);
    }
  });

  it("the table's expectations are what the contract says (a spot check of the helper)", () => {
    expect(expected(['admin'], 'moderator')).toBe(403);
    expect(expected(['moderator', 'admin'], 'admin')).toBe('ok');
    expect(expected('half', 'half session')).toBe('ok');
    expect(expected('any', 'half session')).toBe(401);
    expect(expected('signed-out', 'member token')).toBe('ok');
  });
});

describe('the API reference', () => {
  it('declares the staff cookie as a security scheme', () => {
    expect(openapi.components.securitySchemes.staffCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: STAFF_COOKIE,
    });
  });

  it("lists the staff routes apart, after the members' API, signed in by the staff cookie", async () => {
    const html = (await call(app, 'GET', '/api/docs')).text;
    const staffAt = html.indexOf('<h1 id="staff">Staff side</h1>');
    expect(staffAt).toBeGreaterThan(html.indexOf('/api/users/login'));
    const staffPart = html.slice(staffAt, html.indexOf('<h2>Schemas</h2>'));
    for (const r of STAFF_ROUTES.slice(0, 14)) expect(staffPart).toContain(`<code>/api${r.path}</code>`);
    expect(staffPart).toContain('· staff session cookie');
    expect(staffPart).not.toContain('/api/users/');
    expect(html.slice(0, staffAt)).not.toContain('/api/staff/');
  });
});
