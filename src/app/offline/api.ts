/**
 * What the learning screens call for offline learning (issue 28; lazily imported, never with the
 * first page): her saved copy of a course, a lesson done and a quiz answered with no network (kept
 * in the offline machine's queue, system id `offline`), and the answer to a queued request.
 */
import type { AnyActorRef } from 'xstate';
import type {
  EnrolledCourse,
  MemberCourseDetail,
  Progress,
  QuizSubmitBody,
} from '../../../contract/learning';
import { enrolledFromCopy, progressAfter, withLessonDone } from '../../../machines/offline-progress-rules';
import {
  type OfflineContext,
  type OfflineEmitted,
  type QueueItem,
  queueFull,
} from '../../../machines/offline-rules';
import type { AppError } from '../../../machines/types';
import { readCourse, readCourses, updateCourse } from './store';

/** The app's actor system (the root's). */
export type AnyActorSystem = AnyActorRef['system'];

function offlineActor(system: AnyActorSystem): AnyActorRef {
  const actor = system.get('offline') as AnyActorRef | undefined;
  if (!actor) throw { code: 'OFFLINE_UNAVAILABLE' } satisfies AppError;
  return actor;
}

function contextOf(actor: AnyActorRef): OfflineContext {
  return actor.getSnapshot().context as OfflineContext;
}

/** Queues one request in the offline machine, or refuses (no member's queue, or the queue is full). */
function enqueue(system: AnyActorSystem, item: QueueItem): void {
  const actor = offlineActor(system);
  const { userId, queue } = contextOf(actor);
  // nobody's queue to keep it in (the machine would drop it): as if nothing could be done offline
  if (!userId) throw { code: 'NETWORK_ERROR' } satisfies AppError;
  if (queueFull(queue)) throw { code: 'QUEUE_FULL' } satisfies AppError;
  actor.send({ type: 'offline.enqueue', item });
}

/** Her saved copy of the course, decrypted; null when it is not saved on this device. */
export function readSavedCourse(userId: string, courseId: string): Promise<MemberCourseDetail | null> {
  return readCourse(userId, courseId);
}

/**
 * Her enrolled courses as the copies saved on this device hold them, newest saved first: what her
 * dashboard lists with no network. Read from the device itself, not the offline machine's list,
 * which may still be loading when the dashboard asks at start.
 */
export async function savedEnrolledCourses(userId: string): Promise<EnrolledCourse[]> {
  const copies = await readCourses(userId);
  return copies
    .map(({ meta, course }) => enrolledFromCopy(course, meta.savedAt))
    .filter((e): e is EnrolledCourse => e !== null);
}

/** Replaces her saved copy with a fresher one (only when the course is already saved here). */
export async function updateSavedCourse(userId: string, course: MemberCourseDetail): Promise<void> {
  await updateCourse(userId, course);
}

/**
 * A lesson done with no network: marked done in her saved copy, her progress computed as the
 * server would, and the request queued with its own key (sent when she is back). Rejects with
 * NETWORK_ERROR when the course is not saved here (nothing to mark it in), LESSON_NOT_FOUND when the
 * copy has no such lesson, QUEUE_FULL when the queue holds all it can.
 */
export async function recordLessonDoneOffline(
  system: AnyActorSystem,
  input: { userId: string; courseId: string; lessonId: string },
): Promise<Progress> {
  const { userId, courseId, lessonId } = input;
  const course = await readCourse(userId, courseId);
  if (!course?.progress) throw { code: 'NETWORK_ERROR' } satisfies AppError;
  if (!course.lessons.some((l) => l.id === lessonId)) throw { code: 'LESSON_NOT_FOUND' } satisfies AppError;
  const actor = offlineActor(system);
  const queue = contextOf(actor).queue;
  const already =
    course.lessons.find((l) => l.id === lessonId)?.done ||
    queue.some((i) => i.kind === 'lesson.done' && i.courseId === courseId && i.lessonId === lessonId);
  const progress = progressAfter(course, lessonId, queue) as Progress;
  if (!already)
    enqueue(system, {
      key: crypto.randomUUID(),
      kind: 'lesson.done',
      courseId,
      lessonId,
      madeAt: new Date().toISOString(),
    });
  await updateCourse(userId, withLessonDone(course, lessonId, progress));
  return progress;
}

/** Quiz answers made with no network, queued with a new key (returned, to await its result). */
export async function queueQuizOffline(
  system: AnyActorSystem,
  input: { body: QuizSubmitBody },
): Promise<string> {
  const key = crypto.randomUUID();
  enqueue(system, {
    key,
    kind: 'quiz.submit',
    courseId: input.body.courseId,
    body: { ...input.body, clientKey: undefined },
    madeAt: new Date().toISOString(),
  });
  return key;
}

/**
 * The server's answer to the queued request with this key, once the queue has sent it (the
 * offline machine's `offline.sent`); rejects with the server's refusal (`offline.refused`).
 */
export function awaitQueuedResult<T>(system: AnyActorSystem, key: string): Promise<T> {
  const actor = offlineActor(system);
  return new Promise<T>((resolve, reject) => {
    const subs = [
      actor.on('offline.sent', (e: OfflineEmitted) => {
        if (e.type !== 'offline.sent' || e.key !== key) return;
        for (const s of subs) s.unsubscribe();
        resolve(e.output as T);
      }),
      actor.on('offline.refused', (e: OfflineEmitted) => {
        if (e.type !== 'offline.refused' || e.key !== key) return;
        for (const s of subs) s.unsubscribe();
        reject(e.error);
      }),
    ];
  });
}

/** A failure that means "no network": the client's NETWORK_ERROR, or the browser offline. */
export function isOfflineError(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  return (error as AppError | null)?.code === 'NETWORK_ERROR';
}
