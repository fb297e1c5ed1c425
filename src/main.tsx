import './index.css';
import './theme/fonts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { navigate } from 'wouter/use-browser-location';
import type { ActorOptions, AnyStateMachine } from 'xstate';
import { App } from './app/App';
import { RootProvider, startAppActor } from './app/actors';
import { readSavedLanguage, readStoredCart } from './app/effects';
import { createAppLogic } from './app/logic';
import { readStoredDiscreet } from './app/safety-effects';

async function start() {
  // the splash timings count from here (the e2e test measures against this mark)
  performance.mark('app:start');
  let inspect: ActorOptions<AnyStateMachine>['inspect'];
  // VITE_INSPECT=true connects the Stately inspector so reviewers can watch the live actors
  if (import.meta.env.VITE_INSPECT === 'true') {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    inspect = createBrowserInspector().inspect;
  }
  const actor = startAppActor(
    createAppLogic({ navigate }),
    {
      savedLanguage: readSavedLanguage(),
      storedCart: readStoredCart(),
      storedDiscreet: readStoredDiscreet(),
    },
    inspect,
  );
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RootProvider actor={actor}>
        <App />
      </RootProvider>
    </StrictMode>,
  );
}

start();
