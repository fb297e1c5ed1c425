/**
 * The service worker's registration (issue 28; the worker is src/sw.ts, built to /sw.js). Loaded
 * lazily by src/main.tsx once the page has loaded, and run when the browser is idle: the first
 * visit's splash, paint and scripts are the same as without it. Not in `npm run dev` (Vite serves
 * no worker), nor where the browser has none.
 *
 * Once the worker is in charge of the page, it is told every hashed file the page loaded without it
 * (Workbox's `CACHE_URLS` message), so the screens she has already opened also open offline: the
 * files loaded before it was there, and those whose request started before it took over and ended
 * after (saving a course while the worker installs fetches the learning screens then; a resource
 * entry's `workerStart` is 0 when no worker handled its request).
 */

export const SW_URL = '/sw.js';
/** Longest wait for an idle moment before registering anyway. */
const IDLE_TIMEOUT_MS = 5000;

/** This page's own hashed files (/assets/) among these resource entries, fetched without a worker. */
export function assetsWithoutWorker(entries: readonly PerformanceEntry[]): string[] {
  const urls = entries
    .filter((entry) => (entry as PerformanceResourceTiming).workerStart === 0)
    .map((entry) => new URL(entry.name, location.href))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.pathname);
  return [...new Set(urls)];
}

/**
 * Sends the worker, now and whenever more arrive, the page's hashed files that it did not see: the
 * entries already there (`buffered`) and any ending later. Files asked for from now on go through
 * the worker (their `workerStart` is not 0), so after the requests in flight the list stays empty.
 */
export function sendUnseenAssets(worker: Pick<ServiceWorker, 'postMessage'>): PerformanceObserver {
  const observer = new PerformanceObserver((list) => {
    const urlsToCache = assetsWithoutWorker(list.getEntries());
    if (urlsToCache.length) worker.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache } });
  });
  observer.observe({ type: 'resource', buffered: true });
  return observer;
}

async function register(): Promise<void> {
  const sw = navigator.serviceWorker;
  const registration = await sw.register(SW_URL, { scope: '/' });
  await sw.ready;
  // in charge of the page (it claims it on activation): from now on it sees every file the page asks for
  if (!sw.controller)
    await new Promise((resolve) => sw.addEventListener('controllerchange', resolve, { once: true }));
  if (registration.active) sendUnseenAssets(registration.active);
}

/** Registers the worker at the browser's next idle moment (at the latest IDLE_TIMEOUT_MS from now). */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const run = () =>
    void register().catch(() => {
      // no worker (private mode, storage refused): the app works as before, online
    });
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(run, 0);
}
