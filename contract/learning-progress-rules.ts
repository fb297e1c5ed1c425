/**
 * Her progress in a course, the one rule the server (server/domain/learning-progress.ts) and the
 * device (machines/offline-progress-rules.ts, a lesson done offline) both run. Zod-free: the app
 * imports it. Lessons done count in the course's order, the percent is rounded down, the next
 * lesson is the first not done; the status is completed (a post-quiz attempt or the enrolment
 * completed) → pre_quiz (no pre-quiz attempt) → post_quiz (every lesson done) → learning.
 */
import type { Progress } from './learning.ts';
import type { EnrolmentStatus } from './learning-constants.ts';

interface CourseLessons {
  id: string;
  lessons: readonly { id: string }[];
}

/** Every lesson of the course is done (the post-quiz opens). */
export const allLessonsDone = (course: CourseLessons, done: ReadonlySet<string>) =>
  course.lessons.every((l) => done.has(l.id));

export function statusFrom(
  course: CourseLessons,
  done: ReadonlySet<string>,
  hasPre: boolean,
  completed: boolean,
): EnrolmentStatus {
  if (completed) return 'completed';
  if (!hasPre) return 'pre_quiz';
  return allLessonsDone(course, done) ? 'post_quiz' : 'learning';
}

export function progressFrom(
  course: CourseLessons,
  done: ReadonlySet<string>,
  status: EnrolmentStatus,
): Progress {
  const completedLessonIds = course.lessons.filter((l) => done.has(l.id)).map((l) => l.id);
  const total = course.lessons.length;
  return {
    courseId: course.id,
    completedLessonIds,
    done: completedLessonIds.length,
    total,
    percent: total === 0 ? 0 : Math.floor((completedLessonIds.length * 100) / total),
    nextLessonId: course.lessons.find((l) => !done.has(l.id))?.id ?? null,
    status,
  };
}
