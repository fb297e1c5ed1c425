import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorLogic, type AnyActorRef, createActor, createMachine, setup } from 'xstate';
import { loadCourseActor, markLessonDoneActor } from '../../src/api/course';
import { loadList } from '../../src/api/learning';
import { awaitQueuedResultWith, loadQuiz, submitQuizWith } from '../../src/api/quiz';

/**
 * The learning actors' offline fallbacks (issue 28): with no network her course and quiz come from
 * the copy saved on this device, a lesson done and quiz answers go to the offline queue; online, a
 * course she saved is refreshed on the device. The HTTP client and the offline helpers are stubbed.
 */
const request = vi.fn();
vi.mock('../../src/api/client', () => ({ request: (...args: unknown[]) => request(...args) }));

const offline = {
  isOfflineError: vi.fn((e: unknown) => (e as { code?: string })?.code === 'NETWORK_ERROR'),
  readSavedCourse: vi.fn(),
  savedEnrolledCourses: vi.fn(),
  updateSavedCourse: vi.fn(async () => {}),
  recordLessonDoneOffline: vi.fn(),
  queueQuizOffline: vi.fn(),
  awaitQueuedResult: vi.fn(),
};
vi.mock('../../src/app/offline/api', () => offline);

const COURSE = { id: 'c1', title: 'Course' };
const COPY = { id: 'c1', title: 'Saved copy' };
const NETWORK = { code: 'NETWORK_ERROR' };

/**
 * Runs one actor inside a root whose system has `offline` (the saved courses) and `session` (her id),
 * as the app's root does; resolves or rejects as the actor does.
 */
function run(logic: AnyActorLogic, input: unknown, o: { saved?: string[]; userId?: string } = {}) {
  let root!: AnyActorRef;
  const done = new Promise((resolve, reject) => {
    root = createActor(
      setup({
        actors: {
          offline: createMachine({ context: { saved: (o.saved ?? []).map((courseId) => ({ courseId })) } }),
          session: createMachine({ context: { user: o.userId ? { id: o.userId } : null } }),
          subject: logic,
        },
      }).createMachine({
        invoke: [
          { src: 'offline', systemId: 'offline' },
          { src: 'session', systemId: 'session' },
          {
            src: 'subject',
            input,
            onDone: { actions: ({ event }) => resolve(event.output) },
            onError: { actions: ({ event }) => reject(event.error) },
          },
        ],
      }),
    ).start();
  });
  return { done, system: root.system };
}

beforeEach(() => {
  request.mockReset();
  for (const fn of Object.values(offline)) fn.mockClear();
  offline.readSavedCourse.mockReset();
  offline.savedEnrolledCourses.mockReset();
});

