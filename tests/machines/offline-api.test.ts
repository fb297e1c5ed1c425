import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, assign, createActor, createMachine, waitFor } from 'xstate';
import { CLIENT_KEY_PATTERN } from '../../contract/offline';
import { offlineMachine, type QueueItem } from '../../machines/offline';
import * as api from '../../src/app/offline/api';
import * as store from '../../src/app/offline/store';
import { wipeDevice } from '../../src/app/offline/wipe';
import { savedCourse } from '../support/offline-fixtures';

/**
 * The offline machine with the root's real effects (src/app/offline/actors.ts) over fake-indexeddb,
 * and the learning screens' helpers (api.ts): a lesson done and a quiz answered with no network,
 * the queue sent with its keys when she is back, and the session and connection followed.
 * Only the HTTP client is replaced: each test says what the server answers.
 */
const server = vi.hoisted(() => ({
  answer: (_path: string, _body: unknown): Promise<unknown> => Promise.reject({ code: 'NETWORK_ERROR' }),
  calls: [] as { path: string; body: unknown }[],
}));
vi.mock('../../src/api/client', () => ({
  request: (path: string, options: { body?: unknown }) => {
    server.calls.push({ path, body: options.body });
    return server.answer(path, options.body);
  },
}));

const { offlineActors } = await import('../../src/app/offline/actors');

/** A session as the root's (system id `session`): signedIn with `context.user`, or signedOut. */
const sessionLike = createMachine({
  types: {} as {
    context: { user: { id: string } | null };
    events: { type: 'in'; id: string } | { type: 'out' };
  },
  context: { user: null },
  initial: 'signedOut',
  states: {
    signedOut: {
      on: { in: { target: 'signedIn', actions: assign({ user: ({ event }) => ({ id: event.id }) }) } },
    },
    signedIn: { on: { out: { target: 'signedOut', actions: assign({ user: null }) } } },
  },
});

/** The offline machine beside a session, under the system ids the root gives them. */
function startSystem(online: boolean) {
  const root = createMachine({
    invoke: [
      { src: 'session', systemId: 'session' },
      { src: 'offline', systemId: 'offline', input: { online } },
    ],
  }).provide({
    actors: { session: sessionLike, offline: offlineMachine.provide({ actors: offlineActors }) },
  } as never);
  const app = createActor(root).start();
  const offline = app.system.get('offline') as AnyActorRef;
  const session = app.system.get('session') as AnyActorRef;
  const value = () => offline.getSnapshot().value as Record<string, string>;
  return { app, offline, session, system: app.system, value };
}

const ready = (offline: AnyActorRef) =>
  waitFor(offline, (s) => s.matches({ member: 'ready', store: 'idle' }));
const tick = () => new Promise((r) => setTimeout(r, 10));

let fakeWindow: EventTarget;
beforeEach(() => {
  server.calls.length = 0;
  server.answer = () => Promise.reject({ code: 'NETWORK_ERROR' });
  fakeWindow = new EventTarget();
  (globalThis as { window?: unknown }).window = fakeWindow;
});
afterEach(async () => {
  delete (globalThis as { window?: unknown }).window;
  await wipeDevice();
});

async function signedInWithCourse(online = false) {
  const s = startSystem(online);
  s.session.send({ type: 'in', id: 'u1' });
  await ready(s.offline);
  s.offline.send({ type: 'offline.save', course: savedCourse(), locale: 'en' });
  await waitFor(s.offline, (x) => x.matches({ store: 'idle' }) && x.context.saved.length === 1);
  return s;
}

