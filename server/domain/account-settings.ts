/**
 * Her account settings (issue 25): what the settings page shows (profile with member number,
 * her questions, whether she has a recovery code), her profile and preferences (language kept on
 * the server, discreet documents), and the changes that need her current PIN: a new PIN (other
 * devices signed out if she asks) and new security questions and answers.
 *
 * A wrong current PIN counts towards the same lockout as a wrong PIN at sign-in
 * (accounts-throttle.ts), one attempt at a time per member, counted before the hash is checked.
 */
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { AccountProfile, AccountSettings } from '../../contract/account-settings.ts';
import { RECOVERY_CODE_SIGNUP_MINUTES } from '../../contract/account-settings.ts';
import { recoveryCodes, resetTokens, securityAnswers, sessions, users } from '../db/schema.ts';
import { ApiError } from '../lib/errors.ts';
import type { Locale } from '../lib/i18n.ts';
import type { MemberRow } from './accounts-members.ts';
import type { ThrottledDeps } from './accounts-throttle.ts';

export interface ProfileInput {
  avatarId: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  ageRange: string;
  maritalStatus: string | null;
  /** Normalised (checkEmail, checkPhone), or null. */
  email: string | null;
  phone: string | null;
}

export interface PreferencesInput {
  language?: Locale;
  discreetDocuments?: boolean;
}

/** Who is asking: her id and the digest of this device's token (never signed out by "others"). */
export interface Caller {
  userId: string;
  tokenHash: string;
}

export interface AccountSettingsDomain {
  settings(userId: string): Promise<AccountSettings>;
  updateProfile(userId: string, input: ProfileInput): Promise<AccountProfile>;
  updatePreferences(userId: string, input: PreferencesInput): Promise<AccountProfile>;
  /** `currentPin` and `pin` in ASCII digits (the new one checked against the PIN rules). */
  changePin(
    caller: Caller,
    input: { currentPin: string; pin: string; signOutOthers: boolean },
  ): Promise<{ signedOutOthers: number }>;
  /** Answers normalised and long enough, on three different questions. */
  changeSecurityAnswers(
    caller: Caller,
    input: { currentPin: string; securityAnswers: { questionId: string; answer: string }[] },
  ): Promise<void>;
  /**
   * Runs `fn` once `currentPin` is her PIN, within her one-attempt-at-a-time lane; a wrong PIN is
   * counted (CURRENT_PIN_WRONG, then TOO_MANY_ATTEMPTS once locked) and `fn` never runs.
   */
  withCurrentPin<T>(userId: string, currentPin: string, fn: (member: MemberRow) => Promise<T>): Promise<T>;
}

export function profileOf(u: MemberRow): AccountProfile {
  return {
    alias: u.alias,
    memberNumber: u.memberNumber,
    avatarId: u.avatarId,
    country: u.country,
    ageRange: u.ageRange as AccountProfile['ageRange'],
    maritalStatus: u.maritalStatus as AccountProfile['maritalStatus'],
    email: u.email,
    phone: u.phone,
    language: u.language as AccountProfile['language'],
    discreetDocuments: u.discreetDocuments,
  };
}

/** Whether she may make her first recovery code without typing her PIN again (just after sign-up). */
export function recoveryCodeWithoutPin(createdAt: Date, hasCode: boolean, now: Date): boolean {
  return !hasCode && now.getTime() < createdAt.getTime() + RECOVERY_CODE_SIGNUP_MINUTES * 60_000;
}

