/**
 * The circle's moderation queue (issue 27, contract/circle.ts QueuePage), for moderators and admins:
 * posts waiting for a moderator (status pending or hidden), crisis first, then the oldest first,
 * paged by an opaque keyset cursor (crisis, time, id) so a post arriving meanwhile never shifts a page.
 *
 * Anonymity: each item shows its author only as members see the post: her alias and avatar when she
 * posted under her alias, `{ kind: 'member' }` when she posted as "a member". The alias of an
 * anonymous post is never read (the join to users only matches posts under an alias), and no user id
 * leaves. The account's record (removals, warnings, suspended) comes from circle_members without
 * naming it. Reports are counts by reason, never who. Each read is written to the audit log (the
 * number of items and whether it was the first page; never a post's text).
 */
import { and, asc, count, desc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import {
  CIRCLE_LIMITS,
  type PostAuthor,
  QUEUE_REASONS,
  type QueueReason,
  REPORT_REASONS,
  type ReportReason,
} from '../../contract/circle.ts';
import type { QueueItem, QueuePage } from '../../contract/circle-moderation.ts';
import type { Database, Db } from '../db/index.ts';
import {
  circleMembers,
  circlePosts,
  circleReports,
  circleThreads,
  experts,
  staff,
  users,
} from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import type { StaffActor } from './admin-common.ts';
import { writeAudit } from './staff-audit.ts';
import { decodeCursor, encodeCursor } from './team-inbox.ts';

const WAITING = ['pending', 'hidden'] as const;
interface Cursor {
  crisis: boolean;
  at: Date;
  id: string;
}

/** The queue's cursor is the team inbox's (a flag first, then time and id): crisis for urgent. */
export const encodeQueueCursor = (r: { crisis: boolean; createdAt: Date; id: string }): string =>
  encodeCursor({ urgent: r.crisis, createdAt: r.createdAt, id: r.id });

/** The cursor's position; anything else than one this server made is 400 VALIDATION_ERROR. */
export function decodeQueueCursor(cursor: string): Cursor {
  const { urgent, at, id } = decodeCursor(cursor);
  return { crisis: urgent, at, id };
}

/** After the cursor in the queue's order: crisis desc, then created and id ascending. */
function after(c: Cursor): SQL {
  const sameCrisisLater = and(
    eq(circlePosts.crisis, c.crisis),
    or(
      gt(circlePosts.createdAt, c.at),
      and(eq(circlePosts.createdAt, c.at), sql`${circlePosts.id} > ${c.id}::uuid`),
    ),
  ) as SQL;
  // crisis posts come first: after a crisis cursor, the non-crisis ones all follow
  return c.crisis ? (or(eq(circlePosts.crisis, false), sameCrisisLater) as SQL) : sameCrisisLater;
}

/** Why a post waits, in the contract's order: the stored reasons, with crisis and reported when they hold. */
export function queueReasons(stored: readonly string[], crisis: boolean, hidden: boolean): QueueReason[] {
  const set = new Set(stored);
  if (crisis) set.add('crisis');
  if (hidden) set.add('reported');
  return QUEUE_REASONS.filter((r) => set.has(r));
}

type AuthorRow = {
  anonymous: boolean;
  alias: string | null;
  avatarId: string | null;
  staffId: string | null;
  expertId: string | null;
  expertTexts: Record<string, { name: string; title: string }> | null;
};

/** The author as members see the post (never the alias of an anonymous post). */
export function queueAuthor(r: AuthorRow, locale: 'en' | 'ar'): PostAuthor {
  if (r.staffId && r.expertId && r.expertTexts) {
    const t = r.expertTexts[locale] ?? r.expertTexts.en;
    return { kind: 'expert', expertId: r.expertId, name: t?.name ?? '', title: t?.title ?? '' };
  }
  if (r.anonymous || r.alias === null || r.avatarId === null) return { kind: 'member' };
  return { kind: 'alias', alias: r.alias, avatar: r.avatarId };
}

async function reportCounts(db: Db, ids: string[]): Promise<Map<string, QueueItem['reports']>> {
  const out = new Map<string, QueueItem['reports']>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ postId: circleReports.postId, reason: circleReports.reason, n: count() })
    .from(circleReports)
    .where(and(inArray(circleReports.postId, ids), isNull(circleReports.resolvedAt)))
    .groupBy(circleReports.postId, circleReports.reason);
  for (const id of ids) {
    const mine = rows.filter((r) => r.postId === id);
    out.set(
      id,
      REPORT_REASONS.flatMap((reason: ReportReason) => {
        const n = Number(mine.find((r) => r.reason === reason)?.n ?? 0);
        return n > 0 ? [{ reason, count: n }] : [];
      }),
    );
  }
  return out;
}

