/**
 * PIN recovery: a member's three questions, answering them for a reset token (single use,
 * 15 minutes, stored as a digest; a newer one replaces older ones), and setting a new PIN with it,
 * which ends every session of the member. Wrong answer sets count with wrong PINs (accounts-throttle.ts).
 */
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { normalizeAnswer } from '../../contract/account-rules.ts';
import type { Database, Tx } from '../db/index.ts';
import { resetTokens, securityAnswers, sessions, users } from '../db/schema.ts';
import { ApiError } from '../lib/errors.ts';
import { newToken, tokenDigest } from '../lib/hashing.ts';
import { findMember, isTokenShaped, sqlTime } from './accounts-members.ts';
import type { ThrottledDeps } from './accounts-throttle.ts';

export const RESET_TOKEN_TTL_S = 15 * 60;

/** A new reset token for the member, in `tx`; older live ones stop working (one per member). */
export async function issueResetToken(tx: Tx, userId: string, now: Date): Promise<string> {
  const token = newToken();
  await tx
    .update(resetTokens)
    .set({ usedAt: now })
    .where(and(eq(resetTokens.userId, userId), isNull(resetTokens.usedAt)));
  await tx.insert(resetTokens).values({
    tokenHash: tokenDigest(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_S * 1000),
  });
  return token;
}

export interface Recovery {
  /** `aliasKey` from lookupKey (null: no alias can match). Her question ids in her order; USER_NOT_FOUND for an unknown alias. */
  questionsFor(aliasKey: string | null): Promise<string[]>;
  /** The answers as typed (normalised here); a reset token when all three match. */
  verifyAnswers(aliasKey: string | null, answers: { questionId: string; answer: string }[]): Promise<string>;
  /** `pin` in ASCII digits, already checked against the PIN rules. */
  resetPin(resetToken: string, pin: string): Promise<void>;
}

export function createRecovery({ database, hasher, clock, throttle, sessionCache }: ThrottledDeps): Recovery {
  const { db } = database;

  /** Whether every stored answer matches, checking all three every time (stopping early would tell which one was right). */
  async function allMatch(userId: string, given: { questionId: string; answer: string }[]) {
    const stored = await db
      .select()
      .from(securityAnswers)
      .where(eq(securityAnswers.userId, userId))
      .orderBy(asc(securityAnswers.position));
    const byQuestion = new Map(given.map((g) => [g.questionId, g.answer]));
    // an answer with nothing left once normalised never matches: members stored before the
    // sign-up rule may hold the hash of an empty answer, which any symbol would otherwise open
    const results = await Promise.all(
      stored.map((s) => {
        const answer = byQuestion.get(s.questionId);
        const normalised = answer === undefined ? '' : normalizeAnswer(answer);
        return normalised === ''
          ? hasher.verify('answer', s.answerHash, '\0missing').then(() => false)
          : hasher.verify('answer', s.answerHash, normalised);
      }),
    );
    return stored.length > 0 && results.every(Boolean);
  }

  return {
    async questionsFor(aliasKey) {
      const u = await findMember(db, aliasKey);
      if (!u) throw new ApiError('USER_NOT_FOUND');
      const rows = await db
        .select({ questionId: securityAnswers.questionId })
        .from(securityAnswers)
        .where(eq(securityAnswers.userId, u.id))
        .orderBy(asc(securityAnswers.position));
      return rows.map((r) => r.questionId);
    },

    verifyAnswers: (aliasKey, given) =>
      throttle.oneAtATime(aliasKey, async () => {
        const u = await findMember(db, aliasKey);
        if (!u) throw new ApiError('USER_NOT_FOUND');
        const attempt = await throttle.reserve(u);
        if (!(await allMatch(u.id, given))) throw throttle.failure('WRONG_ANSWERS', attempt);
        await throttle.succeeded(u.id);
        const now = clock.now();
        return database.transaction((tx) => issueResetToken(tx, u.id, now));
      }),

    async resetPin(resetToken, pin) {
      if (!isTokenShaped(resetToken)) throw new ApiError('RESET_TOKEN_INVALID');
      const tokenHash = tokenDigest(resetToken);
      const live = (now: Date) =>
        and(
          eq(resetTokens.tokenHash, tokenHash),
          isNull(resetTokens.usedAt),
          gt(resetTokens.expiresAt, sqlTime(now)),
        );
      // check first (cheap) so a made-up token never costs a hash…
      const [found] = await db
        .select({ userId: resetTokens.userId })
        .from(resetTokens)
        .where(live(clock.now()))
        .limit(1);
      if (!found) throw new ApiError('RESET_TOKEN_INVALID');
      const pinHash = await hasher.hash('pin', pin);
      const now = clock.now();
      // …then consume it atomically: of two parallel resets with one token, only one succeeds
      await database
        .transaction(async (tx) => {
          const [used] = await tx
            .update(resetTokens)
            .set({ usedAt: now })
            .where(live(now))
            .returning({ userId: resetTokens.userId });
          if (!used) throw new ApiError('RESET_TOKEN_INVALID');
          await tx
            .update(users)
            .set({ pinHash, failedAttempts: 0, lockedUntil: null, updatedAt: now })
            .where(eq(users.id, used.userId));
          await tx.delete(sessions).where(eq(sessions.userId, used.userId));
          return used.userId;
        })
        .then((userId) => sessionCache.revokeMember(userId));
    },
  };
}

/** Deletes spent or expired reset tokens (main.ts runs it periodically through purgeExpired). */
export async function purgeSpentResetTokens(database: Database, now: Date): Promise<void> {
  await database.db
    .delete(resetTokens)
    .where(or(lte(resetTokens.expiresAt, sqlTime(now)), sql`${resetTokens.usedAt} is not null`));
}
