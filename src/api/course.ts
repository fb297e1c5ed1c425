import { fromPromise } from 'xstate';
import type {
  CourseDetail,
  Enrolment,
  MemberCourseDetail,
  MyReview,
  Progress,
  ReviewsPage,
} from '../../contract/learning';
import type { LoadCourseInput } from '../../machines/courseLifecycle';
import { request } from './client';

/**
 * The course lifecycle's actors (spec §7): the member's or the public course read, free enrolment,
 * lesson progress, reviews. Every one passes its actor's abort signal.
 */

/** The public read shaped like a member's: no enrolment, no progress, lessons without bodies. */
export function asMemberView(course: CourseDetail): MemberCourseDetail {
  return {
    ...course,
    lessons: course.lessons.map((l) => ({ ...l, body: [], done: false })),
    enrolment: null,
    progress: null,
    quizzes: null,
    questionCounts: { pre: course.quizzes.pre.questionCount, post: course.quizzes.post.questionCount },
    myReview: null,
  };
}

const seg = encodeURIComponent;

export const loadCourseActor = fromPromise<MemberCourseDetail, LoadCourseInput>(async ({ input, signal }) =>
  input.userId
    ? request<MemberCourseDetail>(`/lms/get-course-by-id/${seg(input.courseId)}/${seg(input.userId)}`, {
        signal,
      })
    : asMemberView(await request<CourseDetail>(`/p/lms/get-course-by-id/${seg(input.courseId)}`, { signal })),
);

export const enrolFreeActor = fromPromise<Enrolment, { courseId: string }>(({ input, signal }) =>
  request('/articles/enroll-free-course', { method: 'POST', body: { courseId: input.courseId }, signal }),
);

export const markLessonDoneActor = fromPromise<Progress, { courseId: string; lessonId: string }>(
  ({ input, signal }) => request('/lms/lesson/complete', { method: 'POST', body: input, signal }),
);

export const markAllDoneActor = fromPromise<Progress, { courseId: string }>(({ input, signal }) =>
  request('/lms/mark-complete-all', { method: 'POST', body: { courseId: input.courseId }, signal }),
);

export const loadReviewsActor = fromPromise<ReviewsPage, { courseId: string; page: number; limit: number }>(
  ({ input, signal }) =>
    request(`/feedback/course/${seg(input.courseId)}/reviews`, {
      query: { page: input.page, limit: input.limit },
      signal,
    }),
);

export const saveReviewActor = fromPromise<
  MyReview,
  { userId: string; courseId: string; rating: number; text: string }
>(({ input, signal }) =>
  request(`/feedback/user/${seg(input.userId)}`, {
    method: 'PUT',
    body: { courseId: input.courseId, rating: input.rating, text: input.text },
    signal,
  }),
);
