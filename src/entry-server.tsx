/**
 * The public pages as HTML (issue 11, part 3): the server renders the same root, machines and views
 * the browser runs, for a visitor (no session, nothing stored), in the page's language, and writes
 * beside the HTML what the browser needs to hydrate it without asking again: the screens' settled
 * snapshots, the API answers the root machines read, the message bundles and the root events the
 * views sent (`SsrState`). Built by Vite as an SSR bundle (vite.config.ts `ssrBuild`) that
 * server/ssr.ts loads; src/main.tsx hydrates.
 *
 * Rendering runs in passes: a pass renders; the renderer then loads what the pass asked for (a
 * screen's message bundle, a course to open) and waits until every request it started has been
 * answered and the machines have moved; it renders again until a pass asks for nothing new.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import {
  type ActorOptions,
  type AnyActorLogic,
  type AnyActorRef,
  createActor,
  type EventObject,
  fromCallback,
  fromPromise,
  waitFor,
} from 'xstate';
import type { StoredSession } from '../machines/session';
import type { Locale } from '../machines/types';
import { setServerTransport } from './api/client';
import { App } from './app/App';
import { RootProvider, startAppActor } from './app/actors';
import { createAppLogic } from './app/logic';
import { type ServerActors, SsrProvider, type SsrState } from './app/ssr';

interface RenderContext {
  locale: Locale;
  responses: Record<string, unknown>;
  /** Requests started and not yet answered. */
  pending: number;
  /** Requests started in all, so a pass can tell whether it asked for anything. */
  started: number;
  settled: (() => void) | null;
}

const current = new AsyncLocalStorage<RenderContext>();
let apiFetch: typeof fetch | null = null;

const transportReady = setServerTransport({
  fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
    const ctx = current.getStore();
    if (!apiFetch || !ctx) throw new Error('render(): no API to read from');
    ctx.pending++;
    ctx.started++;
    try {
      return await apiFetch(input, init);
    } finally {
      ctx.pending--;
      if (ctx.pending === 0) ctx.settled?.();
    }
  }) as typeof fetch,
  language: () => current.getStore()?.locale ?? 'en',
  record: (key, value) => {
    const ctx = current.getStore();
    if (ctx) ctx.responses[key] = value;
  },
});

const noop = () => {};
/** Longer than any render (they give up after seconds); the app actor is stopped, its timers with it. */
const NEVER_ON_THE_SERVER = 3_600_000;
const nothingToDo = fromPromise<void>(async () => {});
const notWatching = fromCallback(() => {});
const nothingStored = fromPromise<StoredSession>(async () => ({ token: undefined, userData: null }));

/** The root for a visitor on the server: nothing read from or written to a browser. */
function visitorLogic() {
  return createAppLogic(
    { navigate: noop },
    {
      session: {
        actors: { readStoredSession: nothingStored },
        actions: {
          storeCredentials: noop,
          storeUser: noop,
          removeStoredSession: noop,
          clearEverything: noop,
          saveLanguage: noop,
          goToLogin: noop,
        },
      },
      language: { actions: { applyDocumentLanguage: noop, persistLanguage: noop } },
      cart: { actions: { persistCart: noop } },
      forgotPin: { actions: { goToSignIn: noop } },
      courseLifecycle: { actions: { goToLogin: noop, goToCoursePage: noop } },
      safety: {
        actors: { wipeDevice: nothingToDo },
        actions: { hidePage: noop, leaveSite: noop, applyIdentity: noop, storePreference: noop },
      },
      // no window, no IndexedDB, nobody signed in: offline learning watches and keeps nothing here
      offline: {
        actors: { watchConnection: notWatching, watchSession: notWatching, wipeDevice: nothingToDo },
      },
      // the page's HTML shows the splash as it first is: the page's CSS fades it out on time, and a
      // render slower than the splash's first second must not write it half gone (data-state)
      splash: { delays: { fadeAtTheLatest: NEVER_ON_THE_SERVER, fadeAfterFonts: NEVER_ON_THE_SERVER } },
    },
  );
}

class Registry implements ServerActors {
  readonly actors = new Map<string, AnyActorRef>();
  readonly used = new Set<string>();
  readonly bundles = new Set<string>();
  readonly sent = new Map<string, { actor: string; event: EventObject }>();
  /** Something new this pass: an actor, a bundle or an event. */
  fresh = false;

