import { describe, expect, it } from 'vitest';
import {
  type AnyActorRef,
  createActor,
  createMachine,
  fromCallback,
  fromPromise,
  SimulatedClock,
} from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  type MemberStore,
  type OfflineEmitted,
  offlineMachine,
  type QueueItem,
  RETRY_DELAY_MS,
  type SavedCourse,
} from '../../machines/offline';
import { Coverage } from '../model/coverage';
import { savedCourse } from '../support/offline-fixtures';
import { controlledActor } from '../support/stub-actors';

/**
 * Model-based test of the offline machine (machines/offline.ts): the model below names what she
 * and the browser do (explicit events) and what each effect answers (a stub settled by hand:
 * LOAD_DONE, SEND_NETWORK…); each path drives the real machine with stub actors and checks its
 * state, context and what it emitted at every step. Time is a SimulatedClock (the retry delay).
 * The closing test checks the paths took every state and transition of the real machine.
 */
type Ev =
  | 'START_ONLINE'
  | 'START_OFFLINE'
  | 'SIGN_IN'
  | 'LOAD_DONE'
  | 'LOAD_FULL'
  | 'LOAD_FAIL'
  | 'GO_ONLINE'
  | 'GO_OFFLINE'
  | 'ENQUEUE'
  | 'SAVE'
  | 'SAVE_NEW'
  | 'SAVE_DONE'
  | 'SAVE_FAIL'
  | 'REMOVE'
  | 'REMOVE_DONE'
  | 'REMOVE_FAIL'
  | 'WIPE'
  | 'WIPE_DONE'
  | 'WIPE_FAIL'
  | 'SIGN_OUT'
  | 'OTHER_MEMBER'
  | 'SEND_OK'
  | 'SEND_NETWORK'
  | 'SEND_REFUSED'
  | 'RETRY_TIMER'
  | 'SYNC'
  | 'DISMISS';

const model = createTestModel(
  createMachine({
    id: 'offlineModel',
    types: {} as { events: { type: Ev } },
    initial: 'closed',
    states: {
      closed: { on: { START_ONLINE: 'noMemberOnline', START_OFFLINE: 'noMemberOffline' } },
      noMemberOnline: { on: { SIGN_IN: 'loadingOnline', GO_OFFLINE: 'noMemberOffline' } },
      noMemberOffline: { on: { SIGN_IN: 'loading', GO_ONLINE: 'noMemberOnline' } },
      loading: { on: { LOAD_DONE: 'ready', LOAD_FULL: 'full', LOAD_FAIL: 'readyEmpty' } },
      loadingOnline: { on: { LOAD_DONE: 'sending' } },
      readyEmpty: {},
      full: { on: { ENQUEUE: 'queueFullRefused', SAVE_NEW: 'savedFullRefused' } },
      queueFullRefused: { on: { DISMISS: 'queueFullDismissed' } },
      queueFullDismissed: {},
      savedFullRefused: {},
      ready: {
        on: {
          ENQUEUE: 'queued2',
          SAVE: 'saving',
          REMOVE: 'removing',
          WIPE: 'wiping',
          SIGN_OUT: 'signedOut',
          OTHER_MEMBER: 'loadingOther',
          GO_ONLINE: 'sending',
        },
      },
      queued2: {},
      saving: { on: { SAVE_DONE: 'saved2', SAVE_FAIL: 'saveFailed', WIPE: 'wipingWhileSaving' } },
      saved2: {},
      saveFailed: {},
      wipingWhileSaving: {},
      removing: { on: { REMOVE_DONE: 'removed', REMOVE_FAIL: 'removeFailed' } },
      removed: {},
      removeFailed: {},
      wiping: { on: { WIPE_DONE: 'wiped', WIPE_FAIL: 'wipeFailed' } },
      wiped: {},
      wipeFailed: {},
      signedOut: {},
      loadingOther: {},
      sending: { on: { SEND_OK: 'sent', SEND_NETWORK: 'waiting', SEND_REFUSED: 'refused' } },
      sent: {},
      refused: {},
      waiting: { on: { RETRY_TIMER: 'retriedByTimer', SYNC: 'retriedBySync', GO_OFFLINE: 'waitingOffline' } },
      waitingOffline: { on: { GO_ONLINE: 'retriedOnReconnect' } },
      retriedByTimer: {},
      retriedBySync: {},
      retriedOnReconnect: {},
    },
  }),
);
const paths = model.getShortestPaths();
const coverage = new Coverage('offline', offlineMachine);

