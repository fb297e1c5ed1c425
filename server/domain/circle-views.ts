/**
 * The circle's rows as members see them (contract/circle.ts): THE place anonymity is enforced.
 * A post written as "a member" leaves as `{ kind: 'member' }` and nothing else, to every reader
 * (her own answers too: only `mine` tells her it is hers); an expert's reply as her verified name
 * and title from the experts table; a removed post's body is '' to anyone but its author, who
 * alone reads the moderator's reason. Everything that reads posts for members goes through
 * `postViews` / `threadSummaries`, which load the few things a row needs (aliases, experts, her
 * marks) in one query each.
 */
import { and, eq, inArray } from 'drizzle-orm';
import {
  CIRCLE_LIMITS,
  type CirclePost,
  type PostAuthor,
  type PostStatus,
  type ThreadSummary,
} from '../../contract/circle.ts';
import type { Db, Tx } from '../db/index.ts';
import { circleHelpful, type circlePosts, type circleThreads, experts, staff, users } from '../db/schema.ts';
import type { Locale } from '../lib/i18n.ts';

export type PostRow = typeof circlePosts.$inferSelect;
export type ThreadRow = typeof circleThreads.$inferSelect;
type Q = Db | Tx;

/** Who reads: the signed-in member, her language (experts' titles) and the time (the edit window). */
export interface Viewer {
  userId: string;
  locale: Locale;
  now: Date;
}

/** What a post's author shows as, loaded once per page (see `authorsOf`). */
export interface Authors {
  /** Members' alias and avatar id, by user id. */
  members: Map<string, { alias: string; avatar: string }>;
  /** Experts' verified name and title, by staff id. */
  experts: Map<string, { expertId: string; name: string; title: string }>;
}

export const EXCERPT_MAX = 200;
const EDIT_WINDOW_MS = CIRCLE_LIMITS.editWindowMinutes * 60_000;

/** The first EXCERPT_MAX characters (whole code points) of a text, on one line. */
export function excerptOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(line);
  return chars.length <= EXCERPT_MAX
    ? line
    : `${chars
        .slice(0, EXCERPT_MAX - 1)
        .join('')
        .trimEnd()}…`;
}

/** The author as this viewer may see her: "a member" says nothing at all. */
export function authorOf(
  row: Pick<PostRow, 'anonymous' | 'authorId' | 'staffId' | 'status'>,
  authors: Authors,
  viewer: Viewer,
): PostAuthor {
  if (row.staffId) {
    const e = authors.experts.get(row.staffId);
    if (e) return { kind: 'expert', expertId: e.expertId, name: e.name, title: e.title };
    return { kind: 'member' };
  }
  const removedToOthers = row.status === 'removed' && row.authorId !== viewer.userId;
  if (row.anonymous || removedToOthers || !row.authorId) return { kind: 'member' };
  const m = authors.members.get(row.authorId);
  return m ? { kind: 'alias', alias: m.alias, avatar: m.avatar } : { kind: 'member' };
}

/** A post row → CirclePost for this viewer (pure; `authors` and her marks loaded by the caller). */
export function postView(row: PostRow, authors: Authors, viewer: Viewer, helpedMe: boolean): CirclePost {
  const mine = row.authorId !== null && row.authorId === viewer.userId;
  const removed = row.status === 'removed';
  const until = new Date(row.createdAt.getTime() + EDIT_WINDOW_MS);
  return {
    id: row.id,
    threadId: row.threadId,
    body: removed && !mine ? '' : row.body,
    author: authorOf(row, authors, viewer),
    status: row.status as PostStatus,
    removedReason: removed && mine ? (row.removedReason ?? null) : null,
    helpful: row.helpful,
    helpedMe,
    mine,
    editableUntil: mine && !removed && viewer.now < until ? until.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt ? row.editedAt.toISOString() : null,
  };
}

/** A thread row and its opening post → ThreadSummary for this viewer (pure). */
export function threadSummary(
  thread: ThreadRow,
  opening: PostRow,
  authors: Authors,
  viewer: Viewer,
): ThreadSummary {
  const mine = thread.authorId === viewer.userId;
  const removed = thread.status === 'removed';
  return {
    id: thread.id,
    spaceId: thread.spaceId,
    title: removed && !mine ? '' : thread.title,
    excerpt: removed && !mine ? '' : excerptOf(opening.body),
    author: authorOf(opening, authors, viewer),
    status: thread.status as PostStatus,
    replies: thread.replyCount,
    helpful: thread.helpful,
    expertAnswered: thread.expertAnswered,
    mine,
    createdAt: thread.createdAt.toISOString(),
    lastActivityAt: thread.lastActivityAt.toISOString(),
  };
}

// ------------------------------------------------------------------ loading what the views need

/** The aliases (of posts not written as "a member") and experts the rows name. */
export async function authorsOf(
  q: Q,
  rows: Pick<PostRow, 'anonymous' | 'authorId' | 'staffId'>[],
  locale: Locale,
): Promise<Authors> {
  const memberIds = [...new Set(rows.flatMap((r) => (!r.anonymous && r.authorId ? [r.authorId] : [])))];
  const staffIds = [...new Set(rows.flatMap((r) => (r.staffId ? [r.staffId] : [])))];
  const [members, staffRows] = await Promise.all([
    memberIds.length
      ? q
          .select({ id: users.id, alias: users.alias, avatar: users.avatarId })
          .from(users)
          .where(inArray(users.id, memberIds))
      : [],
    staffIds.length
      ? q
          .select({ id: staff.id, name: staff.name, expertId: staff.expertId, texts: experts.texts })
          .from(staff)
          .leftJoin(experts, eq(experts.id, staff.expertId))
          .where(inArray(staff.id, staffIds))
      : [],
  ]);
  return {
    members: new Map(members.map((m) => [m.id, { alias: m.alias, avatar: m.avatar }])),
    experts: new Map(
      staffRows.map((s) => {
        const texts = s.texts?.[locale] ?? s.texts?.en;
        return [s.id, { expertId: s.expertId ?? '', name: texts?.name ?? s.name, title: texts?.title ?? '' }];
      }),
    ),
  };
}

/** The posts among `postIds` she marked "this helped me". */
export async function helpedByMe(q: Q, userId: string, postIds: string[]): Promise<Set<string>> {
  if (postIds.length === 0) return new Set();
  const rows = await q
    .select({ id: circleHelpful.postId })
    .from(circleHelpful)
    .where(and(eq(circleHelpful.userId, userId), inArray(circleHelpful.postId, postIds)));
  return new Set(rows.map((r) => r.id));
}

/** Post rows → CirclePosts for this viewer, in the same order (what the write side answers with). */
export async function postViews(q: Q, rows: PostRow[], viewer: Viewer): Promise<CirclePost[]> {
  const [authors, helped] = await Promise.all([
    authorsOf(q, rows, viewer.locale),
    helpedByMe(
      q,
      viewer.userId,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) => postView(r, authors, viewer, helped.has(r.id)));
}

/** One post row → its CirclePost for this viewer. */
export const postViewOf = async (q: Q, row: PostRow, viewer: Viewer): Promise<CirclePost> =>
  (await postViews(q, [row], viewer))[0];

/** Thread rows (each with its opening post) → ThreadSummaries for this viewer, in the same order. */
export async function threadSummaries(
  q: Q,
  rows: { thread: ThreadRow; opening: PostRow }[],
  viewer: Viewer,
): Promise<ThreadSummary[]> {
  const authors = await authorsOf(
    q,
    rows.map((r) => r.opening),
    viewer.locale,
  );
  return rows.map((r) => threadSummary(r.thread, r.opening, authors, viewer));
}
