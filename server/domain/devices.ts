/**
 * Her devices (issue 25): the sessions signed in to her account, each with the browser and system
 * in words, when it signed in and when it was last seen (nothing else is kept about a device),
 * this device marked; signing out one other device, or all the others. Each signed-out token stops
 * working at once in every process (session-cache.ts).
 */
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { Device } from '../../contract/account-settings.ts';
import { sessions } from '../db/schema.ts';
import { ApiError } from '../lib/errors.ts';
import type { Caller } from './account-settings.ts';
import { sqlTime } from './accounts-members.ts';
import type { ThrottledDeps } from './accounts-throttle.ts';

export interface Devices {
  /** Her live sessions, the most recently seen first. */
  devices(caller: Caller): Promise<Device[]>;
  /** Signs out one of her other sessions by its id; SESSION_NOT_FOUND when it is not one (this device's included). */
  signOutDevice(caller: Caller, sessionId: string): Promise<void>;
  /** Signs out every session of hers but this one; how many. */
  signOutOthers(caller: Caller): Promise<number>;
}

export function createDevices({
  database,
  clock,
  sessionCache,
}: Pick<ThrottledDeps, 'database' | 'clock' | 'sessionCache'>): Devices {
  const { db } = database;
  return {
    async devices({ userId, tokenHash }) {
      const rows = await db
        .select({
          id: sessions.id,
          tokenHash: sessions.tokenHash,
          browser: sessions.browser,
          system: sessions.system,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sqlTime(clock.now()))))
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt), sessions.id);
      return rows.map((r) => ({
        id: r.id,
        browser: r.browser,
        system: r.system,
        signedInAt: r.createdAt.toISOString(),
        lastSeenAt: r.lastSeenAt.toISOString(),
        current: r.tokenHash === tokenHash,
      }));
    },

    async signOutDevice({ userId, tokenHash }, sessionId) {
      const [gone] = await db
        .delete(sessions)
        .where(
          and(eq(sessions.id, sessionId), eq(sessions.userId, userId), ne(sessions.tokenHash, tokenHash)),
        )
        .returning({ tokenHash: sessions.tokenHash });
      if (!gone) throw new ApiError('SESSION_NOT_FOUND');
      await sessionCache.revokeToken(gone.tokenHash);
    },

    async signOutOthers({ userId, tokenHash }) {
      const gone = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, tokenHash)))
        .returning({ tokenHash: sessions.tokenHash });
      if (gone.length > 0) await sessionCache.revokeMember(userId);
      return gone.length;
    },
  };
}
