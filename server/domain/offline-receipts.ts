/**
 * A request queued on her device while offline carries its own key (`clientKey`, contract/offline.ts);
 * the server keeps the first request with each key of hers (table offline_receipts, migration 0014).
 *
 * Rules:
 * - The first request with a key is carried out and its answer (status and JSON body) stored in the
 *   same transaction. A repeat (same member, same key) gets that stored answer and is not carried
 *   out again; the same key for the other kind of request → 409 CLIENT_KEY_REUSED.
 * - A refused request (an ApiError) rolls its transaction back, receipt included: a later retry
 *   with the key may succeed.
 * - Keys are hers: another member's request with the same key is another request.
 * - Concurrency: the receipt is claimed first (an insert on its primary key). On PostgreSQL a second
 *   request with the key waits at its insert until the first commits (then reads the first answer)
 *   or rolls back (then it claims the key itself). On PGlite transactions are serialised
 *   (Database.transaction), so the second starts once the first is over. Either way it counts once.
 * - Her receipts older than OFFLINE_LIMITS.receiptDays (the injected clock) are removed when she
 *   sends a keyed request; her receipts go with her account (ON DELETE CASCADE).
 */
import { and, eq, lt } from 'drizzle-orm';
import { OFFLINE_LIMITS, type SyncKind } from '../../contract/offline.ts';
import type { Database, Tx } from '../db/index.ts';
import { offlineReceipts } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';

const DAY_MS = 86_400_000;
/** Claims tried when the receipt a claim ran into was gone before it could be read. */
const CLAIMS = 3;

/** The status each kind of request answers when it is carried out. */
export const RECEIPT_STATUS = { 'lesson.done': 200, 'quiz.submit': 201 } as const satisfies Record<
  SyncKind,
  number
>;

export interface ReceiptKey {
  userId: string;
  clientKey: string;
  kind: SyncKind;
}

/**
 * Runs `work` in a transaction once per member and key and answers its result; a repeat of the key
 * answers the stored result of the first. `work` throws ApiError to refuse (nothing is stored).
 */
export async function once<T>(
  database: Database,
  clock: Clock,
  { userId, clientKey, kind }: ReceiptKey,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  return database.transaction(async (tx) => {
    const now = clock.now();
    const expired = new Date(now.getTime() - OFFLINE_LIMITS.receiptDays * DAY_MS);
    await tx
      .delete(offlineReceipts)
      .where(and(eq(offlineReceipts.userId, userId), lt(offlineReceipts.createdAt, expired)));
    const mine = and(eq(offlineReceipts.userId, userId), eq(offlineReceipts.clientKey, clientKey));
    for (let attempt = 1; ; attempt++) {
      // a placeholder only this transaction sees; the answer replaces it before the commit
      const claimed = await tx
        .insert(offlineReceipts)
        .values({ userId, clientKey, kind, status: 0, body: {}, createdAt: now })
        .onConflictDoNothing()
        .returning({ kind: offlineReceipts.kind });
      if (claimed.length > 0) break;
      const [first] = await tx
        .select({ kind: offlineReceipts.kind, body: offlineReceipts.body })
        .from(offlineReceipts)
        .where(mine);
      if (first) {
        if (first.kind !== kind) throw new ApiError('CLIENT_KEY_REUSED');
        return first.body as T;
      }
      if (attempt >= CLAIMS) throw new ApiError('SERVER_BUSY');
    }
    const answer = await work(tx);
    await tx
      .update(offlineReceipts)
      .set({ status: RECEIPT_STATUS[kind], body: answer as object })
      .where(mine);
    return answer;
  });
}
