/**
 * Deleting everything offline learning keeps on this device (issue 28): the IndexedDB database
 * (every member's copies, queue and keys) and the Cache Storage caches that may hold member data.
 * Small and loaded with the app (not lazily): the quick exit and sign-out must work offline too,
 * before any lazy module could load. The device store registers its open connection here so it
 * can be closed first (an open connection would block the deletion).
 */
import { MEMBER_CACHE_PREFIX, OFFLINE_DB_NAME } from '../../../contract/offline';

const closers = new Set<() => void>();
let wipes = 0;

/** How many wipes this page has started: work begun before one must not write after it. */
export function wipeCount(): number {
  return wipes;
}

/** The store's open connection, closed before the database is deleted. Returns the unregistration. */
export function onWipe(close: () => void): () => void {
  closers.add(close);
  return () => closers.delete(close);
}

function deleteDatabase(factory: IDBFactory): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = factory.deleteDatabase(OFFLINE_DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
    // another tab still has it open: it closes on `versionchange` (store.ts), then success follows
    request.onblocked = () => {};
  });
}

async function deleteMemberCaches(storage: CacheStorage): Promise<void> {
  const names = await storage.keys();
  await Promise.all(names.filter((n) => n.startsWith(MEMBER_CACHE_PREFIX)).map((n) => storage.delete(n)));
}

/**
 * Deletes the offline database and the member caches; works whether or not anything was saved or
 * the store was ever opened. Where the browser has neither (the server, old browsers), nothing to do.
 */
export async function wipeDevice(): Promise<void> {
  wipes += 1;
  for (const close of [...closers]) {
    try {
      close();
    } catch {}
  }
  const factory = typeof indexedDB === 'undefined' ? null : indexedDB;
  const storage = typeof caches === 'undefined' ? null : caches;
  const results = await Promise.allSettled([
    factory ? deleteDatabase(factory) : Promise.resolve(),
    storage ? deleteMemberCaches(storage) : Promise.resolve(),
  ]);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw { code: 'UNKNOWN', cause: (failed as PromiseRejectedResult).reason };
}
