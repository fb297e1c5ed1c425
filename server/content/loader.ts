/**
 * Course content as files (server/content/README.md) → the database.
 *
 * `readContent(dir)` reads experts/*.json and courses/<id>/{course.json, quiz.json, lessons/*.md},
 * checks every file strictly (contract/content.ts and the Markdown subset in markdown.ts) and
 * returns rows ready to store, or throws a ContentError listing every problem as "file: problem".
 *
 * `loadContent(db, dir)` stores them idempotently: nothing is written when the content version (a
 * hash of every file) is the one already loaded; otherwise each row is upserted only when its own
 * hash changed, lessons and questions gone from the files are deleted (members' progress rows and
 * attempts have no foreign key to them and are read against the current lessons), courses gone
 * from the files are unpublished (enrolments keep pointing at them), unused experts are deleted
 * (one a course still names is unpublished).
 * Promo codes (`coupons.json`, optional: no file means no codes) are stored the same way; a code
 * gone from the file is deactivated, not deleted (redemptions point at it), and then reads as unknown.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, getTableColumns, notInArray, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgColumn, PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  CouponFileEntry,
  CouponsFile,
  CourseFile,
  ExpertFile,
  ID,
  LESSON_FILE,
  LessonFrontMatter,
  QuizFile,
} from '../../contract/content.ts';
import type { Block } from '../../contract/learning.ts';
import { bookings, contentState, coupons, courses, experts, lessons, quizQuestions } from '../db/schema.ts';
import type { Locale } from '../lib/i18n.ts';
import { ARTICLES_DIR, type ArticleRow, readArticles, storeArticles } from './articles.ts';
import {
  AVAILABILITY_DIR,
  type AvailabilityRow,
  readAvailability,
  storeAvailability,
} from './availability.ts';
import { MarkdownError, markdownToBlocks, splitFrontMatter } from './markdown.ts';

export const CONTENT_DIR = fileURLToPath(new URL('./', import.meta.url));
/** Bump when the conversion changes (so stored rows are rewritten even if no file changed). */
const LOADER_FORMAT = 'content-v1';

