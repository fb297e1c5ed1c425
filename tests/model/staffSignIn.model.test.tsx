import { act, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { StaffMe } from '../../contract/staff';
import { staffSignInMachine } from '../../machines/staffSignIn';
import { Coverage } from './coverage';
import { followPaths, modelApp } from './harness';

/**
 * Model-based test of the staff sign-in (issue 26) on the real /staff/login page: the password
 * (blank, wrong, locked, then right), her second factor (a passkey: done, cancelled then tried again,
 * or the half session gone; a code: too short, refused then a new one, or the half session gone), back
 * to the password, and a staff member with no factor yet setting up a passkey here. The server is a
 * fake staffRequest whose answers are events; the browser's passkey ceremony answers at once or is
 * cancelled (NotAllowedError).
 */
interface Call {
  path: string;
  method: string;
  body: unknown;
  settled: boolean;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}
const fake = vi.hoisted(() => ({ calls: [] as Call[], cancelCeremony: false }));
vi.mock('../../src/api/staff-client', async (original) => ({
  ...(await original<object>()),
  setStaffUnauthorizedHandler: () => {},
  staffRequest: (path: string, o: { method?: string; body?: unknown; signal?: AbortSignal } = {}) =>
    new Promise((resolve, reject) => {
      const call: Call = {
        path,
        method: (o.method ?? 'GET').toUpperCase(),
        body: o.body,
        settled: false,
        resolve,
        reject,
      };
      o.signal?.addEventListener('abort', () => {
        call.settled = true;
      });
      fake.calls.push(call);
    }),
}));
const ceremony = async () => {
  if (fake.cancelCeremony) throw Object.assign(new Error('cancelled'), { name: 'NotAllowedError' });
  return { id: 'passkey' };
};
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  startRegistration: ceremony,
  startAuthentication: ceremony,
}));

const ME: StaffMe = {
  id: '00000000-0000-4000-8000-0000000000b2',
  name: 'Rana Aziz',
  email: 'rana@staff.test',
  roles: ['moderator'],
  expertId: null,
  language: 'en',
  factors: ['passkey', 'totp'],
};
const PASSWORD = 'Violet-harbour-lantern-42';

async function answer(path: string, method: string, value: unknown, fail = false) {
  const call = await waitFor(() => {
    const open = fake.calls.filter((c) => !c.settled && c.path === path && c.method === method);
    expect(open.length, `an open ${method} ${path}`).toBeGreaterThan(0);
    return open.at(-1)!;
  });
  call.settled = true;
  await act(async () => (fail ? call.reject(value) : call.resolve(value)));
}
const refuse = (path: string, code: string, extra = {}) => answer(path, 'POST', { code, ...extra }, true);
const isOpen = (path: string) =>
  waitFor(() => expect(fake.calls.some((c) => !c.settled && c.path === path)).toBe(true));

const coverage = new Coverage('staffSignIn', staffSignInMachine);
const ui = modelApp({ coverage });
const byId = (id: string) => screen.findByTestId(id);
const click = async (id: string) => ui.app.user.click(await byId(id));
const type = async (id: string, text: string) => {
  await ui.app.user.clear(await byId(id));
  if (text) await ui.app.user.type(await byId(id), text);
};
const passkeyButton = () => screen.findByRole('button', { name: ui.t('staff.auth.factor.passkey') });

const model = createMachine({
  id: 'staffSignInModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'credentials' } },
    credentials: { on: { SUBMIT_BLANK: 'blank', SUBMIT: 'checkingPassword' } },
    blank: { on: { TYPE_EMAIL: 'emailFixed' } },
    emailFixed: {},
    checkingPassword: {
      on: { WRONG: 'wrong', LOCKED: 'locked', FACTORS: 'choosing', NO_FACTOR: 'enrol' },
    },
    wrong: { on: { SUBMIT_AGAIN: 'checkingAgain' } },
    checkingAgain: { on: { FACTORS_AGAIN: 'choosingAfterRetry' } },
    choosingAfterRetry: {},
    locked: {},
    choosing: { on: { PASSKEY: 'passkey', CODE: 'code', BACK: 'backToPassword' } },
    backToPassword: {},
    passkey: { on: { PASSKEY_OK: 'signedIn', PASSKEY_CANCEL: 'cancelled', PASSKEY_401: 'halfExpired' } },
    cancelled: { on: { PASSKEY_RETRY: 'signedInAfterRetry' } },
    code: {
      on: { SHORT_CODE: 'codeIncomplete', SEND_CODE: 'checkingCode', CODE_TO_PASSKEY: 'passkeyFromCode' },
    },
    codeIncomplete: {},
    passkeyFromCode: {},
    checkingCode: { on: { CODE_OK: 'signedIn', CODE_REFUSED: 'codeRefused', CODE_401: 'halfExpired' } },
    codeRefused: { on: { NEW_CODE: 'signedInAfterRetry' } },
    halfExpired: {},
    enrol: { on: { ENROL_PASSKEY: 'signedIn', BACK: 'backToPassword' } },
    signedIn: {},
    signedInAfterRetry: {},
  },
});
const paths = createTestModel(model).getSimplePaths();

