/**
 * enroll-multiple's Idempotency-Key (purchase_requests): the body's hash, the provider's keys
 * derived from member + key, the claim (step 3, under her member lock), the stored final answer
 * and its replay. The steps are told in commerce-purchase.ts.
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { PurchaseChallenge, PurchasePaid } from '../../contract/commerce.ts';
import { type DeclineReason, normalizeCouponCode } from '../../contract/commerce-rules.ts';
import type { ServerErrorCode as ErrorCode } from '../../contract/errors.ts';
import type { Locale } from '../../contract/locale.ts';
import type { Database, Tx } from '../db/index.ts';
import { enrolments, purchaseRequests } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import type { Plan } from './commerce-pricing.ts';
import type { Q } from './learning-progress.ts';
import { BUSY, claimWhenFree, IN_FLIGHT_MS } from './member-lock.ts';

export interface PurchaseInput {
  courseIds: string[];
  code?: string | null;
  paymentMethodId?: string | null;
  expectedTotal: number;
}

export type PurchaseReply = { status: 201; body: PurchasePaid } | { status: 202; body: PurchaseChallenge };

/** What a `done` request stores: the paid body, or an error's code (and decline reason). */
type StoredBody = PurchasePaid | { error: { code: ErrorCode; reason?: DeclineReason } };

export type RequestRow = typeof purchaseRequests.$inferSelect;

/** The body as compared between requests with one key: course order, code spelling and case do not matter. */
export function requestHash(body: PurchaseInput): string {
  const canonical = JSON.stringify({
    courseIds: [...body.courseIds].sort(),
    code: body.code ? normalizeCouponCode(body.code) : null,
    paymentMethodId: body.paymentMethodId ?? null,
    expectedTotal: body.expectedTotal,
  });
  return createHash('sha256').update(canonical).digest('hex');
}

/** The provider's idempotency keys for this request: one per member and key, so never shared. */
export const chargeKey = (memberId: string, key: string) => `enroll:${memberId}:${key}`;
export const CHARGE_KEY_PREFIX = 'enroll:';
export const refundKey = (memberId: string, key: string) => `enroll-refund:${memberId}:${key}`;

/** Whether she is enrolled in any of these courses. */
export async function ownsAny(q: Q, memberId: string, courseIds: string[]): Promise<boolean> {
  if (courseIds.length === 0) return false;
  const rows = await q
    .select({ courseId: enrolments.courseId })
    .from(enrolments)
    .where(and(eq(enrolments.userId, memberId), inArray(enrolments.courseId, courseIds)))
    .limit(1);
  return rows.length > 0;
}

export const courseIdsOf = (plan: Plan) => plan.lines.map((l) => l.courseId);

/**
 * Replays a stored answer: the paid body, or the stored error thrown again, in today's language (the
 * courses' titles from the stored plan: an order finished without her, by the provider's completion,
 * was answered in English).
 */
export function replay(row: RequestRow, locale?: Locale): PurchaseReply {
  // jsonb written by this module only (finish / finalize below)
  const body = row.responseBody as StoredBody;
  if ('error' in body) {
    throw new ApiError(body.error.code, body.error.reason ? { reason: body.error.reason } : {});
  }
  if (!locale) return { status: 201, body };
  const titles = new Map((row.plan as Plan).lines.map((l) => [l.courseId, l.titles[locale]]));
  const courses = body.order.courses.map((c) => ({ ...c, title: titles.get(c.id) ?? c.title }));
  return { status: 201, body: { ...body, order: { ...body.order, courses } } };
}

export function createRequests({ database, clock }: { database: Database; clock: Clock }) {
  const { db } = database;

  const read = async (userId: string, key: string): Promise<RequestRow | undefined> =>
    (
      await db
        .select()
        .from(purchaseRequests)
        .where(and(eq(purchaseRequests.userId, userId), eq(purchaseRequests.idempotencyKey, key)))
    )[0];

  const lock = async (tx: Tx, userId: string, key: string): Promise<RequestRow> =>
    (
      await tx
        .select()
        .from(purchaseRequests)
        .where(and(eq(purchaseRequests.userId, userId), eq(purchaseRequests.idempotencyKey, key)))
        .for('update')
    )[0];

  /**
   * Stores a final error for the key and throws it; if the key was answered meanwhile, that answer
   * is given instead (the first final answer stands).
   */
  async function finishWithError(
    userId: string,
    key: string,
    status: number,
    code: ErrorCode,
    reason?: DeclineReason,
  ): Promise<PurchaseReply> {
    const answered = await database.transaction(async (tx) => {
      const row = await lock(tx, userId, key);
      if (row.state === 'done') return row;
      const body: StoredBody = { error: reason ? { code, reason } : { code } };
      await tx
        .update(purchaseRequests)
        .set({ state: 'done', responseStatus: status, responseBody: body, updatedAt: clock.now() })
        .where(and(eq(purchaseRequests.userId, userId), eq(purchaseRequests.idempotencyKey, key)));
      return null;
    });
    if (answered) return replay(answered);
    throw new ApiError(code, reason ? { reason } : {});
  }

  /**
   * Step 3 under her member lock: her own key's row if it exists; otherwise nothing she owns, no
   * other request of hers for one of these courses under way (BUSY: wait), then the claim.
   */
  function claim(memberId: string, key: string, hash: string, plan: Plan): Promise<RequestRow> {
    const courseIds = courseIdsOf(plan);
    return claimWhenFree(database, memberId, async (tx) => {
      const [mine] = await tx
        .select()
        .from(purchaseRequests)
        .where(and(eq(purchaseRequests.userId, memberId), eq(purchaseRequests.idempotencyKey, key)));
      if (mine) return mine;
      if (await ownsAny(tx, memberId, courseIds)) throw new ApiError('COURSE_ALREADY_OWNED');
      const now = clock.now();
      const underWay = await tx
        .select({ plan: purchaseRequests.plan })
        .from(purchaseRequests)
        .where(
          and(
            eq(purchaseRequests.userId, memberId),
            eq(purchaseRequests.state, 'started'),
            gt(purchaseRequests.updatedAt, new Date(now.getTime() - IN_FLIGHT_MS)),
          ),
        );
      if (underWay.some((r) => courseIdsOf(r.plan as Plan).some((id) => courseIds.includes(id)))) return BUSY;
      const [claimed] = await tx
        .insert(purchaseRequests)
        .values({
          userId: memberId,
          idempotencyKey: key,
          requestHash: hash,
          state: 'started',
          plan,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return claimed;
    });
  }

  return { read, lock, finishWithError, claim };
}
export type Requests = ReturnType<typeof createRequests>;
