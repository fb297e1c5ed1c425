/**
 * The offline machine's types and pure rules (issue 28; machines/offline.ts is the chart). Nothing
 * here touches the browser: the device store, the service worker and the network are effects the
 * root provides.
 */
import type { MemberCourseDetail, Progress, QuizSubmitBody } from '../contract/learning';
import type { SyncKind } from '../contract/offline';
import type { AppError, Locale } from './types';

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

/** What the machine tells listeners as the queue is sent (the quiz waits for its own key). */
export type OfflineEmitted =
  | { type: 'offline.sent'; key: string; kind: SyncKind; output: unknown }
  | { type: 'offline.refused'; key: string; kind: SyncKind; error: AppError };

/** Bytes of a course copy as stored (UTF-8 JSON): what the view shows before she saves. */
export function courseDownloadBytes(course: MemberCourseDetail): number {
  return new TextEncoder().encode(JSON.stringify(course)).length;
}

/**
 * Her progress after one more lesson done, computed on the device from the saved copy (the server's
 * rule: order of lessons, percent rounded down… see server/domain for the exact rule the helper
 * mirrors). Returns null when the course has no progress (not enrolled).
 */
export type ProgressAfter = (course: MemberCourseDetail, lessonId: string) => Progress | null;
