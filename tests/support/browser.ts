import { afterEach, beforeEach } from 'vitest';
import { renderApp, resetBrowserState } from './render-app';

/**
 * The browser a jsdom test of the real app starts from, and the app it renders (tests/views; the
 * model tests reach the same through tests/model/harness.ts):
 *
 *   const page = appPerTest({ member: true });   // a clean browser (a member signed in) before each test
 *   const app = page.render({ path: '/dashboard' });   // …and the app it renders unmounted after it
 *   page.app.user.click(…)                             // the app this test rendered
 *
 * `signInMember()` alone stores her session as a visit after signing in finds it.
 */
export const MEMBER = { token: 'tok', user: { id: 'u1', alias: 'noor' } } as const;

/** Her cookie and the userData a visit finds once she has signed in. */
export function signInMember(member: { token: string; user: object } = MEMBER) {
  document.cookie = `authToken=${member.token}; path=/`;
  localStorage.setItem('userData', JSON.stringify(member.user));
}

type App = ReturnType<typeof renderApp>;

export function appPerTest(options: { member?: boolean } = {}) {
  let current: App | undefined;
  beforeEach(() => {
    resetBrowserState();
    if (options.member) signInMember();
  });
  afterEach(() => {
    current?.unmount();
    current = undefined;
  });
  return {
    /** Renders the real app (renderApp's options); a second render in one test replaces the first. */
    render(o?: Parameters<typeof renderApp>[0]) {
      current?.unmount();
      current = renderApp(o);
      return current;
    },
    get app(): App {
      if (!current) throw new Error('the test rendered no app');
      return current;
    },
  };
}
