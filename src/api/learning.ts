import { fromPromise } from 'xstate';
import type {
  CoursesPage,
  EnrolledCourses,
  MyReview,
  MyReviews,
  QuizResults,
  ReviewBodyInput,
} from '../../contract/learning';
import type { catalogueMachine } from '../../machines/catalogue';
import type { LoadedLists, MyLearningInput, myLearningMachine } from '../../machines/myLearning';
import type { quizMachine } from '../../machines/quiz';
import { request } from './client';

/**
 * The learning actors the catalogue and the dashboard's learning pages name (spec §7); the quiz's
 * are in src/api/quiz.ts. Each passes its actor's abort signal, so leaving a state cancels the request.
 */
const seg = encodeURIComponent;

/** GET /lms/courses/all?page&limit (public; items in the current language). */
export const fetchCourses = fromPromise<CoursesPage, { page: number; limit: number }>(({ input, signal }) =>
  request('/lms/courses/all', { query: { page: input.page, limit: input.limit }, signal }),
);

/**
 * One dashboard list: her courses, her quiz results or her reviews. With no network, her courses
 * are those saved on this device (issue 28; src/api/course-offline.ts, loaded only then).
 */
export const loadList = fromPromise<LoadedLists, MyLearningInput>(async ({ input, signal }) => {
  const user = seg(input.userId);
  switch (input.list) {
    case 'courses': {
      try {
        const res = await request<EnrolledCourses>(`/lms/user/courses/${user}`, { signal });
        return { courses: res.items };
      } catch (error) {
        if (signal.aborted) throw error;
        // the helpers arrive with a saved course (the worker keeps them); without them the failure stands
        const offline = await import('./course-offline').catch(() => {
          throw error;
        });
        return { courses: await offline.savedCourseList(input.userId, error), fromDevice: true };
      }
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
