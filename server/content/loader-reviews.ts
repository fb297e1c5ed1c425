/**
 * Review dates against today (server/content/README.md, "Sources and review dates"). The schemas
 * check what holds on any day (1–5 sources, real dates, nextReview after reviewedOn); what depends
 * on today is checked here:
 * - `npm run content:check` (readContent's default, the real date): a published page reviewed
 *   "in the future" or whose nextReview has passed is a problem, so the check fails;
 * - the server's start (loadContent, today from its clock): an overdue review never stops the
 *   site (the pages stay as they were checked); `reviewsDue` names each overdue page, and the
 *   server logs them as a warning at every start.
 */
import { and, eq, lt } from 'drizzle-orm';
import { reviewOverdue } from '../../contract/content-rules.ts';
import { articles, courses } from '../db/schema.ts';
import type { AnyDb } from './loader-files.ts';

/** A course or an article as its file states its review. */
export interface ReviewedPage {
  /** As problems name it: `courses/<id>/course.json`, `articles/<id>/article.json`. */
  file: string;
  published: boolean;
  reviewedOn: string;
  nextReview: string;
}

const overdue = (file: string, nextReview: string, today: string) =>
  `${file}: the review was due on ${nextReview} (nextReview has passed; today is ${today}): check the page against its sources, then update reviewedOn and nextReview`;

/** The date problems of published pages on `today` (YYYY-MM-DD). */
export function reviewProblems(pages: ReviewedPage[], today: string): string[] {
  const problems: string[] = [];
  for (const p of pages) {
    if (!p.published) continue;
    if (p.reviewedOn > today)
      problems.push(`${p.file}: reviewedOn ${p.reviewedOn} is in the future (today is ${today})`);
    if (reviewOverdue(p.nextReview, today)) problems.push(overdue(p.file, p.nextReview, today));
  }
  return problems;
}

/** The stored published courses and articles whose review is overdue on `today`, as lines. */
export async function reviewsDue(db: AnyDb, today: string): Promise<string[]> {
  const [dueCourses, dueArticles] = await Promise.all([
    db
      .select({ id: courses.id, nextReview: courses.nextReview })
      .from(courses)
      .where(and(eq(courses.published, true), lt(courses.nextReview, today))),
    db
      .select({ id: articles.id, nextReview: articles.nextReview })
      .from(articles)
      .where(and(eq(articles.published, true), lt(articles.nextReview, today))),
  ]);
  return [
    ...dueCourses.map((c) => overdue(`courses/${c.id}/course.json`, c.nextReview!, today)),
    ...dueArticles.map((a) => overdue(`articles/${a.id}/article.json`, a.nextReview!, today)),
  ].sort();
}
