/**
 * The guard of every staff route (issue 26): the route must be in contract/staff.ts STAFF_ROUTES
 * (else 404), and the staff cookie's session must admit it: 'signed-out' routes need nothing,
 * 'half' ones a session past the password (or a full one), 'any' a full session, a role list a full
 * session holding one of the roles (else 403 FORBIDDEN). Idle sessions end after STAFF_IDLE_MINUTES;
 * each request moves the idle end (written at most once a minute). A member's bearer token is never
 * read here: staff routes know only the cookie. Sets `c.var.staff`.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import {
  STAFF_COOKIE,
  STAFF_IDLE_MINUTES,
  STAFF_ROUTES,
  type StaffAccess,
  type StaffRole,
} from '../../contract/staff.ts';
import type { Db } from '../db/index.ts';
import { staff, staffSessions } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { ApiError } from './errors.ts';
import { tokenDigest } from './hashing.ts';
import type { AppEnv } from './http.ts';

export interface StaffContext {
  id: string;
  name: string;
  email: string;
  roles: StaffRole[];
  expertId: string | null;
  language: 'en' | 'ar';
  stage: 'half' | 'full';
  tokenHash: string;
}

const IDLE_MS = STAFF_IDLE_MINUTES * 60_000;
const TOUCH_STEP_MS = 60_000;

/** The table's paths as patterns: '/staff/inbox/{id}' matches one segment for {id}. */
const PATTERNS = STAFF_ROUTES.map((r) => ({
  method: r.method.toUpperCase(),
  access: r.access as StaffAccess,
  pattern: new RegExp(`^/api${r.path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
}));

/** The access of the staff route a request is for; undefined: no such route. */
export function routeAccess(method: string, path: string): StaffAccess | undefined {
  const m = method === 'HEAD' ? 'GET' : method;
  return PATTERNS.find((p) => p.method === m && p.pattern.test(path))?.access;
}

/** Who a staff row is (her session's and /staff/me's common part). */
export function staffPerson(
  row: Omit<StaffContext, 'language' | 'stage' | 'tokenHash'> & { language: string },
) {
  const { id, name, email, roles, expertId } = row;
  return {
    id,
    name,
    email,
    roles,
    expertId,
    language: row.language === 'ar' ? ('ar' as const) : ('en' as const),
  };
}

/** The staff session of a cookie token, when alive (idle end not passed, account not disabled). */
export async function staffSession(db: Db, clock: Clock, token: string): Promise<StaffContext | null> {
  const now = clock.now();
  const tokenHash = tokenDigest(token);
  const [row] = await db
    .select({
      id: staff.id,
      name: staff.name,
      email: staff.email,
      roles: staff.roles,
      expertId: staff.expertId,
      language: staff.language,
      disabledAt: staff.disabledAt,
      stage: staffSessions.stage,
      lastSeenAt: staffSessions.lastSeenAt,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, tokenHash), gt(staffSessions.expiresAt, now)));
  if (!row || row.disabledAt) return null;
  // a full session's idle end moves with each request (a half one keeps its short fixed end)
  if (row.stage === 'full' && now.getTime() - row.lastSeenAt.getTime() >= TOUCH_STEP_MS) {
    await db
      .update(staffSessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + IDLE_MS) })
      .where(eq(staffSessions.tokenHash, tokenHash));
  }
  return { ...staffPerson(row), stage: row.stage === 'full' ? 'full' : 'half', tokenHash };
}

export function admits(access: StaffAccess, who: StaffContext | null): 'ok' | 'unauthorized' | 'forbidden' {
  if (access === 'signed-out') return 'ok';
  if (!who) return 'unauthorized';
  if (access === 'half') return 'ok';
  if (who.stage !== 'full') return 'unauthorized';
  if (access === 'any') return 'ok';
  return access.some((role) => who.roles.includes(role)) ? 'ok' : 'forbidden';
}

/** app.use('/api/staff/*', staffGuard(...)) before the staff routers. */
export function staffGuard({ db, clock }: { db: Db; clock: Clock }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const access = routeAccess(c.req.method, c.req.path);
    if (!access) throw new ApiError('NOT_FOUND');
    const token = getCookie(c, STAFF_COOKIE);
    const who = token ? await staffSession(db, clock, token) : null;
    const verdict = admits(access, who);
    if (verdict === 'unauthorized') throw new ApiError('UNAUTHORIZED');
    if (verdict === 'forbidden') throw new ApiError('FORBIDDEN');
    c.set('staff', who);
    c.header('Cache-Control', 'no-store');
    await next();
  };
}

/** The signed-in staff member of a guarded route that needs one. */
export function staffOf(c: Context<AppEnv>): StaffContext {
  const who = c.get('staff');
  if (!who) throw new ApiError('UNAUTHORIZED');
  return who;
}
