/**
 * Public pages as HTML (issue 11, part 3): fills the page's shell with the app's own render of the
 * page (src/entry-server.tsx, built to `<dist>/.ssr/entry-server.js` by `vite build`) and the state
 * the browser hydrates from. A visitor's page only: a request carrying a session cookie, and the
 * members' routes (dashboard, cart, checkout), keep the plain shell the browser renders itself.
 *
 * Renders are kept one second per page and language, and one render serves every request for the
 * same page that arrives while it runs. A page is its path and the query values its screen reads
 * (server/page-params.ts), so an unknown parameter finds the same render. At most `concurrency`
 * renders run at once in a process (issue 20): a page that would need one more gets the plain shell
 * at once, as does a render that fails or takes too long (logged): the page still works, rendered
 * by the browser.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'hono/utils/cookie';
import { AUTH_COOKIE, LANGUAGE_COOKIE } from '../contract/cookies.ts';
import type { Locale } from '../contract/locale.ts';
import type { Clock } from './lib/clock.ts';
import type { Logger } from './lib/log.ts';
import { QueueFullError, Semaphore } from './lib/semaphore.ts';

/** The SSR bundle's render() (src/entry-server.tsx), as far as the server uses it. */
type Render = (options: { url: string; locale: Locale; fetch: typeof fetch; timeoutMs?: number }) => Promise<{
  html: string;
  state: { snapshots: Record<string, unknown>; responses: Record<string, unknown> };
}>;

/**
 * Routes the browser renders itself: behind the guard, made of what only the browser holds, or the
 * staff side (issue 26: behind its own sign-in, never a public page).
 */
const CLIENT_ONLY = /^\/(?:dashboard|checkout|cart|_app|staff)(?:\/|$)/;
const TTL_MS = 1000;
const MAX_KEPT = 500;
/** Renders running at once per process by default (SSR_CONCURRENCY). */
export const DEFAULT_SSR_CONCURRENCY = 2;
/** A render the bundle's own deadline did not end is given up this long after it. */
const GRACE_MS = 500;

const cookie = (header: string | undefined, name: string): string | undefined =>
  header ? parse(header, name)[name] : undefined;

/** The page's language: `?lang=` on the link, else the visitor's saved choice (cookie), else English. */
export function pageLocale(url: URL, cookieHeader: string | undefined): Locale {
  const asked = url.searchParams.get('lang');
  if (asked === 'ar' || asked === 'en') return asked;
  return cookie(cookieHeader, LANGUAGE_COOKIE) === 'ar' ? 'ar' : 'en';
}

/** True when this request gets a server-rendered page. */
export function rendersOnServer(url: URL, cookieHeader: string | undefined): boolean {
  return !CLIENT_ONLY.test(url.pathname) && !cookie(cookieHeader, AUTH_COOKIE);
}

/** JSON inside a <script> element: nothing in it can close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** Answers a screen's snapshot already holds need not travel twice. */
function withoutDuplicates(state: {
  snapshots: Record<string, unknown>;
  responses: Record<string, unknown>;
}) {
  const held = new Set<unknown>();
  for (const snapshot of Object.values(state.snapshots)) {
    const context = (snapshot as { context?: Record<string, unknown> }).context;
    for (const value of Object.values(context ?? {})) held.add(value);
  }
  const responses = Object.fromEntries(Object.entries(state.responses).filter(([, v]) => !held.has(v)));
  return { ...state, responses };
}

export interface PageRenderer {
  /** The shell with the page rendered into #root, or null to serve the shell as it is. */
  fill(shell: string, url: URL, locale: Locale): Promise<string | null>;
}

export function createPageRenderer({
  distDir,
  fetch,
  clock,
  log,
  timeoutMs = 3000,
  concurrency = DEFAULT_SSR_CONCURRENCY,
}: {
  distDir: string;
  /** The app's own fetch (in-process, no socket). */
  fetch: typeof globalThis.fetch;
  clock: Clock;
  log: Logger;
  timeoutMs?: number;
  /** Renders running at once; a page beyond them gets the plain shell. */
  concurrency?: number;
}): PageRenderer | null {
  const file = join(distDir, '.ssr', 'entry-server.js');
  if (!existsSync(file)) return null;
  let loaded: Promise<Render> | null = null;
  const load = () => {
    loaded ??= import(pathToFileURL(file).href).then((m: { render: Render }) => m.render);
    return loaded;
  };
  // the table of what each page reads imports the screens' own rules (and xstate): on first use, not at start
  let params: Promise<typeof import('./page-params.ts')> | null = null;
  const kept = new Map<string, { at: number; html: Promise<string | null> }>();
  // no queue: a page that finds every render taken is served the plain shell at once
  const renders = new Semaphore(concurrency, 0);

  async function renderPage(address: string, locale: Locale): Promise<string | null> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const render = await load();
      const overdue = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('render timed out')), timeoutMs + GRACE_MS);
      });
      const { html, state } = await Promise.race([
        render({ url: address, locale, fetch, timeoutMs }),
        overdue,
      ]);
      return `${html}</div><script type="application/json" id="ssr-state">${scriptJson(withoutDuplicates(state))}</script>`;
    } catch (error) {
      log.error?.('ssr.failed', {
        path: address.split('?')[0],
        error: error instanceof Error ? error.message : String(error),
      });
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Drops the renders kept past their second (the oldest are first: each is put last when made). */
  function forgetStale(now: number) {
    for (const [key, entry] of kept) {
      if (now - entry.at <= TTL_MS && kept.size <= MAX_KEPT) break;
      kept.delete(key);
    }
  }

  return {
    async fill(shell, url, locale) {
      params ??= import('./page-params.ts');
      const address = (await params).renderAddress(url);
      if (address === null) return null;
      const key = `${locale}|${address}`;
      const now = clock.now().getTime();
      let entry = kept.get(key);
      if (!entry || now - entry.at > TTL_MS) {
        if (renders.active >= renders.limit) return null;
        const html = renders
          .run(() => renderPage(address, locale))
          .catch((error: unknown) => {
            if (error instanceof QueueFullError) return null;
            throw error;
          });
        entry = { at: now, html };
        kept.delete(key);
        kept.set(key, entry);
        forgetStale(now);
      }
      const page = await entry.html;
      if (page === null) return null;
      const open = shell.indexOf('<div id="root">');
      const close = shell.lastIndexOf('</div>', shell.indexOf('</body>'));
      if (open < 0 || close < open) return null;
      // data-ssr: the page is already there under the splash; its content does not fade in again
      return `${shell.slice(0, open)}<div id="root" data-ssr="">${page}${shell.slice(close + '</div>'.length)}`;
    },
  };
}