const expectForm = async (error: string | null, email: string) => {
  expect(await screen.findByRole('heading', { name: ui.t('staff.auth.login.title') })).toBeInTheDocument();
  expect(await byId('staff-email')).toHaveValue(email);
  expect(screen.getByTestId('staff-password')).toHaveValue('');
  if (error === null) expect(screen.queryByTestId('staff-login-error')).toBeNull();
  else expect(await byId('staff-login-error')).toHaveTextContent(error);
};
const expectChoice = async (error: string | null) => {
  expect(await byId('staff-second-factor')).toHaveTextContent(ui.t('staff.auth.factor.intro'));
  expect(await passkeyButton()).toBeEnabled();
  expect(screen.getByTestId('staff-use-code')).toBeEnabled();
  if (error === null) expect(screen.queryByTestId('staff-factor-error')).toBeNull();
  else expect(await byId('staff-factor-error')).toHaveTextContent(error);
};
const expectIn = async () => {
  expect(await byId('staff-who')).toHaveTextContent(ME.name);
  expect(window.location.pathname).toBe('/staff/profile');
};
// the code step's field error and its notice share the test id staff-code-error
const expectCode = async (error: string | null, value = '') => {
  expect(await byId('staff-code')).toBeEnabled();
  expect(screen.getByTestId('staff-code')).toHaveValue(value);
  expect(screen.getByText(ui.t('staff.auth.code.label'))).toBeInTheDocument();
  if (error === null) expect(screen.queryByTestId('staff-code-error')).toBeNull();
  else expect(await byId('staff-code-error')).toHaveTextContent(error);
};
const signInWithPassword = async () => {
  await type('staff-email', ME.email);
  await type('staff-password', PASSWORD);
  await click('staff-login-submit');
};