describe('offline machine with the root’s effects', () => {
  it('follows the session: her list is read when she signs in and forgotten when she signs out', async () => {
    await store.saveCourse('u1', savedCourse(), 'en');
    const s = startSystem(true);
    expect(s.value().member).toBe('none');
    s.session.send({ type: 'in', id: 'u1' });
    await ready(s.offline);
    expect(s.offline.getSnapshot().context.saved.map((c: { courseId: string }) => c.courseId)).toEqual([
      'menstrual-cycle',
    ]);
    s.session.send({ type: 'out' });
    expect(s.value().member).toBe('none');
    expect(s.offline.getSnapshot().context).toMatchObject({ userId: null, saved: [], queue: [] });
    s.app.stop();
  });

  it("follows the browser's online and offline events", () => {
    const s = startSystem(true);
    fakeWindow.dispatchEvent(new Event('offline'));
    expect(s.offline.getSnapshot().hasTag('offline')).toBe(true);
    fakeWindow.dispatchEvent(new Event('online'));
    expect(s.offline.getSnapshot().hasTag('online')).toBe(true);
    s.app.stop();
  });

  it('a lesson done offline: marked in her copy, progress as the server’s, queued with a key, sent once back', async () => {
    const s = await signedInWithCourse(false);
    const progress = await api.recordLessonDoneOffline(s.system, {
      userId: 'u1',
      courseId: 'menstrual-cycle',
      lessonId: 'l2',
    });
    expect(progress).toMatchObject({ completedLessonIds: ['l2'], done: 1, percent: 33, nextLessonId: 'l1' });
    const copy = await api.readSavedCourse('u1', 'menstrual-cycle');
    expect(copy?.lessons.map((l) => l.done)).toEqual([false, true, false]);
    expect(copy?.progress).toEqual(progress);
    const [queued] = s.offline.getSnapshot().context.queue as QueueItem[];
    expect(queued).toMatchObject({ kind: 'lesson.done', courseId: 'menstrual-cycle', lessonId: 'l2' });
    expect(queued!.key).toMatch(CLIENT_KEY_PATTERN);
    // the same lesson again is not queued twice
    await api.recordLessonDoneOffline(s.system, {
      userId: 'u1',
      courseId: 'menstrual-cycle',
      lessonId: 'l2',
    });
    expect(s.offline.getSnapshot().context.queue).toHaveLength(1);
    await tick();
    expect((await store.loadMember('u1')).queue.map((i) => i.key)).toEqual([queued!.key]);
    // back online: sent with its key, then gone from the device
    server.answer = async () => ({ ...progress });
    fakeWindow.dispatchEvent(new Event('online'));
    await waitFor(s.offline, (x) => x.context.queue.length === 0 && x.matches({ sync: 'idle' }));
    expect(server.calls).toEqual([
      {
        path: '/lms/lesson/complete',
        body: { courseId: 'menstrual-cycle', lessonId: 'l2', clientKey: queued!.key },
      },
    ]);
    expect((await store.loadMember('u1')).queue).toEqual([]);
    s.app.stop();
  });

  it('her Enrolled Courses from the copies saved here, newest first, with what she did offline', async () => {
    const s = await signedInWithCourse(false);
    s.offline.send({ type: 'offline.save', course: savedCourse('second', 'Second course'), locale: 'en' });
    await waitFor(s.offline, (x) => x.matches({ store: 'idle' }) && x.context.saved.length === 2);
    await api.recordLessonDoneOffline(s.system, {
      userId: 'u1',
      courseId: 'menstrual-cycle',
      lessonId: 'l1',
    });
    const list = await api.savedEnrolledCourses('u1');
    expect(list.map((e) => [e.course.id, e.progress.done])).toEqual([
      ['second', 0],
      ['menstrual-cycle', 1],
    ]);
    // another member's copies are never hers
    expect(await api.savedEnrolledCourses('u2')).toEqual([]);
    s.app.stop();
  });

  it('a lesson in a course not saved here cannot be done offline', async () => {
    const s = await signedInWithCourse(false);
    await expect(
      api.recordLessonDoneOffline(s.system, { userId: 'u1', courseId: 'not-saved', lessonId: 'l1' }),
    ).rejects.toEqual({ code: 'NETWORK_ERROR' });
    await expect(
      api.recordLessonDoneOffline(s.system, { userId: 'u1', courseId: 'menstrual-cycle', lessonId: 'nope' }),
    ).rejects.toEqual({ code: 'LESSON_NOT_FOUND' });
    expect(s.offline.getSnapshot().context.queue).toEqual([]);
    s.app.stop();
  });

  it('a quiz answered offline waits for its result: kept after a network failure, answered once back', async () => {
    const s = await signedInWithCourse(true);
    const body = {
      courseId: 'menstrual-cycle',
      kind: 'pre' as const,
      answers: [{ questionId: 'q1', choices: [1] }],
    };
    const key = await api.queueQuizOffline(s.system, { body });
    expect(key).toMatch(CLIENT_KEY_PATTERN);
    const result = api.awaitQueuedResult<{ score: number }>(s.system, key);
    // online but the request is lost: kept on the device, tried again
    await waitFor(s.offline, (x) => x.matches({ sync: 'waiting' }));
    await tick();
    expect((await store.loadMember('u1')).queue.map((i) => i.key)).toEqual([key]);
    server.answer = async () => ({ score: 80 });
    s.offline.send({ type: 'offline.sync' });
    await expect(result).resolves.toEqual({ score: 80 });
    expect(server.calls.at(-1)).toEqual({ path: '/lms/quiz/submit', body: { ...body, clientKey: key } });
    expect((await store.loadMember('u1')).queue).toEqual([]);
    s.app.stop();
  });

  it('a request the server refuses is dropped from the device and its waiter told why', async () => {
    const s = await signedInWithCourse(false);
    const key = await api.queueQuizOffline(s.system, {
      body: { courseId: 'menstrual-cycle', kind: 'post', answers: [] },
    });
    const result = api.awaitQueuedResult(s.system, key);
    server.answer = () => Promise.reject({ code: 'NOT_ENROLLED' });
    fakeWindow.dispatchEvent(new Event('online'));
    await expect(result).rejects.toEqual({ code: 'NOT_ENROLLED' });
    expect(s.offline.getSnapshot().context.error).toEqual({ code: 'NOT_ENROLLED' });
    await tick();
    expect((await store.loadMember('u1')).queue).toEqual([]);
    s.app.stop();
  });

  it('offline.wipe deletes her copies and queue, on the device and in the machine', async () => {
    const s = await signedInWithCourse(false);
    await api.queueQuizOffline(s.system, { body: { courseId: 'menstrual-cycle', kind: 'pre', answers: [] } });
    s.offline.send({ type: 'offline.wipe' });
    await waitFor(s.offline, (x) => x.matches({ store: 'idle' }));
    expect(s.offline.getSnapshot().context).toMatchObject({ saved: [], queue: [], error: null });
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain('amina-offline');
    expect(await api.readSavedCourse('u1', 'menstrual-cycle')).toBeNull();
    s.app.stop();
  });

  it('queues nothing when nobody is signed in, or when the queue is full', async () => {
    const s = startSystem(false);
    const body = { courseId: 'menstrual-cycle', kind: 'pre' as const, answers: [] };
    await expect(api.queueQuizOffline(s.system, { body })).rejects.toEqual({ code: 'NETWORK_ERROR' });
    s.session.send({ type: 'in', id: 'u1' });
    await ready(s.offline);
    for (let i = 0; i < 200; i++) await api.queueQuizOffline(s.system, { body });
    await expect(api.queueQuizOffline(s.system, { body })).rejects.toEqual({ code: 'QUEUE_FULL' });
    expect(s.offline.getSnapshot().context.queue).toHaveLength(200);
    s.app.stop();
  });

  it('knows a failure for want of a network', () => {
    expect(api.isOfflineError({ code: 'NETWORK_ERROR' })).toBe(true);
    expect(api.isOfflineError({ code: 'NOT_ENROLLED' })).toBe(false);
    expect(api.isOfflineError(new Error('x'))).toBe(false);
  });
});
