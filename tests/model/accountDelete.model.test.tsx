import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { AccountDeleted } from '../../contract/account-settings';
import { accountDeleteMachine } from '../../machines/accountDelete';
import { settingsData } from '../support/settings-fixtures';
import { controlledActor, resolves } from '../support/stub-actors';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based test of Account Settings' "Delete account" section (issue 25) on the real page: what
 * goes and what stays, the alert dialog with her current PIN and the typed word (checked before the
 * server is asked), the server's refusals in place (wrong PIN, mismatch, lock), closing it, and the
 * deletion: the device cleared as at sign-out (nothing left but her language), the home page and
 * its notice. The server's answer is an explicit event.
 */
const coverage = new Coverage('accountDelete', accountDeleteMachine);
const ui = modelApp({
  coverage,
  member: true,
  stubs: {
    loadSettings: () => resolves(settingsData()),
    loadDevices: () => resolves({ devices: [] }),
    deleteAccount: () => controlledActor<AccountDeleted, { currentPin: string; confirmation: string }>(),
  },
});
const deleting = () => ui.stubs.deleteAccount;
const PIN = '480317';

const section = () => screen.getByTestId('settings-delete');
const dialog = () => screen.getByTestId('delete-dialog');
const pinBox = () => within(dialog()).getByTestId('delete-pin-input');
const wordBox = () => within(dialog()).getByTestId('delete-confirmation-input');
const fieldText = (input: HTMLElement) =>
  input.closest('[data-scope="field"][data-part="root"]')!.textContent ?? '';

async function fill(pin: string, word: string) {
  const { user } = ui.app;
  await user.clear(pinBox());
  await user.type(pinBox(), pin);
  await user.clear(wordBox());
  if (word) await user.type(wordBox(), word);
  await user.click(within(dialog()).getByTestId('delete-confirm'));
}

const model = createMachine({
  id: 'accountDeleteModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'idle' } },
    idle: { on: { OPEN_DIALOG: 'dialog' } },
    dialog: {
      on: {
        SUBMIT_EMPTY: 'problems',
        SUBMIT_WRONG_WORD: 'wordMismatch',
        FILL_AND_SUBMIT: 'deleting',
        CLOSE: 'idle',
      },
    },
    problems: { on: { FILL_AND_SUBMIT: 'deleting' } },
    wordMismatch: { on: { FILL_ARABIC_AND_SUBMIT: 'deletingArabicWord' } },
    deleting: {
      on: {
        DELETED: 'home',
        WRONG_PIN: 'pinWrong',
        SERVER_MISMATCH: 'serverMismatch',
        SERVER_FIELD_CODE: 'serverMismatch',
        LOCKED: 'locked',
      },
    },
    deletingArabicWord: { on: { DELETED_WITH_CONSULTATIONS: 'homeWithCancellations' } },
    pinWrong: { on: { FILL_AND_SUBMIT: 'deleting' } },
    serverMismatch: {},
    locked: { on: { CLOSE: 'idle' } },
    home: {},
    homeWithCancellations: {},
  },
});
const paths = createTestModel(model).getShortestPaths({ allowDuplicatePaths: true });

async function expectDialog() {
  await waitFor(() => expect(dialog()).toBeVisible());
  expect(screen.getByRole('alertdialog')).toHaveAccessibleName(ui.t('settings.delete.dialogTitle'));
}

async function expectDeleting(confirmation: string) {
  await waitFor(() => expect(deleting().last()?.input).toEqual({ currentPin: PIN, confirmation }));
  expect(within(dialog()).getByTestId('delete-confirm')).toHaveAttribute('aria-busy', 'true');
  expect(within(dialog()).getByTestId('delete-cancel')).toBeDisabled();
  expect(dialog()).toHaveTextContent(ui.t('settings.delete.deleting'));
}

async function expectHome(notice: string | null) {
  await waitFor(() => expect(window.location.pathname).toBe('/'));
  // cleared as at sign-out: nothing of hers but the language she reads
  expect(document.cookie).toBe('language=en');
  expect({ ...localStorage }).toEqual({ language: 'en' });
  expect(sessionStorage.length).toBe(0);
  const session = ui.app.system.get('session').getSnapshot();
  expect(session.matches('signedOut')).toBe(true);
  expect(session.context.token).toBeNull();
  // the notice (the toaster outlives a test: an earlier path's may still be there)
  expect((await screen.findAllByText(ui.t('settings.delete.done'))).length).toBeGreaterThan(0);
  if (notice) expect((await screen.findAllByText(notice)).length).toBeGreaterThan(0);
  expect(screen.queryByTestId('settings')).toBeNull();
}

