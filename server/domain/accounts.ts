/**
 * The account domain: registration, PIN sign-in, sessions, and PIN recovery through security
 * questions. Everything secret is hashed (see lib/hashing.ts); tokens are stored as digests.
 *
 * Throttling: wrong PINs and wrong answer sets count together per member. Within a process, the
 * attempts for one member run one at a time (a keyed mutex), so a success resets the count before
 * the next attempt is judged and parallel correct sign-ins never lock anyone out. Across
 * processes (several servers on one PostgreSQL) an attempt is also reserved (counted) atomically
 * *before* its hash is checked, in one UPDATE that refuses a locked member, so N parallel guesses
 * can never get more than the allowed number of hashes checked. A success resets the count.
 */
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { AgeRange, MaritalStatus } from '../contract/account-rules.ts';
import { checkAlias, lookupKey, normalizeAnswer } from '../contract/account-rules.ts';
import type { Database } from '../db/index.ts';
import { sqlState, UNIQUE_VIOLATION } from '../db/index.ts';
import { resetTokens, securityAnswers, sessions, users } from '../db/schema.ts';
import { avatarView } from '../lib/catalog.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import { type Hasher, newToken, tokenDigest } from '../lib/hashing.ts';
import type { Locale } from '../lib/i18n.ts';
import { KeyedMutex } from '../lib/semaphore.ts';

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_S = 15 * 60;
export const FREE_ATTEMPTS = 5;
/** A user id no row has (uuid v4 ids never have version nibble 0). */
const NO_USER = '00000000-0000-0000-0000-000000000000';

/** Lock length after the n-th consecutive failure (n ≥ 5): 1, 5, 15, then 60 minutes. */
export function lockMinutes(failures: number): number {
  if (failures < FREE_ATTEMPTS) return 0;
  return [1, 5, 15][failures - FREE_ATTEMPTS] ?? 60;
}

type UserRow = typeof users.$inferSelect;

export interface UserView {
  id: string;
  alias: string;
  avatar: { id: string; url: string; label: string } | null;
  country: string;
  ageRange: AgeRange;
  maritalStatus: MaritalStatus | null;
  language: Locale;
  createdAt: string;
}

export function userView(u: ProfileRow, locale: Locale): UserView {
  return {
    id: u.id,
    alias: u.alias,
    avatar: avatarView(u.avatarId, locale),
    country: u.country,
    ageRange: u.ageRange as UserView['ageRange'],
    maritalStatus: u.maritalStatus as UserView['maritalStatus'],
    language: u.language as Locale,
    createdAt: u.createdAt.toISOString(),
  };
}

export interface RegisterInput {
  alias: string;
  pin: string;
  securityAnswers: { questionId: string; answer: string }[];
  country: string;
  avatarId: string;
  ageRange: string;
  maritalStatus: string | null;
  email: string | null;
  phone: string | null;
  language: Locale;
}

/** The columns a profile needs (what userView reads). */
export type ProfileRow = Pick<
  UserRow,
  'id' | 'alias' | 'avatarId' | 'country' | 'ageRange' | 'maritalStatus' | 'language' | 'createdAt'
>;

export interface Session {
  user: ProfileRow;
  tokenHash: string;
}

export interface Accounts {
  aliasAvailable(alias: string): Promise<boolean>;
  register(input: RegisterInput): Promise<{ token: string; user: UserRow }>;
  login(alias: unknown, pin: string): Promise<{ token: string; user: UserRow }>;
  session(token: string): Promise<Session | null>;
  logout(tokenHash: string): Promise<void>;
  questionsFor(alias: unknown): Promise<string[]>;
  verifyAnswers(alias: unknown, answers: { questionId: string; answer: string }[]): Promise<string>;
  resetPin(resetToken: string, pin: string): Promise<void>;
}

