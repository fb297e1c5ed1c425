/**
 * Her standing in the circle (contract/circle.ts CircleMe): the rules accepted (once: accepting
 * again keeps the first time), new replies to her threads not yet seen, a suspension still
 * running, the last moderator's warning, and replies by e-mail (only with an address in Account
 * Settings: asking without one is 409 CIRCLE_EMAIL_UNAVAILABLE). Her circle_members row is made
 * on first use.
 */
import { and, count, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { CircleMe } from '../../contract/circle.ts';
import type { Database, Db, Tx } from '../db/index.ts';
import { circleMembers, circlePosts, circleThreads, users } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';

type Q = Db | Tx;
type MemberRow = typeof circleMembers.$inferSelect;

/** Her circle_members row, made when she has none. */
export async function memberRow(q: Q, userId: string): Promise<MemberRow> {
  const [row] = await q.select().from(circleMembers).where(eq(circleMembers.userId, userId));
  if (row) return row;
  await q.insert(circleMembers).values({ userId }).onConflictDoNothing();
  const [made] = await q.select().from(circleMembers).where(eq(circleMembers.userId, userId));
  return made;
}

/**
 * The replies to her threads she is told about: published, by someone else (a member's post not
 * hers, or an expert's), in a thread of hers that is published.
 */
export function repliesToHer(userId: string) {
  const p = circlePosts;
  return and(
    eq(circleThreads.authorId, userId),
    eq(circleThreads.status, 'published'),
    eq(p.opening, false),
    eq(p.status, 'published'),
    or(isNull(p.authorId), ne(p.authorId, userId)),
  );
}

/** How many replies to her threads arrived after she last looked. */
export async function unreadCount(q: Q, userId: string, seenAt: Date | null): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(circlePosts)
    .innerJoin(circleThreads, eq(circleThreads.id, circlePosts.threadId))
    .where(and(repliesToHer(userId), seenAt ? gt(circlePosts.createdAt, seenAt) : undefined));
  return Number(row?.n ?? 0);
}

export function createCircleMe({ database, clock }: { database: Database; clock: Clock }) {
  const { db } = database;

  async function viewOf(q: Q, row: MemberRow): Promise<CircleMe> {
    const [[user], unread] = await Promise.all([
      q.select({ email: users.email }).from(users).where(eq(users.id, row.userId)),
      unreadCount(q, row.userId, row.repliesSeenAt),
    ]);
    const available = Boolean(user?.email?.trim());
    const now = clock.now();
    return {
      rulesAcceptedAt: row.rulesAcceptedAt ? row.rulesAcceptedAt.toISOString() : null,
      unread,
      suspendedUntil:
        row.suspendedUntil && row.suspendedUntil > now ? row.suspendedUntil.toISOString() : null,
      warning:
        row.warningMessage && row.warnedAt
          ? { message: row.warningMessage, at: row.warnedAt.toISOString() }
          : null,
      email: { available, replies: available && row.emailReplies },
    };
  }

  return {
    async me(userId: string): Promise<CircleMe> {
      return viewOf(db, await memberRow(db, userId));
    },

    /** The rules accepted: the first time is kept. */
    async acceptRules(userId: string): Promise<CircleMe> {
      await memberRow(db, userId);
      const [row] = await db
        .update(circleMembers)
        .set({
          rulesAcceptedAt: sql`coalesce(${circleMembers.rulesAcceptedAt}, ${clock.now().toISOString()}::timestamptz)`,
        })
        .where(eq(circleMembers.userId, userId))
        .returning();
      return viewOf(db, row);
    },

    async setEmailReplies(userId: string, replies: boolean): Promise<CircleMe> {
      await memberRow(db, userId);
      if (replies) {
        const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
        if (!user?.email?.trim()) throw new ApiError('CIRCLE_EMAIL_UNAVAILABLE');
      }
      const [row] = await db
        .update(circleMembers)
        .set({ emailReplies: replies })
        .where(eq(circleMembers.userId, userId))
        .returning();
      return viewOf(db, row);
    },

    /** Every reply to her threads up to now is seen: unread back to 0. */
    async seen(userId: string): Promise<CircleMe> {
      await memberRow(db, userId);
      const [row] = await db
        .update(circleMembers)
        .set({ repliesSeenAt: clock.now() })
        .where(eq(circleMembers.userId, userId))
        .returning();
      return viewOf(db, row);
    },
  };
}
export type CircleMeService = ReturnType<typeof createCircleMe>;