describe('staff sign-in model on the real page', () => {
  beforeAll(async () => {
    await import('../../src/views/staff/StaffArea');
    await import('../../src/views/staff/StaffLoginView');
  }, 60_000);

  it('generates paths through every model state', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect([...reached].sort()).toEqual(Object.keys(model.config.states ?? {}).sort());
  });

  followPaths(
    paths,
    {
      events: {
        OPEN: async () => {
          fake.calls = [];
          fake.cancelCeremony = false;
          await ui.open(`/staff/login?next=${encodeURIComponent('/staff/profile')}`);
          await answer('/me', 'GET', { code: 'UNAUTHORIZED' }, true);
        },
        SUBMIT_BLANK: () => click('staff-login-submit'),
        TYPE_EMAIL: () => type('staff-email', ME.email),
        SUBMIT: signInWithPassword,
        WRONG: () => refuse('/login', 'INVALID_CREDENTIALS'),
        LOCKED: () => refuse('/login', 'TOO_MANY_ATTEMPTS', { retryAfter: 120 }),
        SUBMIT_AGAIN: async () => {
          await type('staff-password', PASSWORD);
          await click('staff-login-submit');
        },
        FACTORS: () => answer('/login', 'POST', { stage: 'second-factor', factors: ME.factors }),
        FACTORS_AGAIN: () => answer('/login', 'POST', { stage: 'second-factor', factors: ME.factors }),
        NO_FACTOR: () => answer('/login', 'POST', { stage: 'enrol', factors: [] }),
        PASSKEY: async () => ui.app.user.click(await passkeyButton()),
        CODE: () => click('staff-use-code'),
        BACK: () => ui.press('staff.auth.factor.back'),
        PASSKEY_OK: async () => {
          await answer('/login/passkey/options', 'POST', { challenge: 'c' });
          await answer('/login/passkey', 'POST', ME);
        },
        PASSKEY_CANCEL: async () => {
          fake.cancelCeremony = true;
          await answer('/login/passkey/options', 'POST', { challenge: 'c' });
        },
        PASSKEY_401: () => refuse('/login/passkey/options', 'UNAUTHORIZED'),
        PASSKEY_RETRY: async () => {
          fake.cancelCeremony = false;
          await ui.app.user.click(await passkeyButton());
          await answer('/login/passkey/options', 'POST', { challenge: 'c2' });
          await answer('/login/passkey', 'POST', ME);
        },
        SHORT_CODE: async () => {
          await type('staff-code', '482');
          await click('staff-code-submit');
        },
        // Arabic-Indic digits, as her phone's keyboard may type them
        SEND_CODE: async () => {
          await type('staff-code', '٤٨٢٩١٣');
          await click('staff-code-submit');
        },
        CODE_TO_PASSKEY: async () => ui.app.user.click(await passkeyButton()),
        CODE_OK: () => answer('/login/totp', 'POST', ME),
        CODE_REFUSED: () => refuse('/login/totp', 'SECOND_FACTOR_INVALID'),
        CODE_401: () => refuse('/login/totp', 'UNAUTHORIZED'),
        NEW_CODE: async () => {
          await type('staff-code', '120384');
          await click('staff-code-submit');
          await answer('/login/totp', 'POST', ME);
        },
        ENROL_PASSKEY: async () => {
          await click('staff-enrol-passkey');
          await answer('/enrol/passkey/options', 'POST', { challenge: 'e' });
          await answer('/enrol/passkey', 'POST', { ...ME, factors: ['passkey'] });
        },
      },
      states: {
        closed: ui.expectClosed,
        credentials: () => expectForm(null, ''),
        blank: async () => {
          expect(await byId('staff-email')).toHaveAttribute('aria-invalid', 'true');
          expect(screen.getByTestId('staff-password')).toHaveAttribute('aria-invalid', 'true');
          expect(screen.getAllByText(ui.t('errors.field.REQUIRED'))).toHaveLength(2);
          expect(fake.calls.some((c) => c.path === '/login')).toBe(false);
        },
        // the e-mail's error goes as she types; the password's stays
        emailFixed: async () => {
          expect(await byId('staff-email')).not.toHaveAttribute('aria-invalid', 'true');
          expect(screen.getByTestId('staff-password')).toHaveAttribute('aria-invalid', 'true');
          expect(screen.getAllByText(ui.t('errors.field.REQUIRED'))).toHaveLength(1);
        },
        checkingPassword: async () => {
          await isOpen('/login');
          expect(fake.calls.find((c) => c.path === '/login')?.body).toEqual({
            email: ME.email,
            password: PASSWORD,
          });
          expect(screen.queryByTestId('staff-second-factor')).toBeNull();
        },
        wrong: () => expectForm(ui.t('staff.auth.error.INVALID_CREDENTIALS'), ME.email),
        checkingAgain: () => isOpen('/login'),
        choosingAfterRetry: () => expectChoice(null),
        locked: () =>
          expectForm(ui.t('errors.locked', { wait: ui.t('time.minutes', { count: 2 }) }), ME.email),
        choosing: () => expectChoice(null),
        // another account: the e-mail stays for her to change, the password is gone
        backToPassword: () => expectForm(null, ME.email),
        passkey: async () => {
          await isOpen('/login/passkey/options');
          expect(screen.getByTestId('staff-use-code')).toBeDisabled();
        },
        cancelled: () => expectChoice(ui.t('staff.auth.error.PASSKEY_CANCELLED')),
        code: () => expectCode(null),
        codeIncomplete: async () => {
          await expectCode(ui.t('staff.auth.field.CODE_INCOMPLETE'), '482');
          expect(fake.calls.some((c) => c.path === '/login/totp')).toBe(false);
        },
        passkeyFromCode: async () => {
          await isOpen('/login/passkey/options');
          expect(await passkeyButton()).toBeDisabled();
        },
        checkingCode: async () => {
          await isOpen('/login/totp');
          expect(fake.calls.find((c) => c.path === '/login/totp')?.body).toEqual({ code: '482913' });
          expect(screen.getByTestId('staff-code')).toBeDisabled();
        },
        codeRefused: () => expectCode(ui.t('staff.auth.error.SECOND_FACTOR_INVALID')),
        halfExpired: () => expectForm(ui.t('staff.auth.error.SESSION_EXPIRED'), ME.email),
        enrol: async () => {
          expect(await byId('staff-enrol-choose')).toHaveTextContent(ui.t('staff.auth.enrol.intro'));
          expect(screen.getByTestId('staff-enrol-passkey')).toHaveTextContent(
            ui.t('staff.auth.enrol.passkey'),
          );
          expect(screen.getByTestId('staff-enrol-totp')).toHaveTextContent(ui.t('staff.auth.enrol.totp'));
        },
        signedIn: expectIn,
        signedInAfterRetry: expectIn,
      },
    },
    30_000,
  );

  it('covers every state and transition of the real staffSignIn machine', () => {
    console.log(coverage.report());
    const { states, transitions } = coverage.missing();
    expect(states).toEqual([]);
    expect(transitions).toEqual([]);
  });
});
