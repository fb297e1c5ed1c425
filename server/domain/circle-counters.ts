/**
 * The counters the lists read (issue 27), kept in the transaction that changes a post: a space's
 * published threads and last activity, a thread's published replies, last activity and whether an
 * expert answered, a thread's status (its opening post's). Only published posts count.
 *
 * `applyStatusChange` is the one place a post's status moves (sent, held, approved, hidden,
 * removed); the moderation decisions call it too.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PostStatus } from '../../contract/circle.ts';
import type { Tx } from '../db/index.ts';
import { circlePosts, circleSpaces, circleThreads } from '../db/schema.ts';

/** What the counters need of a post. */
export interface CountedPost {
  id: string;
  threadId: string;
  opening: boolean;
  authorId: string | null;
  staffId: string | null;
}

/**
 * Moves a post from `from` (null: just sent) to `to` and adjusts the counters, in the caller's
 * transaction, after the caller wrote `to` on the post row itself:
 * - an opening post carries its thread's status; publishing or unpublishing it counts the thread
 *   in its space;
 * - a reply counts in its thread's replies; an expert's published reply marks the thread answered
 *   (unpublishing it looks again whether another expert's reply is still there);
 * - publishing anything is activity now, for the thread (and its space when the thread is out).
 * Her approvedPosts are the caller's (sending counts a post published at once; a moderator's
 * approval counts the one she lets through).
 */
export async function applyStatusChange(
  tx: Tx,
  post: CountedPost,
  from: PostStatus | null,
  to: PostStatus,
  now: Date,
): Promise<void> {
  if (from === to) return;
  const was = from === 'published';
  const is = to === 'published';
  const [thread] = await tx
    .select({ spaceId: circleThreads.spaceId, status: circleThreads.status })
    .from(circleThreads)
    .where(eq(circleThreads.id, post.threadId));
  if (!thread) return;

  if (post.opening) {
    await tx
      .update(circleThreads)
      .set({ status: to, ...(is ? { lastActivityAt: later(circleThreads.lastActivityAt, now) } : {}) })
      .where(eq(circleThreads.id, post.threadId));
    if (was !== is) await countThread(tx, thread.spaceId, is ? 1 : -1, is ? now : null);
  } else if (was !== is) {
    const expert = post.staffId !== null;
    await tx
      .update(circleThreads)
      .set({
        replyCount: sql`greatest(0, ${circleThreads.replyCount} + ${is ? 1 : -1})`,
        ...(is ? { lastActivityAt: later(circleThreads.lastActivityAt, now) } : {}),
        ...(is && expert ? { expertAnswered: true } : {}),
      })
      .where(eq(circleThreads.id, post.threadId));
    if (!is && expert) await recheckExpertAnswered(tx, post.threadId);
    if (is && thread.status === 'published') await touchSpace(tx, thread.spaceId, now);
  }
}

/** The later of a column's time and `now` (a null column: `now`). */
const later = (column: AnyPgColumn, now: Date) => sql`greatest(${column}, ${now.toISOString()}::timestamptz)`;

/** A thread gone while published (its opening post deleted): one thread fewer in its space. */
export async function uncountThread(tx: Tx, spaceId: string): Promise<void> {
  await countThread(tx, spaceId, -1, null);
}

async function countThread(tx: Tx, spaceId: string, by: 1 | -1, now: Date | null) {
  await tx
    .update(circleSpaces)
    .set({
      threadCount: sql`greatest(0, ${circleSpaces.threadCount} + ${by})`,
      ...(now ? { lastActivityAt: later(circleSpaces.lastActivityAt, now) } : {}),
    })
    .where(eq(circleSpaces.id, spaceId));
}

async function touchSpace(tx: Tx, spaceId: string, now: Date) {
  await tx
    .update(circleSpaces)
    .set({ lastActivityAt: later(circleSpaces.lastActivityAt, now) })
    .where(eq(circleSpaces.id, spaceId));
}

async function recheckExpertAnswered(tx: Tx, threadId: string) {
  const [still] = await tx
    .select({ id: circlePosts.id })
    .from(circlePosts)
    .where(
      and(
        eq(circlePosts.threadId, threadId),
        isNotNull(circlePosts.staffId),
        eq(circlePosts.status, 'published'),
      ),
    )
    .limit(1);
  await tx.update(circleThreads).set({ expertAnswered: !!still }).where(eq(circleThreads.id, threadId));
}
