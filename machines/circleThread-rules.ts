import type { CirclePost, CircleThread, HelpfulState } from '../contract/circle';
import type { AppError } from './types';

/**
 * Pure rules of a thread of the circle (machines/circleThread.ts): finding a post, putting the
 * server's answers in place (a helpful count, a new or edited reply, a deleted post, the next page
 * of replies), and what she may do with a post.
 */

/** The error codes that mean "no such thread" (or not one she may see). */
export function isThreadMissing(error: AppError | null): boolean {
  return error?.code === 'CIRCLE_THREAD_NOT_FOUND' || error?.code === 'NOT_FOUND';
}

export function postIn(thread: CircleThread | null, postId: string | null): CirclePost | null {
  if (!thread || !postId) return null;
  if (thread.opening.id === postId) return thread.opening;
  return thread.replies.find((r) => r.id === postId) ?? null;
}

/** Each post of the thread passed through `change` (the opening post first). */
function mapPosts(thread: CircleThread, change: (post: CirclePost) => CirclePost): CircleThread {
  return { ...thread, opening: change(thread.opening), replies: thread.replies.map(change) };
}

/** The count and her mark as the server answered them (never computed here). */
export function withHelpful(thread: CircleThread, postId: string, state: HelpfulState): CircleThread {
  return mapPosts(thread, (p) => (p.id === postId ? { ...p, ...state } : p));
}

/** A post as edited (the server's copy replaces hers). */
export function withEdited(thread: CircleThread, post: CirclePost): CircleThread {
  return mapPosts(thread, (p) => (p.id === post.id ? post : p));
}

/** Her new reply at the end (once); a published one counts among the replies. */
export function withReply(thread: CircleThread, post: CirclePost): CircleThread {
  if (thread.replies.some((r) => r.id === post.id)) return withEdited(thread, post);
  return {
    ...thread,
    replies: [...thread.replies, post],
    replyCount: thread.replyCount + (post.status === 'published' ? 1 : 0),
  };
}

/** Her reply deleted: gone from the list (and from the count when it was published). */
export function withoutReply(thread: CircleThread, postId: string): CircleThread {
  const gone = thread.replies.find((r) => r.id === postId);
  if (!gone) return thread;
  return {
    ...thread,
    replies: thread.replies.filter((r) => r.id !== postId),
    replyCount: Math.max(0, thread.replyCount - (gone.status === 'published' ? 1 : 0)),
  };
}

/** The next page of replies after those on screen (a reply already there is not shown twice). */
export function withMoreReplies(thread: CircleThread, next: CircleThread): CircleThread {
  const seen = new Set(thread.replies.map((r) => r.id));
  return {
    ...thread,
    replies: [...thread.replies, ...next.replies.filter((r) => !seen.has(r.id))],
    replyCount: next.replyCount,
    nextCursor: next.nextCursor,
  };
}

/** She may mark a published post of someone else's as helpful, and report it. */
export const canReact = (post: CirclePost | null): boolean =>
  !!post && !post.mine && post.status === 'published';

/** Her own post, still within its edit window at `now`. */
export function canEdit(post: CirclePost | null, now: number): boolean {
  if (!post?.mine || !post.editableUntil || post.status === 'removed') return false;
  return Date.parse(post.editableUntil) > now;
}