async function queueCounts(db: Db): Promise<QueuePage['counts']> {
  const [row] = await db
    .select({
      total: count(),
      crisis: sql<number>`count(*) filter (where ${circlePosts.crisis})`,
      reported: sql<number>`count(*) filter (where ${circlePosts.status} = 'hidden' or ${circlePosts.queueReasons} @> '["reported"]'::jsonb)`,
    })
    .from(circlePosts)
    .where(inArray(circlePosts.status, [...WAITING]));
  return {
    total: Number(row?.total ?? 0),
    crisis: Number(row?.crisis ?? 0),
    reported: Number(row?.reported ?? 0),
  };
}

export interface CircleQueueDeps {
  database: Database;
  clock: Clock;
}

export function createCircleQueue({ database, clock }: CircleQueueDeps) {
  const { db } = database;
  return {
    async page(who: StaffActor, cursor?: string): Promise<QueuePage> {
      const position = cursor ? decodeQueueCursor(cursor) : null;
      const size = CIRCLE_LIMITS.queuePageSize;
      const where: SQL[] = [inArray(circlePosts.status, [...WAITING])];
      if (position) where.push(after(position));
      const rows = await db
        .select({
          id: circlePosts.id,
          threadId: circlePosts.threadId,
          opening: circlePosts.opening,
          body: circlePosts.body,
          status: circlePosts.status,
          anonymous: circlePosts.anonymous,
          staffId: circlePosts.staffId,
          queueReasons: circlePosts.queueReasons,
          watchedWords: circlePosts.watchedWords,
          crisis: circlePosts.crisis,
          createdAt: circlePosts.createdAt,
          spaceId: circleThreads.spaceId,
          title: circleThreads.title,
          alias: users.alias,
          avatarId: users.avatarId,
          expertId: staff.expertId,
          expertTexts: experts.texts,
          removed: circleMembers.removedPosts,
          warnings: circleMembers.warnings,
          suspendedUntil: circleMembers.suspendedUntil,
        })
        .from(circlePosts)
        .innerJoin(circleThreads, eq(circleThreads.id, circlePosts.threadId))
        // an alias is read only for a post written under it
        .leftJoin(users, and(eq(users.id, circlePosts.authorId), eq(circlePosts.anonymous, false)))
        .leftJoin(circleMembers, eq(circleMembers.userId, circlePosts.authorId))
        .leftJoin(staff, eq(staff.id, circlePosts.staffId))
        .leftJoin(experts, eq(experts.id, staff.expertId))
        .where(and(...where))
        .orderBy(desc(circlePosts.crisis), asc(circlePosts.createdAt), asc(circlePosts.id))
        .limit(size + 1);
      const page = rows.slice(0, size);
      const last = page.at(-1);
      const reports = await reportCounts(
        db,
        page.map((r) => r.id),
      );
      const now = clock.now();
      const items: QueueItem[] = page.map((r) => ({
        postId: r.id,
        threadId: r.threadId,
        spaceId: r.spaceId,
        threadTitle: r.title,
        opening: r.opening,
        body: r.body,
        author: queueAuthor(r as AuthorRow, who.language),
        reasons: queueReasons(r.queueReasons, r.crisis, r.status === 'hidden'),
        reports: reports.get(r.id) ?? [],
        words: r.watchedWords,
        status: r.status as QueueItem['status'],
        history: {
          removed: r.removed ?? 0,
          warnings: r.warnings ?? 0,
          suspended: r.suspendedUntil !== null && r.suspendedUntil.getTime() > now.getTime(),
        },
        createdAt: r.createdAt.toISOString(),
      }));
      const counts = await queueCounts(db);
      await writeAudit(db, clock, who, {
        requestId: who.requestId,
        action: 'circle.queue.read',
        detail: { items: items.length, firstPage: position === null, waiting: counts.total },
      });
      return { items, nextCursor: rows.length > size && last ? encodeQueueCursor(last) : null, counts };
    },
  };
}
export type CircleQueue = ReturnType<typeof createCircleQueue>;
