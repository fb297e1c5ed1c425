/**
 * A member reports a post (issue 27): with a reason (contract REPORT_REASONS) and an optional note
 * (plain text, at most CIRCLE_LIMITS.reportNoteMax characters), one report per member and post
 * (CIRCLE_ALREADY_REPORTED), never her own post (FORBIDDEN), only a post she can see (published, or
 * hidden by reports meanwhile) in a thread she can see. Who reported is never shown to anyone:
 * moderators see counts by reason (circle-queue.ts).
 *
 * At CIRCLE_LIMITS.reportsToHide open reports (not yet settled by a moderator) from different
 * members a published post is hidden until a moderator decides, 'reported' among its queue
 * reasons; the counters follow (circle-counters.ts).
 */
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { CIRCLE_LIMITS, type PostStatus, type ReportReason } from '../../contract/circle.ts';
import type { Database } from '../db/index.ts';
import { circlePosts, circleReports, circleThreads } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import { plainBody } from './circle-checks.ts';
import { applyStatusChange } from './circle-counters.ts';

export interface ReportInput {
  reason: ReportReason;
  note?: string;
}

export function createCircleReports({ database, clock }: { database: Database; clock: Clock }) {
  return async function reportPost(userId: string, postId: string, input: ReportInput): Promise<void> {
    const note = plainBody(input.note ?? '');
    if ([...note].length > CIRCLE_LIMITS.reportNoteMax)
      throw new ApiError('VALIDATION_ERROR', { fields: { note: 'TEXT_TOO_LONG' } });
    const now = clock.now();
    await database.transaction(async (tx) => {
      const [found] = await tx
        .select({ post: circlePosts, threadStatus: circleThreads.status })
        .from(circlePosts)
        .innerJoin(circleThreads, eq(circleThreads.id, circlePosts.threadId))
        .where(eq(circlePosts.id, postId))
        .for('update', { of: circlePosts });
      const visible =
        found &&
        (found.post.status === 'published' || found.post.status === 'hidden') &&
        (found.threadStatus === 'published' || found.post.opening);
      if (!visible) throw new ApiError('CIRCLE_POST_NOT_FOUND');
      const { post } = found;
      if (post.authorId === userId) throw new ApiError('FORBIDDEN');
      const [added] = await tx
        .insert(circleReports)
        .values({ postId, userId, reason: input.reason, note: note || null, createdAt: now })
        .onConflictDoNothing()
        .returning({ postId: circleReports.postId });
      if (!added) throw new ApiError('CIRCLE_ALREADY_REPORTED');
      const [open] = await tx
        .select({ n: count() })
        .from(circleReports)
        .where(and(eq(circleReports.postId, postId), isNull(circleReports.resolvedAt)));
      const hide = post.status === 'published' && open.n >= CIRCLE_LIMITS.reportsToHide;
      // a post hidden now waits for what its reports say; one hidden already keeps its reasons
      const reasons = hide
        ? (['reported'] as const)
        : post.status === 'hidden' && !post.queueReasons.includes('reported')
          ? [...post.queueReasons, 'reported' as const]
          : null;
      await tx
        .update(circlePosts)
        .set({
          reportCount: sql`${circlePosts.reportCount} + 1`,
          ...(hide ? { status: 'hidden' } : {}),
          ...(reasons ? { queueReasons: [...reasons] } : {}),
        })
        .where(eq(circlePosts.id, postId));
      if (hide) await applyStatusChange(tx, post, post.status as PostStatus, 'hidden', now);
    });
  };
}
