import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { RecoveryCodeIssued } from '../../contract/account-settings';
import { RECOVERY_CODE_FILE_NAME } from '../../contract/account-settings-rules';
import { recoveryCodeMachine } from '../../machines/recoveryCode';
import { settingsData } from '../support/settings-fixtures';
import { controlledActor, resolves } from '../support/stub-actors';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based test of Account Settings' recovery code section (issue 25) on the real page: a first
 * code with her PIN, a new code that warns the old stops working, the first code just after sign-up
 * without a PIN (and the PIN asked after all when the server wants it), the code shown once in its
 * groups, copied, saved as note.txt in her language, and closed for good. The server's answers are
 * explicit events; the clipboard is user-event's, the saved file what the page handed the browser.
 */
const coverage = new Coverage('recoveryCode', recoveryCodeMachine);
const CODE = '7KQ4-MX9T-CR3W-HPNA';
const PIN = '480317';
const ISSUED: RecoveryCodeIssued = { code: CODE, createdAt: '2026-11-28T10:00:00.000Z' };

type Opening = 'none' | 'active' | 'justJoined';
let opening: Opening = 'none';
const ui = modelApp({
  coverage,
  member: true,
  stubs: {
    loadSettings: () =>
      resolves(
        settingsData({
          recoveryCode:
            opening === 'active'
              ? { active: true, createdAt: '2026-10-01T08:00:00.000Z' }
              : { active: false, createdAt: null },
          recoveryCodeWithoutPin: opening === 'justJoined',
        }),
      ),
    loadDevices: () => resolves({ devices: [] }),
    issueRecoveryCode: () => controlledActor<RecoveryCodeIssued, { currentPin?: string }>(),
  },
});
const issue = () => ui.stubs.issueRecoveryCode;

// the browser's side of saving a file: jsdom has no object URLs and does not follow a download link
const saved: { name: string; file: Blob }[] = [];
const blobs = new Map<string, Blob>();
beforeAll(() => {
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:http://localhost/note-${blobs.size + 1}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.download) saved.push({ name: this.download, file: blobs.get(this.href)! });
  });
});
afterAll(() => vi.restoreAllMocks());

const section = () => screen.getByTestId('settings-recovery');
const pinBox = () => within(section()).getByTestId('recovery-pin-input');
const pinError = () => pinBox().closest('[data-scope="field"][data-part="root"]')!.textContent ?? '';
const status = () => within(section()).getByTestId('recovery-status');
const press = (id: string) => ui.app.user.click(within(section()).getByRole('button', { name: ui.t(id) }));

const model = createMachine({
  id: 'recoveryCodeModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'none', OPEN_ACTIVE: 'active', OPEN_JUST_JOINED: 'justJoined' } },
    none: { on: { START: 'askingPin' } },
    active: { on: { START: 'askingPinToReplace' } },
    askingPin: { on: { SUBMIT_EMPTY: 'pinMissing', SUBMIT_PIN: 'generating', CANCEL: 'none' } },
    askingPinToReplace: { on: { SUBMIT_PIN: 'generating', CANCEL: 'active' } },
    pinMissing: { on: { SUBMIT_PIN: 'generating' } },
    generating: { on: { ISSUED: 'showing', WRONG_PIN: 'pinWrong', FAIL: 'failedWithPin' } },
    pinWrong: {},
    failedWithPin: {},
    justJoined: { on: { START: 'generatingWithoutPin' } },
    generatingWithoutPin: { on: { ISSUED: 'showing', FAIL_NEEDS_PIN: 'needsPin' } },
    needsPin: { on: { START: 'askingPin' } },
    showing: { on: { COPY: 'copied', DOWNLOAD: 'downloaded', WRITTEN_DOWN: 'closedForGood' } },
    copied: { on: { WRITTEN_DOWN: 'closedForGood' } },
    downloaded: {},
    closedForGood: {},
  },
});
const paths = createTestModel(model).getShortestPaths({ allowDuplicatePaths: true });

function expectNoCode() {
  expect(within(section()).queryByTestId('recovery-code')).toBeNull();
}

async function expectAskingPin(replacing: boolean) {
  await waitFor(() => expect(pinBox()).toBeInTheDocument());
  const warning = ui.t('settings.recovery.replaceWarning');
  if (replacing) expect(section()).toHaveTextContent(warning);
  else expect(section()).not.toHaveTextContent(warning);
  expectNoCode();
}

async function expectShowing() {
  const code = await within(section()).findByTestId('recovery-code');
  // four groups, left to right, whatever the page's direction
  expect(code).toHaveAttribute('dir', 'ltr');
  expect(code.textContent).toBe(CODE);
  expect(section()).toHaveTextContent(ui.t('settings.recovery.shownOnce'));
  expect(within(section()).queryByTestId('recovery-pin-input')).toBeNull();
}

