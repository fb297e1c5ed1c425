/**
 * The account domain, one file per role, wired here on one database, hasher and clock:
 * - registration.ts  alias availability, sign-up
 * - sessions.ts      sign-in with alias and PIN, session tokens, sign-out
 * - recovery.ts      security questions, answers → reset token, a new PIN
 * - accounts-throttle.ts  lockout per member (the one lock schedule, in TS and SQL), attempts counted
 *                    before any hash, one attempt at a time per member
 * - accounts-members.ts   the member row, its look-up by alias key, the profile view
 * - account-settings.ts  her settings: profile, preferences, a new PIN or new answers (current PIN)
 * - recovery-code.ts     her one-time recovery code: made, and spent for a reset token
 * - devices.ts           her sessions as devices, signing out one or all others
 * Everything secret is hashed (lib/hashing.ts); tokens are stored as digests.
 */
import { lte } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { retiredAliases } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { type AccountSettingsDomain, createAccountSettings } from './account-settings.ts';
import type { AccountDeps } from './accounts-members.ts';
import { sqlTime } from './accounts-members.ts';
import { createThrottle } from './accounts-throttle.ts';
import { createDevices, type Devices } from './devices.ts';
import { createRecovery, purgeSpentResetTokens, type Recovery } from './recovery.ts';
import { createRecoveryCodes, type RecoveryCodeDomain } from './recovery-code.ts';
import { createRegistration, type Registration } from './registration.ts';
import { createSessionCache } from './session-cache.ts';
import { createSignIn, purgeExpiredSessions, type SignIn } from './sessions.ts';

export { type ProfileRow, type UserView, userView } from './accounts-members.ts';
export { FREE_ATTEMPTS, LOCK_SCHEDULE_TEXT, lockMinutes } from './accounts-throttle.ts';
export { RESET_TOKEN_TTL_S } from './recovery.ts';
export type { CheckedAlias, RegisterInput } from './registration.ts';
export { SESSION_TTL_MS, type Session } from './sessions.ts';

export interface Accounts
  extends Registration,
    SignIn,
    Recovery,
    AccountSettingsDomain,
    RecoveryCodeDomain,
    Devices {
  /** Forgets every session of hers kept in memory, here at once and in every other process (her account deleted). */
  forgetSessions(userId: string): Promise<void>;
}

export function createAccounts(deps: AccountDeps): Accounts {
  const throttle = createThrottle(deps);
  const sessionCache = createSessionCache(deps.database, deps.clock);
  return {
    ...createRegistration(deps),
    ...createSignIn({ ...deps, throttle, sessionCache }),
    ...createRecovery({ ...deps, throttle, sessionCache }),
    ...createAccountSettings({ ...deps, throttle, sessionCache }),
    ...createRecoveryCodes({ ...deps, throttle, sessionCache }),
    ...createDevices({ ...deps, sessionCache }),
    forgetSessions: (userId) => sessionCache.revokeMember(userId),
  };
}

/** Deletes expired sessions, spent or expired reset tokens and ended alias reservations (run periodically by main.ts). */
export async function purgeExpired(database: Database, clock: Clock): Promise<void> {
  const now = clock.now();
  await purgeExpiredSessions(database, now);
  await purgeSpentResetTokens(database, now);
  await database.db.delete(retiredAliases).where(lte(retiredAliases.reservedUntil, sqlTime(now)));
}
