/**
 * A moderator's decisions on a post of the circle (issue 27, contract/circle.ts QueueDecision), each
 * in one transaction with its audit row (never the post's text, an alias or the reason's words: the
 * post's and thread's ids, the queue reasons, the statuses, the days):
 *
 * - approve: a waiting post (pending or hidden) is published; its open reports are resolved, the
 *   author's approvedPosts grows (after `heldFirstPosts` hers are no longer held), counters follow.
 * - remove {reason}: a waiting post is removed; its author sees the reason (removedReason), others
 *   see that a post was removed; reports resolved; the author's removedPosts grows.
 * - warn {reason}: acts on the account behind the post: warnings + 1, the reason becomes the warning
 *   she reads (warningMessage, warnedAt). The post is left as it is (approve or remove it too).
 * - suspend {reason, days}: the account may not post until now + days; when the post still waits,
 *   it is removed with the same reason (as remove). A post already decided stays as it is.
 *
 * Approving or removing a post that no longer waits is 409 CIRCLE_ALREADY_DECIDED; warn and suspend
 * act on the account and may follow a removal. An expert's reply has no member account behind it:
 * warning or suspending through it is 409 CIRCLE_ALREADY_DECIDED as well.
 */
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { CIRCLE_LIMITS, type PostStatus } from '../../contract/circle.ts';
import type { QueueDecision } from '../../contract/circle-moderation.ts';
import type { FieldCode } from '../../contract/errors.ts';
import type { Database, Tx } from '../db/index.ts';
import { circleMembers, circlePosts, circleReports } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import type { StaffActor } from './admin-common.ts';
import { applyStatusChange } from './circle-counters.ts';
import { queueReasons } from './circle-queue.ts';
import { writeAudit } from './staff-audit.ts';

type Decision = QueueDecision['decision'];
type PostRow = typeof circlePosts.$inferSelect;

const waiting = (status: string) => status === 'pending' || status === 'hidden';

/**
 * A moderator's reason: trimmed, CIRCLE_LIMITS.moderationReasonMin..Max characters (as people count
 * them), plain text; else 400 VALIDATION_ERROR naming `reason`.
 */
export function moderationReason(value: string): string {
  const text = value.trim();
  const fail = (code: FieldCode) => new ApiError('VALIDATION_ERROR', { fields: { reason: code } });
  if (text === '') throw fail('REQUIRED');
  const length = Array.from(text).length;
  if (length < CIRCLE_LIMITS.moderationReasonMin) throw fail('TEXT_TOO_SHORT');
  if (length > CIRCLE_LIMITS.moderationReasonMax) throw fail('TEXT_TOO_LONG');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(text))
    throw fail('INVALID');
  return text;
}

/** Days of a suspension: a whole number 1..CIRCLE_LIMITS.suspendDaysMax, else 400 naming `days`. */
export function suspendDays(days: number): number {
  if (!Number.isInteger(days) || days < 1 || days > CIRCLE_LIMITS.suspendDaysMax)
    throw new ApiError('VALIDATION_ERROR', { fields: { days: 'INVALID' } });
  return days;
}

/** Her standing's row (made on first need) moved by `set`. */
async function touchMember(tx: Tx, userId: string, set: PgUpdateSetSource<typeof circleMembers>) {
  await tx.insert(circleMembers).values({ userId }).onConflictDoNothing();
  await tx.update(circleMembers).set(set).where(eq(circleMembers.userId, userId));
}

export interface CircleModerationDeps {
  database: Database;
  clock: Clock;
}

export interface DecisionInput {
  reason?: string;
  days?: number;
}

export function createCircleModeration({ database, clock }: CircleModerationDeps) {
  /** Publishes or removes a waiting post, with what follows (reports resolved, counters, her record). */
  async function settle(
    tx: Tx,
    who: StaffActor,
    post: PostRow,
    to: 'published' | 'removed',
    reason: string | null,
  ) {
    const now = clock.now();
    await tx
      .update(circlePosts)
      .set({
        status: to,
        removedReason: to === 'removed' ? reason : null,
        reviewedAt: now,
        reviewedBy: who.id,
      })
      .where(eq(circlePosts.id, post.id));
    await tx
      .update(circleReports)
      .set({ resolvedAt: now })
      .where(sql`${circleReports.postId} = ${post.id} and ${circleReports.resolvedAt} is null`);
    await applyStatusChange(tx, post, post.status as PostStatus, to, now);
    if (post.authorId)
      await touchMember(
        tx,
        post.authorId,
        to === 'published'
          ? { approvedPosts: sql`${circleMembers.approvedPosts} + 1` }
          : { removedPosts: sql`${circleMembers.removedPosts} + 1` },
      );
  }

  async function decide(who: StaffActor, postId: string, decision: Decision, input: DecisionInput) {
    const reason = decision === 'approved' ? null : moderationReason(input.reason ?? '');
    const days = decision === 'suspended' ? suspendDays(input.days ?? 0) : null;
    return database.transaction(async (tx): Promise<QueueDecision> => {
      const [post] = await tx.select().from(circlePosts).where(eq(circlePosts.id, postId)).for('update');
      if (!post) throw new ApiError('CIRCLE_POST_NOT_FOUND');
      const from = post.status as PostStatus;
      const now = clock.now();
      let status: PostStatus = from;
      if (decision === 'approved' || decision === 'removed') {
        if (!waiting(from)) throw new ApiError('CIRCLE_ALREADY_DECIDED');
        status = decision === 'approved' ? 'published' : 'removed';
        await settle(tx, who, post, status, reason);
      } else {
        // warn and suspend act on the member's account behind the post
        if (!post.authorId) throw new ApiError('CIRCLE_ALREADY_DECIDED');
        if (decision === 'warned') {
          await touchMember(tx, post.authorId, {
            warnings: sql`${circleMembers.warnings} + 1`,
            warningMessage: reason,
            warnedAt: now,
          });
        } else {
          await touchMember(tx, post.authorId, {
            suspendedUntil: new Date(now.getTime() + (days ?? 0) * 86_400_000),
          });
          if (waiting(from)) {
            status = 'removed';
            await settle(tx, who, post, 'removed', reason);
          }
        }
      }
      await writeAudit(tx, clock, who, {
        requestId: who.requestId,
        action: `circle.${decision}`,
        targetType: 'post',
        targetId: post.id,
        detail: {
          threadId: post.threadId,
          opening: post.opening,
          reasons: queueReasons(post.queueReasons, post.crisis, from === 'hidden').join(','),
          from,
          to: status,
          ...(days !== null ? { days } : {}),
        },
      });
      return { postId: post.id, decision, status };
    });
  }

  return {
    approve: (who: StaffActor, postId: string) => decide(who, postId, 'approved', {}),
    remove: (who: StaffActor, postId: string, reason: string) => decide(who, postId, 'removed', { reason }),
    warn: (who: StaffActor, postId: string, reason: string) => decide(who, postId, 'warned', { reason }),
    suspend: (who: StaffActor, postId: string, reason: string, days: number) =>
      decide(who, postId, 'suspended', { reason, days }),
  };
}
export type CircleModeration = ReturnType<typeof createCircleModeration>;
