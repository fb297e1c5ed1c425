/**
 * The staff sign-in's lockout (issue 26), on the members' schedule (accounts-throttle.ts: FREE_ATTEMPTS
 * failures, then LOCK_MINUTES): wrong passwords and wrong second factors count together. Each attempt
 * is counted before its check, in one UPDATE that refuses a locked account (so parallel guesses across
 * processes never get more checks than allowed); a right password only takes its own attempt back (so
 * knowing the password never clears the count of wrong codes), and only a passed second factor starts
 * the count again. Within a process, one account's attempts run one at a time.
 */
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { staff } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import { KeyedMutex } from '../lib/semaphore.ts';
import { sqlTime } from './accounts-members.ts';
import { type Attempt, FREE_ATTEMPTS, LOCK_MINUTES, lockMinutesSql } from './accounts-throttle.ts';

/** A staff id no row has. */
const NO_STAFF = '00000000-0000-0000-0000-000000000000';

export interface StaffThrottle {
  oneAtATime<T>(staffId: string, fn: () => Promise<T>): Promise<T>;
  /** Counts one attempt; throws TOO_MANY_ATTEMPTS while she is locked. */
  reserve(staffId: string, lockedUntil: Date | null): Promise<Attempt>;
  /** The same statement on no row: equal work for an unknown address. */
  reserveNothing(): Promise<void>;
  /** TOO_MANY_ATTEMPTS once this attempt locked her, else `code`. */
  failure(code: 'INVALID_CREDENTIALS' | 'SECOND_FACTOR_INVALID', attempt: Attempt): ApiError;
  /** A right password: this attempt is not counted (nor the lock it set). */
  refund(staffId: string): Promise<void>;
  /** A passed second factor: the count starts again. */
  succeeded(staffId: string): Promise<void>;
}

export function createStaffThrottle(db: Db, clock: Clock): StaffThrottle {
  const mutex = new KeyedMutex();
  const lockedError = (until: Date, now: Date) =>
    new ApiError('TOO_MANY_ATTEMPTS', {
      retryAfter: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)),
    });

  async function count(staffId: string, now: Date): Promise<Attempt | undefined> {
    const next = sql`${staff.failedAttempts} + 1`;
    const [row] = await db
      .update(staff)
      .set({
        failedAttempts: next,
        lockedUntil: sql`case when ${next} >= ${FREE_ATTEMPTS} then ${sqlTime(now)} + make_interval(mins => ${lockMinutesSql(next)}) else null end`,
      })
      .where(and(eq(staff.id, staffId), or(isNull(staff.lockedUntil), lte(staff.lockedUntil, sqlTime(now)))))
      .returning({ failures: staff.failedAttempts, lockedUntil: staff.lockedUntil });
    return row;
  }

  return {
    oneAtATime: (staffId, fn) => mutex.run(staffId, fn),

    async reserve(staffId, lockedUntil) {
      const now = clock.now();
      if (lockedUntil && lockedUntil > now) throw lockedError(lockedUntil, now);
      const row = await count(staffId, now);
      if (row) return row;
      const [cur] = await db
        .select({ lockedUntil: staff.lockedUntil })
        .from(staff)
        .where(eq(staff.id, staffId));
      throw lockedError(cur?.lockedUntil ?? new Date(now.getTime() + LOCK_MINUTES[0] * 60_000), now);
    },

    async reserveNothing() {
      await count(NO_STAFF, clock.now());
    },

    failure(code, attempt) {
      if (attempt.failures >= FREE_ATTEMPTS && attempt.lockedUntil)
        return lockedError(attempt.lockedUntil, clock.now());
      return new ApiError(code);
    },

    async refund(staffId) {
      await db
        .update(staff)
        // the lock this attempt may have set goes too: it was no wrong guess
        .set({ failedAttempts: sql`${staff.failedAttempts} - 1`, lockedUntil: null })
        .where(and(eq(staff.id, staffId), gt(staff.failedAttempts, 0)));
    },

    async succeeded(staffId) {
      await db
        .update(staff)
        .set({ failedAttempts: 0, lockedUntil: null })
        .where(
          and(eq(staff.id, staffId), or(gt(staff.failedAttempts, 0), sql`${staff.lockedUntil} is not null`)),
        );
    },
  };
}
