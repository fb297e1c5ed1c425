import { assign, emit, fromCallback, fromPromise, setup, spawnChild } from 'xstate';
import type { MemberCourseDetail } from '../contract/learning';
import {
  isRetryable,
  type MemberStore,
  mergeQueue,
  type OfflineContext,
  type OfflineEmitted,
  type OfflineEvent,
  type OfflineInput,
  type QueueItem,
  queueFull,
  type SavedCourse,
  savedFull,
  upsertSaved,
} from './offline-rules';
import { type AppError, type Locale, notProvided, toAppError } from './types';

/**
 * The offline machine's named effects, actions, guards and delay (machines/offline.ts is the chart):
 * every effect is a placeholder the root replaces (src/app/offline/actors.ts), tests with stubs.
 */
/** How long the queue waits after a failed send before it tries again (if nothing happens sooner). */
export const RETRY_DELAY_MS = 30_000;

type Fail = { error: unknown };

export const offlineSetup = setup({
  types: {} as {
    context: OfflineContext;
    input: OfflineInput;
    events: OfflineEvent;
    emitted: OfflineEmitted;
  },
  actors: {
    /** Sends `offline.connectionChanged` on the browser's online and offline events. */
    watchConnection: fromCallback(() => {}),
    /** Sends `offline.member` when a member is signed in (on start or later), `offline.signedOut` after. */
    watchSession: fromCallback(() => {}),
    /** Reads her saved list and queue from the device (decrypted). */
    loadMember: fromPromise<MemberStore, { userId: string }>(notProvided),
    /** Keeps an encrypted copy of the course; answers its entry in the list. */
    saveCourse: fromPromise<SavedCourse, { userId: string; course: MemberCourseDetail; locale: Locale }>(
      notProvided,
    ),
    removeCourse: fromPromise<void, { userId: string; courseId: string }>(notProvided),
    /** Keeps one queued request on the device (encrypted). */
    storeItem: fromPromise<void, { userId: string; item: QueueItem }>(notProvided),
    /** Sends one request with its key; sent or refused, it leaves the device's queue. */
    sendItem: fromPromise<unknown, { userId: string; item: QueueItem }>(notProvided),
    /** Deletes the device's database (every copy, queue and key) and the caches of member data. */
    wipeDevice: fromPromise<void>(notProvided),
  },
  actions: {
    keepError: assign({ error: (_, p: Fail) => toAppError(p.error) as AppError | null }),
    clearError: assign({ error: null }),
    refuseWith: assign({ error: (_, p: { code: 'OFFLINE_FULL' | 'QUEUE_FULL' }) => ({ code: p.code }) }),
    setOnline: assign({ online: (_, p: { online: boolean }) => p.online }),
    setMember: assign({ userId: (_, p: { userId: string }) => p.userId, saved: [], queue: [] }),
    forgetMember: assign({ userId: null, saved: [], queue: [], busyCourseId: null }),
    keepStore: assign({
      saved: (_, p: MemberStore) => p.saved,
      queue: ({ context }, p: MemberStore) => mergeQueue(p.queue, context.queue),
    }),
    markBusy: assign({ busyCourseId: (_, p: { courseId: string }) => p.courseId }),
    keepSaved: assign({
      saved: ({ context }, p: SavedCourse) => upsertSaved(context.saved, p),
      busyCourseId: null,
    }),
    dropSaved: assign({
      saved: ({ context }) => context.saved.filter((s) => s.courseId !== context.busyCourseId),
      busyCourseId: null,
    }),
    notBusy: assign({ busyCourseId: null }),
    /** The item joins the queue at once; its copy on the device is written beside (storeItem). */
    addToQueue: assign({ queue: ({ context }, p: { item: QueueItem }) => [...context.queue, p.item] }),
    storeOnDevice: spawnChild('storeItem', {
      input: ({ context, event }) => ({
        userId: context.userId ?? '',
        item: (event as Extract<OfflineEvent, { type: 'offline.enqueue' }>).item,
      }),
    }),
    dropFirst: assign({ queue: ({ context }) => context.queue.slice(1) }),
    forgetEverything: assign({ saved: [], queue: [], busyCourseId: null, error: null }),
    tellSent: emit(({ context }, p: { output: unknown }) => ({
      type: 'offline.sent' as const,
      key: context.queue[0]?.key ?? '',
      kind: context.queue[0]?.kind ?? 'lesson.done',
      courseId: context.queue[0]?.courseId ?? '',
      output: p.output,
    })),
    tellRefused: emit(({ context }, p: Fail) => ({
      type: 'offline.refused' as const,
      key: context.queue[0]?.key ?? '',
      kind: context.queue[0]?.kind ?? 'lesson.done',
      courseId: context.queue[0]?.courseId ?? '',
      error: toAppError(p.error),
    })),
  },
  guards: {
    startedOnline: ({ context }) => context.online,
    wentOnline: (_, p: { online: boolean }) => p.online,
    wentOffline: (_, p: { online: boolean }) => !p.online,
    otherMember: ({ context }, p: { userId: string }) => p.userId !== context.userId,
    hasMember: ({ context }) => context.userId !== null,
    savedFull: ({ context }, p: { courseId: string }) => savedFull(context.saved, p.courseId),
    queueFull: ({ context }) => queueFull(context.queue),
    /** Something to send, a member to send it as, and a connection. */
    canSend: ({ context }) => context.online && context.userId !== null && context.queue.length > 0,
    retryable: (_, p: Fail) => isRetryable(toAppError(p.error)),
  },
  delays: { retryDelay: RETRY_DELAY_MS },
});
