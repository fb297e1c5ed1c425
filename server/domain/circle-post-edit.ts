/**
 * Editing her own post (issue 27): only hers (CIRCLE_NOT_YOURS), within
 * CIRCLE_LIMITS.editWindowMinutes of sending it and never once a moderator removed it
 * (CIRCLE_EDIT_WINDOW_CLOSED), while her standing allows posting. The new text goes through the
 * same checks as a new post (circle-checks.ts); a title only for a thread's opening post. The
 * thread's title and search text follow an opening post's edit.
 *
 * Holding on an edit only ever tightens: a published post that now has a watched or crisis word
 * waits for a moderator (counters adjusted); a waiting or hidden post stays so, its reasons and
 * matched words kept and the new ones added (an edit never lets a post out without a moderator).
 */
import { eq } from 'drizzle-orm';
import { CIRCLE_LIMITS, type CirclePost, type PostStatus } from '../../contract/circle.ts';
import type { Database } from '../db/index.ts';
import { circlePosts, circleThreads } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import type { Locale } from '../lib/i18n.ts';
import { checkPostText, checkStanding } from './circle-checks.ts';
import { applyStatusChange } from './circle-counters.ts';
import { circleSearchText } from './circle-search.ts';
import { postViewOf } from './circle-views.ts';
import type { WatchedWords } from './circle-words.ts';

export interface EditInput {
  body: string;
  title?: string;
}

const union = <T>(a: T[], b: T[]) => [...new Set([...a, ...b])];

export function createCirclePostEdit({
  database,
  clock,
  words,
}: {
  database: Database;
  clock: Clock;
  words: WatchedWords;
}) {
  return async function editPost(
    userId: string,
    locale: Locale,
    postId: string,
    input: EditInput,
  ): Promise<CirclePost> {
    const now = clock.now();
    const row = await database.transaction(async (tx) => {
      const [post] = await tx.select().from(circlePosts).where(eq(circlePosts.id, postId)).for('update');
      if (!post) throw new ApiError('CIRCLE_POST_NOT_FOUND');
      if (post.authorId !== userId) throw new ApiError('CIRCLE_NOT_YOURS');
      const closes = post.createdAt.getTime() + CIRCLE_LIMITS.editWindowMinutes * 60_000;
      if (post.status === 'removed' || now.getTime() > closes)
        throw new ApiError('CIRCLE_EDIT_WINDOW_CLOSED');
      await checkStanding(tx, userId, now, false);
      if (!post.opening && input.title !== undefined)
        throw new ApiError('VALIDATION_ERROR', { fields: { title: 'INVALID' } });
      const [thread] = await tx
        .select({ title: circleThreads.title })
        .from(circleThreads)
        .where(eq(circleThreads.id, post.threadId));
      if (!thread) throw new ApiError('CIRCLE_POST_NOT_FOUND');
      const checked = checkPostText(
        {
          title: post.opening ? (input.title ?? thread.title) : undefined,
          body: input.body,
          opening: post.opening,
        },
        words,
      );
      const from = post.status as PostStatus;
      const to: PostStatus = from === 'published' && checked.reasons.length > 0 ? 'pending' : from;
      const [updated] = await tx
        .update(circlePosts)
        .set({
          body: checked.body,
          editedAt: now,
          status: to,
          // a published post starts afresh; a waiting one keeps what the moderator is to see
          queueReasons: from === 'published' ? checked.reasons : union(post.queueReasons, checked.reasons),
          watchedWords: from === 'published' ? checked.words : union(post.watchedWords, checked.words),
          crisis: from === 'published' ? checked.crisis : post.crisis || checked.crisis,
        })
        .where(eq(circlePosts.id, post.id))
        .returning();
      if (post.opening && checked.title !== undefined)
        await tx
          .update(circleThreads)
          .set({ title: checked.title, searchText: circleSearchText(checked.title, checked.body) })
          .where(eq(circleThreads.id, post.threadId));
      await applyStatusChange(tx, updated, from, to, now);
      return updated;
    });
    return postViewOf(database.db, row, { userId, locale, now });
  };
}