export function createAccountSettings({
  database,
  hasher,
  clock,
  throttle,
  sessionCache,
}: ThrottledDeps): AccountSettingsDomain {
  const { db } = database;

  async function member(userId: string): Promise<MemberRow> {
    const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    // her session was just found, so she exists, unless her account went in between
    if (!u) throw new ApiError('UNAUTHORIZED');
    return u;
  }

  async function withCurrentPin<T>(userId: string, currentPin: string, fn: (m: MemberRow) => Promise<T>) {
    const first = await member(userId);
    return throttle.oneAtATime(first.aliasKey, async () => {
      const u = await member(userId);
      const attempt = await throttle.reserve(u);
      if (!(await hasher.verify('pin', u.pinHash, currentPin)))
        throw throttle.failure('CURRENT_PIN_WRONG', attempt);
      await throttle.succeeded(u.id);
      return fn(u);
    });
  }

  /** Her profile changed: every process reads her session again (its cached copy holds the old one). */
  async function changed(u: MemberRow | undefined): Promise<AccountProfile> {
    if (!u) throw new ApiError('UNAUTHORIZED');
    await sessionCache.revokeMember(u.id);
    return profileOf(u);
  }

  return {
    withCurrentPin,

    async settings(userId) {
      const u = await member(userId);
      const [answers, [code]] = await Promise.all([
        db
          .select({ questionId: securityAnswers.questionId })
          .from(securityAnswers)
          .where(eq(securityAnswers.userId, userId))
          .orderBy(asc(securityAnswers.position)),
        db
          .select({ createdAt: recoveryCodes.createdAt })
          .from(recoveryCodes)
          .where(eq(recoveryCodes.userId, userId)),
      ]);
      return {
        profile: profileOf(u),
        questionIds: answers.map((a) => a.questionId),
        recoveryCode: { active: code !== undefined, createdAt: code?.createdAt.toISOString() ?? null },
        recoveryCodeWithoutPin: recoveryCodeWithoutPin(u.createdAt, code !== undefined, clock.now()),
      };
    },

    async updateProfile(userId, input) {
      const [u] = await db
        .update(users)
        .set({ ...input, updatedAt: clock.now() })
        .where(eq(users.id, userId))
        .returning();
      return changed(u);
    },

    async updatePreferences(userId, input) {
      const set = {
        ...(input.language !== undefined ? { language: input.language } : {}),
        ...(input.discreetDocuments !== undefined ? { discreetDocuments: input.discreetDocuments } : {}),
      };
      if (Object.keys(set).length === 0) return profileOf(await member(userId));
      const [u] = await db
        .update(users)
        .set({ ...set, updatedAt: clock.now() })
        .where(eq(users.id, userId))
        .returning();
      return changed(u);
    },

    async changePin({ userId, tokenHash }, { currentPin, pin, signOutOthers }) {
      const pinHash = await hasher.hash('pin', pin);
      return withCurrentPin(userId, currentPin, async () => {
        const now = clock.now();
        const signedOutOthers = await database.transaction(async (tx) => {
          await tx
            .update(users)
            .set({ pinHash, failedAttempts: 0, lockedUntil: null, updatedAt: now })
            .where(eq(users.id, userId));
          // a reset token asked for before the change no longer sets a PIN
          await tx
            .update(resetTokens)
            .set({ usedAt: now })
            .where(and(eq(resetTokens.userId, userId), isNull(resetTokens.usedAt)));
          if (!signOutOthers) return 0;
          const gone = await tx
            .delete(sessions)
            .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, tokenHash)))
            .returning({ tokenHash: sessions.tokenHash });
          return gone.length;
        });
        if (signedOutOthers > 0) await sessionCache.revokeMember(userId);
        return { signedOutOthers };
      });
    },

    async changeSecurityAnswers({ userId }, { currentPin, securityAnswers: given }) {
      const hashes = await Promise.all(given.map((s) => hasher.hash('answer', s.answer)));
      await withCurrentPin(userId, currentPin, () =>
        database.transaction(async (tx) => {
          await tx.delete(securityAnswers).where(eq(securityAnswers.userId, userId));
          await tx.insert(securityAnswers).values(
            given.map((s, i) => ({
              userId,
              position: i + 1,
              questionId: s.questionId,
              answerHash: hashes[i],
            })),
          );
          await tx.update(users).set({ updatedAt: clock.now() }).where(eq(users.id, userId));
        }),
      );
    },
  };
}
