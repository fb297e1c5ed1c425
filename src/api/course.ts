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

/** The offline helpers (issue 28) load only when they are needed: never on a first visit. */
export const offlineApi = () => import('../app/offline/api');

/** The app's actor system (the root's), where the offline machine runs as `offline`. */
export type AnyActorSystem = AnyActorRef['system'];

/** Whether this course is saved on this device (the root offline machine's list; no import). */
function savedHere(system: AnyActorSystem, courseId: string): boolean {
  const saved = system.get('offline')?.getSnapshot()?.context?.saved as { courseId: string }[] | undefined;
  return !!saved?.some((c) => c.courseId === courseId);
}

/** The signed-in member's id, as the session holds it. */
function memberId(system: AnyActorSystem): string | null {
  const user = system.get('session')?.getSnapshot()?.context?.user as
    | { id?: string | number; userid?: string | number }
    | null
    | undefined;
  const id = user?.id ?? user?.userid;
  return id != null ? String(id) : null;
}

/**
 * Her course (or the public one). Online, a course she saved on this device is refreshed there too
 * (not awaited); with no network, her saved copy is what opens (issue 28), and without one the
 * failure stands.
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
      if (savedHere(system, courseId))
        void offlineApi()
          .then((api) => api.updateSavedCourse(userId, course))
          .catch(() => {});
      return course;
    } catch (error) {
      return (await savedCopy(userId, courseId, error)) as MemberCourseDetail;
    }
  },
);

/** Her saved copy when the error is the network's; otherwise (or with no copy) the error again. */
export async function savedCopy(
  userId: string,
  courseId: string,
  error: unknown,
): Promise<MemberCourseDetail> {
  const api = await offlineApi();
  if (!api.isOfflineError(error)) throw error;
  const copy = await api.readSavedCourse(userId, courseId).catch(() => null);
  if (!copy) throw error;
  return copy;
}

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
      const api = await offlineApi();
      const userId = memberId(system);
      if (!userId || !api.isOfflineError(error)) throw error;
      return api.recordLessonDoneOffline(system, { userId, ...input });
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
