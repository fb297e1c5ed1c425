/**
 * Circle rows written straight into the database (the reading side's tests do not go through the
 * posting routes): a thread with its opening post, replies (a member's or an expert's), keeping
 * the counters the lists read (replies, last activity, expert answered) as the posting side does.
 */
import { eq, sql } from 'drizzle-orm';
import type { PostStatus } from '../../contract/circle.ts';
import type { Database } from '../../server/db/index.ts';
import { circlePosts, circleThreads } from '../../server/db/schema.ts';
import { circleSearchText } from '../../server/domain/circle-search.ts';

export interface ThreadFixture {
  spaceId?: string;
  authorId: string;
  title?: string;
  body?: string;
  anonymous?: boolean;
  status?: PostStatus;
  at: Date;
  helpful?: number;
  removedReason?: string;
}

export async function insertThread(db: Database, f: ThreadFixture) {
  const title = f.title ?? 'A question about my cycle';
  const body = f.body ?? 'Has anyone else had this? I would like to hear how you managed.';
  const status = f.status ?? 'published';
  const [thread] = await db.db
    .insert(circleThreads)
    .values({
      spaceId: f.spaceId ?? 'periods',
      title,
      authorId: f.authorId,
      status,
      helpful: f.helpful ?? 0,
      searchText: circleSearchText(title, body),
      createdAt: f.at,
      lastActivityAt: f.at,
    })
    .returning();
  const [opening] = await db.db
    .insert(circlePosts)
    .values({
      threadId: thread.id,
      opening: true,
      authorId: f.authorId,
      anonymous: f.anonymous ?? false,
      body,
      status,
      helpful: f.helpful ?? 0,
      removedReason: f.removedReason ?? null,
      createdAt: f.at,
    })
    .returning();
  return { thread, opening };
}

export interface ReplyFixture {
  threadId: string;
  authorId?: string;
  staffId?: string;
  body?: string;
  anonymous?: boolean;
  status?: PostStatus;
  removedReason?: string;
  at: Date;
}

export async function insertReply(db: Database, f: ReplyFixture) {
  const status = f.status ?? 'published';
  const [reply] = await db.db
    .insert(circlePosts)
    .values({
      threadId: f.threadId,
      opening: false,
      authorId: f.authorId ?? null,
      staffId: f.staffId ?? null,
      anonymous: f.anonymous ?? false,
      body: f.body ?? 'This happened to me too; it got better.',
      status,
      removedReason: f.removedReason ?? null,
      createdAt: f.at,
    })
    .returning();
  if (status === 'published')
    await db.db
      .update(circleThreads)
      .set({
        replyCount: sql`${circleThreads.replyCount} + 1`,
        lastActivityAt: sql`greatest(${circleThreads.lastActivityAt}, ${f.at.toISOString()}::timestamptz)`,
        ...(f.staffId ? { expertAnswered: true } : {}),
      })
      .where(eq(circleThreads.id, f.threadId));
  return reply;
}