describe('"Delete account" section model on the real page', () => {
  beforeAll(() => import('../../src/views/settings/SettingsView'), 60_000);

  it('generates paths through every model state', () => expect(paths.length).toBeGreaterThan(8));

  followPaths(
    paths,
    {
      events: {
        OPEN: () => ui.open('/dashboard/settings', { ready: 'settings-delete' }),
        OPEN_DIALOG: () => ui.app.user.click(within(section()).getByTestId('delete-open')),
        SUBMIT_EMPTY: () => ui.app.user.click(within(dialog()).getByTestId('delete-confirm')),
        SUBMIT_WRONG_WORD: () => fill(PIN, 'remove'),
        // letter case and spaces do not matter
        FILL_AND_SUBMIT: () => fill(PIN, ' delete '),
        // the Arabic word is accepted on an English page too
        FILL_ARABIC_AND_SUBMIT: () => fill(PIN, 'حذف'),
        CLOSE: () => ui.app.user.click(within(dialog()).getByTestId('delete-cancel')),
        DELETED: () => deleting().resolve({ ok: true, cancelledConsultations: 0 }),
        DELETED_WITH_CONSULTATIONS: () => deleting().resolve({ ok: true, cancelledConsultations: 2 }),
        WRONG_PIN: () => deleting().reject({ code: 'CURRENT_PIN_WRONG' }),
        SERVER_MISMATCH: () => deleting().reject({ code: 'CONFIRMATION_MISMATCH' }),
        // as the server words it: a validation error with the field's code
        SERVER_FIELD_CODE: () =>
          deleting().reject({ code: 'VALIDATION_ERROR', fields: { confirmation: 'CONFIRMATION_MISMATCH' } }),
        LOCKED: () => deleting().reject({ code: 'TOO_MANY_ATTEMPTS', retryAfter: 300 }),
      },
      states: {
        closed: ui.expectClosed,
        idle: async () => {
          // what goes, what the law keeps and for how long, the alias reserved
          expect(section()).toHaveTextContent(ui.t('settings.delete.documents', { years: 10 }));
          expect(section()).toHaveTextContent(ui.t('settings.delete.alias', { days: 30 }));
          expect(section()).toHaveTextContent(ui.t('settings.delete.consultations'));
          await waitFor(() => expect(screen.queryByTestId('delete-dialog')).toBeNull());
        },
        dialog: async () => {
          await expectDialog();
          expect(pinBox()).toHaveValue('');
          expect(wordBox()).toHaveValue('');
          // the word to type, in the page's language
          expect(fieldText(wordBox())).toContain(ui.t('settings.delete.typeLabel', { word: 'DELETE' }));
        },
        problems: async () => {
          await expectDialog();
          await waitFor(() =>
            expect(fieldText(pinBox())).toContain(ui.t('errors.field.CURRENT_PIN_REQUIRED')),
          );
          expect(fieldText(wordBox())).toContain(ui.t('errors.field.REQUIRED'));
          expect(deleting().calls).toHaveLength(0);
        },
        wordMismatch: async () => {
          await expectDialog();
          await waitFor(() =>
            expect(fieldText(wordBox())).toContain(ui.t('settings.delete.mismatch', { word: 'DELETE' })),
          );
          expect(wordBox()).toHaveAttribute('aria-invalid', 'true');
          expect(deleting().calls).toHaveLength(0);
        },
        deleting: () => expectDeleting('delete'),
        deletingArabicWord: () => expectDeleting('حذف'),
        pinWrong: async () => {
          await expectDialog();
          await waitFor(() => expect(fieldText(pinBox())).toContain(ui.t('errors.field.CURRENT_PIN_WRONG')));
          expect(pinBox()).toHaveValue('');
          // the word she typed stays
          expect(wordBox()).toHaveValue(' delete ');
        },
        serverMismatch: async () => {
          await expectDialog();
          await waitFor(() =>
            expect(fieldText(wordBox())).toContain(ui.t('settings.delete.mismatch', { word: 'DELETE' })),
          );
        },
        locked: async () => {
          await expectDialog();
          const alert = await within(dialog()).findByTestId('delete-error');
          expect(alert).toHaveTextContent(
            ui.t('errors.locked', { wait: ui.t('time.minutes', { count: 5 }) }),
          );
          await act(async () => {});
          expect(ui.app.system.get('session').getSnapshot().matches('signedIn')).toBe(true);
        },
        home: () => expectHome(null),
        homeWithCancellations: () => expectHome(ui.t('settings.delete.doneCancelled', { count: 2 })),
      },
    },
    60_000,
  );

  coversEveryTransition(coverage);
});
