/**
 * The offline machine's effects (machines/offline.ts), provided by the root (src/app/logic.ts):
 * the browser's online/offline events and the session are watched here (small, with the app); the
 * device store (store.ts, IndexedDB and Web Crypto) and the sending (send.ts) load only when an actor
 * first needs them. On the
 * server (no window) the watchers do nothing, and nobody is signed in there.
 */
import { type AnyActorRef, fromCallback, fromPromise } from 'xstate';
import type { MemberCourseDetail } from '../../../contract/learning';
import type { OfflineEvent, QueueItem } from '../../../machines/offline-rules';
import type { AppError, Locale } from '../../../machines/types';
import { wipeDevice } from './wipe';

/**
 * A lazy module that did not arrive (she came back online a moment ago, the chunk is not cached) is
 * "no network": the item stays in the queue and is tried again, never dropped as refused.
 */
const lazy = <T>(load: () => Promise<T>): Promise<T> =>
  load().catch(() => {
    throw { code: 'NETWORK_ERROR' } satisfies AppError;
  });
const store = () => lazy(() => import('./store'));

/** `offline.connectionChanged` on the browser's online and offline events. */
export const watchConnection = fromCallback(({ sendBack }) => {
  if (typeof window === 'undefined') return;
  const online = () => sendBack({ type: 'offline.connectionChanged', online: true } satisfies OfflineEvent);
  const offline = () => sendBack({ type: 'offline.connectionChanged', online: false } satisfies OfflineEvent);
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
});

/** The signed-in member's id in the session's snapshot (the server sends `id`; old records `userid`). */
function memberOf(snapshot: { value?: unknown; context?: { user?: unknown } } | undefined): string | null {
  if (snapshot?.value !== 'signedIn') return null;
  const user = snapshot.context?.user as { id?: unknown; userid?: unknown } | null | undefined;
  const id = user?.id ?? user?.userid;
  return id != null && id !== '' ? String(id) : null;
}

/** `offline.member` when the session (system id `session`) has a member, `offline.signedOut` after. */
export const watchSession = fromCallback(({ sendBack, system }) => {
  const session = system.get('session') as AnyActorRef | undefined;
  if (!session || typeof window === 'undefined') return;
  let current: string | null = null;
  const follow = (snapshot: Parameters<typeof memberOf>[0]) => {
    const id = memberOf(snapshot);
    if (id === current) return;
    current = id;
    sendBack(
      (id ? { type: 'offline.member', userId: id } : { type: 'offline.signedOut' }) satisfies OfflineEvent,
    );
  };
  follow(session.getSnapshot());
  const sub = session.subscribe((s) => follow(s));
  return () => sub.unsubscribe();
});

export const offlineActors = {
  watchConnection,
  watchSession,
  loadMember: fromPromise(async ({ input }: { input: { userId: string } }) =>
    (await store()).loadMember(input.userId),
  ),
  // the copy, and the screens' code and words that read it offline (./warm.ts) at the same time
  saveCourse: fromPromise(
    async ({ input }: { input: { userId: string; course: MemberCourseDetail; locale: Locale } }) => {
      const warm = import('./warm').then((m) => m.warmLearningScreens(input.locale)).catch(() => {});
      const saved = await (await store()).saveCourse(input.userId, input.course, input.locale);
      await warm;
      return saved;
    },
  ),
  removeCourse: fromPromise(async ({ input }: { input: { userId: string; courseId: string } }) =>
    (await store()).removeCourse(input.userId, input.courseId),
  ),
  storeItem: fromPromise(async ({ input }: { input: { userId: string; item: QueueItem } }) =>
    (await store()).putItem(input.userId, input.item),
  ),
  sendItem: fromPromise(
    async ({ input, signal }: { input: { userId: string; item: QueueItem }; signal: AbortSignal }) =>
      (await lazy(() => import('./send'))).sendItem(input.item, signal),
  ),
  wipeDevice: fromPromise(() => wipeDevice()),
};
