/**
 * "This helped me" (contract/circle.ts HelpfulState): one mark per member and post, set with PUT
 * and taken back with DELETE, both idempotent; only the count ever leaves, never who marked. The
 * count is kept on the post (and, for an opening post, on its thread: the "most helpful" order) in
 * the same transaction as the mark. Only a published post in a published thread can be marked; her
 * own post cannot (the answer is its state, unmarked).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { HelpfulState } from '../../contract/circle.ts';
import type { Database, Tx } from '../db/index.ts';
import { circleHelpful, circlePosts, circleThreads } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';

async function markable(tx: Tx, postId: string) {
  const [row] = await tx
    .select({ post: circlePosts, threadStatus: circleThreads.status })
    .from(circlePosts)
    .innerJoin(circleThreads, eq(circleThreads.id, circlePosts.threadId))
    .where(eq(circlePosts.id, postId))
    .for('update', { of: circlePosts });
  if (row?.post.status !== 'published' || row.threadStatus !== 'published')
    throw new ApiError('CIRCLE_POST_NOT_FOUND');
  return row.post;
}

export function createCircleHelpful({ database, clock }: { database: Database; clock: Clock }) {
  async function change(userId: string, postId: string, on: boolean): Promise<HelpfulState> {
    return database.transaction(async (tx) => {
      const post = await markable(tx, postId);
      if (post.authorId === userId) return { helpful: post.helpful, helpedMe: false };
      const changed = on
        ? await tx
            .insert(circleHelpful)
            .values({ postId, userId, createdAt: clock.now() })
            .onConflictDoNothing()
            .returning({ postId: circleHelpful.postId })
        : await tx
            .delete(circleHelpful)
            .where(and(eq(circleHelpful.postId, postId), eq(circleHelpful.userId, userId)))
            .returning({ postId: circleHelpful.postId });
      if (changed.length === 0) return { helpful: post.helpful, helpedMe: on };
      const step = on ? 1 : -1;
      const [updated] = await tx
        .update(circlePosts)
        .set({ helpful: sql`greatest(${circlePosts.helpful} + ${step}, 0)` })
        .where(eq(circlePosts.id, postId))
        .returning({ helpful: circlePosts.helpful });
      if (post.opening)
        await tx
          .update(circleThreads)
          .set({ helpful: updated.helpful })
          .where(eq(circleThreads.id, post.threadId));
      return { helpful: updated.helpful, helpedMe: on };
    });
  }

  return {
    mark: (userId: string, postId: string) => change(userId, postId, true),
    unmark: (userId: string, postId: string) => change(userId, postId, false),
  };
}
export type CircleHelpful = ReturnType<typeof createCircleHelpful>;