describe('loadCourseActor', () => {
  it('online: her course; a course saved here is refreshed on the device, others are not', async () => {
    request.mockResolvedValue(COURSE);
    expect(await run(loadCourseActor, { courseId: 'c1', userId: 'u1' }, { saved: ['c1'] }).done).toEqual(
      COURSE,
    );
    await vi.waitFor(() => expect(offline.updateSavedCourse).toHaveBeenCalledWith('u1', COURSE));
    offline.updateSavedCourse.mockClear();
    expect(await run(loadCourseActor, { courseId: 'c1', userId: 'u1' }, { saved: ['c2'] }).done).toEqual(
      COURSE,
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(offline.updateSavedCourse).not.toHaveBeenCalled();
  });

  it('no network: the saved copy; none saved, the network error stands; other errors are not hidden', async () => {
    request.mockRejectedValue(NETWORK);
    offline.readSavedCourse.mockResolvedValue(COPY);
    expect(await run(loadCourseActor, { courseId: 'c1', userId: 'u1' }).done).toEqual(COPY);
    expect(offline.readSavedCourse).toHaveBeenCalledWith('u1', 'c1');

    offline.readSavedCourse.mockResolvedValue(null);
    await expect(run(loadCourseActor, { courseId: 'c1', userId: 'u1' }).done).rejects.toEqual(NETWORK);

    offline.readSavedCourse.mockClear();
    request.mockRejectedValue({ code: 'COURSE_NOT_FOUND' });
    await expect(run(loadCourseActor, { courseId: 'c1', userId: 'u1' }).done).rejects.toEqual({
      code: 'COURSE_NOT_FOUND',
    });
    expect(offline.readSavedCourse).not.toHaveBeenCalled();
  });

  it('a visitor: the public course, never a saved copy', async () => {
    request.mockRejectedValue(NETWORK);
    await expect(run(loadCourseActor, { courseId: 'c1', userId: null }).done).rejects.toEqual(NETWORK);
    expect(offline.readSavedCourse).not.toHaveBeenCalled();
  });
});

describe('loadList: her Enrolled Courses', () => {
  const ITEMS = [{ course: { id: 'c1' } }];
  const SAVED = [{ course: { id: 'c2' } }];
  const courses = { list: 'courses', userId: 'u1' };

  it("online: the server's list, never the device's", async () => {
    request.mockResolvedValue({ items: ITEMS });
    expect(await run(loadList, courses).done).toEqual({ courses: ITEMS });
    expect(request).toHaveBeenCalledWith('/lms/user/courses/u1', expect.anything());
    expect(offline.savedEnrolledCourses).not.toHaveBeenCalled();
  });

  it('no network: the courses saved here, said to be from the device; none saved, the error stands', async () => {
    request.mockRejectedValue(NETWORK);
    offline.savedEnrolledCourses.mockResolvedValue(SAVED);
    expect(await run(loadList, courses).done).toEqual({ courses: SAVED, fromDevice: true });
    expect(offline.savedEnrolledCourses).toHaveBeenCalledWith('u1');

    offline.savedEnrolledCourses.mockResolvedValue([]);
    await expect(run(loadList, courses).done).rejects.toEqual(NETWORK);
  });

  it("another failure is the list's own: the device is not read", async () => {
    request.mockRejectedValue({ code: 'FORBIDDEN' });
    await expect(run(loadList, courses).done).rejects.toEqual({ code: 'FORBIDDEN' });
    expect(offline.savedEnrolledCourses).not.toHaveBeenCalled();
  });
});

describe('markLessonDoneActor', () => {
  it('no network: done in her saved copy and queued, with her progress from the device', async () => {
    const progress = { courseId: 'c1', percent: 50 };
    request.mockRejectedValue(NETWORK);
    offline.recordLessonDoneOffline.mockResolvedValue(progress);
    const { done, system } = run(markLessonDoneActor, { courseId: 'c1', lessonId: 'l1' }, { userId: 'u1' });
    expect(await done).toEqual(progress);
    // the root's system (compared by identity: xstate's system does not deep-compare)
    const [given, what] = offline.recordLessonDoneOffline.mock.calls[0];
    expect(given === system).toBe(true);
    expect(what).toEqual({ userId: 'u1', courseId: 'c1', lessonId: 'l1' });
  });

  it('online: the server; a refusal is not queued', async () => {
    request.mockResolvedValueOnce({ percent: 100 });
    expect(await run(markLessonDoneActor, { courseId: 'c1', lessonId: 'l1' }, { userId: 'u1' }).done).toEqual(
      {
        percent: 100,
      },
    );
    request.mockRejectedValue({ code: 'NOT_ENROLLED' });
    await expect(
      run(markLessonDoneActor, { courseId: 'c1', lessonId: 'l1' }, { userId: 'u1' }).done,
    ).rejects.toEqual({ code: 'NOT_ENROLLED' });
    expect(offline.recordLessonDoneOffline).not.toHaveBeenCalled();
  });
});

describe('the quiz actors', () => {
  it('loadQuiz: the saved copy with no network', async () => {
    request.mockRejectedValue(NETWORK);
    offline.readSavedCourse.mockResolvedValue(COPY);
    expect(await run(loadQuiz, { courseId: 'c1', userId: 'u1' }).done).toEqual(COPY);
  });

  it('submitQuiz: online the result; with no network queued in the root system, with its key', async () => {
    const root = run(createMachine({}), undefined).system;
    const body = { courseId: 'c1', kind: 'pre', answers: [] };
    request.mockResolvedValueOnce({ score: 1 });
    expect(await run(submitQuizWith(root), body).done).toEqual({ score: 1 });
    expect(offline.queueQuizOffline).not.toHaveBeenCalled();

    request.mockRejectedValue(NETWORK);
    offline.queueQuizOffline.mockResolvedValue('k-1');
    expect(await run(submitQuizWith(root), body).done).toEqual({ queued: true, key: 'k-1' });
    const [given, what] = offline.queueQuizOffline.mock.calls[0];
    expect(given === root).toBe(true);
    expect(what).toEqual({ body });

    request.mockRejectedValue({ code: 'QUIZ_INCOMPLETE' });
    await expect(run(submitQuizWith(root), body).done).rejects.toEqual({ code: 'QUIZ_INCOMPLETE' });
  });

  it('awaitQueuedResult: the answer the queue brings back for that key', async () => {
    const root = run(createMachine({}), undefined).system;
    offline.awaitQueuedResult.mockResolvedValue({ score: 3 });
    expect(await run(awaitQueuedResultWith(root), { key: 'k-1' }).done).toEqual({ score: 3 });
    const [given, key] = offline.awaitQueuedResult.mock.calls[0];
    expect(given === root).toBe(true);
    expect(key).toBe('k-1');
  });
});
