/**
 * Sending a post to the circle (issue 27): a new thread (title + opening post) in a space, or a
 * reply to a thread. In this order:
 *
 * 1. her standing (rules accepted, not suspended), what she wrote (plain text, lengths, personal
 *    details, refused words: circle-checks.ts), the space or thread she writes in;
 * 2. her hourly limit (app-limits.ts `circlePost`, shared by every process; tighter while her account
 *    is younger than CIRCLE_LIMITS.newAccountDays) → 429 RATE_LIMITED with retryAfter. Taken only
 *    by a post that passed the checks, so correcting a refused one costs her nothing;
 * 3. the post is stored, held for a moderator (status 'pending') when any reason says so:
 *    - 'new-member': fewer than CIRCLE_LIMITS.heldFirstPosts of her posts were published;
 *    - 'watched-word': a `hold` word;
 *    - 'crisis': a crisis word. Held too: the moderation queue shows waiting posts only, crisis
 *      first, so holding is what puts it in front of a moderator now; she sees the safety panel at
 *      once (`crisis: true`) and her post once a moderator let it through.
 *    A post published at once counts towards her approvedPosts; the counters move in the same
 *    transaction (circle-counters.ts).
 * 4. a published reply to someone else's thread may e-mail its author (circle-reply-mail.ts).
 */
import { and, eq } from 'drizzle-orm';
import { CIRCLE_LIMITS, type PostOutcome, type PostStatus, type QueueReason } from '../../contract/circle.ts';
import type { CirclePostLimit } from '../app-limits.ts';
import type { Database, Tx } from '../db/index.ts';
import { circleMembers, circlePosts, circleSpaces, circleThreads, users } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import type { Locale } from '../lib/i18n.ts';
import type { Logger } from '../lib/log.ts';
import { type CheckedPost, type CircleMember, checkPostText, checkStanding } from './circle-checks.ts';
import { applyStatusChange } from './circle-counters.ts';
import type { CircleReplyMailer } from './circle-reply-mail.ts';
import { circleSearchText } from './circle-search.ts';
import { type PostRow, postViewOf, type Viewer } from './circle-views.ts';
import type { WatchedWords } from './circle-words.ts';

export interface CirclePostsDeps {
  database: Database;
  clock: Clock;
  limit: CirclePostLimit;
  words: WatchedWords;
  /** Replies by e-mail to a thread's author who asked; null: no mail. */
  mailer: CircleReplyMailer | null;
  log: Logger;
}

export interface NewThreadInput {
  spaceId: string;
  title: string;
  body: string;
  anonymous: boolean;
}

export interface NewReplyInput {
  body: string;
  anonymous: boolean;
}

const DAY_MS = 86_400_000;

/** Whether the post waits for a moderator, and why. */
export function holdReasons(checked: CheckedPost, member: CircleMember): QueueReason[] {
  const reasons = [...checked.reasons];
  if (member.approvedPosts < CIRCLE_LIMITS.heldFirstPosts) reasons.push('new-member');
  return reasons;
}

