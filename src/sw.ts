/**
 * The service worker (issue 28), built by vite-plugin-pwa (`injectManifest`, .ci/vite-pwa.ts) to
 * /sw.js. It keeps public code only, never anything of a member's:
 *
 * - Precache: the app shell (the list the build computes: the entry and its static imports, the
 *   stylesheet, the core fonts, the Arabic core messages) and the shell document (`/_app?lang=en`,
 *   the server's bare shell with its CSP, revised with index.html). Old versions are cleaned up.
 * - Pages: network first, always (server-rendered public pages keep arriving fresh, and nothing a
 *   page says is kept); navigation preload starts the request while the worker wakes. With no
 *   network, the shell document answers, so the app starts and reads what the device has saved.
 * - Other hashed files under /assets/ (every lazy screen, the other fonts): cache first in
 *   `amina-assets` once used, at most ASSET_ENTRIES files for ASSET_DAYS days. Their names carry
 *   their content's hash, so a cached copy is never stale.
 * - Nothing else: /api/ has no route (its answers never enter a cache), nor do the manifests,
 *   icons or avatars. The page sends `CACHE_URLS` (Workbox's message) with the files it loaded
 *   before the worker was there, so they are cached too (src/app/offline/register-sw.ts).
 * - A new version takes over at once (skipWaiting + clientsClaim): hashed files never change
 *   under a page, and a page's lazy chunks stay in `amina-assets`.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';

/** What this file needs of the worker's global scope (the project's types are the page's). */
declare const self: {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  skipWaiting(): Promise<void>;
};

/** The shell document precached by the build (.ci/vite-pwa.ts SHELL_URL). */
const SHELL_URL = '/_app?lang=en';
export const ASSETS_CACHE = 'amina-assets';
const ASSET_ENTRIES = 200;
const ASSET_DAYS = 60;

void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
enableNavigationPreload();

const network = new NetworkOnly();
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await network.handle(options);
      } catch {
        return (await matchPrecache(SHELL_URL)) ?? Response.error();
      }
    },
    // the API's own pages (its docs, a PDF) are never answered by the worker
    { denylist: [/^\/api(?:\/|$)/] },
  ),
);

registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [
      new ExpirationPlugin({
        maxEntries: ASSET_ENTRIES,
        maxAgeSeconds: ASSET_DAYS * 24 * 60 * 60,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);