const item = (key: string, lessonId = 'l1'): QueueItem => ({
  key,
  kind: 'lesson.done',
  courseId: 'menstrual-cycle',
  lessonId,
  madeAt: '2026-11-28T10:00:00.000Z',
});
const entry = (courseId: string): SavedCourse => ({
  courseId,
  title: `Course ${courseId}`,
  bytes: 100,
  savedAt: '2026-11-28T09:00:00.000Z',
  locale: 'en',
});

/** One run of the real machine with controlled stubs. */
function harness() {
  const clock = new SimulatedClock();
  const stubs = {
    loadMember: controlledActor<MemberStore, { userId: string }>(),
    saveCourse: controlledActor<SavedCourse, { userId: string }>(),
    removeCourse: controlledActor<void, { userId: string; courseId: string }>(),
    wipeDevice: controlledActor<void>(),
    sendItem: controlledActor<unknown, { userId: string; item: QueueItem }>(),
  };
  const stored: { userId: string; item: QueueItem }[] = [];
  const emitted: OfflineEmitted[] = [];
  let actor: AnyActorRef | undefined;
  const h = {
    clock,
    stubs,
    stored,
    emitted,
    start(online: boolean) {
      actor = createActor(
        offlineMachine.provide({
          actors: {
            watchConnection: fromCallback(() => {}),
            watchSession: fromCallback(() => {}),
            loadMember: stubs.loadMember.logic,
            saveCourse: stubs.saveCourse.logic as never,
            removeCourse: stubs.removeCourse.logic,
            wipeDevice: stubs.wipeDevice.logic,
            sendItem: stubs.sendItem.logic,
            // what each queued request asked the device to keep
            storeItem: fromPromise<void, { userId: string; item: QueueItem }>(async ({ input }) => {
              stored.push(input);
            }),
          },
        }),
        { input: { online }, clock, inspect: coverage.inspect },
      );
      actor.on('*', (e: OfflineEmitted) => emitted.push(e));
      actor.start();
    },
    send(event: Parameters<AnyActorRef['send']>[0]) {
      h.actor.send(event);
    },
    get actor() {
      return actor ?? expect.fail('not started');
    },
    snap() {
      return h.actor.getSnapshot();
    },
    value() {
      return h.snap().value as { connection: string; member: string; store: string; sync: string };
    },
  };
  return h;
}

type H = ReturnType<typeof harness>;
const course = savedCourse();

function expectValue(h: H, value: Partial<ReturnType<H['value']>>) {
  expect(h.value()).toMatchObject(value);
}

