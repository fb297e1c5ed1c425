/**
 * A member in one course, as every learning module reads her: her enrolment, the lessons she has
 * done and her quiz attempts (memberState), the status and progress they make; what every learning
 * module is made with; and marking lessons done.
 *
 * Rules:
 * - Lesson progress needs an enrolment: 403 NOT_ENROLLED otherwise.
 * - Progress counts only lessons that still exist (a lesson removed from the files is ignored).
 * - Status: completed (a post attempt or completedAt) → pre_quiz (no pre attempt) → learning →
 *   post_quiz (every lesson done).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Progress } from '../../contract/learning.ts';
import type { EnrolmentStatus } from '../../contract/learning-constants.ts';
import { progressFrom, statusFrom } from '../../contract/learning-progress-rules.ts';
import type { Database, Db, Tx } from '../db/index.ts';
import { enrolments, lessonProgress, quizAttempts } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import { type CachedCourse, type Catalogue, type CatalogueCache, courseOr404 } from './learning-catalogue.ts';
import { once } from './offline-receipts.ts';

/** What every learning module is made with (learning.ts createLearning passes them on). */
export interface LearningDeps {
  database: Database;
  clock: Clock;
  catalogue: CatalogueCache;
}

/** A query runs on the database or inside a transaction. */
export type Q = Db | Tx;
export type EnrolmentRow = typeof enrolments.$inferSelect;
export type AttemptRow = typeof quizAttempts.$inferSelect;

/** Her enrolment, lessons done (ids) and quiz attempts (newest first) in one course. */
export interface MemberState {
  enrolment: EnrolmentRow | null;
  done: Set<string>;
  attempts: AttemptRow[];
}

/** `inTx`: the queries run one after another (a transaction is one connection). */
export async function memberState(
  q: Q,
  userId: string,
  courseId: string,
  inTx = false,
): Promise<MemberState> {
  const queries = [
    () =>
      q
        .select()
        .from(enrolments)
        .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId))),
    () =>
      q
        .select({ lessonId: lessonProgress.lessonId })
        .from(lessonProgress)
        .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.courseId, courseId))),
    () =>
      q
        .select()
        .from(quizAttempts)
        .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.courseId, courseId)))
        .orderBy(desc(quizAttempts.submittedAt), desc(quizAttempts.id)),
  ] as const;
  let results: [EnrolmentRow[], { lessonId: string }[], AttemptRow[]];
  if (inTx) results = [await queries[0](), await queries[1](), await queries[2]()];
  else results = await Promise.all([queries[0](), queries[1](), queries[2]()]);
  const [e, done, attempts] = results;
  return { enrolment: e[0] ?? null, done: new Set(done.map((d) => d.lessonId)), attempts };
}

/** Her enrolments in every course, newest first. */
export const enrolmentsOf = (q: Q, userId: string) =>
  q.select().from(enrolments).where(eq(enrolments.userId, userId)).orderBy(desc(enrolments.enrolledAt));

/** Her state, or 403 NOT_ENROLLED. */
export async function requireEnrolment(q: Q, userId: string, course: CachedCourse, inTx = false) {
  const s = await memberState(q, userId, course.id, inTx);
  if (!s.enrolment) throw new ApiError('NOT_ENROLLED');
  return s;
}

// the rule itself is shared with the device (a lesson done offline): contract/learning-progress-rules.ts
export {
  allLessonsDone,
  progressFrom as progressOf,
  statusFrom as statusOf,
} from '../../contract/learning-progress-rules.ts';

export function stateStatus(course: CachedCourse, s: MemberState): EnrolmentStatus {
  const hasPre = s.attempts.some((a) => a.kind === 'pre');
  const completed = s.enrolment?.completedAt != null || s.attempts.some((a) => a.kind === 'post');
  return statusFrom(course, s.done, hasPre, completed);
}

/** Her progress as it stands now. */
export async function progressNow(
  q: Q,
  userId: string,
  course: CachedCourse,
  inTx = false,
): Promise<Progress> {
  const s = await memberState(q, userId, course.id, inTx);
  return progressFrom(course, s.done, stateStatus(course, s));
}

/**
 * Marking lessons done (harmless to repeat); both answer her progress. A lesson done with a
 * `clientKey` (queued offline) is carried out once per key (offline-receipts.ts).
 */
export function createProgress({ database, clock, catalogue }: LearningDeps) {
  const db = database.db;

  const markDone = async (q: Q, userId: string, course: CachedCourse, lessonIds: string[], inTx = false) => {
    await requireEnrolment(q, userId, course, inTx);
    const now = clock.now();
    if (lessonIds.length > 0) {
      await q
        .insert(lessonProgress)
        .values(lessonIds.map((lessonId) => ({ userId, courseId: course.id, lessonId, completedAt: now })))
        .onConflictDoNothing();
    }
    return progressNow(q, userId, course, inTx);
  };

  /** The course and lesson, or 404 COURSE_NOT_FOUND / LESSON_NOT_FOUND. */
  const lessonOf = (cat: Catalogue, courseId: string, lessonId: string) => {
    const course = courseOr404(cat, courseId, true);
    if (!course.lessons.some((l) => l.id === lessonId)) {
      if (!course.published) throw new ApiError('COURSE_NOT_FOUND');
      throw new ApiError('LESSON_NOT_FOUND');
    }
    return course;
  };

  return {
    async completeLesson(
      userId: string,
      courseId: string,
      lessonId: string,
      clientKey?: string,
    ): Promise<Progress> {
      const cat = await catalogue.get();
      if (!clientKey) return markDone(db, userId, lessonOf(cat, courseId, lessonId), [lessonId]);
      // checked inside: a repeat of the key answers the first answer even if the course changed since
      return once(database, clock, { userId, clientKey, kind: 'lesson.done' }, (tx) =>
        markDone(tx, userId, lessonOf(cat, courseId, lessonId), [lessonId], true),
      );
    },

    async completeAll(userId: string, courseId: string): Promise<Progress> {
      const course = courseOr404(await catalogue.get(), courseId, true);
      return markDone(
        db,
        userId,
        course,
        course.lessons.map((l) => l.id),
      );
    },
  };
}
