import { type AnyActorRef, fromPromise } from 'xstate';
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

/** What the actors do with no network (issue 28): a small chunk, loaded only when it is needed. */
const offline = () => import('./course-offline');

/** Whether this course is saved on this device (the root offline machine's list). */
function savedHere(system: AnyActorRef['system'], courseId: string): boolean {
  const saved = system.get('offline')?.getSnapshot()?.context?.saved as { courseId: string }[] | undefined;
  return !!saved?.some((c) => c.courseId === courseId);
}

/**
 * Her course (or the public one). Online, a course she saved on this device is refreshed there too
 * (not awaited); with no network, her saved copy is what opens, and without one the failure stands.
 */
export const loadCourseActor = fromPromise<MemberCourseDetail, LoadCourseInput>(
  async ({ input, signal, system }) => {
    const { userId, courseId } = input;
    if (!userId)
      return asMemberView(
        await request<CourseDetail>(`/p/lms/get-course-by-id/${seg(courseId)}`, { signal }),
      );
    try {
      const course = await request<MemberCourseDetail>(
        `/lms/get-course-by-id/${seg(courseId)}/${seg(userId)}`,
        {
          signal,
        },
      );
      if (savedHere(system, courseId)) void offline().then((m) => m.refreshSaved(userId, course));
      return course;
    } catch (error) {
      return (await offline()).savedCopy(userId, courseId, error);
    }
  },
);

export const enrolFreeActor = fromPromise<Enrolment, { courseId: string }>(({ input, signal }) =>
  request('/articles/enroll-free-course', { method: 'POST', body: { courseId: input.courseId }, signal }),
);

/**
 * A lesson done. With no network it is done in her saved copy and queued (issue 28): her progress
 * comes from the device, and the queue sends the lesson when she is back.
 */
export const markLessonDoneActor = fromPromise<Progress, { courseId: string; lessonId: string }>(
  async ({ input, signal, system }) => {
    try {
      return await request<Progress>('/lms/lesson/complete', { method: 'POST', body: input, signal });
    } catch (error) {
      return (await offline()).lessonDoneOffline(system, input, error);
    }
  },
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
