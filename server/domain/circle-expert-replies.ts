/**
 * Experts in the circle (issue 27): the published threads as members see them (anonymous stays
 * anonymous: the members' views of circle-views.ts, read by circle-reads.ts), and her reply,
 * published at once under her verified name and title (from the experts table through
 * staff.expert_id; `anonymous` never applies to her). The same plain-text, length and
 * personal-details checks as members' posts; no watched words (an expert names what members may
 * not). The thread is marked as answered by an expert and its counters move (circle-counters.ts);
 * the reply is written to the audit log without its text. Its author hears of it as of any reply:
 * the badge and her replies list, and an e-mail when she asked for one (circle-reply-mail.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import {
  CIRCLE_LIMITS,
  type CirclePost,
  type CircleThread,
  type PersonalDetailKind,
  type PostOutcome,
  type ThreadPage,
  type ThreadQuery,
} from '../../contract/circle.ts';
import { findPersonalDetails } from '../../contract/circle-privacy.ts';
import type { Database } from '../db/index.ts';
import { circleMembers, circlePosts, circleThreads, users } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import type { Logger } from '../lib/log.ts';
import type { StaffActor } from './admin-common.ts';
import { plainBody } from './circle-checks.ts';
import { applyStatusChange } from './circle-counters.ts';
import { createCircleReads } from './circle-reads.ts';
import type { CircleReplyMailer } from './circle-reply-mail.ts';
import { createCircleThread } from './circle-thread.ts';
import { postViewOf, type Viewer } from './circle-views.ts';
import { writeAudit } from './staff-audit.ts';

/** No member is ever this one: staff read the circle as a member with no posts of her own. */
export const NO_MEMBER = '00000000-0000-0000-0000-000000000000';

/** How an expert reads the circle: as a member with no posts, in her language. */
export const expertViewer = (who: StaffActor, now: Date): Viewer => ({
  userId: NO_MEMBER,
  locale: who.language,
  now,
});

/** Her own expert replies are `mine` (she cannot edit them here: no edit window). */
export const markMine = (post: CirclePost, staffId: string | null, who: StaffActor): CirclePost =>
  staffId === who.id ? { ...post, mine: true, editableUntil: null } : post;

/** Her reply's text: plain, 2..replyMax characters, without personal details (as members'). */
export function expertReplyBody(raw: string): string {
  const body = plainBody(raw);
  const length = [...body].length;
  if (length < CIRCLE_LIMITS.bodyMin)
    throw new ApiError('VALIDATION_ERROR', { fields: { body: 'TEXT_TOO_SHORT' } });
  if (length > CIRCLE_LIMITS.replyMax)
    throw new ApiError('VALIDATION_ERROR', { fields: { body: 'TEXT_TOO_LONG' } });
  const found = [...new Set(findPersonalDetails(body).map((d) => d.kind))] as PersonalDetailKind[];
  if (found.length > 0) throw new ApiError('CIRCLE_PERSONAL_DETAILS', { found });
  return body;
}

export interface CircleExpertRepliesDeps {
  database: Database;
  clock: Clock;
  /** "A new reply" to the thread's author, when she asked and has an address (circle-reply-mail.ts). */
  mailer?: CircleReplyMailer | null;
  log?: Logger;
}

export function createCircleExpertReplies({ database, clock, mailer = null, log }: CircleExpertRepliesDeps) {
  const reads = createCircleReads({ database, clock });
  const threads = createCircleThread({ database, clock });

  /** As for members' replies: only to an author who asked and has an address; nothing of the reply in it. */
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
      log?.error('circle reply mail failed', { error: e instanceof Error ? e.name : 'unknown' });
    }
  }

  return {
    /** Published threads as members list them (she has none of her own: `mine` is false). */
    threads: (who: StaffActor, query: ThreadQuery): Promise<ThreadPage> =>
      reads.threads(NO_MEMBER, who.language, query),

    /** A published thread as a member reads it, her own expert replies marked `mine`. */
    async thread(who: StaffActor, threadId: string, cursor?: string): Promise<CircleThread> {
      const view = await threads.thread(NO_MEMBER, who.language, threadId, cursor);
      const ids = view.replies.map((r) => r.id);
      const hers =
        ids.length === 0
          ? []
          : await database.db
              .select({ id: circlePosts.id })
              .from(circlePosts)
              .where(and(inArray(circlePosts.id, ids), eq(circlePosts.staffId, who.id)));
      const set = new Set(hers.map((h) => h.id));
      return { ...view, replies: view.replies.map((r) => (set.has(r.id) ? { ...r, mine: true } : r)) };
    },

    async reply(who: StaffActor, threadId: string, raw: string): Promise<PostOutcome> {
      const body = expertReplyBody(raw);
      if (!who.expertId) throw new ApiError('FORBIDDEN');
      const out = await database.transaction(async (tx) => {
        const [thread] = await tx
          .select({ id: circleThreads.id, authorId: circleThreads.authorId })
          .from(circleThreads)
          .where(and(eq(circleThreads.id, threadId), eq(circleThreads.status, 'published')))
          .for('update');
        if (!thread) throw new ApiError('CIRCLE_THREAD_NOT_FOUND');
        const now = clock.now();
        const [row] = await tx
          .insert(circlePosts)
          .values({
            threadId,
            opening: false,
            staffId: who.id,
            anonymous: false,
            body,
            status: 'published',
            createdAt: now,
          })
          .returning();
        await applyStatusChange(tx, row, null, 'published', now);
        await writeAudit(tx, clock, who, {
          requestId: who.requestId,
          action: 'circle.expert.replied',
          targetType: 'thread',
          targetId: threadId,
          detail: { postId: row.id, length: [...body].length },
        });
        const post = markMine(await postViewOf(tx, row, expertViewer(who, now)), row.staffId, who);
        return {
          outcome: { post, status: 'published', crisis: false } as PostOutcome,
          authorId: thread.authorId,
        };
      });
      void mailAuthor(out.authorId);
      return out.outcome;
    },
  };
}
export type CircleExpertReplies = ReturnType<typeof createCircleExpertReplies>;
