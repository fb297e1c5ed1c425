import { useSplash } from './actors';
import { SplashMark } from './SplashMark';

/** Full-screen logo on start (spec §2): fades out over 500 ms, then leaves the DOM. Decorative only. */
export function Splash() {
  const state = useSplash((s) =>
    s.matches('removed') ? 'removed' : s.matches('fadingOut') ? 'fadingOut' : 'visible',
  );
  if (state === 'removed') return null;
  return (
    <div className="app-splash" data-state={state} data-testid="splash" aria-hidden="true">
      <SplashMark />
    </div>
  );
}
