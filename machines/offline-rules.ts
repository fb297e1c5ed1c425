/**
 * The offline machine's types and pure rules (issue 28; machines/offline.ts is the chart). Nothing
 * here touches the browser: the device store, the service worker and the network are effects the
 * root provides.
 */
import type { MemberCourseDetail, QuizSubmitBody } from '../contract/learning';
import { OFFLINE_LIMITS, type SyncKind } from '../contract/offline';
import type { AppError, ErrorCode, Locale } from './types';

/** One course kept on this device for offline reading (the list; the copy itself is encrypted). */
export interface SavedCourse {
  courseId: string;
  title: string;
  /** What the stored copy weighs (bytes of its JSON before encryption). */
  bytes: number;
  /** ISO time it was saved. */
  savedAt: string;
  /** The language the copy is in. */
  locale: Locale;
}

/** A request made offline, waiting to be sent (each with its own idempotency key). */
export type QueueItem =
  | { key: string; kind: 'lesson.done'; courseId: string; lessonId: string; madeAt: string }
  | { key: string; kind: 'quiz.submit'; courseId: string; body: QuizSubmitBody; madeAt: string };

export type { SyncKind };

export interface OfflineInput {
  /** navigator.onLine when the app starts (true on the server). */
  online: boolean;
}

export interface OfflineContext {
  /** What the browser last said (navigator.onLine, then its online/offline events). */
  online: boolean;
  /** The signed-in member whose copies and queue these are; null when nobody is signed in. */
  userId: string | null;
  saved: SavedCourse[];
  queue: QueueItem[];
  /** The course being saved or removed right now. */
  busyCourseId: string | null;
  /** The last failure (a code; views translate it). */
  error: AppError | null;
}

export type OfflineEvent =
  /** The browser's online/offline events. */
  | { type: 'offline.connectionChanged'; online: boolean }
  /** The root: a member is signed in (on start or after signing in): read her list and queue. */
  | { type: 'offline.member'; userId: string }
  /** The root: nobody is signed in any more (her copies stay on the device unless wiped). */
  | { type: 'offline.signedOut' }
  /** Save the course she has open (the view passes the member view it already loaded). */
  | { type: 'offline.save'; course: MemberCourseDetail; locale: Locale }
  | { type: 'offline.remove'; courseId: string }
  /** A request that could not be sent: keep it (the saved copy is updated by the caller). */
  | { type: 'offline.enqueue'; item: QueueItem }
  /** Try sending the queue now. */
  | { type: 'offline.sync' }
  /** Sign-out, quick exit, account deletion: delete every copy, the queue, the key and member caches. */
  | { type: 'offline.wipe' }
  | { type: 'offline.dismissError' };

/**
 * What the machine tells listeners as the queue is sent (the quiz waits for its own key; the root
 * tells her of a quiz result that came while its screen was closed).
 */
export type OfflineEmitted =
  | { type: 'offline.sent'; key: string; kind: SyncKind; courseId: string; output: unknown }
  | { type: 'offline.refused'; key: string; kind: SyncKind; courseId: string; error: AppError };

/** Whether this address is the screen of a quiz of this course (where its result shows itself). */
export function onQuizScreen(pathname: string, courseId: string): boolean {
  return pathname.startsWith(`/dashboard/course/${encodeURIComponent(courseId)}/quiz/`);
}

/** Bytes of a course copy as stored (UTF-8 JSON): what the view shows before she saves. */
export function courseDownloadBytes(course: MemberCourseDetail): number {
  return new TextEncoder().encode(JSON.stringify(course)).length;
}

/** The copies and queue of one member, as read from the device. */
export interface MemberStore {
  saved: SavedCourse[];
  queue: QueueItem[];
}

/** Saving `courseId` would go over the limit (saving again a course already kept replaces it). */
export function savedFull(saved: readonly SavedCourse[], courseId: string): boolean {
  return saved.length >= OFFLINE_LIMITS.maxSavedCourses && !saved.some((s) => s.courseId === courseId);
}

export function queueFull(queue: readonly QueueItem[]): boolean {
  return queue.length >= OFFLINE_LIMITS.maxQueueItems;
}

/** The list with `course` in it once (a course saved again replaces its entry), newest first. */
export function upsertSaved(saved: readonly SavedCourse[], course: SavedCourse): SavedCourse[] {
  return [course, ...saved.filter((s) => s.courseId !== course.courseId)];
}

/** The queue read from the device, then anything queued while it was being read (in order, once each). */
export function mergeQueue(stored: readonly QueueItem[], current: readonly QueueItem[]): QueueItem[] {
  const keys = new Set(stored.map((i) => i.key));
  return [...stored, ...current.filter((i) => !keys.has(i.key))];
}

/**
 * Failures after which an item is kept and tried again later: no answer, the server down or busy,
 * or her session gone (she signs in again). Any other answer is the server refusing the request
 * itself: sending it again would be refused again, so it is dropped and she is told.
 */
const RETRYABLE: readonly ErrorCode[] = [
  'NETWORK_ERROR',
  'TIMEOUT',
  'SERVER_ERROR',
  'UNAUTHORIZED',
  'SESSION_EXPIRED',
  'RATE_LIMITED',
  'TOO_MANY_ATTEMPTS',
  'NOT_PROVIDED',
];

export function isRetryable(error: AppError | null | undefined): boolean {
  return !error || RETRYABLE.includes(error.code);
}
