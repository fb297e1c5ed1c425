/**
 * The account domain, one file per role, wired here on one database, hasher and clock:
 * - registration.ts  alias availability, sign-up
 * - sessions.ts      sign-in with alias and PIN, session tokens, sign-out
 * - recovery.ts      security questions, answers → reset token, a new PIN
 * - accounts-throttle.ts  lockout per member (the one lock schedule, in TS and SQL), attempts counted
 *                    before any hash, one attempt at a time per member
 * - accounts-members.ts   the member row, its look-up by alias key, the profile view
 * Everything secret is hashed (lib/hashing.ts); tokens are stored as digests.
 */
import type { Database } from '../db/index.ts';
import type { Clock } from '../lib/clock.ts';
import type { AccountDeps } from './accounts-members.ts';
import { createThrottle } from './accounts-throttle.ts';
import { createRecovery, purgeSpentResetTokens, type Recovery } from './recovery.ts';
import { createRegistration, type Registration } from './registration.ts';
import { createSessionCache } from './session-cache.ts';
import { createSignIn, purgeExpiredSessions, type SignIn } from './sessions.ts';

export { type ProfileRow, type UserView, userView } from './accounts-members.ts';
export { FREE_ATTEMPTS, LOCK_SCHEDULE_TEXT, lockMinutes } from './accounts-throttle.ts';
export { RESET_TOKEN_TTL_S } from './recovery.ts';
export type { CheckedAlias, RegisterInput } from './registration.ts';
export { SESSION_TTL_MS, type Session } from './sessions.ts';

export interface Accounts extends Registration, SignIn, Recovery {}

export function createAccounts(deps: AccountDeps): Accounts {
  const throttle = createThrottle(deps);
  const sessionCache = createSessionCache(deps.database, deps.clock);
  return {
    ...createRegistration(deps),
    ...createSignIn({ ...deps, throttle, sessionCache }),
    ...createRecovery({ ...deps, throttle, sessionCache }),
  };
}

/** Deletes expired sessions and spent or expired reset tokens (run periodically by main.ts). */
export async function purgeExpired(database: Database, clock: Clock): Promise<void> {
  const now = clock.now();
  await purgeExpiredSessions(database, now);
  await purgeSpentResetTokens(database, now);
}
