import './index.css';
import './theme/fonts';
import Cookies from 'js-cookie';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import {
  type ActorOptions,
  type AnyActorRef,
  type AnyStateMachine,
  createActor,
  fromPromise,
  waitFor,
} from 'xstate';
import { hydrationMachine } from '../machines/hydration';
import { parseLocale } from '../machines/language';
import { DEFAULT_LOCALE } from '../machines/types';
import { AUTH_COOKIE, browserFetch, primeResponses } from './api/client';
import { App } from './app/App';
import { type AppActorRef, RootProvider, startAppActor } from './app/actors';
import { browserSavesData, readStoredDataSaver } from './app/data-saver-effects';
import { takeEarlyTap } from './app/early-tap';
import { readSavedLanguage, readStoredCart } from './app/effects';
import { createAppLogic } from './app/logic';
import { readStoredDiscreet } from './app/safety-effects';
import { SSR_STATE_ID, SsrProvider, type SsrState } from './app/ssr';

/** What the server wrote beside a public page's HTML, when it rendered one for this visit. */
function serverState(): SsrState | null {
  const script = document.getElementById(SSR_STATE_ID);
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as SsrState;
  } catch {
    return null;
  }
}

/**
 * Brings the root to where the server's render left it (hydration machine's `alignRoot`): its
 * answers primed, the same language and bundles, the session known. Resolves whether the session
 * found a member (the HTML was rendered for a visitor: it is then rendered afresh).
 */
async function alignRoot(actor: AppActorRef, state: SsrState): Promise<{ signedIn: boolean }> {
  primeResponses(state.responses);
  const get = (id: string) => actor.system.get(id) as AnyActorRef;
  const language = get('language');
  const ready = () =>
    waitFor(language, (s) => s.matches('ready') || s.matches('failed'), { timeout: 10_000 });
  await ready();
  for (const bundle of state.bundles) {
    language.send({ type: 'language.require', bundle });
    await ready();
  }
  await waitFor(get('session'), (s) => s.matches('signedOut') || s.matches('signedIn'), { timeout: 10_000 });
  return { signedIn: get('session').getSnapshot().matches('signedIn') };
}

async function start() {
  // the modules' evaluation is one task, the root's start another (issue 23: no long task)
  await new Promise((resolve) => setTimeout(resolve, 0));
  // the splash timings count from here (the e2e test measures against this mark)
  performance.mark('app:start');
  let inspect: ActorOptions<AnyStateMachine>['inspect'];
  // VITE_INSPECT=true connects the Stately inspector so reviewers can watch the live actors
  if (import.meta.env.VITE_INSPECT === 'true') {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    inspect = createBrowserInspector().inspect;
  }
  // the root machines with their effects (each `.provide()` builds a state tree), then, in a task
  // of its own, the root's start (issue 23: no long task)
  const logic = createAppLogic({ navigate });
  await new Promise((resolve) => setTimeout(resolve, 0));
  const actor = startAppActor(
    logic,
    {
      savedLanguage: readSavedLanguage(),
      storedCart: readStoredCart(),
      storedDiscreet: readStoredDiscreet(),
      storedDataSaver: readStoredDataSaver(),
      browserSaveData: browserSavesData(),
      online: navigator.onLine,
    },
    inspect,
  );
  const state = serverState();
  const root = document.getElementById('root')!;
  const tree = (hydrate: boolean) => (
    <StrictMode>
      <RootProvider actor={actor}>
        <SsrProvider snapshots={hydrate && state ? state.snapshots : null}>
          <Router>
            <App />
          </Router>
        </SsrProvider>
      </RootProvider>
    </StrictMode>
  );
  // take the server's HTML over, or render afresh when this visit cannot match it (machines/hydration.ts)
  const takeOver = hydrationMachine.provide({
    actors: { alignRoot: fromPromise(() => alignRoot(actor, state!)) },
    actions: {
      replaySent: () => {
        for (const { actor: id, event } of state!.sent) actor.system.get(id)?.send(event);
      },
      // hydration as a transition: React yields to the browser every few milliseconds instead of
      // holding the main thread for the whole page (the page is already painted and readable)
      hydrate: () => {
        startTransition(() => void hydrateRoot(root, tree(true)));
        // a tap before React listened, now that it does (src/app/early-tap.ts)
        takeEarlyTap()?.click();
      },
      renderAfresh: () => {
        // the page is rendered again: a tap kept on its HTML has nothing left to act on
        takeEarlyTap();
        createRoot(root).render(tree(false));
      },
    },
  });
  createActor(takeOver, {
    input: {
      server: state,
      visit: {
        // the language the root starts in (languageMachine's own rule) and a session, as the server saw them
        locale: parseLocale(readSavedLanguage()) ?? DEFAULT_LOCALE,
        signedIn: !!Cookies.get(AUTH_COOKIE),
        storedCartOrDiscreet: !!readStoredCart() || readStoredDiscreet() === '1',
      },
    },
  }).start();
  // the HTTP client, once the page is in (the first request would otherwise wait for it)
  setTimeout(() => void browserFetch(), 0);
  // the installable app's service worker (issue 28): once the page has loaded, off the first visit's path
  if (!import.meta.env.DEV) {
    const register = () =>
      setTimeout(() => void import('./app/offline/register-sw').then((m) => m.registerServiceWorker()), 1000);
    if (document.readyState === 'complete') register();
    else addEventListener('load', register, { once: true });
  }
}

start();
