import { fromPromise } from 'xstate';
import type {
  CoursesPage,
  EnrolledCourses,
  MemberCourseDetail,
  MyReview,
  MyReviews,
  QuizResult,
  QuizResults,
  QuizSubmitBody,
  ReviewBodyInput,
} from '../../contract/learning';
import type { catalogueMachine } from '../../machines/catalogue';
import type { LearningLists, MyLearningInput, myLearningMachine } from '../../machines/myLearning';
import type { QuizSubmission, quizMachine } from '../../machines/quiz';
import { request } from './client';
import { type AnyActorSystem, offlineApi, savedCopy } from './course';

/**
 * The learning actors the catalogue, the quiz and the dashboard's learning pages name (spec §7).
 * Each passes its actor's abort signal, so leaving a state cancels the request.
 */
const seg = encodeURIComponent;

/** GET /lms/courses/all?page&limit (public; items in the current language). */
export const fetchCourses = fromPromise<CoursesPage, { page: number; limit: number }>(({ input, signal }) =>
  request('/lms/courses/all', { query: { page: input.page, limit: input.limit }, signal }),
);

/**
 * GET /lms/get-course-by-id/{courseId}/{userId}: her course, with both quizzes once enrolled; with
 * no network, the copy she saved on this device (issue 28).
 */
export const loadQuiz = fromPromise<MemberCourseDetail, { courseId: string; userId: string }>(
  async ({ input, signal }) => {
    try {
      return await request<MemberCourseDetail>(
        `/lms/get-course-by-id/${seg(input.courseId)}/${seg(input.userId)}`,
        { signal },
      );
    } catch (error) {
      return savedCopy(input.userId, input.courseId, error);
    }
  },
);

/**
 * POST /lms/quiz/submit. With no network her answers go to the device's queue (issue 28) and the
 * output says so with their key. `root` is the app's actor system: the quiz is the screen's own actor.
 */
export const submitQuizWith = (root: AnyActorSystem) =>
  fromPromise<QuizSubmission, QuizSubmitBody>(async ({ input, signal }) => {
    try {
      return await request<QuizResult>('/lms/quiz/submit', { method: 'POST', body: input, signal });
    } catch (error) {
      const api = await offlineApi();
      if (!api.isOfflineError(error)) throw error;
      return { queued: true, key: await api.queueQuizOffline(root, { body: input }) };
    }
  });

/** The result of answers that waited in the queue: it comes when the queue has sent them. */
export const awaitQueuedResultWith = (root: AnyActorSystem) =>
  fromPromise<QuizResult, { key: string }>(async ({ input }) =>
    (await offlineApi()).awaitQueuedResult<QuizResult>(root, input.key),
  );

/** One dashboard list: her courses, her quiz results or her reviews. */
export const loadList = fromPromise<Partial<LearningLists>, MyLearningInput>(async ({ input, signal }) => {
  const user = seg(input.userId);
  switch (input.list) {
    case 'courses': {
      const res = await request<EnrolledCourses>(`/lms/user/courses/${user}`, { signal });
      return { courses: res.items };
    }
    case 'scores': {
      const res = await request<QuizResults>(`/lms/user/${user}/quiz-results`, { signal });
      return { scores: res.items };
    }
    case 'reviews': {
      const res = await request<MyReviews>(`/feedback/user/${user}`, { signal });
      return { reviews: res.items };
    }
  }
});

/** PUT /feedback/user/{userId}: her review of a course she completed (one per course, editable). */
export const saveReview = fromPromise<MyReview, { userId: string; review: ReviewBodyInput }>(
  ({ input, signal }) =>
    request(`/feedback/user/${seg(input.userId)}`, { method: 'PUT', body: input.review, signal }),
);

/**
 * The learning screens create their own actors; tests give them stub actors through
 * <RootProvider screens={…}> as they do for sign-up (declared here so the shared file stays as is).
 */
declare module '../app/actors' {
  interface ScreenOverrides {
    catalogue?: Parameters<typeof catalogueMachine.provide>[0];
    quiz?: Parameters<typeof quizMachine.provide>[0];
    myLearning?: Parameters<typeof myLearningMachine.provide>[0];
  }
}
