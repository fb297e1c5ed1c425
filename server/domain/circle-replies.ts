/**
 * The replies to her threads (contract/circle.ts RepliesPage), newest first, each marked unread
 * when it arrived after she last looked (circle-me.ts `seen`). Authors as everywhere else
 * (circle-views.ts): "a member" stays "a member". Keyset pages on (created_at, id).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { CIRCLE_LIMITS, type RepliesPage } from '../../contract/circle.ts';
import type { Database } from '../db/index.ts';
import { circlePosts, circleThreads } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import type { Locale } from '../lib/i18n.ts';
import { decodeCursor, encodeCursor } from './circle-cursor.ts';
import { memberRow, repliesToHer } from './circle-me.ts';
import { authorOf, authorsOf, excerptOf, type Viewer } from './circle-views.ts';

const PAGE = CIRCLE_LIMITS.repliesToMePageSize;

export function createCircleReplies({ database, clock }: { database: Database; clock: Clock }) {
  const { db } = database;

  async function list(userId: string, locale: Locale, cursor?: string): Promise<RepliesPage> {
    const after = cursor ? decodeCursor(cursor, 'm') : null;
    const p = circlePosts;
    const [member, rows] = await Promise.all([
      memberRow(db, userId),
      db
        .select({ post: p, threadTitle: circleThreads.title })
        .from(p)
        .innerJoin(circleThreads, eq(circleThreads.id, p.threadId))
        .where(
          and(
            repliesToHer(userId),
            after
              ? sql`(${p.createdAt}, ${p.id}) < (${(after.key as Date).toISOString()}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(p.createdAt), desc(p.id))
        .limit(PAGE + 1),
    ]);
    const page = rows.slice(0, PAGE);
    const viewer: Viewer = { userId, locale, now: clock.now() };
    const authors = await authorsOf(
      db,
      page.map((r) => r.post),
      locale,
    );
    const seenAt = member.repliesSeenAt;
    const last = page.at(-1);
    return {
      items: page.map(({ post, threadTitle }) => ({
        postId: post.id,
        threadId: post.threadId,
        threadTitle,
        author: authorOf(post, authors, viewer),
        excerpt: excerptOf(post.body),
        createdAt: post.createdAt.toISOString(),
        unread: !seenAt || post.createdAt > seenAt,
      })),
      nextCursor: rows.length > PAGE && last ? encodeCursor('m', last.post.createdAt, last.post.id) : null,
    };
  }

  return { list };
}
export type CircleReplies = ReturnType<typeof createCircleReplies>;
