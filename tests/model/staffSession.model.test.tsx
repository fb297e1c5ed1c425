import { act, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { StaffMe } from '../../contract/staff';
import { staffSessionMachine } from '../../machines/staffSession';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based test of the staff area's session (issue 26) on the real area: the first check of
 * GET /staff/me (signed in, signed out, offline then Try again), the sign-in handing her over,
 * the language saved to her account (or not), a later 401 ending the session ("30 minutes without
 * activity" on the sign-in page), adding her other factor, and signing out (done, refused offline,
 * or her session already gone). The server is a fake staffRequest whose answers are events.
 */
interface Call {
  path: string;
  method: string;
  quiet: boolean;
  body: unknown;
  settled: boolean;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}
const fake = vi.hoisted(() => ({
  calls: [] as Call[],
  onUnauthorized: null as (() => void) | null,
}));
vi.mock('../../src/api/staff-client', async (original) => ({
  ...(await original<object>()),
  setStaffUnauthorizedHandler: (h: (() => void) | null) => {
    fake.onUnauthorized = h;
  },
  staffRequest: (
    path: string,
    o: { method?: string; body?: unknown; quiet401?: boolean; signal?: AbortSignal } = {},
  ) =>
    new Promise((resolve, reject) => {
      const call: Call = {
        path,
        method: (o.method ?? 'GET').toUpperCase(),
        quiet: o.quiet401 === true,
        body: o.body,
        settled: false,
        resolve,
        reject: (e) => {
          // the real client tells the area's handler of a 401 on any request but the quiet ones
          if ((e as { code?: string }).code === 'UNAUTHORIZED' && !call.quiet) fake.onUnauthorized?.();
          reject(e);
        },
      };
      o.signal?.addEventListener('abort', () => {
        call.settled = true;
      });
      fake.calls.push(call);
    }),
}));

// the browser's ceremony: Chromium's is in the e2e; here it answers at once
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  startRegistration: async () => ({ id: 'new-passkey' }),
  startAuthentication: async () => ({ id: 'new-passkey' }),
}));

const ME: StaffMe = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Mona Haddad',
  email: 'mona@staff.test',
  roles: ['moderator'],
  expertId: null,
  language: 'en',
  factors: ['totp'],
};

async function answer(path: string, method: string, value: unknown, fail = false) {
  const call = await waitFor(() => {
    const open = fake.calls.filter((c) => !c.settled && c.path === path && c.method === method);
    expect(open.length, `an open ${method} ${path}`).toBeGreaterThan(0);
    return open.at(-1)!;
  });
  call.settled = true;
  await act(async () => (fail ? call.reject(value) : call.resolve(value)));
}
const ok = (path: string, method: string, value: unknown) => () => answer(path, method, value);
const refuse = (path: string, method: string, code: string) => () => answer(path, method, { code }, true);

const coverage = new Coverage('staffSession', staffSessionMachine);
const ui = modelApp({ coverage });
const who = () => screen.findByTestId('staff-who');
const click = async (testId: string) => ui.app.user.click(await screen.findByTestId(testId));

const model = createMachine({
  id: 'staffSessionModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'checking' } },
    checking: { on: { ME_OK: 'signedIn', ME_401: 'signedOut', ME_OFFLINE: 'failed' } },
    failed: { on: { RETRY: 'rechecking' } },
    rechecking: { on: { ME_OK: 'signedInAgain' } },
    signedInAgain: {},
    signedOut: { on: { SIGN_IN: 'signedInByForm' } },
    signedInByForm: {},
    signedIn: {
      on: {
        LANGUAGE: 'savingLanguage',
        SIGN_OUT: 'signingOut',
        EXPIRE: 'expired',
        ADD_FACTOR: 'factorAdded',
      },
    },
    savingLanguage: { on: { SAVED: 'inArabic', SAVE_FAIL: 'inArabicUnsaved' } },
    inArabic: {},
    inArabicUnsaved: {},
    expired: {},
    factorAdded: {},
    signingOut: { on: { OUT_OK: 'out', OUT_OFFLINE: 'stillIn', OUT_401: 'outExpired' } },
    out: {},
    stillIn: {},
    outExpired: {},
  },
});
const paths = createTestModel(model).getSimplePaths();