export function createAccounts({
  database,
  hasher,
  clock,
}: {
  database: Database;
  hasher: Hasher;
  clock: Clock;
}) {
  const { db } = database;
  const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const attempts = new KeyedMutex();
  /** Runs fn with the member's attempts serialised; unknown or malformed aliases run unserialised. */
  const oneAtATime = <T>(alias: unknown, fn: () => Promise<T>): Promise<T> => {
    const key = lookupKey(alias);
    return key === null ? fn() : attempts.run(key, fn);
  };

  async function findByAlias(alias: unknown): Promise<UserRow | undefined> {
    const key = lookupKey(alias);
    if (key === null) return undefined;
    const [u] = await db.select().from(users).where(eq(users.aliasKey, key)).limit(1);
    return u;
  }

  function retryAfter(lockedUntil: Date, now: Date): number {
    return Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
  }

  function lockedError(lockedUntil: Date, now: Date): ApiError {
    return new ApiError('TOO_MANY_ATTEMPTS', { retryAfter: retryAfter(lockedUntil, now) });
  }

  /** Counts one attempt before any hash runs; throws TOO_MANY_ATTEMPTS if the member is locked. */
  async function reserveAttempt(u: UserRow): Promise<{ failures: number; lockedUntil: Date | null }> {
    const now = clock.now();
    if (u.lockedUntil && u.lockedUntil > now) throw lockedError(u.lockedUntil, now);
    const next = sql`${users.failedAttempts} + 1`;
    const minutes = sql`(case when ${next} >= 8 then 60 when ${next} = 7 then 15 when ${next} = 6 then 5 when ${next} = 5 then 1 else 0 end)`;
    const [row] = await db
      .update(users)
      .set({
        failedAttempts: next,
        lockedUntil: sql`case when ${next} >= ${FREE_ATTEMPTS} then ${ts(now)} + make_interval(mins => ${minutes}) else null end`,
      })
      .where(and(eq(users.id, u.id), or(isNull(users.lockedUntil), lte(users.lockedUntil, ts(now)))))
      .returning({ failures: users.failedAttempts, lockedUntil: users.lockedUntil });
    if (row) return row;
    // locked meanwhile by a parallel attempt
    const [cur] = await db.select({ lockedUntil: users.lockedUntil }).from(users).where(eq(users.id, u.id));
    throw lockedError(cur?.lockedUntil ?? new Date(now.getTime() + 60_000), now);
  }

  /** The statement reserveAttempt runs, on a row that cannot exist: equal work for unknown aliases. */
  async function reserveNothing(): Promise<void> {
    const now = clock.now();
    const next = sql`${users.failedAttempts} + 1`;
    await db
      .update(users)
      .set({
        failedAttempts: next,
        lockedUntil: sql`case when ${next} >= ${FREE_ATTEMPTS} then ${ts(now)} + make_interval(mins => 1) else null end`,
      })
      .where(and(eq(users.id, NO_USER), or(isNull(users.lockedUntil), lte(users.lockedUntil, ts(now)))))
      .returning({ failures: users.failedAttempts, lockedUntil: users.lockedUntil });
  }

  function failure(
    code: 'INVALID_CREDENTIALS' | 'WRONG_ANSWERS',
    r: { failures: number; lockedUntil: Date | null },
  ): ApiError {
    const now = clock.now();
    if (r.failures >= FREE_ATTEMPTS && r.lockedUntil) return lockedError(r.lockedUntil, now);
    // no count of attempts left: a stranger who knows only the alias could read it, and its reset
    // would tell her whether the member signed in since the last probe
    return new ApiError(code);
  }

  async function succeeded(userId: string) {
    await db
      .update(users)
      .set({ failedAttempts: 0, lockedUntil: null })
      .where(
        and(eq(users.id, userId), or(gt(users.failedAttempts, 0), sql`${users.lockedUntil} is not null`)),
      );
  }

  async function newSession(userId: string, tx: Pick<Database['db'], 'insert'> = db): Promise<string> {
    const token = newToken();
    const now = clock.now();
    await tx.insert(sessions).values({
      tokenHash: tokenDigest(token),
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    });
    return token;
  }

  const accounts: Accounts = {
    async aliasAvailable(alias) {
      const key = lookupKey(alias);
      if (key === null) return false;
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.aliasKey, key)).limit(1);
      return !row;
    },

    async register(input) {
      const a = checkAlias(input.alias);
      if (!a.ok) throw new ApiError('VALIDATION_ERROR', { fields: { alias: a.code } });
      // cheap early answer before four argon2 runs; the unique index still decides races
      if (!(await accounts.aliasAvailable(a.alias))) {
        throw new ApiError('ALIAS_TAKEN', { fields: { alias: 'ALIAS_TAKEN' } });
      }
      const [pinHash, ...answerHashes] = await Promise.all([
        hasher.hash('pin', input.pin),
        ...input.securityAnswers.map((s) => hasher.hash('answer', normalizeAnswer(s.answer))),
      ]);
      const now = clock.now();
      try {
        return await database.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({
              alias: a.alias,
              aliasKey: a.key,
              pinHash,
              avatarId: input.avatarId,
              country: input.country,
              ageRange: input.ageRange,
              maritalStatus: input.maritalStatus,
              email: input.email,
              phone: input.phone,
              language: input.language,
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          await tx.insert(securityAnswers).values(
            input.securityAnswers.map((s, i) => ({
              userId: user.id,
              position: i + 1,
              questionId: s.questionId,
              answerHash: answerHashes[i],
            })),
          );
          const token = await newSession(user.id, tx);
          return { token, user };
        });
      } catch (e) {
        if (sqlState(e) === UNIQUE_VIOLATION)
          throw new ApiError('ALIAS_TAKEN', { fields: { alias: 'ALIAS_TAKEN' } });
        throw e;
      }
    },

    login: (alias, pin) =>
      oneAtATime(alias, async () => {
        const u = await findByAlias(alias);
        if (!u) {
          // the same work as a wrong PIN for a real member (an attempt counted, one hash), so the
          // time of the answer does not tell whether the alias exists
          await reserveNothing();
          await hasher.dummyVerify();
          throw new ApiError('INVALID_CREDENTIALS');
        }
        const attempt = await reserveAttempt(u);
        if (!(await hasher.verify('pin', u.pinHash, pin))) throw failure('INVALID_CREDENTIALS', attempt);
        await succeeded(u.id);
        if (hasher.needsRehash(u.pinHash)) {
          const pinHash = await hasher.hash('pin', pin);
          await db.update(users).set({ pinHash }).where(eq(users.id, u.id));
        }
        await db
          .delete(sessions)
          .where(and(eq(sessions.userId, u.id), lte(sessions.expiresAt, ts(clock.now()))));
        return { token: await newSession(u.id), user: u };
      }),

    async session(token) {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
      const tokenHash = tokenDigest(token);
      // the hottest query (every signed-in request): plain SQL, about twice as fast as the
      // query builder's row mapping on PGlite
      const result = (await db.execute(sql`
        select u.id, u.alias, u.avatar_id as "avatarId", u.country, u.age_range as "ageRange",
               u.marital_status as "maritalStatus", u.language, u.created_at as "createdAt"
        from ${sessions} s join ${users} u on u.id = s.user_id
        where s.token_hash = ${tokenHash} and s.expires_at > ${ts(clock.now())}
        limit 1`)) as unknown as { rows: (Omit<ProfileRow, 'createdAt'> & { createdAt: Date | string })[] };
      const row = result.rows[0];
      if (!row) return null;
      return { user: { ...row, createdAt: new Date(row.createdAt) }, tokenHash };
    },

    async logout(tokenHash) {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },

    async questionsFor(alias) {
      const u = await findByAlias(alias);
      if (!u) throw new ApiError('USER_NOT_FOUND');
      const rows = await db
        .select({ questionId: securityAnswers.questionId })
        .from(securityAnswers)
        .where(eq(securityAnswers.userId, u.id))
        .orderBy(asc(securityAnswers.position));
      return rows.map((r) => r.questionId);
    },

    verifyAnswers: (alias, given) =>
      oneAtATime(alias, async () => {
        const u = await findByAlias(alias);
        if (!u) throw new ApiError('USER_NOT_FOUND');
        const attempt = await reserveAttempt(u);
        const stored = await db
          .select()
          .from(securityAnswers)
          .where(eq(securityAnswers.userId, u.id))
          .orderBy(asc(securityAnswers.position));
        const byQuestion = new Map(given.map((g) => [g.questionId, g.answer]));
        // check all three every time: stopping at the first wrong one would tell which one was right
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
        if (stored.length === 0 || !results.every(Boolean)) throw failure('WRONG_ANSWERS', attempt);
        await succeeded(u.id);
        const token = newToken();
        const now = clock.now();
        await database.transaction(async (tx) => {
          // one live reset token per member: older ones stop working
          await tx
            .update(resetTokens)
            .set({ usedAt: now })
            .where(and(eq(resetTokens.userId, u.id), isNull(resetTokens.usedAt)));
          await tx.insert(resetTokens).values({
            tokenHash: tokenDigest(token),
            userId: u.id,
            createdAt: now,
            expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_S * 1000),
          });
        });
        return token;
      }),

    async resetPin(resetToken, pin) {
      if (!/^[A-Za-z0-9_-]{43}$/.test(resetToken)) throw new ApiError('RESET_TOKEN_INVALID');
      const tokenHash = tokenDigest(resetToken);
      const live = and(
        eq(resetTokens.tokenHash, tokenHash),
        isNull(resetTokens.usedAt),
        gt(resetTokens.expiresAt, ts(clock.now())),
      );
      // check first (cheap) so a made-up token never costs a hash…
      const [found] = await db.select({ userId: resetTokens.userId }).from(resetTokens).where(live).limit(1);
      if (!found) throw new ApiError('RESET_TOKEN_INVALID');
      const pinHash = await hasher.hash('pin', pin);
      const now = clock.now();
      // …then consume it atomically: of two parallel resets with one token, only one succeeds
      await database.transaction(async (tx) => {
        const [used] = await tx
          .update(resetTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(resetTokens.tokenHash, tokenHash),
              isNull(resetTokens.usedAt),
              gt(resetTokens.expiresAt, ts(now)),
            ),
          )
          .returning({ userId: resetTokens.userId });
        if (!used) throw new ApiError('RESET_TOKEN_INVALID');
        await tx
          .update(users)
          .set({ pinHash, failedAttempts: 0, lockedUntil: null, updatedAt: now })
          .where(eq(users.id, used.userId));
        await tx.delete(sessions).where(eq(sessions.userId, used.userId));
      });
    },
  };
  return accounts;
}

/** Deletes expired sessions and spent or expired reset tokens (run periodically by main.ts). */
export async function purgeExpired(database: Database, clock: Clock): Promise<void> {
  const now = sql`${clock.now().toISOString()}::timestamptz`;
  await database.db.delete(sessions).where(lte(sessions.expiresAt, now));
  await database.db
    .delete(resetTokens)
    .where(or(lte(resetTokens.expiresAt, now), sql`${resetTokens.usedAt} is not null`));
}
