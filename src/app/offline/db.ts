/**
 * The device store's database (issue 28), a small promise wrapper over IndexedDB. Database
 * OFFLINE_DB_NAME, version 1:
 * - `keys`: one AES-GCM key per member ({ userId, key }), a non-extractable CryptoKey kept as is;
 * - `courses`: her saved copies ({ id (random), userId, meta, data }), `meta` the list's entry and
 *   `data` the copy, each encrypted; nothing readable but her id;
 * - `queue`: her requests made offline ({ key, userId, at, data }), `data` encrypted.
 * Every operation runs after the one before (one chain), so a request queued then sent is written
 * before it is deleted. The connection closes when another tab or the wipe deletes the database.
 */
import { OFFLINE_DB_NAME } from '../../../contract/offline';
import { onWipe, wipeCount } from './wipe';

export const STORES = { keys: 'keys', courses: 'courses', queue: 'queue' } as const;
export type StoreName = (typeof STORES)[keyof typeof STORES];

/** An encrypted value: a fresh 12-byte IV and the ciphertext. */
export interface Sealed {
  iv: Uint8Array<ArrayBuffer>;
  bytes: ArrayBuffer;
}
export interface KeyRecord {
  userId: string;
  key: CryptoKey;
}
export interface CourseRecord {
  id: string;
  userId: string;
  meta: Sealed;
  data: Sealed;
}
export interface QueueRecord {
  key: string;
  userId: string;
  /** When it was queued (ms), for the order. */
  at: number;
  data: Sealed;
}

export function available(): boolean {
  return typeof indexedDB !== 'undefined' && typeof crypto !== 'undefined' && !!crypto.subtle;
}

export function unavailable(): never {
  throw { code: 'OFFLINE_UNAVAILABLE' };
}

let opening: Promise<IDBDatabase> | null = null;

/** Opening found no database and was not allowed to create one (a read or a deletion). */
const NOTHING_STORED = 'nothing-stored';

function open(create: boolean): Promise<IDBDatabase> {
  if (!available()) unavailable();
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(OFFLINE_DB_NAME, 1);
    request.onupgradeneeded = (event) => {
      if (event.oldVersion === 0 && !create) {
        // nothing was ever kept here (or it was wiped): a read must not create the database
        request.transaction?.abort();
        return;
      }
      const db = request.result;
      db.createObjectStore(STORES.keys, { keyPath: 'userId' });
      db.createObjectStore(STORES.courses, { keyPath: 'id' }).createIndex('userId', 'userId');
      db.createObjectStore(STORES.queue, { keyPath: 'key' }).createIndex('userId', 'userId');
    };
    request.onsuccess = () => {
      const db = request.result;
      const close = () => {
        db.close();
        opening = null;
        unregister();
      };
      const unregister = onWipe(close);
      db.onversionchange = close;
      db.onclose = close;
      resolve(db);
    };
    request.onerror = (event) => {
      opening = null;
      event.preventDefault();
      reject(create ? request.error : NOTHING_STORED);
    };
    request.onblocked = () => {};
  });
  return opening;
}

export function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function finished(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('aborted'));
  });
}

let chain: Promise<unknown> = Promise.resolve();
/** The wipes there had been when the running operation was asked for. */
let askedAfter = 0;

/**
 * Runs `work` after every operation started before it (failures do not stop the chain). Work asked
 * for before a wipe does not touch the database after it: its transactions fail (WIPED).
 */
export function serial<T>(work: () => Promise<T>): Promise<T> {
  const asked = wipeCount();
  const run = () => {
    askedAfter = asked;
    return work();
  };
  const next = chain.then(run, run);
  chain = next.catch(() => {});
  return next;
}

/** Whether an error is "there is no database to read" (see `transact`'s `create`). */
export function isNothingStored(error: unknown): boolean {
  return error === NOTHING_STORED;
}

/**
 * One transaction over `stores`: `work` issues its requests synchronously (no awaits on anything
 * else inside, or the transaction ends) and the answer comes once the transaction has committed.
 * `create`: whether this may create the database (a write of hers); otherwise a missing database
 * rejects with NOTHING_STORED (isNothingStored).
 */
export async function transact<T>(
  stores: StoreName[],
  mode: IDBTransactionMode,
  work: (tx: IDBTransaction) => Promise<T>,
  create = false,
): Promise<T> {
  if (askedAfter !== wipeCount()) throw { code: 'OFFLINE_UNAVAILABLE', wiped: true };
  const db = await open(create);
  const tx = db.transaction(stores, mode);
  const [result] = await Promise.all([work(tx), finished(tx)]);
  return result;
}

/** Every record of `userId` in `store` (by its index). */
export function allOf<T>(tx: IDBTransaction, store: StoreName, userId: string): Promise<T[]> {
  return done(tx.objectStore(store).index('userId').getAll(userId)) as Promise<T[]>;
}
