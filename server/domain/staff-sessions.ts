/**
 * Staff sessions (issue 26): a random token in the STAFF_COOKIE cookie (HttpOnly, SameSite=Strict,
 * Path=/api/staff, Secure when PUBLIC_URL is https), stored as its SHA-256. A 'half' session (the
 * password passed) lasts STAFF_SECOND_FACTOR_MINUTES; passing the second factor deletes it and opens a
 * 'full' one under a NEW token, whose idle end (STAFF_IDLE_MINUTES) the guard moves. The WebAuthn
 * challenge of a ceremony under way is kept on the session's row and taken once.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { STAFF_COOKIE, STAFF_IDLE_MINUTES, STAFF_SECOND_FACTOR_MINUTES } from '../../contract/staff.ts';
import type { Db } from '../db/index.ts';
import { staffSessions } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { newToken, tokenDigest } from '../lib/hashing.ts';

const COOKIE_PATH = '/api/staff';

const minutes = (n: number) => n * 60_000;

/** A new session of hers; returns the cookie's token. */
export async function openStaffSession(
  db: Pick<Db, 'insert'>,
  clock: Clock,
  staffId: string,
  stage: 'half' | 'full',
): Promise<string> {
  const token = newToken();
  const now = clock.now();
  const life = stage === 'full' ? STAFF_IDLE_MINUTES : STAFF_SECOND_FACTOR_MINUTES;
  await db.insert(staffSessions).values({
    tokenHash: tokenDigest(token),
    staffId,
    stage,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + minutes(life)),
  });
  return token;
}

/** The second factor passed: the half session (or the full one she enrolled from) gives way to a new full one. */
export async function promoteStaffSession(db: Db, clock: Clock, tokenHash: string, staffId: string) {
  return db.transaction(async (tx) => {
    await tx.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
    return openStaffSession(tx, clock, staffId, 'full');
  });
}

export async function endStaffSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
}

export async function putChallenge(db: Db, tokenHash: string, challenge: string): Promise<void> {
  await db.update(staffSessions).set({ challenge }).where(eq(staffSessions.tokenHash, tokenHash));
}

/** The ceremony's challenge, taken: a response is checked against it once. */
export async function takeChallenge(db: Db, tokenHash: string): Promise<string | null> {
  const [row] = await db
    .select({ challenge: staffSessions.challenge })
    .from(staffSessions)
    .where(eq(staffSessions.tokenHash, tokenHash));
  if (!row?.challenge) return null;
  const taken = await db
    .update(staffSessions)
    .set({ challenge: null })
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        isNotNull(staffSessions.challenge),
        eq(staffSessions.challenge, row.challenge),
      ),
    )
    .returning({ tokenHash: staffSessions.tokenHash });
  return taken.length ? row.challenge : null;
}

export function setStaffCookie(c: Context, token: string, secure: boolean): void {
  setCookie(c, STAFF_COOKIE, token, { httpOnly: true, sameSite: 'Strict', secure, path: COOKIE_PATH });
}

export function clearStaffCookie(c: Context, secure: boolean): void {
  deleteCookie(c, STAFF_COOKIE, { httpOnly: true, sameSite: 'Strict', secure, path: COOKIE_PATH });
}
