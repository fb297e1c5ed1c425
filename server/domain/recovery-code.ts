/**
 * Her one-time recovery code (issue 25): a stronger way back than the security questions. Sixteen
 * characters of RECOVERY_CODE_ALPHABET drawn with crypto randomness, shown once in four groups,
 * stored only as an argon2id hash (lib/hashing.ts, purpose 'recovery'). A new code replaces the old
 * one; using it at /forgot-pin removes it.
 *
 * Using it is throttled exactly as the answers are (accounts-throttle.ts: the same per-member count
 * and lockout, one attempt at a time, counted before the hash), and it is spent atomically: the
 * request whose DELETE removes the stored hash is the only one given a reset token, however many
 * arrive together, in one process or several.
 */
import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  formatRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_GROUP_LENGTH,
  RECOVERY_CODE_GROUPS,
  type RecoveryCodeIssued,
} from '../../contract/account-settings.ts';
import { recoveryCodes, users } from '../db/schema.ts';
import { ApiError } from '../lib/errors.ts';
import { recoveryCodeWithoutPin } from './account-settings.ts';
import { findMember } from './accounts-members.ts';
import type { ThrottledDeps } from './accounts-throttle.ts';
import { issueResetToken } from './recovery.ts';

/** A new code in its canonical form (`7KQ4-MX9T-CR3W-HPNA`): each character uniform over the alphabet. */
export function newRecoveryCode(): string {
  let raw = '';
  for (let i = 0; i < RECOVERY_CODE_GROUPS * RECOVERY_CODE_GROUP_LENGTH; i++)
    raw += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  return formatRecoveryCode(raw);
}

export interface RecoveryCodeDomain {
  /**
   * A new code for her, replacing any other. `checkedPin`: her current PIN was checked (the caller
   * ran it through withCurrentPin); without it, only the first code within
   * RECOVERY_CODE_SIGNUP_MINUTES of sign-up, else VALIDATION_ERROR with currentPin CURRENT_PIN_REQUIRED.
   */
  issueRecoveryCode(userId: string, checkedPin: boolean): Promise<RecoveryCodeIssued>;
  /** `code` in canonical form (normalizeRecoveryCode); a reset token when it is her live code, which it retires. */
  verifyRecoveryCode(aliasKey: string | null, code: string): Promise<string>;
}

const pinRequired = () =>
  new ApiError('VALIDATION_ERROR', { fields: { currentPin: 'CURRENT_PIN_REQUIRED' } });

export function createRecoveryCodes({
  database,
  hasher,
  clock,
  throttle,
}: ThrottledDeps): RecoveryCodeDomain {
  const { db } = database;

  return {
    async issueRecoveryCode(userId, checkedPin) {
      if (!checkedPin) {
        const [u] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
        if (!u) throw new ApiError('UNAUTHORIZED');
        if (!recoveryCodeWithoutPin(u.createdAt, false, clock.now())) throw pinRequired();
      }
      const code = newRecoveryCode();
      const codeHash = await hasher.hash('recovery', code);
      const now = clock.now();
      const row = { userId, codeHash, createdAt: now };
      if (checkedPin) {
        await db
          .insert(recoveryCodes)
          .values(row)
          .onConflictDoUpdate({ target: recoveryCodes.userId, set: { codeHash, createdAt: now } });
      } else {
        // her first code only: of two made at once without the PIN (or one made before), the later finds it
        const made = await db
          .insert(recoveryCodes)
          .values(row)
          .onConflictDoNothing()
          .returning({ userId: recoveryCodes.userId });
        if (made.length === 0) throw pinRequired();
      }
      return { code, createdAt: now.toISOString() };
    },

    verifyRecoveryCode: (aliasKey, code) =>
      throttle.oneAtATime(aliasKey, async () => {
        const u = await findMember(db, aliasKey);
        if (!u) throw new ApiError('USER_NOT_FOUND');
        const attempt = await throttle.reserve(u);
        const [stored] = await db
          .select({ codeHash: recoveryCodes.codeHash })
          .from(recoveryCodes)
          .where(eq(recoveryCodes.userId, u.id));
        // no code: the same hash work as a wrong one, so the answer's time does not tell her whether one exists
        const matches = stored
          ? await hasher.verify('recovery', stored.codeHash, code)
          : await hasher.dummyVerify().then(() => false);
        if (!stored || !matches) throw throttle.failure('RECOVERY_CODE_INVALID', attempt);
        const now = clock.now();
        const token = await database.transaction(async (tx) => {
          const spent = await tx
            .delete(recoveryCodes)
            .where(and(eq(recoveryCodes.userId, u.id), eq(recoveryCodes.codeHash, stored.codeHash)))
            .returning({ userId: recoveryCodes.userId });
          return spent.length === 1 ? issueResetToken(tx, u.id, now) : null;
        });
        // spent meanwhile by a parallel attempt in another process
        if (token === null) throw throttle.failure('RECOVERY_CODE_INVALID', attempt);
        await throttle.succeeded(u.id);
        return token;
      }),
  };
}
