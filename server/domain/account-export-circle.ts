/**
 * Her posts in the community circle (issue 27), for her data's export (account-export.ts): every
 * thread she opened and reply she wrote, as she wrote it, with the space, whether she posted as
 * "a member", and what became of it (a moderator's reason when removed). Others' posts are not hers.
 */
import { asc, eq } from 'drizzle-orm';
import type { Locale } from '../../contract/locale.ts';
import type { Db } from '../db/index.ts';
import { circlePosts, circleSpaces, circleThreads } from '../db/schema.ts';
import type { AccountExport } from './account-export-shape.ts';

export async function circlePostsOf(
  db: Db,
  memberId: string,
  language: Locale,
): Promise<AccountExport['circlePosts']> {
  const rows = await db
    .select({
      post: circlePosts,
      threadTitle: circleThreads.title,
      spaceEn: circleSpaces.titleEn,
      spaceAr: circleSpaces.titleAr,
    })
    .from(circlePosts)
    .innerJoin(circleThreads, eq(circleThreads.id, circlePosts.threadId))
    .innerJoin(circleSpaces, eq(circleSpaces.id, circleThreads.spaceId))
    .where(eq(circlePosts.authorId, memberId))
    .orderBy(asc(circlePosts.createdAt), asc(circlePosts.id));
  return rows.map(({ post, threadTitle, spaceEn, spaceAr }) => ({
    space: language === 'ar' ? spaceAr : spaceEn,
    threadTitle,
    opening: post.opening,
    anonymous: post.anonymous,
    body: post.body,
    status: post.status,
    removedReason: post.removedReason,
    createdAt: post.createdAt.toISOString(),
    editedAt: post.editedAt ? post.editedAt.toISOString() : null,
  }));
}
