/**
 * The circle's lists for members (contract/circle.ts): the spaces in her language, and a space's
 * (or every space's) threads, newest activity first, most helpful first, or unanswered (no
 * published reply yet), optionally searched (circle-search.ts) or only those an expert answered.
 * Lists show published threads, and to her alone her own threads waiting for a moderator or hidden
 * (marked by their status). Keyset pages (circle-cursor.ts): published threads come from one index
 * scan each (circle_threads_space_newest_idx / _helpful_idx), hers from her own few rows, merged.
 */
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  CIRCLE_LIMITS,
  type CircleSpaces,
  type ThreadPage,
  type ThreadQuery,
} from '../../contract/circle.ts';
import { RETIRED_SPACE_POSITION } from '../content/loader-circle.ts';
import type { Database } from '../db/index.ts';
import { circlePosts, circleSpaces, circleThreads } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import type { Locale } from '../lib/i18n.ts';
import { type CursorTag, decodeCursor, encodeCursor } from './circle-cursor.ts';
import { searchCondition, searchTerms } from './circle-search.ts';
import { type PostRow, type ThreadRow, threadSummaries, type Viewer } from './circle-views.ts';

const PAGE = CIRCLE_LIMITS.threadsPageSize;
const TAG: Record<'newest' | 'helpful' | 'unanswered', CursorTag> = {
  newest: 'n',
  helpful: 'h',
  unanswered: 'u',
};

/** A space's title in her language (the thread page's header). */
export const spaceTitle = (s: typeof circleSpaces.$inferSelect, locale: Locale) =>
  locale === 'ar' ? s.titleAr : s.titleEn;

export function createCircleReads({ database, clock }: { database: Database; clock: Clock }) {
  const { db } = database;

  async function spaces(locale: Locale): Promise<CircleSpaces> {
    const rows = await db
      .select()
      .from(circleSpaces)
      .where(sql`${circleSpaces.position} < ${RETIRED_SPACE_POSITION}`)
      .orderBy(asc(circleSpaces.position), asc(circleSpaces.id));
    return {
      spaces: rows.map((s) => ({
        id: s.id,
        title: spaceTitle(s, locale),
        description: locale === 'ar' ? s.descriptionAr : s.descriptionEn,
        threads: s.threadCount,
        lastActivityAt: s.lastActivityAt ? s.lastActivityAt.toISOString() : null,
      })),
    };
  }

  /** The opening posts of these threads, by thread id. */
  async function openingPosts(ids: string[]): Promise<Map<string, PostRow>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select()
      .from(circlePosts)
      .where(and(inArray(circlePosts.threadId, ids), eq(circlePosts.opening, true)));
    return new Map(rows.map((r) => [r.threadId, r]));
  }

  async function threads(userId: string, locale: Locale, query: ThreadQuery): Promise<ThreadPage> {
    const order = query.order ?? 'newest';
    const tag = TAG[order];
    const cursor = query.cursor ? decodeCursor(query.cursor, tag) : null;
    const t = circleThreads;
    const filters: (SQL | undefined)[] = [
      query.space ? eq(t.spaceId, query.space) : undefined,
      query.expert === '1' ? eq(t.expertAnswered, true) : undefined,
      order === 'unanswered' ? eq(t.replyCount, 0) : undefined,
      searchCondition(searchTerms(query.q)),
    ];
    if (cursor) {
      const id = sql`${cursor.id}::uuid`;
      filters.push(
        order === 'helpful'
          ? sql`(${t.helpful}, ${t.id}) < (${cursor.key as number}, ${id})`
          : sql`(${t.lastActivityAt}, ${t.id}) < (${(cursor.key as Date).toISOString()}::timestamptz, ${id})`,
      );
    }
    // NULLS LAST as the indexes are built (drizzle's .desc()): else PostgreSQL sorts every thread
    const key = order === 'helpful' ? t.helpful : t.lastActivityAt;
    const orderBy = [sql`${key} desc nulls last`, sql`${t.id} desc nulls last`];
    // threads alone (one index scan, LIMIT), then their opening posts by id: a join here makes
    // PostgreSQL hash every opening post (bench:circle)
    const select = (status: SQL) =>
      db
        .select()
        .from(circleThreads)
        .where(and(status, ...filters))
        .orderBy(...orderBy)
        .limit(PAGE + 1);
    const [published, hers] = await Promise.all([
      select(eq(t.status, 'published')),
      select(and(eq(t.authorId, userId), inArray(t.status, ['pending', 'hidden']))!),
    ]);
    const merged = hers.length === 0 ? published : [...published, ...hers].sort(byOrder(order));
    // an unknown space lists nothing: only then is it looked up (one query less per page)
    if (merged.length === 0 && query.space) {
      const [space] = await db
        .select({ id: circleSpaces.id })
        .from(circleSpaces)
        .where(eq(circleSpaces.id, query.space));
      if (!space) throw new ApiError('CIRCLE_SPACE_NOT_FOUND');
    }
    const threadsOfPage = merged.slice(0, PAGE);
    const openings = await openingPosts(threadsOfPage.map((r) => r.id));
    const page = threadsOfPage.flatMap((thread) => {
      const opening = openings.get(thread.id);
      return opening ? [{ thread, opening }] : [];
    });
    const last = threadsOfPage.at(-1);
    const viewer: Viewer = { userId, locale, now: clock.now() };
    return {
      items: await threadSummaries(db, page, viewer),
      nextCursor:
        merged.length > PAGE && last
          ? encodeCursor(tag, order === 'helpful' ? last.helpful : last.lastActivityAt, last.id)
          : null,
    };
  }

  return { spaces, threads };
}
export type CircleReads = ReturnType<typeof createCircleReads>;

/** The list's order in JavaScript, as the SQL sorts it (descending key, then descending id). */
function byOrder(order: 'newest' | 'helpful' | 'unanswered') {
  const key = (r: ThreadRow) => (order === 'helpful' ? r.helpful : r.lastActivityAt.getTime());
  return (a: ThreadRow, b: ThreadRow) => key(b) - key(a) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}
