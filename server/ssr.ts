/**
 * Public pages as HTML (issue 11, part 3): fills the page's shell with the app's own render of the
 * page (src/entry-server.tsx, built to `<dist>/.ssr/entry-server.js` by `vite build`) and the state
 * the browser hydrates from. A visitor's page only: a request carrying a session cookie, and the
 * members' routes (dashboard, cart, checkout), keep the plain shell the browser renders itself.
 *
 * Renders are kept one second per page and language, and one render serves every request for the
 * same page that arrives while it runs. A render that fails or takes too long is logged and the
 * plain shell is served: the page still works, rendered by the browser.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'hono/utils/cookie';
import type { Locale } from '../machines/types.ts';
import { AUTH_COOKIE, LANGUAGE_COOKIE } from './contract/cookies.ts';
import type { Clock } from './lib/clock.ts';
import type { Logger } from './lib/log.ts';

/** The SSR bundle's render() (src/entry-server.tsx), as far as the server uses it. */
type Render = (options: { url: string; locale: Locale; fetch: typeof fetch; timeoutMs?: number }) => Promise<{
  html: string;
  state: { snapshots: Record<string, unknown>; responses: Record<string, unknown> };
}>;

/** Routes the browser renders itself: behind the guard, or made of what only the browser holds. */
const CLIENT_ONLY = /^\/(?:dashboard|checkout|cart|_app)(?:\/|$)/;
const TTL_MS = 1000;
const MAX_KEPT = 500;

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
}: {
  distDir: string;
  /** The app's own fetch (in-process, no socket). */
  fetch: typeof globalThis.fetch;
  clock: Clock;
  log: Logger;
  timeoutMs?: number;
}): PageRenderer | null {
  const file = join(distDir, '.ssr', 'entry-server.js');
  if (!existsSync(file)) return null;
  let loaded: Promise<Render> | null = null;
  const load = () => {
    loaded ??= import(pathToFileURL(file).href).then((m: { render: Render }) => m.render);
    return loaded;
  };
  const kept = new Map<string, { at: number; html: Promise<string | null> }>();

  async function renderPage(url: URL, locale: Locale): Promise<string | null> {
    try {
      const render = await load();
      const { html, state } = await render({
        url: `${url.pathname}${url.search}`,
        locale,
        fetch,
        timeoutMs,
      });
      return `${html}</div><script type="application/json" id="ssr-state">${scriptJson(withoutDuplicates(state))}</script>`;
    } catch (error) {
      log.error?.('ssr.failed', {
        path: url.pathname,
        error: error instanceof Error ? error.message : String(error),
      });
      return null;
    }
  }

  return {
    async fill(shell, url, locale) {
      const key = `${locale}|${url.pathname}${url.search}`;
      const now = clock.now().getTime();
      let entry = kept.get(key);
      if (!entry || now - entry.at > TTL_MS) {
        entry = { at: now, html: renderPage(url, locale) };
        kept.delete(key);
        kept.set(key, entry);
        if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value as string);
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
