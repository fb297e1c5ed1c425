/**
 * Enrolments: one row per (member, course) (primary key), so concurrent enrolments make one. Free
 * courses through enrolFree; paid ones through enrolAfterPurchase (the checkout, next issue). And a
 * member's enrolled courses with their status and progress.
 */
import { eq, max } from 'drizzle-orm';
import type { EnrolledCourses, Enrolment } from '../../contract/learning.ts';
import type { EnrolmentStatus } from '../../contract/learning-constants.ts';
import { enrolments, lessonProgress, quizAttempts } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import type { Locale } from '../lib/i18n.ts';
import { courseOr404, courseSummary, isFree } from './learning-catalogue.ts';
import {
  type EnrolmentRow,
  enrolmentsOf,
  type LearningDeps,
  memberState,
  progressOf,
  type Q,
  stateStatus,
  statusOf,
} from './learning-progress.ts';

export function enrolmentView(e: EnrolmentRow, status: EnrolmentStatus): Enrolment {
  return {
    courseId: e.courseId,
    enrolledAt: e.enrolledAt.toISOString(),
    completedAt: e.completedAt?.toISOString() ?? null,
    source: e.source as Enrolment['source'],
    status,
  };
}

/**
 * For the checkout (next issue): enrols a member in purchased courses, inside the purchase's
 * transaction. Idempotent: an existing enrolment (free or bought) is kept as it is.
 */
export async function enrolAfterPurchase(
  tx: Q,
  userId: string,
  courseIds: readonly string[],
  clock: Clock,
): Promise<string[]> {
  if (courseIds.length === 0) return [];
  const now = clock.now();
  const rows = await tx
    .insert(enrolments)
    .values(
      [...new Set(courseIds)].map((courseId) => ({ userId, courseId, enrolledAt: now, source: 'purchase' })),
    )
    .onConflictDoNothing()
    .returning({ courseId: enrolments.courseId });
  return rows.map((r) => r.courseId);
}

export function createEnrolments({ database, clock, catalogue }: LearningDeps) {
  const db = database.db;

  return {
    /** Free courses only. created: false when she was already enrolled (the same enrolment). */
    async enrolFree(userId: string, courseId: string): Promise<{ enrolment: Enrolment; created: boolean }> {
      const course = courseOr404(await catalogue.get(), courseId);
      if (!isFree(course)) throw new ApiError('COURSE_NOT_FREE');
      const inserted = await db
        .insert(enrolments)
        .values({ userId, courseId, enrolledAt: clock.now(), source: 'free' })
        .onConflictDoNothing()
        .returning();
      const s = await memberState(db, userId, courseId);
      return { enrolment: enrolmentView(s.enrolment!, stateStatus(course, s)), created: inserted.length > 0 };
    },

    /** Her courses (newest enrolment first) with status and progress; courses gone from the files are left out. */
    async enrolledCourses(userId: string, locale: Locale): Promise<EnrolledCourses> {
      const { catalogue: cat, ratings } = await catalogue.withRatings();
      const [rows, done, attempts] = await Promise.all([
        enrolmentsOf(db, userId),
        db
          .select({
            courseId: lessonProgress.courseId,
            lessonId: lessonProgress.lessonId,
            at: lessonProgress.completedAt,
          })
          .from(lessonProgress)
          .where(eq(lessonProgress.userId, userId)),
        db
          .select({
            courseId: quizAttempts.courseId,
            kind: quizAttempts.kind,
            at: max(quizAttempts.submittedAt),
          })
          .from(quizAttempts)
          .where(eq(quizAttempts.userId, userId))
          .groupBy(quizAttempts.courseId, quizAttempts.kind),
      ]);
      const items = rows.flatMap((e) => {
        const course = cat.byId.get(e.courseId);
        if (!course) return [];
        const lessonsHere = done.filter((d) => d.courseId === e.courseId);
        const attemptsHere = attempts.filter((a) => a.courseId === e.courseId);
        const doneHere = new Set(lessonsHere.map((d) => d.lessonId));
        const kinds = new Set(attemptsHere.map((a) => a.kind));
        // her last step in the course: enrolling, a lesson done or a quiz taken
        const lastActivity = Math.max(
          e.enrolledAt.getTime(),
          ...lessonsHere.map((d) => d.at.getTime()),
          ...attemptsHere.map((a) => (a.at ? new Date(a.at).getTime() : 0)),
        );
        const status = statusOf(
          course,
          doneHere,
          kinds.has('pre'),
          e.completedAt !== null || kinds.has('post'),
        );
        return [
          {
            course: courseSummary(course, locale, ratings),
            enrolment: enrolmentView(e, status),
            progress: progressOf(course, doneHere, status),
            lastActivityAt: new Date(lastActivity).toISOString(),
          },
        ];
      });
      return { items };
    },
  };
}
