/**
 * One member's payments, one at a time, across processes (issue 20).
 *
 * Two tabs buying the same course, each with its own Idempotency-Key, used to be charged twice on
 * PostgreSQL: both passed the "already owned" check before either wrote its order. Now a request
 * claims its key in a transaction that first locks her `users` row (`select … for update`), so
 * one member's claims run one after another in every worker; the claim then looks at her other
 * requests still under way (`started`, touched within IN_FLIGHT_MS). If one of them covers the
 * same thing, the newcomer waits, outside any transaction, for it to finish and tries the claim
 * again: once the first one has its order, the second is told COURSE_ALREADY_OWNED (or, for a
 * consultation, BOOKING_NOT_PAYABLE) and is never charged. A request still waiting for her bank
 * after WAIT_MS answers 409 PAYMENT_IN_PROGRESS instead.
 *
 * Nothing is held while the provider is called: a lock held across the charge would keep a
 * database connection per waiting request, and ten waiting requests would starve the pool.
 */
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../db/index.ts';
import { users } from '../db/schema.ts';
import { ApiError } from '../lib/errors.ts';

/** A request `started` and touched within this long is under way (her bank's challenge included). */
export const IN_FLIGHT_MS = 15 * 60_000;
/** How long a second request waits for the first before answering PAYMENT_IN_PROGRESS. */
export const WAIT_MS = 8_000;
const POLL_MS = 60;

/** Locks her row for the rest of the transaction: her claims are serialised in every process. */
export async function lockMember(tx: Tx, memberId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, memberId)).for('update');
}

/** What a claim answers when another request of hers for the same thing is under way. */
export const BUSY = Symbol('busy');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `claim` in a transaction under her lock until it answers something other than BUSY; after
 * `waitMs` of BUSY answers, 409 PAYMENT_IN_PROGRESS. Errors thrown by `claim` roll it back and
 * reach the caller as they are.
 */
export async function claimWhenFree<T>(
  database: Database,
  memberId: string,
  claim: (tx: Tx) => Promise<T | typeof BUSY>,
  waitMs = WAIT_MS,
): Promise<T> {
  const until = Date.now() + waitMs;
  for (;;) {
    const got = await database.transaction(async (tx) => {
      await lockMember(tx, memberId);
      return claim(tx);
    });
    if (got !== BUSY) return got;
    if (Date.now() >= until) throw new ApiError('PAYMENT_IN_PROGRESS');
    await sleep(POLL_MS + Math.floor(Math.random() * POLL_MS));
  }
}

/**
 * A claimed request continued without her (the provider's completion, the reconciliation pass):
 * 'pending' while her bank still decides (202), 'done' once answered. An ApiError is an answer too:
 * it is stored as the key's final answer for her next retry.
 */
export async function continuedWithoutHer(
  run: () => Promise<{ status: number }>,
): Promise<'done' | 'pending'> {
  try {
    return (await run()).status === 202 ? 'pending' : 'done';
  } catch (e) {
    if (e instanceof ApiError) return 'done';
    throw e;
  }
}

/** Stores a final error as the key's answer (`finishWithError` throws it): only other errors escape. */
export const answered = (stored: Promise<unknown>): Promise<void> =>
  stored.then(
    () => undefined,
    (e: unknown) => {
      if (!(e instanceof ApiError)) throw e;
    },
  );
