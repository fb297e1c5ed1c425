/**
 * The learning domain, one file per role, wired here on one database and clock:
 * - learning-catalogue.ts   the cached catalogue (content tables) and its views; correct options stay here
 * - learning-courses.ts     the catalogue page, a course for visitors, a course as a member sees it
 * - learning-enrolments.ts  free enrolment, enrolment after a purchase, her enrolled courses
 * - learning-progress.ts    her state in a course (enrolment, lessons done, attempts), status and
 *                           progress, marking lessons done; what every learning module is made with
 * - learning-quizzes.ts     judging and submitting quizzes, her scores
 * - learning-reviews.ts     reviews of completed courses, without identities
 * Every time comes from the injected clock.
 */
import type { Database } from '../db/index.ts';
import type { Clock } from '../lib/clock.ts';
import { createCatalogue } from './learning-catalogue.ts';
import { createCourseReads } from './learning-courses.ts';
import { createEnrolments } from './learning-enrolments.ts';
import { createProgress, type LearningDeps } from './learning-progress.ts';
import { createQuizzes } from './learning-quizzes.ts';
import { createReviews } from './learning-reviews.ts';

export { enrolAfterPurchase } from './learning-enrolments.ts';
export { scoreOf } from './learning-quizzes.ts';

export function createLearning({ database, clock }: { database: Database; clock: Clock }) {
  const deps: LearningDeps = { database, clock, catalogue: createCatalogue(database.db) };
  const reviews = createReviews(deps);
  return {
    catalogue: deps.catalogue,
    reviews,
    ...createCourseReads({ ...deps, reviews }),
    ...createEnrolments(deps),
    ...createProgress(deps),
    ...createQuizzes(deps),
  };
}
export type Learning = ReturnType<typeof createLearning>;
