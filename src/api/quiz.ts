import { fromPromise } from 'xstate';
import type { MemberCourseDetail, QuizResult, QuizSubmitBody } from '../../contract/learning';
import { type QuizSubmission, withQuizzesOpened } from '../../machines/quiz-rules';
import { request } from './client';
import type { AnyActorSystem } from './course-offline';

/**
 * The quiz screen's actors (spec §7; issue 28 for the offline parts). The offline helpers
 * (src/app/offline/api.ts) load only when the network has failed. Each passes its abort signal.
 */
const seg = encodeURIComponent;
const offlineApi = () => import('../app/offline/api');

/**
 * GET /lms/get-course-by-id/{courseId}/{userId}: her course, with both quizzes once enrolled; with
 * no network, the copy she saved on this device (issue 28), with the lessons she did offline counted.
 */
export const loadQuiz = fromPromise<MemberCourseDetail, { courseId: string; userId: string }>(
  async ({ input, signal }) => {
    try {
      return await request<MemberCourseDetail>(
        `/lms/get-course-by-id/${seg(input.courseId)}/${seg(input.userId)}`,
        { signal },
      );
    } catch (error) {
      const copy = await (await import('./course-offline')).savedCopy(input.userId, input.courseId, error);
      return withQuizzesOpened(copy);
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
