/**
 * Sign-in with alias and PIN, the sessions it opens (opaque random bearer tokens, stored only as
 * SHA-256 digests, 7 days, with the browser and system in words), their look-up on every signed-in
 * request (which moves the session's last-seen time, at most once a minute), and sign-out.
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/index.ts';
import { sessions, users } from '../db/schema.ts';
import { ApiError } from '../lib/errors.ts';
import { newToken, tokenDigest } from '../lib/hashing.ts';
import { findMember, isTokenShaped, type MemberRow, type ProfileRow, sqlTime } from './accounts-members.ts';
import type { ThrottledDeps } from './accounts-throttle.ts';
import type { Session } from './session-cache.ts';
import { type DeviceWords, NO_DEVICE } from './user-agent.ts';

export type { Session } from './session-cache.ts';

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A session's last-seen time is written at most this often. */
export const LAST_SEEN_STEP_MS = 60_000;

/** Opens a session for the member (in `tx` when given, e.g. inside registration) and returns its token. */
export async function openSession(
  tx: Pick<Db, 'insert'>,
  userId: string,
  now: Date,
  device: DeviceWords = NO_DEVICE,
): Promise<string> {
  const token = newToken();
  await tx.insert(sessions).values({
    tokenHash: tokenDigest(token),
    userId,
    browser: device.browser,
    system: device.system,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  return token;
}

export interface SignIn {
  /** `aliasKey` from lookupKey (null: no alias can match); `pin` in ASCII digits, format checked. */
  login(
    aliasKey: string | null,
    pin: string,
    device?: DeviceWords,
  ): Promise<{ token: string; user: MemberRow }>;
  session(token: string): Promise<Session | null>;
  logout(tokenHash: string): Promise<void>;
}

export function createSignIn({ database, hasher, clock, throttle, sessionCache }: ThrottledDeps): SignIn {
  const { db } = database;

  /** Moves the session's last-seen time when the one stored is a minute old (the WHERE keeps parallel requests to one write). */
  async function touch(tokenHash: string, lastSeenAt: Date) {
    const now = clock.now();
    const due = new Date(now.getTime() - LAST_SEEN_STEP_MS);
    if (lastSeenAt > due) return;
    await db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.tokenHash, tokenHash), lte(sessions.lastSeenAt, sqlTime(due))));
  }

  return {
    login: (aliasKey, pin, device) =>
      throttle.oneAtATime(aliasKey, async () => {
        const u = await findMember(db, aliasKey);
        if (!u) {
          // the same work as a wrong PIN for a real member (an attempt counted, one hash), so the
          // time of the answer does not tell whether the alias exists
          await throttle.reserveNothing();
          await hasher.dummyVerify();
          throw new ApiError('INVALID_CREDENTIALS');
        }
        const attempt = await throttle.reserve(u);
        if (!(await hasher.verify('pin', u.pinHash, pin)))
          throw throttle.failure('INVALID_CREDENTIALS', attempt);
        await throttle.succeeded(u.id);
        if (hasher.needsRehash(u.pinHash)) {
          const pinHash = await hasher.hash('pin', pin);
          await db.update(users).set({ pinHash }).where(eq(users.id, u.id));
        }
        await db
          .delete(sessions)
          .where(and(eq(sessions.userId, u.id), lte(sessions.expiresAt, sqlTime(clock.now()))));
        return { token: await openSession(db, u.id, clock.now(), device), user: u };
      }),

    async session(token) {
      if (!isTokenShaped(token)) return null;
      const tokenHash = tokenDigest(token);
      const cached = sessionCache.get(tokenHash);
      if (cached) return cached;
      const mark = sessionCache.mark();
      // the hottest query (every signed-in request): plain SQL, about twice as fast as the
      // query builder's row mapping on PGlite
      const result = (await db.execute(sql`
        select u.id, u.alias, u.avatar_id as "avatarId", u.country, u.age_range as "ageRange",
               u.marital_status as "maritalStatus", u.language, u.created_at as "createdAt",
               s.expires_at as "expiresAt", s.last_seen_at as "lastSeenAt"
        from ${sessions} s join ${users} u on u.id = s.user_id
        where s.token_hash = ${tokenHash} and s.expires_at > ${sqlTime(clock.now())}
        limit 1`)) as unknown as {
        rows: (Omit<ProfileRow, 'createdAt'> & {
          createdAt: Date | string;
          expiresAt: Date | string;
          lastSeenAt: Date | string;
        })[];
      };
      const row = result.rows[0];
      if (!row) return null;
      const { expiresAt, lastSeenAt, ...user } = row;
      await touch(tokenHash, new Date(lastSeenAt));
      const session = { user: { ...user, createdAt: new Date(row.createdAt) }, tokenHash };
      sessionCache.set(session, new Date(expiresAt), mark);
      return session;
    },

    async logout(tokenHash) {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
      await sessionCache.revokeToken(tokenHash);
    },
  };
}

/** Deletes expired sessions (main.ts runs it periodically through purgeExpired). */
export async function purgeExpiredSessions(database: Database, now: Date): Promise<void> {
  await database.db.delete(sessions).where(lte(sessions.expiresAt, sqlTime(now)));
}
