/**
 * Her progress on the device (issue 28): the server's rule, applied to her saved copy when she
 * marks a lesson done with no network. Beside offline-rules.ts, in its own file so that only the
 * lazily loaded offline helpers (src/app/offline/api.ts) carry it, not the first page.
 */
import type { EnrolledCourse, MemberCourseDetail, Progress } from '../contract/learning';
import { progressFrom, statusFrom } from '../contract/learning-progress-rules';
import type { QueueItem } from './offline-rules';

/**
 * Her progress after one more lesson done, computed on the device from the saved copy, by the
 * server's rule (server/domain/learning-progress.ts progressOf / statusOf): the lessons done in the
 * course's order, percent rounded down, the next lesson the first not done, and the status
 * completed (a post-quiz attempt or completedAt) → pre_quiz (no pre-quiz attempt) → post_quiz (every
 * lesson done) → learning. `pending` are the requests still queued: a quiz answered offline counts
 * as an attempt, as it will once the queue is sent (the queue is sent in order). Returns null when
 * the copy has no progress (not enrolled).
 */
export function progressAfter(
  course: MemberCourseDetail,
  lessonId: string,
  pending: readonly QueueItem[] = [],
): Progress | null {
  if (!course.progress || !course.enrolment) return null;
  const done = new Set([
    ...course.progress.completedLessonIds,
    ...course.lessons.filter((l) => l.done).map((l) => l.id),
    lessonId,
  ]);
  const queuedQuiz = (kind: 'pre' | 'post') =>
    pending.some((i) => i.kind === 'quiz.submit' && i.courseId === course.id && i.body.kind === kind);
  const hasPre =
    course.progress.status !== 'pre_quiz' || !!course.quizzes?.pre.lastAttempt || queuedQuiz('pre');
  const completed =
    course.progress.status === 'completed' ||
    course.enrolment.completedAt != null ||
    !!course.quizzes?.post.lastAttempt ||
    queuedQuiz('post');
  return progressFrom(course, done, statusFrom(course, done, hasPre, completed));
}

/** The saved copy with the lesson done and her progress as the device computed it. */
export function withLessonDone(course: MemberCourseDetail, lessonId: string, progress: Progress) {
  return {
    ...course,
    lessons: course.lessons.map((l) => (l.id === lessonId ? { ...l, done: true } : l)),
    progress,
  };
}

/**
 * One entry of her Enrolled Courses from a copy saved on this device (the dashboard with no network):
 * the course's summary, her enrolment and her progress as the copy holds them (lessons done offline
 * included). Her last step's time is not on the device: the latest of enrolling, finishing and
 * saving the copy stands for it. null when the copy is not of a course she is enrolled in.
 */
export function enrolledFromCopy(course: MemberCourseDetail, savedAt: string): EnrolledCourse | null {
  const { enrolment, progress } = course;
  if (!enrolment || !progress) return null;
  const { id, name, title, avatar } = course.expert;
  const times = [enrolment.enrolledAt, enrolment.completedAt, savedAt].filter((t): t is string => !!t);
  return {
    course: {
      id: course.id,
      title: course.title,
      summary: course.summary,
      price: course.price,
      sale_price: course.sale_price,
      currency: course.currency,
      isFree: course.isFree,
      durationMinutes: course.durationMinutes,
      level: course.level,
      lessonCount: course.lessonCount,
      rating: course.rating,
      expert: { id, name, title, avatar },
    },
    enrolment,
    progress,
    lastActivityAt: times.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a)),
  };
}
