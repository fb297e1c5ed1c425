import type { MemberCourseDetail } from '../../contract/learning';
import { memberCourse, memberQuiz } from './learning-fixtures';

/** A course she is enrolled in, with lesson bodies, as the member read answers it (issue 28 tests). */
export function savedCourse(
  id = 'menstrual-cycle',
  title = 'Understanding your menstrual cycle',
): MemberCourseDetail {
  const base = memberCourse({ pre: memberQuiz('pre'), post: memberQuiz('post', { canSubmit: false }) });
  return {
    ...base,
    id,
    title,
    lessons: ['l1', 'l2', 'l3'].map((lessonId, i) => ({
      id: lessonId,
      position: i + 1,
      title: `Lesson ${lessonId}: the phases of the cycle`,
      minutes: 5,
      body: [{ t: 'p', c: [{ t: 'text', v: `Ovulation happens mid-cycle (${lessonId}).` }] }],
      done: false,
    })),
    enrolment: {
      courseId: id,
      enrolledAt: '2026-11-20T10:00:00.000Z',
      completedAt: null,
      source: 'free',
      status: 'learning',
    },
    progress: {
      courseId: id,
      completedLessonIds: [],
      done: 0,
      total: 3,
      percent: 0,
      nextLessonId: 'l1',
      status: 'learning',
    },
  };
}
