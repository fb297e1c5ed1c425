/**
 * One thread for a member (contract/circle.ts CircleThread): its opening post and a page of
 * replies, oldest first (keyset on created_at, id through circle_posts_thread_idx). A thread not
 * published is found by its author only (others: 404 CIRCLE_THREAD_NOT_FOUND). Replies shown:
 * published ones, removed ones (an empty body and "a member" to others; the reason to its author),
 * and her own waiting for a moderator or hidden.
 */
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { CIRCLE_LIMITS, type CircleThread } from '../../contract/circle.ts';
import type { Database } from '../db/index.ts';
import { circlePosts, circleSpaces, circleThreads } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import type { Locale } from '../lib/i18n.ts';
import { decodeCursor, encodeCursor } from './circle-cursor.ts';
import { spaceTitle } from './circle-reads.ts';
import { postViews, type Viewer } from './circle-views.ts';

const PAGE = CIRCLE_LIMITS.repliesPageSize;

export function createCircleThread({ database, clock }: { database: Database; clock: Clock }) {
  const { db } = database;

  async function thread(userId: string, locale: Locale, id: string, cursor?: string): Promise<CircleThread> {
    const after = cursor ? decodeCursor(cursor, 'r') : null;
    const p = circlePosts;
    // the thread, its opening post and a page of replies side by side (each from an index); who
    // may read them is decided before anything leaves
    const [[found], [opening], replies] = await Promise.all([
      db
        .select({ thread: circleThreads, space: circleSpaces })
        .from(circleThreads)
        .innerJoin(circleSpaces, eq(circleSpaces.id, circleThreads.spaceId))
        .where(eq(circleThreads.id, id)),
      db
        .select()
        .from(p)
        .where(and(eq(p.threadId, id), eq(p.opening, true))),
      db
        .select()
        .from(p)
        .where(
          and(
            eq(p.threadId, id),
            eq(p.opening, false),
            or(
              inArray(p.status, ['published', 'removed']),
              and(eq(p.authorId, userId), inArray(p.status, ['pending', 'hidden'])),
            ),
            after
              ? sql`(${p.createdAt}, ${p.id}) > (${(after.key as Date).toISOString()}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(p.threadId), asc(p.createdAt), asc(p.id))
        .limit(PAGE + 1),
    ]);
    if (!found || !opening || (found.thread.status !== 'published' && found.thread.authorId !== userId))
      throw new ApiError('CIRCLE_THREAD_NOT_FOUND');
    const page = replies.slice(0, PAGE);
    const viewer: Viewer = { userId, locale, now: clock.now() };
    const [openingView, ...replyViews] = await postViews(db, [opening, ...page], viewer);
    const last = page.at(-1);
    return {
      id: found.thread.id,
      space: { id: found.space.id, title: spaceTitle(found.space, locale) },
      title: found.thread.title,
      opening: openingView,
      replies: replyViews,
      replyCount: found.thread.replyCount,
      nextCursor: replies.length > PAGE && last ? encodeCursor('r', last.createdAt, last.id) : null,
    };
  }

  return { thread };
}
export type CircleThreadReads = ReturnType<typeof createCircleThread>;
