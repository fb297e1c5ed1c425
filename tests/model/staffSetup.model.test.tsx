import { act, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { StaffMe } from '../../contract/staff';
import { staffSetupMachine } from '../../machines/staffSetup';
import { staffEnrolMachine } from '../../machines/staffSetup-enrol';
import { firstPageFor } from '../../src/views/staff/staff-nav';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based test of setting up a staff account from its one-time link (issue 26) on the real
 * /staff/setup/{token} page, with the enrol steps it runs (machines/staffSetup-enrol.ts, shared with the
 * sign-in and "Add a second factor"): the link checked (good, used, or offline then Try again), her
 * password (the rules before the server, a refusal under the field, the link gone meanwhile), then a
 * passkey (made, or cancelled then made) or an authenticator app (its QR code and key, a code too short,
 * refused then a new one, back to the choice, or the secret not loaded). The server is a fake
 * staffRequest whose answers are events; the browser's ceremony answers at once or is cancelled.
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

const TOKEN = 'k9Qz-setup-link';
const INFO = { name: 'Rana Aziz', email: 'rana@staff.test', language: 'en' };
const ME: StaffMe = {
  id: '00000000-0000-4000-8000-0000000000c3',
  name: INFO.name,
  email: INFO.email,
  roles: ['moderator'],
  expertId: null,
  language: 'en',
  factors: ['passkey'],
};
const TOTP = {
  secret: 'JBSWY3DPEHPK3PXPJBSW',
  uri: 'otpauth://totp/x',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
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
const LINK = `/setup/${TOKEN}`;
const refuse = (path: string, code: string, extra = {}, method = 'POST') =>
  answer(path, method, { code, ...extra }, true);
const isOpen = (path: string) =>
  waitFor(() => expect(fake.calls.some((c) => !c.settled && c.path === path)).toBe(true));

const setupCoverage = new Coverage('staffSetup', staffSetupMachine);
const enrolCoverage = new Coverage('staffEnrol', staffEnrolMachine);
const ui = modelApp({ coverage: [setupCoverage, enrolCoverage] });
const byId = (id: string) => screen.findByTestId(id);
const click = async (id: string) => ui.app.user.click(await byId(id));
const type = async (id: string, text: string) => {
  await ui.app.user.clear(await byId(id));
  if (text) await ui.app.user.type(await byId(id), text);
};
const typePasswords = async (password: string, confirm: string) => {
  await type('staff-setup-password', password);
  await type('staff-setup-confirm', confirm);
  await click('staff-setup-submit');
};

const model = createMachine({
  id: 'staffSetupModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'checking' } },
    checking: { on: { LINK_OK: 'password', LINK_USED: 'invalid', LINK_OFFLINE: 'failed' } },
    failed: { on: { RETRY: 'rechecking' } },
    rechecking: { on: { LINK_OK: 'passwordAfterRetry' } },
    passwordAfterRetry: {},
    invalid: {},
    password: { on: { SUBMIT_BAD: 'problems', SUBMIT: 'saving' } },
    problems: {},
    saving: { on: { SAVED: 'choosing', PASSWORD_REFUSED: 'refused', LINK_GONE: 'goneWhileSaving' } },
    refused: {},
    goneWhileSaving: {},
    choosing: { on: { PASSKEY: 'passkey', TOTP: 'loadingTotp' } },
    passkey: { on: { PASSKEY_OK: 'done', PASSKEY_CANCEL: 'cancelled' } },
    cancelled: { on: { PASSKEY_AGAIN: 'doneAfterRetry' } },
    loadingTotp: { on: { TOTP_OK: 'totp', TOTP_OFFLINE: 'totpFailed' } },
    totpFailed: {},
    totp: { on: { SHORT_CODE: 'codeIncomplete', BACK: 'backToChoice', SEND_CODE: 'confirming' } },
    codeIncomplete: {},
    backToChoice: {},
    confirming: { on: { CONFIRM_OK: 'done', CONFIRM_REFUSED: 'codeRefused' } },
    codeRefused: { on: { NEW_CODE: 'doneAfterRetry' } },
    done: {},
    doneAfterRetry: {},
  },
});
const paths = createTestModel(model).getSimplePaths();

const heading = (id: string) => screen.findByRole('heading', { name: ui.t(id) });
const expectPasswordForm = async () => {
  expect(await heading('staff.auth.setup.title')).toBeInTheDocument();
  // the e-mail is isolated in a <bdi>: the sentence is read across it
  expect(await byId('staff-setup-password')).toBeEnabled();
  expect(document.body).toHaveTextContent(
    ui.t('staff.auth.setup.welcome', { name: INFO.name, email: INFO.email }),
  );
  expect(screen.getByTestId('staff-setup-password')).toBeEnabled();
  expect(screen.getByText(ui.t('staff.auth.setup.rules', { min: 12 }))).toBeInTheDocument();
};
const expectInvalid = async () => {
  expect(await byId('staff-setup-invalid')).toHaveTextContent(ui.t('staff.auth.setup.invalid'));
  expect(screen.getByTestId('staff-setup-invalid')).toHaveTextContent(ui.t('staff.auth.setup.invalidHelp'));
  expect(screen.getByRole('link', { name: ui.t('staff.auth.login.title') })).toHaveAttribute(
    'href',
    '/staff/login',
  );
  expect(screen.queryByTestId('staff-setup-password')).toBeNull();
};
const expectChoice = async (error: string | null) => {
  expect(await heading('staff.auth.enrol.title')).toBeInTheDocument();
  expect(await byId('staff-enrol-choose')).toHaveTextContent(ui.t('staff.auth.enrol.intro'));
  expect(screen.getByTestId('staff-enrol-passkey')).toBeEnabled();
  expect(screen.getByTestId('staff-enrol-totp')).toBeEnabled();
  if (error === null) expect(screen.queryByTestId('staff-enrol-error')).toBeNull();
  else expect(await byId('staff-enrol-error')).toHaveTextContent(error);
};
// the totp step's field error and its notice share the test id prefix staff-enrol-…error
const expectTotp = async (value: string, error: string | null) => {
  expect(await byId('staff-enrol-totp-step')).toHaveTextContent(ui.t('staff.auth.totp.scan'));
  expect(screen.getByRole('img', { name: ui.t('staff.auth.totp.qrAlt') })).toHaveAttribute(
    'src',
    expect.stringMatching(/^data:image\/svg\+xml;base64,/),
  );
  expect(screen.getByTestId('staff-totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW');
  expect(screen.getByTestId('staff-enrol-code')).toHaveValue(value);
  const errors = [...document.querySelectorAll('[data-testid^="staff-enrol-"][data-testid$="error"]')];
  if (error === null) expect(errors).toHaveLength(0);
  else expect(errors.map((e) => e.textContent).join(' ')).toContain(error);
};
const expectIn = async () => {
  expect(await byId('staff-who')).toHaveTextContent(ME.name);
  expect(window.location.pathname).toBe(firstPageFor(ME.roles));
};
const sendCode = async (code: string) => {
  await type('staff-enrol-code', code);
  await click('staff-enrol-confirm');
};

describe('staff set-up model on the real page', () => {
  beforeAll(async () => {
    await import('../../src/views/staff/StaffArea');
    await import('../../src/views/staff/StaffSetupView');
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
          await ui.open(`/staff/setup/${TOKEN}`);
          await answer('/me', 'GET', { code: 'UNAUTHORIZED' }, true);
        },
        LINK_OK: () => answer(LINK, 'GET', INFO),
        LINK_USED: () => refuse(LINK, 'STAFF_SETUP_INVALID', {}, 'GET'),
        LINK_OFFLINE: () => refuse(LINK, 'NETWORK_ERROR', {}, 'GET'),
        RETRY: () => ui.press('staff.common.retry'),
        SUBMIT_BAD: () => typePasswords('short', 'shorter'),
        SUBMIT: () => typePasswords(PASSWORD, PASSWORD),
        SAVED: () => answer('/setup', 'POST', { stage: 'enrol', factors: [] }),
        PASSWORD_REFUSED: () =>
          refuse('/setup', 'VALIDATION_ERROR', { fields: { password: 'PASSWORD_HAS_EMAIL' } }),
        LINK_GONE: () => refuse('/setup', 'STAFF_SETUP_INVALID'),
        PASSKEY: () => click('staff-enrol-passkey'),
        PASSKEY_OK: async () => {
          await answer('/enrol/passkey/options', 'POST', { challenge: 'e' });
          await answer('/enrol/passkey', 'POST', ME);
        },
        PASSKEY_CANCEL: async () => {
          fake.cancelCeremony = true;
          await answer('/enrol/passkey/options', 'POST', { challenge: 'e' });
        },
        PASSKEY_AGAIN: async () => {
          fake.cancelCeremony = false;
          await click('staff-enrol-passkey');
          await answer('/enrol/passkey/options', 'POST', { challenge: 'e2' });
          await answer('/enrol/passkey', 'POST', ME);
        },
        TOTP: () => click('staff-enrol-totp'),
        TOTP_OK: () => answer('/enrol/totp', 'POST', TOTP),
        TOTP_OFFLINE: () => refuse('/enrol/totp', 'NETWORK_ERROR'),
        SHORT_CODE: () => sendCode('48'),
        BACK: () => ui.press('staff.common.back'),
        SEND_CODE: () => sendCode('482913'),
        CONFIRM_OK: () => answer('/enrol/totp/confirm', 'POST', { ...ME, factors: ['totp'] }),
        CONFIRM_REFUSED: () => refuse('/enrol/totp/confirm', 'SECOND_FACTOR_INVALID'),
        NEW_CODE: async () => {
          await sendCode('٧٧٣٠١٥');
          await answer('/enrol/totp/confirm', 'POST', { ...ME, factors: ['totp'] });
        },
      },
      states: {
        closed: ui.expectClosed,
        checking: async () => {
          await isOpen(LINK);
          expect(await screen.findByText(ui.t('staff.common.loading'))).toBeInTheDocument();
          expect(screen.queryByTestId('staff-setup-password')).toBeNull();
        },
        failed: async () => {
          expect(await byId('staff-setup-error')).toHaveTextContent(ui.t('errors.network'));
          expect(screen.getByRole('button', { name: ui.t('staff.common.retry') })).toBeEnabled();
        },
        rechecking: () => isOpen(LINK),
        passwordAfterRetry: expectPasswordForm,
        invalid: expectInvalid,
        password: expectPasswordForm,
        problems: async () => {
          expect(await byId('staff-setup-password-error')).toHaveTextContent(
            ui.t('staff.auth.field.PASSWORD_TOO_SHORT', { min: 12 }),
          );
          expect(screen.getByText(ui.t('staff.auth.field.CONFIRMATION_MISMATCH'))).toBeInTheDocument();
          expect(fake.calls.some((c) => c.path === '/setup')).toBe(false);
        },
        saving: async () => {
          await isOpen('/setup');
          expect(fake.calls.find((c) => c.path === '/setup')?.body).toEqual({
            token: TOKEN,
            password: PASSWORD,
          });
          expect(screen.getByTestId('staff-setup-password')).toBeDisabled();
        },
        refused: async () => {
          expect(await byId('staff-setup-password-error')).toHaveTextContent(
            ui.t('errors.field.PASSWORD_HAS_EMAIL'),
          );
          expect(screen.queryByTestId('staff-setup-error')).toBeNull();
        },
        goneWhileSaving: expectInvalid,
        choosing: () => expectChoice(null),
        passkey: async () => {
          await isOpen('/enrol/passkey/options');
          expect(screen.getByTestId('staff-enrol-totp')).toBeDisabled();
        },
        cancelled: () => expectChoice(ui.t('staff.auth.error.PASSKEY_CANCELLED')),
        loadingTotp: async () => {
          await isOpen('/enrol/totp');
          expect(screen.getByTestId('staff-enrol-passkey')).toBeDisabled();
        },
        totpFailed: () => expectChoice(ui.t('errors.network')),
        totp: () => expectTotp('', null),
        codeIncomplete: async () => {
          await expectTotp('48', ui.t('staff.auth.field.CODE_INCOMPLETE'));
          expect(fake.calls.some((c) => c.path === '/enrol/totp/confirm')).toBe(false);
        },
        backToChoice: () => expectChoice(null),
        confirming: async () => {
          await isOpen('/enrol/totp/confirm');
          expect(fake.calls.find((c) => c.path === '/enrol/totp/confirm')?.body).toEqual({ code: '482913' });
          expect(screen.getByTestId('staff-enrol-code')).toBeDisabled();
        },
        codeRefused: () => expectTotp('', ui.t('staff.auth.error.SECOND_FACTOR_INVALID')),
        done: expectIn,
        doneAfterRetry: async () => {
          await expectIn();
          const confirm = fake.calls.filter((c) => c.path === '/enrol/totp/confirm').at(-1);
          if (confirm) expect(confirm.body).toEqual({ code: '773015' });
        },
      },
    },
    30_000,
  );
  coversEveryTransition(setupCoverage);
  coversEveryTransition(enrolCoverage);
});