describe('recovery code section model on the real page', () => {
  beforeAll(() => import('../../src/views/settings/SettingsView'), 60_000);

  it('generates paths through every model state', () => expect(paths.length).toBeGreaterThan(8));

  followPaths(
    paths,
    {
      events: {
        OPEN: async () => {
          opening = 'none';
          await ui.open('/dashboard/settings', { ready: 'settings-recovery' });
        },
        OPEN_ACTIVE: async () => {
          opening = 'active';
          await ui.open('/dashboard/settings', { ready: 'settings-recovery' });
        },
        OPEN_JUST_JOINED: async () => {
          opening = 'justJoined';
          await ui.open('/dashboard/settings', { ready: 'settings-recovery' });
        },
        START: async () => {
          const active = status().textContent !== ui.t('settings.recovery.none');
          await press(active ? 'settings.recovery.replace' : 'settings.recovery.create');
        },
        SUBMIT_EMPTY: () => press('settings.recovery.create'),
        SUBMIT_PIN: async () => {
          await ui.app.user.clear(pinBox());
          await ui.app.user.type(pinBox(), `${PIN}{Enter}`);
        },
        CANCEL: () => press('common.cancel'),
        ISSUED: () => issue().resolve(ISSUED),
        WRONG_PIN: () => issue().reject({ code: 'CURRENT_PIN_WRONG' }),
        FAIL: () => issue().reject({ code: 'NETWORK_ERROR' }),
        FAIL_NEEDS_PIN: () => issue().reject({ code: 'VALIDATION_ERROR' }),
        COPY: () => press('settings.recovery.copy'),
        DOWNLOAD: () => press('settings.recovery.download'),
        WRITTEN_DOWN: () => press('settings.recovery.writtenDown'),
      },
      states: {
        closed: ui.expectClosed,
        none: () => {
          expect(status()).toHaveTextContent(ui.t('settings.recovery.none'));
          expect(
            within(section()).getByRole('button', { name: ui.t('settings.recovery.create') }),
          ).toBeVisible();
          expectNoCode();
        },
        active: () => {
          expect(status()).toHaveTextContent(
            ui.t('settings.recovery.activeSince', {
              date: ui.intl().formatDate('2026-10-01T08:00:00.000Z', { dateStyle: 'long' }),
            }),
          );
          expectNoCode();
        },
        justJoined: () => {
          // just after sign-up: one press makes it, no PIN asked
          expect(status()).toHaveTextContent(ui.t('settings.recovery.none'));
          expect(within(section()).queryByTestId('recovery-pin-input')).toBeNull();
        },
        askingPin: () => expectAskingPin(false),
        askingPinToReplace: () => expectAskingPin(true),
        pinMissing: async () => {
          await waitFor(() => expect(pinError()).toContain(ui.t('errors.field.CURRENT_PIN_REQUIRED')));
          expect(pinBox()).toHaveAttribute('aria-invalid', 'true');
          expect(issue().calls).toHaveLength(0);
        },
        generating: async () => {
          await waitFor(() => expect(issue().calls).toHaveLength(1));
          expect(issue().last()!.input).toEqual({ currentPin: PIN });
          expect(pinBox()).toBeDisabled();
        },
        generatingWithoutPin: async () => {
          await waitFor(() => expect(issue().calls).toHaveLength(1));
          expect(issue().last()!.input).toEqual({});
          expect(
            within(section()).getByRole('button', { name: ui.t('settings.recovery.create') }),
          ).toHaveAttribute('aria-busy', 'true');
        },
        pinWrong: async () => {
          await waitFor(() => expect(pinError()).toContain(ui.t('errors.field.CURRENT_PIN_WRONG')));
          expect(pinBox()).toHaveValue('');
          expectNoCode();
        },
        failedWithPin: async () => {
          const alert = await within(section()).findByTestId('recovery-error');
          expect(alert).toHaveTextContent(ui.t('errors.network'));
          expect(pinBox()).toBeEnabled();
        },
        needsPin: async () => {
          const alert = await within(section()).findByTestId('recovery-error');
          expect(alert).toHaveTextContent(ui.t('settings.recovery.failed'));
          expect(within(section()).queryByTestId('recovery-pin-input')).toBeNull();
        },
        showing: expectShowing,
        copied: async () => {
          await expectShowing();
          await waitFor(() => expect(section()).toHaveTextContent(ui.t('settings.recovery.copied')));
          expect(await navigator.clipboard.readText()).toBe(CODE);
        },
        downloaded: async () => {
          await expectShowing();
          await waitFor(() => expect(saved.at(-1)?.name).toBe(RECOVERY_CODE_FILE_NAME));
          const text = await saved.at(-1)!.file.text();
          expect(saved.at(-1)!.file.type).toBe('text/plain;charset=utf-8');
          expect(text).toContain(CODE);
          // in her language, what it is for, with the line ends every editor opens
          expect(text).toContain('Keep it private.');
          expect(text).toContain('\r\n');
        },
        closedForGood: async () => {
          await waitFor(() => expectNoCode());
          // a code now, made today: the next one would replace it
          expect(status()).toHaveTextContent(
            ui.t('settings.recovery.activeSince', {
              date: ui.intl().formatDate(ISSUED.createdAt, { dateStyle: 'long' }),
            }),
          );
          expect(
            within(section()).getByRole('button', { name: ui.t('settings.recovery.replace') }),
          ).toBeVisible();
        },
      },
    },
    60_000,
  );

  coversEveryTransition(coverage);
});
