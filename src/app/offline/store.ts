/**
 * Her saved courses and queue on this device (issue 28), encrypted with her own key (crypto.ts) in
 * the offline database (db.ts). Loaded lazily by the offline machine's actors and by api.ts, never
 * with the first page. Where the browser has no IndexedDB, reading finds nothing and writing fails
 * with OFFLINE_UNAVAILABLE.
 */
import type { MemberCourseDetail } from '../../../contract/learning';
import type { MemberStore, QueueItem, SavedCourse } from '../../../machines/offline-rules';
import type { Locale } from '../../../machines/types';
import { newKey, open, seal } from './crypto';
import {
  allOf,
  available,
  type CourseRecord,
  done,
  isNothingStored,
  type KeyRecord,
  type QueueRecord,
  STORES,
  serial,
  transact,
  unavailable,
} from './db';

/** A read or a deletion where no database exists finds `fallback` (nothing is created for it). */
function orNothing<T>(work: Promise<T>, fallback: T): Promise<T> {
  return work.catch((error) => {
    if (isNothingStored(error)) return fallback;
    throw error;
  });
}

const metaOf = (userId: string) => `meta:${userId}`;
const copyOf = (userId: string) => `course:${userId}`;
const itemOf = (userId: string) => `queue:${userId}`;

async function keyOf(userId: string, create: true): Promise<CryptoKey>;
async function keyOf(userId: string, create: false): Promise<CryptoKey | null>;
async function keyOf(userId: string, create: boolean): Promise<CryptoKey | null> {
  const found = await transact(
    [STORES.keys],
    'readonly',
    (tx) => done(tx.objectStore(STORES.keys).get(userId) as IDBRequest<KeyRecord | undefined>),
    create,
  );
  if (found) return found.key;
  if (!create) return null;
  const key = await newKey();
  await transact(
    [STORES.keys],
    'readwrite',
    (tx) => done(tx.objectStore(STORES.keys).put({ userId, key } satisfies KeyRecord)),
    true,
  );
  return key;
}

interface Entry {
  record: CourseRecord;
  meta: SavedCourse;
}

/** Her saved copies' entries (decrypted lists; the copies themselves stay sealed). */
async function entriesOf(userId: string, key: CryptoKey): Promise<Entry[]> {
  const records = await transact([STORES.courses], 'readonly', (tx) =>
    allOf<CourseRecord>(tx, STORES.courses, userId),
  );
  const entries = await Promise.all(
    records.map(async (record) => {
      try {
        return { record, meta: await open<SavedCourse>(key, record.meta, metaOf(userId)) };
      } catch {
        return null;
      }
    }),
  );
  return entries.filter((e): e is Entry => e !== null);
}

async function entryOf(userId: string, courseId: string) {
  const key = await keyOf(userId, false);
  if (!key) return null;
  const entry = (await entriesOf(userId, key)).find((e) => e.meta.courseId === courseId);
  return entry ? { key, entry } : null;
}

/** Her saved courses in the order her list shows them: the one saved last first. */
const newestFirst = (a: SavedCourse, b: SavedCourse) =>
  a.savedAt < b.savedAt ? 1 : a.savedAt > b.savedAt ? -1 : 0;

/** Her list (newest first) and her queue (in the order it was made). */
export function loadMember(userId: string): Promise<MemberStore> {
  if (!available()) return Promise.resolve({ saved: [], queue: [] });
  const nothing: MemberStore = { saved: [], queue: [] };
  return orNothing(
    serial(async () => {
      const key = await keyOf(userId, false);
      if (!key) return { saved: [], queue: [] };
      const saved = (await entriesOf(userId, key)).map((e) => e.meta);
      saved.sort(newestFirst);
      const records = await transact([STORES.queue], 'readonly', (tx) =>
        allOf<QueueRecord>(tx, STORES.queue, userId),
      );
      records.sort((a, b) => a.at - b.at);
      const queue: QueueItem[] = [];
      for (const r of records) {
        try {
          queue.push(await open<QueueItem>(key, r.data, itemOf(userId)));
        } catch {}
      }
      return { saved, queue };
    }),
    nothing,
  );
}

function bytesOf(course: MemberCourseDetail): number {
  return new TextEncoder().encode(JSON.stringify(course)).length;
}

