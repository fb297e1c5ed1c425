/**
 * Deleting her own post (issue 27), at any time, whatever its status and her standing (only hers:
 * CIRCLE_NOT_YOURS). Deleting a thread's opening post deletes the thread with its replies, reports
 * and marks (the foreign keys cascade); deleting a reply deletes it alone. The counters follow in
 * the same transaction: a published thread leaves its space's count, a published reply its
 * thread's. Nothing of it is kept.
 */
import { eq } from 'drizzle-orm';
import type { PostStatus } from '../../contract/circle.ts';
import type { Database } from '../db/index.ts';
import { circlePosts, circleThreads } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import { applyStatusChange, uncountThread } from './circle-counters.ts';

export function createCirclePostDelete({ database, clock }: { database: Database; clock: Clock }) {
  return async function deletePost(userId: string, postId: string): Promise<void> {
    await database.transaction(async (tx) => {
      const [post] = await tx.select().from(circlePosts).where(eq(circlePosts.id, postId)).for('update');
      if (!post) throw new ApiError('CIRCLE_POST_NOT_FOUND');
      if (post.authorId !== userId) throw new ApiError('CIRCLE_NOT_YOURS');
      if (post.opening) {
        const [thread] = await tx
          .delete(circleThreads)
          .where(eq(circleThreads.id, post.threadId))
          .returning({ spaceId: circleThreads.spaceId, status: circleThreads.status });
        if (thread?.status === 'published') await uncountThread(tx, thread.spaceId);
        return;
      }
      await tx.delete(circlePosts).where(eq(circlePosts.id, post.id));
      await applyStatusChange(tx, post, post.status as PostStatus, 'removed', clock.now());
    });
  };
}