export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(`content is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ContentError';
  }
}

type PerLocale<T> = Record<Locale, T>;
export interface ExpertTexts {
  name: string;
  title: string;
  bio: string;
  qualifications: string[];
}
export interface ExpertOffer {
  id: string;
  kind: 'discovery' | 'consultation';
  minutes: number;
  /** Cents; 0 for the discovery call. */
  price: number;
}
export interface ExpertRow {
  id: string;
  position: number;
  published: boolean;
  avatarId: string;
  specialty: string;
  languages: string[];
  modes: string[];
  offers: ExpertOffer[];
  texts: PerLocale<ExpertTexts>;
  hash: string;
}
export interface CourseTexts {
  title: string;
  summary: string;
  description: string;
  requirements: string[];
  audience: string[];
  outcomes: string[];
}
export interface CourseRow {
  id: string;
  position: number;
  published: boolean;
  price: number;
  salePrice: number | null;
  level: string;
  expertId: string;
  texts: PerLocale<CourseTexts>;
  hash: string;
}
export interface LessonTexts {
  title: string;
  minutes: number;
  body: Block[];
}
export interface LessonRow {
  courseId: string;
  id: string;
  position: number;
  texts: PerLocale<LessonTexts>;
  hash: string;
}
export interface QuestionTexts {
  prompt: string;
  options: string[];
  explanation: string;
}
export interface QuestionRow {
  courseId: string;
  id: string;
  kind: 'pre' | 'post';
  position: number;
  multiple: boolean;
  correct: number[];
  texts: PerLocale<QuestionTexts>;
  hash: string;
}
export interface CouponRow {
  code: string;
  kind: 'percent' | 'amount';
  value: number;
  courseIds: string[] | null;
  startsAt: Date | null;
  endsAt: Date | null;
  maxRedemptions: number | null;
  perMemberLimit: number | null;
  hash: string;
}
export interface Content {
  version: string;
  coupons: CouponRow[];
  experts: ExpertRow[];
  courses: CourseRow[];
  lessons: LessonRow[];
  questions: QuestionRow[];
  /** The articles (articles.ts). */
  articles: ArticleRow[];
  /** Experts' hours for consultations (availability.ts, issue 10). */
  availability: AvailabilityRow[];
}

const rowHash = (row: object) => createHash('sha256').update(JSON.stringify(row)).digest('hex').slice(0, 32);
const withHash = <T extends object>(row: T): T & { hash: string } => ({ ...row, hash: rowHash(row) });

function issues(file: string, error: z.ZodError): string[] {
  return error.issues.map((i) => `${file}: ${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`);
}

const visible = (name: string) => !name.startsWith('.');

/** The promo codes' file, beside experts/ and courses/. */
export const COUPONS_FILE = 'coupons.json';

/**
 * A hash of every file under experts/ and courses/ (paths and bytes) and of the loader's format:
 * equal versions mean byte-identical files, already checked when they were stored.
 */
export function contentVersion(dir: string = CONTENT_DIR): string {
  const h = createHash('sha256').update(LOADER_FORMAT);
  const walk = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).filter(visible).sort()) walk(join(path, name));
      return;
    }
    h.update(`\0${relative(dir, path)}\0`).update(readFileSync(path));
  };
  walk(join(dir, 'experts'));
  walk(join(dir, 'courses'));
  walk(join(dir, COUPONS_FILE));
  walk(join(dir, ARTICLES_DIR));
  walk(join(dir, AVAILABILITY_DIR));
  return h.digest('hex').slice(0, 24);
}

/** Reads and checks the content in `dir`; throws ContentError with every problem found. */
export function readContent(dir: string = CONTENT_DIR): Content {
  const problems: string[] = [];
  const rel = (p: string) => relative(dir, p);
  const read = (path: string): string | null => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      problems.push(`${rel(path)}: missing`);
      return null;
    }
  };
  const readJson = (path: string): unknown => {
    const text = read(path);
    if (text === null) return undefined;
    try {
      return JSON.parse(text);
    } catch (e) {
      problems.push(`${rel(path)}: not valid JSON (${(e as Error).message})`);
      return undefined;
    }
  };
  const list = (path: string): string[] => {
    if (!existsSync(path) || !statSync(path).isDirectory()) {
      problems.push(`${rel(path)}: missing folder`);
      return [];
    }
    return readdirSync(path).filter(visible).sort();
  };

  // experts
  const expertRows: ExpertRow[] = [];
  for (const name of list(join(dir, 'experts'))) {
    const path = join(dir, 'experts', name);
    const file = rel(path);
    const m = /^(.+)\.json$/.exec(name);
    if (!m || !ID.test(m[1])) {
      problems.push(`${file}: expert files are named <expert-id>.json`);
      continue;
    }
    const json = readJson(path);
    if (json === undefined) continue;
    const parsed = ExpertFile.safeParse(json);
    if (!parsed.success) {
      problems.push(...issues(file, parsed.error));
      continue;
    }
    const e = parsed.data;
    if (e.id !== m[1]) problems.push(`${file}: id "${e.id}" differs from the file name "${m[1]}"`);
    expertRows.push(
      withHash({
        id: e.id,
        position: e.order,
        published: e.published,
        avatarId: e.avatar,
        specialty: e.specialty,
        languages: e.languages,
        modes: e.modes,
        offers: e.offers,
        texts: { en: e.en, ar: e.ar },
      }),
    );
  }
  const expertIds = new Set(expertRows.map((e) => e.id));

  // courses
  const courseRows: CourseRow[] = [];
  const lessonRows: LessonRow[] = [];
  const questionRows: QuestionRow[] = [];
  for (const folder of list(join(dir, 'courses'))) {
    const base = join(dir, 'courses', folder);
    if (!statSync(base).isDirectory()) {
      problems.push(`${rel(base)}: only course folders belong in courses/`);
      continue;
    }
    if (!ID.test(folder)) {
      problems.push(`${rel(base)}: course folder names are ids (lower-case letters, digits, hyphens)`);
      continue;
    }
    for (const name of readdirSync(base).filter(visible)) {
      if (!['course.json', 'quiz.json', 'lessons'].includes(name))
        problems.push(
          `${rel(join(base, name))}: unexpected file (a course folder holds course.json, quiz.json and lessons/)`,
        );
    }
    const coursePath = join(base, 'course.json');
    const courseJson = readJson(coursePath);
    const course = courseJson === undefined ? null : CourseFile.safeParse(courseJson);
    if (course && !course.success) problems.push(...issues(rel(coursePath), course.error));
    const c = course?.success ? course.data : null;
    if (c && c.id !== folder)
      problems.push(`${rel(coursePath)}: id "${c.id}" differs from the folder name "${folder}"`);
    if (c && !expertIds.has(c.expert))
      problems.push(`${rel(coursePath)}: expert "${c.expert}" has no file experts/${c.expert}.json`);

    // lessons
    const lessonsDir = join(base, 'lessons');
    const found = new Map<string, { number: string; files: Partial<Record<Locale, string>> }>();
    const numbers = new Map<string, string>();
    for (const name of list(lessonsDir)) {
      const m = LESSON_FILE.exec(name);
      const file = rel(join(lessonsDir, name));
      if (!m) {
        problems.push(`${file}: lesson files are named NN-<lesson-id>.<en|ar>.md`);
        continue;
      }
      const [, number, id, locale] = m;
      const entry = found.get(id) ?? { number, files: {} };
      if (entry.number !== number)
        problems.push(`${file}: lesson "${id}" has two numbers (${entry.number}, ${number})`);
      const other = numbers.get(number);
      if (other && other !== id) problems.push(`${file}: number ${number} is used by "${other}" and "${id}"`);
      numbers.set(number, id);
      entry.files[locale as Locale] = name;
      found.set(id, entry);
    }
    if (found.size === 0 && existsSync(lessonsDir))
      problems.push(`${rel(lessonsDir)}: a course needs at least one lesson`);
    const ordered = [...found.entries()].sort((a, b) => a[1].number.localeCompare(b[1].number));
    ordered.forEach(([id, { number, files: byLocale }], index) => {
      const texts: Partial<PerLocale<LessonTexts>> = {};
      for (const locale of ['en', 'ar'] as const) {
        const name = byLocale[locale];
        if (!name) {
          problems.push(
            `${rel(join(lessonsDir, `${number}-${id}.${locale}.md`))}: missing (every lesson exists in en and ar)`,
          );
          continue;
        }
        const path = join(lessonsDir, name);
        const source = read(path);
        if (source === null) continue;
        try {
          const { data, body, bodyLine } = splitFrontMatter(source);
          const front = LessonFrontMatter.safeParse(data);
          if (!front.success) {
            problems.push(...issues(rel(path), front.error));
            continue;
          }
          const blocks = markdownToBlocks(body, bodyLine);
          if (blocks.length === 0) problems.push(`${rel(path)}: the lesson has no text`);
          texts[locale] = { title: front.data.title, minutes: front.data.minutes, body: blocks };
        } catch (e) {
          if (e instanceof MarkdownError) problems.push(`${rel(path)}: ${e.message}`);
          else throw e;
        }
      }
      if (texts.en && texts.ar)
        lessonRows.push(
          withHash({ courseId: folder, id, position: index + 1, texts: texts as PerLocale<LessonTexts> }),
        );
    });

    // quiz
    const quizPath = join(base, 'quiz.json');
    const quizJson = readJson(quizPath);
    const quiz = quizJson === undefined ? null : QuizFile.safeParse(quizJson);
    if (quiz && !quiz.success) problems.push(...issues(rel(quizPath), quiz.error));
    if (quiz?.success) {
      for (const kind of ['pre', 'post'] as const) {
        quiz.data[kind].forEach((q, i) => {
          questionRows.push(
            withHash({
              courseId: folder,
              id: q.id,
              kind,
              position: i + 1,
              multiple: q.multiple,
              correct: [...q.correct].sort((a, b) => a - b),
              texts: { en: q.en, ar: q.ar },
            }),
          );
        });
      }
    }
    if (c) {
      courseRows.push(
        withHash({
          id: c.id,
          position: c.order,
          published: c.published,
          price: c.price,
          salePrice: c.sale_price,
          level: c.level,
          expertId: c.expert,
          texts: { en: c.en, ar: c.ar },
        }),
      );
    }
  }
  // promo codes (optional file)
  const couponRows: CouponRow[] = [];
  const couponsPath = join(dir, COUPONS_FILE);
  if (existsSync(couponsPath)) {
    const json = readJson(couponsPath);
    const parsed = json === undefined ? null : CouponsFile.safeParse(json);
    if (parsed && !parsed.success) problems.push(...issues(rel(couponsPath), parsed.error));
    const courseIds = new Set(courseRows.map((c) => c.id));
    // every entry that is well formed is checked against the courses, even when another is not
    const entries = (json as { coupons?: unknown } | undefined)?.coupons;
    (Array.isArray(entries) ? entries : []).forEach((raw, i) => {
      const entry = CouponFileEntry.safeParse(raw);
      for (const courseId of (entry.success && entry.data.courses) || []) {
        if (!courseIds.has(courseId))
          problems.push(`${rel(couponsPath)}: coupons.${i}.courses: no course "${courseId}" in courses/`);
      }
    });
    parsed?.data?.coupons.forEach((c) => {
      couponRows.push(
        withHash({
          code: c.code,
          kind: c.kind,
          value: c.value,
          courseIds: c.courses,
          startsAt: c.starts_at === null ? null : new Date(c.starts_at),
          endsAt: c.ends_at === null ? null : new Date(c.ends_at),
          maxRedemptions: c.max_redemptions,
          perMemberLimit: c.per_member_limit,
        }),
      );
    });
  }
  const articleRows = readArticles(dir, new Set(courseRows.map((c) => c.id)), problems);
  const availabilityRows = readAvailability(dir, expertRows, problems);
  if (problems.length > 0) throw new ContentError(problems);

  return {
    version: contentVersion(dir),
    coupons: couponRows,
    experts: expertRows,
    courses: courseRows,
    lessons: lessonRows,
    questions: questionRows,
    articles: articleRows,
    availability: availabilityRows,
  };
}

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
}

// biome-ignore lint/suspicious/noExplicitAny: loading works on any Drizzle pg database or transaction
type AnyDb = PgDatabase<PgQueryResultHKT, any>;

type Tx = Parameters<Parameters<AnyDb['transaction']>[0]>[0];
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
): Promise<number> {
  if (rows.length === 0) return 0;
  const target: PgColumn[] = 'courseId' in table ? [table.courseId, table.id] : [table.id];
  const keys = new Set<unknown>(target);
  const set = Object.fromEntries(
    Object.entries(getTableColumns(table))
      .filter(([, column]) => !keys.has(column))
      .map(([name]) => [name, sql.raw(`excluded.${toSnakeCase(name)}`)]),
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

/** Reads, checks and stores the content (see the file comment). Safe to run at every start. */
export async function loadContent(db: AnyDb, dir: string = CONTENT_DIR): Promise<LoadReport> {
  const version = contentVersion(dir);
  const [state] = await db.select({ version: contentState.version }).from(contentState);
  if (state?.version === version) return unchanged(version);
  return storeContent(db, readContent(dir));
}

const unchanged = (version: string): LoadReport => {
  const zero = { experts: 0, courses: 0, lessons: 0, questions: 0 };
  return {
    version,
    changed: false,
    written: { ...zero },
    removed: { ...zero },
    coupons: { written: 0, removed: 0 },
    articles: { written: 0, removed: 0 },
    availability: { written: 0, removed: 0 },
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
    report.written.experts = await upsertChanged(tx, experts, content.experts);
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
    report.removed.experts = (
      await tx
        .delete(experts)
        .where(
          and(
            expertIds.length ? notInArray(experts.id, expertIds) : sql`true`,
            sql`${experts.id} not in (${used})`,
            sql`${experts.id} not in (${booked})`,
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

    await tx
      .insert(contentState)
      .values({ id: 1, version: content.version })
      .onConflictDoUpdate({ target: contentState.id, set: { version: content.version } });
  });
  return report;
}

/**
 * Upserts the promo codes whose hash changed (reactivating one that comes back) and deactivates
 * those gone from the file. Redemption counts live in coupon_redemptions, never here, so an edit
 * to a code's terms keeps who has used it.
 */
async function storeCoupons(tx: Tx, rows: CouponRow[]): Promise<{ written: number; removed: number }> {
  let written = 0;
  if (rows.length > 0) {
    const set = Object.fromEntries(
      Object.entries(getTableColumns(coupons))
        .filter(([name]) => name !== 'code')
        .map(([name]) => [name, sql.raw(`excluded.${toSnakeCase(name)}`)]),
    );
    written = (
      await tx
        .insert(coupons)
        .values(rows.map((r) => ({ ...r, active: true })))
        .onConflictDoUpdate({
          target: coupons.code,
          set,
          setWhere: sql`${coupons.hash} <> excluded.hash or not ${coupons.active}`,
        })
        .returning({ code: coupons.code })
    ).length;
  }
  const codes = rows.map((r) => r.code);
  const removed = await tx
    .update(coupons)
    .set({ active: false, hash: '' })
    .where(
      codes.length
        ? and(notInArray(coupons.code, codes), eq(coupons.active, true))
        : eq(coupons.active, true),
    )
    .returning({ code: coupons.code });
  return { written, removed: removed.length };
}