describe('offline machine (model)', () => {
  it('generates a path to every model state', () => {
    expect(paths.length).toBeGreaterThanOrEqual(20);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const h = harness();
      await path.test({
        events: {
          START_ONLINE: () => h.start(true),
          START_OFFLINE: () => h.start(false),
          SIGN_IN: () => h.send({ type: 'offline.member', userId: 'u1' }),
          LOAD_DONE: () => h.stubs.loadMember.resolve({ saved: [entry('c1')], queue: [item('k1')] }),
          LOAD_FULL: () =>
            h.stubs.loadMember.resolve({
              saved: Array.from({ length: 10 }, (_, i) => entry(`c${i}`)),
              queue: Array.from({ length: 200 }, (_, i) => item(`f${i}`)),
            }),
          LOAD_FAIL: () => h.stubs.loadMember.reject({ code: 'OFFLINE_UNAVAILABLE' }),
          GO_ONLINE: () => h.send({ type: 'offline.connectionChanged', online: true }),
          GO_OFFLINE: () => h.send({ type: 'offline.connectionChanged', online: false }),
          ENQUEUE: () => h.send({ type: 'offline.enqueue', item: item('k2', 'l2') }),
          SAVE: () => h.send({ type: 'offline.save', course, locale: 'ar' }),
          SAVE_NEW: () => h.send({ type: 'offline.save', course: savedCourse('c-new'), locale: 'en' }),
          SAVE_DONE: () => h.stubs.saveCourse.resolve(entry(course.id)),
          SAVE_FAIL: () => h.stubs.saveCourse.reject({ code: 'OFFLINE_UNAVAILABLE' }),
          REMOVE: () => h.send({ type: 'offline.remove', courseId: 'c1' }),
          REMOVE_DONE: () => h.stubs.removeCourse.resolve(undefined),
          REMOVE_FAIL: () => h.stubs.removeCourse.reject({ code: 'UNKNOWN' }),
          WIPE: () => h.send({ type: 'offline.wipe' }),
          WIPE_DONE: () => h.stubs.wipeDevice.resolve(undefined),
          WIPE_FAIL: () => h.stubs.wipeDevice.reject({ code: 'UNKNOWN' }),
          SIGN_OUT: () => h.send({ type: 'offline.signedOut' }),
          OTHER_MEMBER: () => h.send({ type: 'offline.member', userId: 'u2' }),
          SEND_OK: () => h.stubs.sendItem.resolve({ courseId: 'menstrual-cycle', percent: 33 }),
          SEND_NETWORK: () => h.stubs.sendItem.reject({ code: 'NETWORK_ERROR' }),
          SEND_REFUSED: () => h.stubs.sendItem.reject({ code: 'NOT_ENROLLED' }),
          RETRY_TIMER: async () => {
            h.clock.increment(RETRY_DELAY_MS - 1);
            expectValue(h, { sync: 'waiting' });
            h.clock.increment(1);
          },
          SYNC: () => h.send({ type: 'offline.sync' }),
          DISMISS: () => h.send({ type: 'offline.dismissError' }),
        },
        states: {
          closed: () => expect(() => h.actor).toThrow(),
          noMemberOnline: () => {
            expectValue(h, { connection: 'online', member: 'none', store: 'idle', sync: 'idle' });
            expect(h.snap().hasTag('online')).toBe(true);
            expect(h.snap().hasTag('offline')).toBe(false);
          },
          noMemberOffline: () => {
            expectValue(h, { connection: 'offline', member: 'none', sync: 'idle' });
            expect(h.snap().hasTag('offline')).toBe(true);
            // nobody to save for: a save asked now is ignored
            h.send({ type: 'offline.save', course, locale: 'en' });
            expectValue(h, { store: 'idle' });
          },
          loading: () => {
            expectValue(h, { member: 'loading' });
            expect(h.stubs.loadMember.last()?.input).toEqual({ userId: 'u1' });
            expect(h.snap().context.userId).toBe('u1');
          },
          loadingOnline: () => expectValue(h, { member: 'loading', sync: 'idle' }),
          readyEmpty: () => {
            expectValue(h, { member: 'ready' });
            expect(h.snap().context).toMatchObject({ saved: [], queue: [], error: null });
          },
          full: () => {
            expectValue(h, { connection: 'offline', member: 'ready', sync: 'idle' });
            expect(h.snap().context.saved).toHaveLength(10);
            expect(h.snap().context.queue).toHaveLength(200);
          },
          queueFullRefused: () => {
            expect(h.snap().context.error).toEqual({ code: 'QUEUE_FULL' });
            expect(h.snap().context.queue).toHaveLength(200);
            expect(h.stored).toEqual([]);
          },
          queueFullDismissed: () => expect(h.snap().context.error).toBeNull(),
          savedFullRefused: () => {
            expect(h.snap().context.error).toEqual({ code: 'OFFLINE_FULL' });
            expectValue(h, { store: 'idle' });
            expect(h.stubs.saveCourse.calls).toHaveLength(0);
          },
          ready: () => {
            expectValue(h, { connection: 'offline', member: 'ready', store: 'idle', sync: 'idle' });
            expect(h.snap().context).toMatchObject({ saved: [entry('c1')], queue: [item('k1')] });
            expect(h.stubs.sendItem.calls).toHaveLength(0);
          },
          queued2: () => {
            expect(h.snap().context.queue.map((i: QueueItem) => i.key)).toEqual(['k1', 'k2']);
            expect(h.stored).toEqual([{ userId: 'u1', item: item('k2', 'l2') }]);
            expectValue(h, { sync: 'idle' });
          },
          saving: () => {
            expectValue(h, { store: 'saving' });
            expect(h.snap().context.busyCourseId).toBe(course.id);
            expect(h.stubs.saveCourse.last()?.input).toEqual({ userId: 'u1', course, locale: 'ar' });
          },
          saved2: () => {
            expectValue(h, { store: 'idle' });
            expect(h.snap().context.saved.map((s: SavedCourse) => s.courseId)).toEqual([course.id, 'c1']);
            expect(h.snap().context.busyCourseId).toBeNull();
          },
          saveFailed: () => {
            expect(h.snap().context).toMatchObject({
              error: { code: 'OFFLINE_UNAVAILABLE' },
              busyCourseId: null,
            });
            expect(h.snap().context.saved).toEqual([entry('c1')]);
          },
          wipingWhileSaving: () => {
            expectValue(h, { store: 'wiping' });
            expect(h.stubs.saveCourse.last()?.signal.aborted).toBe(true);
            expect(h.snap().context).toMatchObject({ saved: [], queue: [], busyCourseId: null });
          },
          removing: () => {
            expectValue(h, { store: 'removing' });
            expect(h.stubs.removeCourse.last()?.input).toEqual({ userId: 'u1', courseId: 'c1' });
          },
          removed: () => {
            expect(h.snap().context).toMatchObject({ saved: [], busyCourseId: null, error: null });
          },
          removeFailed: () => {
            expect(h.snap().context).toMatchObject({ saved: [entry('c1')], error: { code: 'UNKNOWN' } });
          },
          wiping: () => {
            expectValue(h, { store: 'wiping', sync: 'idle' });
            expect(h.snap().context).toMatchObject({ saved: [], queue: [], userId: 'u1' });
          },
          wiped: () => {
            expectValue(h, { store: 'idle', member: 'ready' });
            expect(h.snap().context).toMatchObject({ saved: [], queue: [], error: null });
          },
          wipeFailed: () => {
            expectValue(h, { store: 'idle' });
            expect(h.snap().context.error).toEqual({ code: 'UNKNOWN' });
          },
          signedOut: () => {
            expectValue(h, { member: 'none', sync: 'idle' });
            expect(h.snap().context).toMatchObject({ userId: null, saved: [], queue: [] });
          },
          loadingOther: () => {
            expectValue(h, { member: 'loading' });
            expect(h.snap().context).toMatchObject({ userId: 'u2', saved: [], queue: [] });
            expect(h.stubs.loadMember.last()?.input).toEqual({ userId: 'u2' });
          },
          sending: () => {
            expectValue(h, { connection: 'online', sync: 'sending' });
            expect(h.stubs.sendItem.last()?.input).toEqual({ userId: 'u1', item: item('k1') });
          },
          sent: () => {
            expectValue(h, { sync: 'idle' });
            expect(h.snap().context.queue).toEqual([]);
            expect(h.emitted).toEqual([
              {
                type: 'offline.sent',
                key: 'k1',
                kind: 'lesson.done',
                courseId: 'menstrual-cycle',
                output: { courseId: 'menstrual-cycle', percent: 33 },
              },
            ]);
          },
          refused: () => {
            expectValue(h, { sync: 'idle' });
            expect(h.snap().context).toMatchObject({ queue: [], error: { code: 'NOT_ENROLLED' } });
            expect(h.emitted).toEqual([
              {
                type: 'offline.refused',
                key: 'k1',
                kind: 'lesson.done',
                courseId: 'menstrual-cycle',
                error: { code: 'NOT_ENROLLED' },
              },
            ]);
          },
          waiting: () => {
            expectValue(h, { sync: 'waiting' });
            expect(h.snap().context).toMatchObject({ queue: [item('k1')], error: null });
            expect(h.emitted).toEqual([]);
          },
          waitingOffline: () => expectValue(h, { connection: 'offline', sync: 'waiting' }),
          retriedByTimer: () => {
            expectValue(h, { sync: 'sending' });
            expect(h.stubs.sendItem.calls).toHaveLength(2);
          },
          retriedBySync: () => {
            expectValue(h, { sync: 'sending' });
            expect(h.stubs.sendItem.calls).toHaveLength(2);
          },
          retriedOnReconnect: () => {
            expectValue(h, { connection: 'online', sync: 'sending' });
            expect(h.stubs.sendItem.calls).toHaveLength(2);
          },
        },
      });
    });
  }

  it('covers every state and transition of the real offline machine', () => {
    console.log(coverage.report());
    expect(coverage.missing()).toEqual({ states: [], transitions: [] });
  });
});