const expectLogin = async (reason: 'expired' | 'signedOut' | null) => {
  await waitFor(() => expect(window.location.pathname).toBe('/staff/login'));
  const notice = screen.queryByTestId('staff-signed-out-reason');
  if (reason === null) expect(notice).toBeNull();
  else
    expect(await screen.findByTestId('staff-signed-out-reason')).toHaveTextContent(
      ui.t(`staff.auth.login.${reason}`, { minutes: 30 }),
    );
};
const expectIn = async () => {
  expect(await who()).toHaveTextContent('Mona Haddad');
  expect(window.location.pathname).toBe('/staff/profile');
  expect(await screen.findByTestId('staff-not-here')).toHaveTextContent(ui.t('staff.layout.notForRole'));
};

describe('staff session model on the real area', () => {
  beforeAll(async () => {
    await import('../../src/views/staff/StaffArea');
    await import('../../src/views/staff/StaffLoginView');
  }, 60_000);

  it('generates paths through every model state', () => expect(paths.length).toBeGreaterThan(8));

  followPaths(
    paths,
    {
      events: {
        OPEN: async () => {
          fake.calls = [];
          await ui.open('/staff/profile');
        },
        ME_OK: ok('/me', 'GET', ME),
        ME_401: refuse('/me', 'GET', 'UNAUTHORIZED'),
        ME_OFFLINE: refuse('/me', 'GET', 'NETWORK_ERROR'),
        RETRY: () => click('staff-retry'),
        SIGN_IN: async () => {
          await ui.app.user.type(await screen.findByTestId('staff-email'), ME.email);
          await ui.app.user.type(screen.getByTestId('staff-password'), 'Violet-harbour-lantern-42');
          await click('staff-login-submit');
          await answer('/login', 'POST', { stage: 'second-factor', factors: ['totp'] });
          await click('staff-use-code');
          await ui.app.user.type(await screen.findByTestId('staff-code'), '٤٨٢٩١٣');
          await click('staff-code-submit');
          await answer('/login/totp', 'POST', ME);
        },
        LANGUAGE: () => click('staff-language'),
        SAVED: ok('/me/language', 'PUT', { ...ME, language: 'ar' }),
        SAVE_FAIL: refuse('/me/language', 'PUT', 'NETWORK_ERROR'),
        EXPIRE: async () => {
          await click('staff-language');
          await answer('/me/language', 'PUT', { code: 'UNAUTHORIZED' }, true);
        },
        ADD_FACTOR: async () => {
          await click('staff-add-factor');
          await click('staff-enrol-passkey');
          await answer('/enrol/passkey/options', 'POST', { challenge: 'x' });
          await answer('/enrol/passkey', 'POST', { ...ME, factors: ['totp', 'passkey'] });
        },
        SIGN_OUT: () => click('staff-sign-out'),
        OUT_OK: ok('/logout', 'POST', undefined),
        OUT_OFFLINE: refuse('/logout', 'POST', 'NETWORK_ERROR'),
        OUT_401: refuse('/logout', 'POST', 'UNAUTHORIZED'),
      },
      states: {
        closed: ui.expectClosed,
        checking: () =>
          waitFor(() => {
            expect(fake.calls.filter((c) => c.path === '/me' && !c.settled)).toHaveLength(1);
            expect(screen.queryByTestId('staff-who')).toBeNull();
          }),
        failed: async () => {
          expect(await screen.findByTestId('staff-retry')).toBeEnabled();
        },
        rechecking: () => waitFor(() => expect(screen.queryByTestId('staff-retry')).toBeNull()),
        signedInAgain: expectIn,
        signedOut: async () => {
          await expectLogin(null);
          expect(window.location.search).toBe(`?next=${encodeURIComponent('/staff/profile')}`);
        },
        // back where she was going
        signedInByForm: expectIn,
        signedIn: expectIn,
        savingLanguage: () => waitFor(() => expect(document.documentElement.lang).toBe('ar')),
        inArabic: async () => {
          await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
          expect(await who()).toBeInTheDocument();
          expect(fake.calls.find((c) => c.path === '/me/language')?.body).toEqual({ language: 'ar' });
        },
        inArabicUnsaved: async () => {
          await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
          expect(await who()).toBeInTheDocument();
        },
        expired: () => expectLogin('expired'),
        factorAdded: async () => {
          await waitFor(() => expect(screen.queryByTestId('staff-add-factor-dialog')).toBeNull());
          // both factors now: nothing more to add
          expect(screen.queryByTestId('staff-add-factor')).toBeNull();
        },
        signingOut: async () => {
          expect(await who()).toBeInTheDocument();
        },
        out: () => expectLogin('signedOut'),
        stillIn: async () => {
          expect(await screen.findByTestId('staff-sign-out')).toBeEnabled();
          expect(await who()).toBeInTheDocument();
        },
        outExpired: () => expectLogin('expired'),
      },
    },
    30_000,
  );
  coversEveryTransition(coverage);
});
