/**
 * Lockout per member: wrong PINs (at sign-in and as the current PIN in her settings), wrong answer
 * sets and wrong recovery codes count together. The 5th consecutive failure
 * locks the member for the first length of LOCK_MINUTES, each further one for the next; a success
 * resets the count. That table is the one definition of the schedule: `lockMinutes` reads it in
 * TypeScript and `lockMinutesSql` writes it into the counting UPDATE, so the two cannot drift.
 *
 * Within a process, the attempts for one member run one at a time (a keyed mutex), so a success
 * resets the count before the next attempt is judged and parallel correct sign-ins never lock
 * anyone out. Across processes (several servers on one PostgreSQL) an attempt is also counted
 * atomically *before* its hash is checked, in one UPDATE that refuses a locked member, so N parallel
 * guesses can never get more than the allowed number of hashes checked.
 */
import { and, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import { ApiError } from '../lib/errors.ts';
import { KeyedMutex } from '../lib/semaphore.ts';
import { type AccountDeps, type MemberRow, sqlTime } from './accounts-members.ts';
import type { SessionCache } from './session-cache.ts';

/** Consecutive failures allowed before the first lock. */
export const FREE_ATTEMPTS = 5;
/** Minutes locked after failure FREE_ATTEMPTS, the next one, …; the last length repeats. */
export const LOCK_MINUTES = [1, 5, 15, 60] as const;

/** Lock length after the n-th consecutive failure: 0 below FREE_ATTEMPTS, then LOCK_MINUTES. */
export function lockMinutes(failures: number): number {
  if (failures < FREE_ATTEMPTS) return 0;
  return LOCK_MINUTES[Math.min(failures - FREE_ATTEMPTS, LOCK_MINUTES.length - 1)];
}

/** lockMinutes as SQL over an integer expression, from the same table (constants only, no input). */
export function lockMinutesSql(failures: SQL): SQL {
  const table = sql.raw(`array[${LOCK_MINUTES.join(', ')}]::int[]`);
  const offset = sql.raw(String(FREE_ATTEMPTS - 1));
  const last = sql.raw(String(LOCK_MINUTES.length));
  // out-of-range subscripts (fewer failures than FREE_ATTEMPTS) are null in SQL: no lock
  return sql`coalesce((${table})[least(${failures} - ${offset}, ${last})], 0)`;
}

/** The schedule in words for the API reference: "1 minute, then 5, 15 and 60 minutes". */
export const LOCK_SCHEDULE_TEXT = `${LOCK_MINUTES[0]} minute, then ${LOCK_MINUTES.slice(1, -1).join(', ')} and ${LOCK_MINUTES.at(-1)} minutes`;

/** A user id no row has (uuid v4 ids never have version nibble 0). */
const NO_USER = '00000000-0000-0000-0000-000000000000';

/** An attempt as counted: the failures so far, this one included, and the lock it set (if any). */
export interface Attempt {
  failures: number;
  lockedUntil: Date | null;
}

export interface Throttle {
  /** Runs fn with the member's attempts serialised; an alias that is no alias (null key) runs unserialised. */
  oneAtATime<T>(aliasKey: string | null, fn: () => Promise<T>): Promise<T>;
  /** Counts one attempt before any hash runs; throws TOO_MANY_ATTEMPTS if the member is locked. */
  reserve(member: Pick<MemberRow, 'id' | 'lockedUntil'>): Promise<Attempt>;
  /** The statement `reserve` runs, on a row that cannot exist: equal work for unknown aliases. */
  reserveNothing(): Promise<void>;
  /** The error for a failed attempt: TOO_MANY_ATTEMPTS once it locked the member, else `code`. */
  failure(
    code: 'INVALID_CREDENTIALS' | 'WRONG_ANSWERS' | 'CURRENT_PIN_WRONG' | 'RECOVERY_CODE_INVALID',
    attempt: Attempt,
  ): ApiError;
  /** A success: the count starts again. */
  succeeded(userId: string): Promise<void>;
}

/** What the modules that count attempts (sign-in, recovery) are made with. */
export type ThrottledDeps = AccountDeps & { throttle: Throttle; sessionCache: SessionCache };

export function createThrottle({ database, clock }: Pick<AccountDeps, 'database' | 'clock'>): Throttle {
  const { db } = database;
  const attempts = new KeyedMutex();

  const lockedError = (lockedUntil: Date, now: Date) =>
    new ApiError('TOO_MANY_ATTEMPTS', {
      retryAfter: Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000)),
    });

  /** One UPDATE: count the attempt and set the lock it earns, unless the member is locked now. */
  async function count(userId: string, now: Date): Promise<Attempt | undefined> {
    const next = sql`${users.failedAttempts} + 1`;
    const [row] = await db
      .update(users)
      .set({
        failedAttempts: next,
        lockedUntil: sql`case when ${next} >= ${FREE_ATTEMPTS} then ${sqlTime(now)} + make_interval(mins => ${lockMinutesSql(next)}) else null end`,
      })
      .where(and(eq(users.id, userId), or(isNull(users.lockedUntil), lte(users.lockedUntil, sqlTime(now)))))
      .returning({ failures: users.failedAttempts, lockedUntil: users.lockedUntil });
    return row;
  }

  return {
    oneAtATime: (aliasKey, fn) => (aliasKey === null ? fn() : attempts.run(aliasKey, fn)),

    async reserve(member) {
      const now = clock.now();
      if (member.lockedUntil && member.lockedUntil > now) throw lockedError(member.lockedUntil, now);
      const row = await count(member.id, now);
      if (row) return row;
      // locked meanwhile by a parallel attempt
      const [cur] = await db
        .select({ lockedUntil: users.lockedUntil })
        .from(users)
        .where(eq(users.id, member.id));
      throw lockedError(cur?.lockedUntil ?? new Date(now.getTime() + LOCK_MINUTES[0] * 60_000), now);
    },

    async reserveNothing() {
      await count(NO_USER, clock.now());
    },

    failure(code, attempt) {
      if (attempt.failures >= FREE_ATTEMPTS && attempt.lockedUntil)
        return lockedError(attempt.lockedUntil, clock.now());
      // no count of attempts left: a stranger who knows only the alias could read it, and its reset
      // would tell her whether the member signed in since the last probe
      return new ApiError(code);
    },

    async succeeded(userId) {
      await db
        .update(users)
        .set({ failedAttempts: 0, lockedUntil: null })
        .where(
          and(eq(users.id, userId), or(gt(users.failedAttempts, 0), sql`${users.lockedUntil} is not null`)),
        );
    },
  };
}
