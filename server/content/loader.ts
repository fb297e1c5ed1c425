/**
 * Course content as files (server/content/README.md) → the database.
 *
 * `readContent(dir, { today })` reads experts/*.json (loader-experts.ts), courses/<id>/{course.json,
 * quiz.json, lessons/*.md} (loader-courses.ts), coupons.json (loader-coupons.ts), articles/
 * (articles.ts) and availability/ (availability.ts), checks every file strictly (contract/content.ts
 * and the Markdown subset in markdown.ts) and returns rows ready to store, or throws a ContentError
 * listing every problem as "file: problem". By default (`npm run content:check`) a published page
 * whose review date has passed is one of those problems (loader-reviews.ts).
 *
 * `loadContent(db, dir, { today, warn })` is what the server does at every start: it stores the
 * content idempotently (loader-store.ts; nothing is written when the content version, a hash of
 * every file, is the one already loaded) and names the published pages whose review is overdue,
 * as a warning: an overdue review never stops the site.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentState } from '../db/schema.ts';
import { ARTICLES_DIR, readArticles } from './articles.ts';
import { AVAILABILITY_DIR, readAvailability } from './availability.ts';
import { CIRCLE_DIR, readCircleSpaces } from './loader-circle.ts';
import type { Content } from './loader-content.ts';
import { COUPONS_FILE, readCoupons } from './loader-coupons.ts';
import { readCourses } from './loader-courses.ts';
import { readExperts } from './loader-experts.ts';
import { type AnyDb, ContentError, createReader, dayOf, visible } from './loader-files.ts';
import { bodiesOf, linkProblems } from './loader-links.ts';
import { reviewProblems, reviewsDue } from './loader-reviews.ts';
import { type LoadReport, storeContent, unchanged } from './loader-store.ts';

export type { Content } from './loader-content.ts';
export { COUPONS_FILE, type CouponRow } from './loader-coupons.ts';
export type {
  CourseRow,
  CourseTexts,
  LessonRow,
  LessonTexts,
  QuestionRow,
  QuestionTexts,
} from './loader-courses.ts';
export type { ExpertOffer, ExpertRow, ExpertTexts } from './loader-experts.ts';
export { ContentError } from './loader-files.ts';
export { type LoadReport, storeContent } from './loader-store.ts';

export const CONTENT_DIR = fileURLToPath(new URL('./', import.meta.url));
/** Bump when the conversion changes (so stored rows are rewritten even if no file changed). */
const LOADER_FORMAT = 'content-v2';

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
  walk(join(dir, CIRCLE_DIR));
  return h.digest('hex').slice(0, 24);
}

export interface ReadOptions {
  /** Today, `YYYY-MM-DD` (default: the real date, in UTC), for the review dates. */
  today?: string;
  /**
   * `true` (default, `npm run content:check`): a published page reviewed after today, or whose
   * nextReview has passed, is a problem. `false` (the server's start): not checked here; see
   * `loadContent`.
   */
  checkReviewDates?: boolean;
}

/** Reads and checks the content in `dir`; throws ContentError with every problem found. */
export function readContent(
  dir: string = CONTENT_DIR,
  { today = dayOf(new Date()), checkReviewDates = true }: ReadOptions = {},
): Content {
  const problems: string[] = [];
  const reader = createReader(dir, problems);
  const experts = readExperts(dir, reader, problems);
  const { courses, lessons, questions } = readCourses(
    dir,
    reader,
    new Set(experts.map((e) => e.id)),
    problems,
  );
  const courseIds = new Set(courses.map((c) => c.id));
  const coupons = readCoupons(dir, reader, courseIds, problems);
  // a publishedOn after the real date is refused whatever the clock says (articles.ts)
  const articles = readArticles(dir, courseIds, problems);
  const availability = readAvailability(dir, experts, problems);
  const circleSpaces = readCircleSpaces(dir, reader, problems);
  const published = (rows: { id: string; published: boolean }[]) =>
    new Set(rows.filter((r) => r.published).map((r) => r.id));
  problems.push(
    ...linkProblems(bodiesOf(lessons, articles), {
      courses: published(courses),
      articles: published(articles),
      experts: published(experts),
    }),
  );
  if (checkReviewDates)
    problems.push(
      ...reviewProblems(
        [
          ...courses.map((c) => ({ ...c, file: `courses/${c.id}/course.json` })),
          ...articles.map((a) => ({ ...a, file: `${ARTICLES_DIR}/${a.id}/article.json` })),
        ],
        today,
      ),
    );
  if (problems.length > 0) throw new ContentError(problems);

  return {
    version: contentVersion(dir),
    coupons,
    experts,
    courses,
    lessons,
    questions,
    articles,
    availability,
    circleSpaces,
  };
}

export interface LoadOptions {
  /** Today, `YYYY-MM-DD`: the server passes its clock's date (default: the real date, in UTC). */
  today?: string;
  /** Told, at every load, the published pages whose review is overdue (none: not called). */
  warn?: (message: string, fields: { pages: string[] }) => void;
}

/** Reads, checks and stores the content (see the file comment). Safe to run at every start. */
export async function loadContent(
  db: AnyDb,
  dir: string = CONTENT_DIR,
  { today = dayOf(new Date()), warn }: LoadOptions = {},
): Promise<LoadReport> {
  const version = contentVersion(dir);
  const [state] = await db.select({ version: contentState.version }).from(contentState);
  const report =
    state?.version === version
      ? unchanged(version)
      : await storeContent(db, readContent(dir, { today, checkReviewDates: false }));
  report.reviewsDue = await reviewsDue(db, today);
  if (report.reviewsDue.length > 0)
    warn?.('content review overdue: these pages stay online until they are reviewed', {
      pages: report.reviewsDue,
    });
  return report;
}
