/**
 * Learning without a connection (issue 28): constants only (the app imports this file): what the app and the server agree on for the work a
 * member does offline. A lesson marked done and a quiz answered offline wait in the device's queue,
 * each with its own `clientKey` (a random UUID made on the device); when the queue is sent, the
 * server keeps the first request with a key and answers every repeat of it with the first answer
 * (table `offline_receipts`), so a request sent twice (a lost answer, two tabs) counts once.
 */

/** A UUID made on the device for one queued request (the schema is `ClientKey` in learning-member.ts). */
export const CLIENT_KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const OFFLINE_LIMITS = {
  /** Courses one device keeps for offline reading at once. */
  maxSavedCourses: 10,
  /** Requests the queue holds; more is refused on the device (she is told). */
  maxQueueItems: 200,
  /** How long the server keeps a key's first answer (days). */
  receiptDays: 30,
} as const;

/** The kinds of request the queue carries. */
export const SYNC_KINDS = ['lesson.done', 'quiz.submit'] as const;
export type SyncKind = (typeof SYNC_KINDS)[number];

/** The IndexedDB database the app keeps on the device (deleted whole by sign-out, quick exit, deletion). */
export const OFFLINE_DB_NAME = 'amina-offline';
/** Cache Storage names that may hold anything of a member's (the service worker caches none today). */
export const MEMBER_CACHE_PREFIX = 'amina-member-';