  actor(key: string, logic: AnyActorLogic, options: ActorOptions<AnyActorLogic>): AnyActorRef {
    this.used.add(key);
    let actor = this.actors.get(key);
    if (!actor) {
      // no inspector on the server: the options' `inspect` is the browser's
      actor = createActor(logic, { ...options, inspect: undefined }).start();
      this.actors.set(key, actor);
      this.fresh = true;
    }
    return actor;
  }

  needBundle(bundle: string) {
    if (!this.bundles.has(bundle)) {
      this.bundles.add(bundle);
      this.fresh = true;
    }
  }

  send(key: string, actor: string, event: { type: string; [field: string]: unknown }) {
    if (!this.sent.has(key)) {
      this.sent.set(key, { actor, event });
      this.fresh = true;
    }
  }
}

async function toText(stream: AsyncIterable<Uint8Array | string>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** Until every request started has been answered and the machines have taken their answers. */
async function quiet(ctx: RenderContext, deadline: number) {
  for (;;) {
    if (ctx.pending > 0) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error('render(): the page did not settle in time');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        ctx.settled = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      ctx.settled = null;
      continue;
    }
    // answers turn into transitions over a few turns of the event loop; a transition may ask again
    const before = ctx.started;
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    if (ctx.pending === 0 && ctx.started === before) return;
  }
}

export interface RenderOptions {
  /** Path and query of the page. */
  url: string;
  locale: Locale;
  /** Reaches the API in-process (the server's own app.fetch). */
  fetch: typeof fetch;
  /** Give up (and serve the plain shell) after this long. */
  timeoutMs?: number;
}

export interface RenderResult {
  /** The root's inner HTML. */
  html: string;
  state: SsrState;
}

const MAX_PASSES = 5;

export async function render({ url, locale, fetch, timeoutMs = 3000 }: RenderOptions): Promise<RenderResult> {
  apiFetch = fetch;
  await transportReady;
  const ctx: RenderContext = { locale, responses: {}, pending: 0, started: 0, settled: null };
  return current.run(ctx, async () => {
    const deadline = Date.now() + timeoutMs;
    const [path, search = ''] = url.split('?');
    const app = startAppActor(visitorLogic(), {
      savedLanguage: locale,
      storedCart: null,
      storedDiscreet: null,
    });
    try {
      const language = app.system.get('language') as AnyActorRef;
      const ready = () => waitFor(language, (s) => s.matches('ready'), { timeout: deadline - Date.now() });
      await ready();
      await quiet(ctx, deadline);
      const registry = new Registry();
      const dispatched = new Set<string>();
      let html = '';
      for (let pass = 0; pass < MAX_PASSES; pass++) {
        registry.fresh = false;
        registry.used.clear();
        const started = ctx.started;
        const tree = (
          <RootProvider actor={app}>
            <SsrProvider server={registry}>
              <Router ssrPath={path} ssrSearch={search}>
                <App />
              </Router>
            </SsrProvider>
          </RootProvider>
        );
        // a pass waits for every lazy screen; once nothing is new, the page is written in one piece
        // (no streaming: the inline scripts that reveal streamed parts are not allowed by the CSP)
        const { prelude } = await prerenderToNodeStream(tree);
        await toText(prelude as unknown as AsyncIterable<Uint8Array>);
        html = renderToString(tree);
        for (const bundle of registry.bundles) {
          if (!language.getSnapshot().context.bundles.includes(bundle)) {
            language.send({ type: 'language.require', bundle });
            await ready();
          }
        }
        for (const [key, { actor, event }] of registry.sent) {
          if (dispatched.has(key)) continue;
          dispatched.add(key);
          (app.system.get(actor) as AnyActorRef | undefined)?.send(event);
        }
        await quiet(ctx, deadline);
        if (!registry.fresh && ctx.started === started) break;
      }
      const snapshots = Object.fromEntries(
        [...registry.used].map((key) => [key, registry.actors.get(key)!.getPersistedSnapshot()]),
      );
      for (const actor of registry.actors.values()) actor.stop();
      return {
        html,
        state: {
          locale,
          snapshots,
          responses: ctx.responses,
          bundles: [...registry.bundles],
          sent: [...registry.sent.values()],
        },
      };
    } finally {
      app.stop();
    }
  });
}
