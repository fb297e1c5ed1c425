/**
 * The service worker's registration (issue 28; the worker is src/sw.ts, built to /sw.js). Loaded
 * lazily by src/main.tsx once the page has loaded, and run when the browser is idle: the first
 * visit's splash, paint and scripts are the same as without it. Not in `npm run dev` (Vite serves
 * no worker), nor where the browser has none.
 *
 * Once the worker is active, it is told the hashed files this page loaded before it was there
 * (Workbox's `CACHE_URLS` message), so the screens she has already opened also open offline.
 */

export const SW_URL = '/sw.js';
/** Longest wait for an idle moment before registering anyway. */
const IDLE_TIMEOUT_MS = 5000;

/** This page's own hashed files (/assets/), as the browser loaded them. */
export function loadedAssets(): string[] {
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name, location.href))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.pathname);
  return [...new Set(urls)];
}

async function register(): Promise<void> {
  const sw = navigator.serviceWorker;
  const registration = await sw.register(SW_URL, { scope: '/' });
  await sw.ready;
  // in charge of the page (it claims it on activation): from now on it sees every file the page asks for
  if (!sw.controller)
    await new Promise((resolve) => sw.addEventListener('controllerchange', resolve, { once: true }));
  registration.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: loadedAssets() } });
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