async function write(
  userId: string,
  key: CryptoKey,
  id: string,
  meta: SavedCourse,
  course: MemberCourseDetail,
) {
  const record: CourseRecord = {
    id,
    userId,
    meta: await seal(key, meta, metaOf(userId)),
    data: await seal(key, course, copyOf(userId)),
  };
  await transact(
    [STORES.courses],
    'readwrite',
    (tx) => done(tx.objectStore(STORES.courses).put(record)),
    true,
  );
}

/** Keeps an encrypted copy of the course (replacing an older one); answers its entry in the list. */
export function saveCourse(userId: string, course: MemberCourseDetail, locale: Locale): Promise<SavedCourse> {
  if (!available()) unavailable();
  return serial(async () => {
    const key = await keyOf(userId, true);
    const existing = (await entriesOf(userId, key)).find((e) => e.meta.courseId === course.id);
    const meta: SavedCourse = {
      courseId: course.id,
      title: course.title,
      bytes: bytesOf(course),
      savedAt: new Date().toISOString(),
      locale,
    };
    await write(userId, key, existing?.record.id ?? crypto.randomUUID(), meta, course);
    return meta;
  });
}

/** Her saved copy, decrypted; null when it is not saved here. */
export function readCourse(userId: string, courseId: string): Promise<MemberCourseDetail | null> {
  if (!available()) return Promise.resolve(null);
  return orNothing(
    serial(async () => {
      const found = await entryOf(userId, courseId);
      if (!found) return null;
      return open<MemberCourseDetail>(found.key, found.entry.record.data, copyOf(userId));
    }),
    null,
  );
}

/** Every copy she saved here, decrypted, with its entry in the list, newest first. */
export function readCourses(userId: string): Promise<{ meta: SavedCourse; course: MemberCourseDetail }[]> {
  if (!available()) return Promise.resolve([]);
  return orNothing(
    serial(async () => {
      const key = await keyOf(userId, false);
      if (!key) return [];
      const entries = await entriesOf(userId, key);
      const copies = await Promise.all(
        entries.map(async ({ meta, record }) => {
          try {
            return { meta, course: await open<MemberCourseDetail>(key, record.data, copyOf(userId)) };
          } catch {
            return null;
          }
        }),
      );
      return copies.filter((c) => c !== null).sort((a, b) => newestFirst(a.meta, b.meta));
    }),
    [],
  );
}

/** Replaces the saved copy with a newer one (nothing when the course is not saved here). */
export function updateCourse(userId: string, course: MemberCourseDetail): Promise<boolean> {
  if (!available()) return Promise.resolve(false);
  return orNothing(
    serial(async () => {
      const found = await entryOf(userId, course.id);
      if (!found) return false;
      const meta = { ...found.entry.meta, title: course.title, bytes: bytesOf(course) };
      await write(userId, found.key, found.entry.record.id, meta, course);
      return true;
    }),
    false,
  );
}

export function removeCourse(userId: string, courseId: string): Promise<void> {
  if (!available()) unavailable();
  return orNothing(
    serial(async () => {
      const found = await entryOf(userId, courseId);
      if (!found) return;
      await transact([STORES.courses], 'readwrite', (tx) =>
        done(tx.objectStore(STORES.courses).delete(found.entry.record.id)),
      );
    }),
    undefined,
  );
}

let lastAt = 0;

/** Keeps one request made offline (encrypted), after those before it. */
export function putItem(userId: string, item: QueueItem): Promise<void> {
  if (!available()) unavailable();
  return serial(async () => {
    const key = await keyOf(userId, true);
    lastAt = Math.max(Date.now(), lastAt + 1);
    const record: QueueRecord = {
      key: item.key,
      userId,
      at: lastAt,
      data: await seal(key, item, itemOf(userId)),
    };
    await transact([STORES.queue], 'readwrite', (tx) => done(tx.objectStore(STORES.queue).put(record)), true);
  });
}

/** The request has left the queue (sent, or refused by the server). */
export function dropItem(key: string): Promise<void> {
  if (!available()) return Promise.resolve();
  return orNothing(
    serial(async () => {
      await transact([STORES.queue], 'readwrite', (tx) => done(tx.objectStore(STORES.queue).delete(key)));
    }),
    undefined,
  );
}
