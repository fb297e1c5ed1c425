/**
 * The session look-up is the hottest query (every signed-in request: a page of the dashboard makes
 * several within a second). Each process keeps what it found for SESSION_CACHE_MS (5 s), keyed by
 * the token's digest, and still checks the session's own expiry on every use.
 *
 * Revocation is never left to the 5 s: sign-out and a PIN reset drop the entry here and broadcast it
 * (PostgreSQL NOTIFY) to every process on the database, which drops it too. Only if that
 * notification were lost (the LISTEN connection down at that moment) could another process honour a
 * revoked token, and then for at most 5 seconds.
 */
import type { Database } from '../db/index.ts';
import type { Clock } from '../lib/clock.ts';
import type { ProfileRow } from './accounts-members.ts';

export const SESSION_CACHE_MS = 5_000;

/** A signed-in request's session: her profile and the token's digest (sessions.ts reads it, this caches it). */
export interface Session {
  user: ProfileRow;
  tokenHash: string;
}
const CHANNEL = 'amina_sessions';
const MAX_ENTRIES = 20_000;

interface Entry {
  session: Session;
  expiresAt: number;
  until: number;
}

export interface SessionCache {
  get(tokenHash: string): Session | null;
  /** A mark to take before reading the database; `set` keeps nothing read across a revocation. */
  mark(): number;
  set(session: Session, expiresAt: Date, mark: number): void;
  /** Drops one session here and in every other process. */
  revokeToken(tokenHash: string): Promise<void>;
  /** Drops every session of a member here and in every other process. */
  revokeMember(userId: string): Promise<void>;
}

export function createSessionCache(database: Database, clock: Clock): SessionCache {
  const byToken = new Map<string, Entry>();
  // bumped by every revocation: a read that started before one may hold what it revoked
  let generation = 0;
  const dropToken = (hash: string) => {
    generation++;
    byToken.delete(hash);
  };
  const dropMember = (userId: string) => {
    generation++;
    for (const [hash, e] of byToken) if (e.session.user.id === userId) byToken.delete(hash);
  };
  database.subscribe(CHANNEL, (payload) => {
    if (payload.startsWith('t:')) dropToken(payload.slice(2));
    else if (payload.startsWith('u:')) dropMember(payload.slice(2));
  });
  return {
    get(tokenHash) {
      const e = byToken.get(tokenHash);
      if (!e) return null;
      const now = clock.now().getTime();
      if (e.until <= now || e.expiresAt <= now) {
        byToken.delete(tokenHash);
        return null;
      }
      return e.session;
    },
    mark: () => generation,
    set(session, expiresAt, mark) {
      if (mark !== generation) return;
      if (byToken.size >= MAX_ENTRIES) byToken.clear();
      byToken.set(session.tokenHash, {
        session,
        expiresAt: expiresAt.getTime(),
        until: clock.now().getTime() + SESSION_CACHE_MS,
      });
    },
    async revokeToken(tokenHash) {
      dropToken(tokenHash);
      await database.broadcast(CHANNEL, `t:${tokenHash}`);
    },
    async revokeMember(userId) {
      dropMember(userId);
      await database.broadcast(CHANNEL, `u:${userId}`);
    },
  };
}
