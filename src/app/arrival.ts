import { type ActorRefFrom, fromPromise, waitFor } from 'xstate';
import type { languageMachine } from '../../machines/language';
import { DashboardArea } from './dashboard-chunk';
import { dataSaverOn } from './data-saver-effects';

/**
 * Getting the page she is about to enter ready, so that nothing empty comes between the screen she
 * leaves and it (sign-up's `prepareArrival`: the confirmation stays on screen, busy, meanwhile).
 * For the dashboard: its chunk and the learning messages, at most a few seconds (after that the
 * page's own loader takes over). Never fails. Imported by the screens that use it only, so the
 * first visit does not carry it.
 */
export function arrivalActor(language: ActorRefFrom<typeof languageMachine>, to: () => string) {
  return fromPromise<void>(() => readyToShow(to(), language));
}

function readyToShow(to: string, language: ActorRefFrom<typeof languageMachine>): Promise<void> {
  if (!to.startsWith('/dashboard')) return Promise.resolve();
  const words = waitFor(language, (s) => s.matches('ready'), { timeout: 5000 }).then(() => {
    language.send({ type: 'language.require', bundle: 'learning' });
    return waitFor(
      language,
      (s) => s.context.bundles.includes('learning') || s.context.failedBundle === 'learning',
      { timeout: 5000 },
    );
  });
  // the data saver (issue 28) loads nothing ahead: the page's own loader shows when she arrives
  const ahead = dataSaverOn() ? Promise.resolve() : preloadDashboard();
  return Promise.allSettled([ahead, words]).then(() => undefined);
}

/**
 * Starts the dashboard's lazy() now, so it has resolved when she arrives and renders without a
 * fallback: once a fallback is shown, React keeps it at least 300 ms, and the loader under it only
 * fades in after 250 ms, so she would see an empty page. Uses the lazy component's own initialiser
 * (it throws the pending import); without one, nothing is loaded ahead and the loader shows as before.
 */
function preloadDashboard(): Promise<unknown> {
  const area = DashboardArea as unknown as { _init?: (payload: unknown) => unknown; _payload?: unknown };
  try {
    area._init?.(area._payload);
    return Promise.resolve();
  } catch (pending) {
    return Promise.resolve(pending);
  }
}