export function createCirclePosts({ database, clock, limit, words, mailer, log }: CirclePostsDeps) {
  /** Her hourly limit (step 2). */
  async function takeLimit(userId: string, now: Date) {
    const [user] = await database.db
      .select({ createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, userId));
    const young = !user || now.getTime() - user.createdAt.getTime() < CIRCLE_LIMITS.newAccountDays * DAY_MS;
    const wait = await (young ? limit.newAccount : limit.regular).take(userId);
    if (wait > 0) throw new ApiError('RATE_LIMITED', { retryAfter: wait });
  }

  /** Stores a checked post (step 3) and answers what became of it. */
  async function store(
    tx: Tx,
    member: CircleMember,
    checked: CheckedPost,
    post: { threadId: string; opening: boolean; anonymous: boolean },
    now: Date,
  ): Promise<{ row: PostRow; status: PostStatus }> {
    const reasons = holdReasons(checked, member);
    const status: PostStatus = reasons.length > 0 ? 'pending' : 'published';
    const [row] = await tx
      .insert(circlePosts)
      .values({
        threadId: post.threadId,
        opening: post.opening,
        authorId: member.userId,
        anonymous: post.anonymous,
        body: checked.body,
        status,
        queueReasons: reasons,
        watchedWords: checked.words,
        crisis: checked.crisis,
        createdAt: now,
      })
      .returning();
    await applyStatusChange(tx, row, null, status, now);
    if (status === 'published')
      await tx
        .update(circleMembers)
        .set({ approvedPosts: member.approvedPosts + 1 })
        .where(eq(circleMembers.userId, member.userId));
    return { row, status };
  }

  async function outcome(
    row: PostRow,
    status: PostStatus,
    userId: string,
    locale: Locale,
  ): Promise<PostOutcome> {
    const viewer: Viewer = { userId, locale, now: clock.now() };
    return {
      post: await postViewOf(database.db, row, viewer),
      status: status === 'published' ? 'published' : 'pending',
      crisis: row.crisis,
    };
  }

  async function newThread(userId: string, locale: Locale, input: NewThreadInput): Promise<PostOutcome> {
    const now = clock.now();
    await checkStanding(database.db, userId, now, false);
    const checked = checkPostText({ title: input.title, body: input.body, opening: true }, words);
    const [space] = await database.db
      .select({ id: circleSpaces.id })
      .from(circleSpaces)
      .where(eq(circleSpaces.id, input.spaceId));
    if (!space) throw new ApiError('CIRCLE_SPACE_NOT_FOUND');
    await takeLimit(userId, now);
    const title = checked.title ?? '';
    const { row, status } = await database.transaction(async (tx) => {
      const member = await checkStanding(tx, userId, now);
      const [thread] = await tx
        .insert(circleThreads)
        .values({
          spaceId: space.id,
          title,
          authorId: userId,
          status: 'pending',
          searchText: circleSearchText(title, checked.body),
          createdAt: now,
          lastActivityAt: now,
        })
        .returning({ id: circleThreads.id });
      return store(
        tx,
        member,
        checked,
        { threadId: thread.id, opening: true, anonymous: input.anonymous },
        now,
      );
    });
    return outcome(row, status, userId, locale);
  }

  async function newReply(
    userId: string,
    locale: Locale,
    threadId: string,
    input: NewReplyInput,
  ): Promise<PostOutcome> {
    const now = clock.now();
    await checkStanding(database.db, userId, now, false);
    const checked = checkPostText({ body: input.body, opening: false }, words);
    const visible = async (q: Tx | Database['db']) => {
      const [thread] = await q
        .select({ id: circleThreads.id, authorId: circleThreads.authorId, status: circleThreads.status })
        .from(circleThreads)
        .where(eq(circleThreads.id, threadId));
      // a thread she may read: published, or her own still waiting or hidden
      const ok =
        thread &&
        (thread.status === 'published' || (thread.authorId === userId && thread.status !== 'removed'));
      if (!ok) throw new ApiError('CIRCLE_THREAD_NOT_FOUND');
      return thread;
    };
    await visible(database.db);
    await takeLimit(userId, now);
    const { row, status, thread } = await database.transaction(async (tx) => {
      const member = await checkStanding(tx, userId, now);
      const thread = await visible(tx);
      return {
        ...(await store(tx, member, checked, { threadId, opening: false, anonymous: input.anonymous }, now)),
        thread,
      };
    });
    if (status === 'published' && thread.authorId !== userId) void mailAuthor(thread.authorId);
    return outcome(row, status, userId, locale);
  }

  /** Step 4: only to an author who asked and has an address; nothing of the reply in it. */
  async function mailAuthor(authorId: string): Promise<void> {
    if (!mailer) return;
    try {
      const [to] = await database.db
        .select({ email: users.email, language: users.language })
        .from(users)
        .innerJoin(circleMembers, eq(circleMembers.userId, users.id))
        .where(and(eq(users.id, authorId), eq(circleMembers.emailReplies, true)));
      if (!to?.email) return;
      await mailer.send({ to: to.email, locale: to.language === 'ar' ? 'ar' : 'en' });
    } catch (e) {
      log.error('circle reply mail failed', { error: e instanceof Error ? e.name : 'unknown' });
    }
  }

  return { newThread, newReply };
}
export type CirclePosts = ReturnType<typeof createCirclePosts>;
