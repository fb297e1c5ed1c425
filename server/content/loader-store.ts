/**
 * Storing checked content (loader.ts reads it) in one transaction, idempotently: nothing is written
 * when the content version is the one already loaded; otherwise each row is upserted only when its
 * own hash changed, lessons and questions gone from the files are deleted (members' progress rows
 * and attempts have no foreign key to them and are read against the current lessons), courses gone
 * from the files are unpublished (enrolments keep pointing at them), unused experts are deleted
 * (one a course still names, or one with bookings or a staff account, is unpublished); what staff
 * changed is kept (loader-experts.ts EXPERT_KEPT, availability.ts).
 */
import { and, eq, getTableColumns, isNotNull, notInArray, type SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { bookings, contentState, courses, experts, lessons, quizQuestions, staff } from '../db/schema.ts';
import { storeArticles } from './articles.ts';
import { storeAvailability } from './availability.ts';
import { storeCircleSpaces } from './loader-circle.ts';
import type { Content } from './loader-content.ts';
import { storeCoupons } from './loader-coupons.ts';
import { EXPERT_KEPT } from './loader-experts.ts';
import type { AnyDb, Tx } from './loader-files.ts';

export interface LoadReport {
  version: string;
  /** false: the stored content already had this version, nothing was written. */
  changed: boolean;
  /** Rows inserted or updated, per table. */
  written: { experts: number; courses: number; lessons: number; questions: number };
  /** Rows deleted (lessons, questions, experts) or unpublished (courses). */
  removed: { experts: number; courses: number; lessons: number; questions: number };
  /** Promo codes inserted or updated, and deactivated (gone from coupons.json). */
  coupons: { written: number; removed: number };
  /** Articles inserted or updated, and deleted (folders gone). */
  articles: { written: number; removed: number };
  /** Experts' availability rows inserted or updated, and deleted (files gone). */
  availability: { written: number; removed: number };
  /** The circle's spaces inserted or updated (issue 27). */
  circleSpaces: { written: number };
  /** Published pages whose review is overdue (loader-reviews.ts): a warning, never a failure at start. */
  reviewsDue: string[];
}

type ContentTable = typeof experts | typeof courses | typeof lessons | typeof quizQuestions;

/**
 * Inserts the rows, or updates every column but the key of each stored row whose hash differs; the
 * number of rows written. The key: the id, within its course for lessons and questions. (Columns
 * are named in snake case in the database.)
 */
async function upsertChanged<T extends ContentTable>(
  tx: Tx,
  table: T,
  rows: T['$inferInsert'][],
  kept: Record<string, SQL> = {},
): Promise<number> {
  if (rows.length === 0) return 0;
  const target: PgColumn[] = 'courseId' in table ? [table.courseId, table.id] : [table.id];
  const keys = new Set<unknown>(target);
  const set = Object.fromEntries(
    Object.entries(getTableColumns(table))
      .filter(([, column]) => !keys.has(column))
      .map(([name]) => [name, kept[name] ?? sql.raw(`excluded.${toSnakeCase(name)}`)]),
  );
  const written = await tx
    .insert(table as PgTable)
    .values(rows as never)
    .onConflictDoUpdate({ target, set, setWhere: sql`${table.hash} <> excluded.hash` })
    .returning({ id: table.id });
  return written.length;
}

/** Deletes a course's lessons or questions that are no longer in `rows`; the number deleted. */
async function deleteMissing(
  tx: Tx,
  table: typeof lessons | typeof quizQuestions,
  rows: { courseId: string; id: string }[],
): Promise<number> {
  const keys = rows.map((r) => `${r.courseId}/${r.id}`);
  const key = sql`${table.courseId} || '/' || ${table.id}`;
  const deleted = await tx
    .delete(table)
    .where(keys.length ? notInArray(key, keys) : sql`true`)
    .returning({ id: table.id });
  return deleted.length;
}

/** A report of nothing written. */
export const unchanged = (version: string): LoadReport => {
  const zero = { experts: 0, courses: 0, lessons: 0, questions: 0 };
  return {
    version,
    changed: false,
    written: { ...zero },
    removed: { ...zero },
    coupons: { written: 0, removed: 0 },
    articles: { written: 0, removed: 0 },
    availability: { written: 0, removed: 0 },
    circleSpaces: { written: 0 },
    reviewsDue: [],
  };
};

export async function storeContent(db: AnyDb, content: Content): Promise<LoadReport> {
  const report = unchanged(content.version);
  const [state] = await db.select({ version: contentState.version }).from(contentState);
  if (state?.version === content.version) return report;

  await db.transaction(async (tx) => {
    // on PostgreSQL two servers starting together load one after the other
    await tx.execute(sql`select pg_advisory_xact_lock(4417291532)`);
    report.changed = true;
    report.written.experts = await upsertChanged(tx, experts, content.experts, EXPERT_KEPT);
    report.written.courses = await upsertChanged(tx, courses, content.courses);
    const courseIds = content.courses.map((c) => c.id);
    const gone = await tx
      .update(courses)
      .set({ published: false, hash: '' })
      .where(
        courseIds.length
          ? and(notInArray(courses.id, courseIds), eq(courses.published, true))
          : eq(courses.published, true),
      )
      .returning({ id: courses.id });
    report.removed.courses = gone.length;

    report.written.lessons = await upsertChanged(tx, lessons, content.lessons);
    report.removed.lessons = await deleteMissing(tx, lessons, content.lessons);
    report.written.questions = await upsertChanged(tx, quizQuestions, content.questions);
    report.removed.questions = await deleteMissing(tx, quizQuestions, content.questions);

    const expertIds = content.experts.map((e) => e.id);
    const used = tx.select({ id: courses.expertId }).from(courses);
    // an expert with consultations booked is kept (unpublished below), as one a course names
    const booked = tx.select({ id: bookings.expertId }).from(bookings);
    // as one with a staff account (issue 26: staff.expert_id names her)
    const staffed = tx.select({ id: staff.expertId }).from(staff).where(isNotNull(staff.expertId));
    report.removed.experts = (
      await tx
        .delete(experts)
        .where(
          and(
            expertIds.length ? notInArray(experts.id, expertIds) : sql`true`,
            sql`${experts.id} not in (${used})`,
            sql`${experts.id} not in (${booked})`,
            sql`${experts.id} not in (${staffed})`,
          ),
        )
        .returning({ id: experts.id })
    ).length;
    // an expert gone from the files whom a course still names is kept, but no longer listed
    await tx
      .update(experts)
      .set({ published: false, hash: '' })
      .where(
        and(expertIds.length ? notInArray(experts.id, expertIds) : sql`true`, eq(experts.published, true)),
      );

    report.coupons = await storeCoupons(tx, content.coupons);
    report.articles = await storeArticles(tx, content.articles);
    report.availability = await storeAvailability(tx, content.availability);
    report.circleSpaces = await storeCircleSpaces(tx, content.circleSpaces);

    await tx
      .insert(contentState)
      .values({ id: 1, version: content.version })
      .onConflictDoUpdate({ target: contentState.id, set: { version: content.version } });
  });
  return report;
}
