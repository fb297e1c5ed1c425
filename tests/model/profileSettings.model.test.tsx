import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { AccountProfile } from '../../contract/account-settings';
import { profileSettingsMachine } from '../../machines/profileSettings';
import type { ProfileBody } from '../../src/api/settings';
import { fill } from '../support/screen-model';
import { PROFILE, settingsData } from '../support/settings-fixtures';
import { controlledActor, resolves } from '../support/stub-actors';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based test of Account Settings' Profile section (issue 25) on the real page: her stored
 * profile in sign-up's fields, sign-up's checks before the server is asked, the server's field
 * codes under their fields, nothing she typed lost on a failure, undo. The server's answer to the
 * save is an explicit event.
 */
const coverage = new Coverage('profileSettings', profileSettingsMachine);
const ui = modelApp({
  coverage,
  member: true,
  stubs: {
    loadSettings: () => resolves(settingsData()),
    loadDevices: () => resolves({ devices: [] }),
    saveProfile: () => controlledActor<AccountProfile, ProfileBody>(),
  },
});
const save = () => ui.stubs.saveProfile;
const EMAIL = 'noor@example.com';
const CHANGED: ProfileBody = {
  avatarId: 'date-palm',
  country: 'JO',
  ageRange: '25-34',
  maritalStatus: 'married',
  email: EMAIL,
  phone: null,
};

const section = () => screen.getByTestId('settings-profile');
const emailBox = () =>
  within(section()).getByRole('textbox', { name: new RegExp(ui.t('signup.profile.email')) });
const phoneBox = () =>
  within(section()).getByRole('textbox', { name: new RegExp(ui.t('signup.profile.phone')) });
const errorOf = (box: HTMLElement) => box.closest('[data-part="root"]')!;
const saveButton = () => within(section()).getByTestId('profile-save');

const model = createMachine({
  id: 'profileModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'editing' } },
    editing: { on: { SAVE_INVALID: 'invalid', CHANGE_AND_SAVE: 'saving' } },
    invalid: { on: { FIX_AND_SAVE: 'saving' } },
    saving: { on: { SAVE_OK: 'saved', SAVE_REFUSED: 'refused', SAVE_FAILED: 'failed' } },
    saved: { on: { EDIT: 'editingAfterSave' } },
    editingAfterSave: {},
    refused: { on: { UNDO: 'undone' } },
    undone: {},
    failed: {},
  },
});
const paths = createTestModel(model).getSimplePaths();

async function changeAndSave() {
  await ui.app.user.click(within(section()).getByText(ui.t('marital.married')));
  await fill(ui.app, emailBox(), EMAIL);
  await ui.press('settings.profile.save');
}

/** Her stored profile in the fields. */
function expectStored() {
  expect(within(section()).getByTestId('country-input')).toHaveValue('Jordan');
  expect(within(section()).getByTestId('age-range-trigger')).toHaveTextContent(ui.t('ageRange.25-34'));
  expect(emailBox()).toHaveValue('');
  expect(phoneBox()).toHaveValue('');
  expect(within(section()).getByRole('radio', { name: 'Date palm' })).toBeChecked();
}

/** What she typed is still there. */
function expectTyped() {
  expect(emailBox()).toHaveValue(EMAIL);
  expect(within(section()).getByRole('radio', { name: ui.t('marital.married') })).toBeChecked();
}

describe('profile section model on the real page', () => {
  // the page's chunk (its sections, machines and the sign-up parts) compiled once, before the first path
  beforeAll(() => import('../../src/views/settings/SettingsView'), 60_000);

  it('generates paths through every model state', () => expect(paths.length).toBeGreaterThan(3));

  followPaths(
    paths,
    {
      events: {
        OPEN: () => ui.open('/dashboard/settings', { ready: 'settings-profile' }),
        SAVE_INVALID: async () => {
          await fill(ui.app, emailBox(), 'not-an-email');
          await fill(ui.app, phoneBox(), '12');
          await ui.press('settings.profile.save');
        },
        FIX_AND_SAVE: async () => {
          await fill(ui.app, phoneBox(), '');
          await changeAndSave();
        },
        CHANGE_AND_SAVE: changeAndSave,
        SAVE_OK: () =>
          save().resolve({ ...PROFILE, ...CHANGED, ageRange: '25-34', maritalStatus: 'married' }),
        SAVE_REFUSED: () => save().reject({ code: 'VALIDATION_ERROR', fields: { email: 'EMAIL_INVALID' } }),
        SAVE_FAILED: () => save().reject({ code: 'NETWORK_ERROR' }),
        EDIT: () => fill(ui.app, phoneBox(), '+962 79 123 4567'),
        UNDO: () => ui.press('settings.profile.undo'),
      },
      states: {
        closed: ui.expectClosed,
        editing: () => {
          expectStored();
          expect(saveButton()).toBeEnabled();
          expect(within(section()).queryByRole('button', { name: ui.t('settings.profile.undo') })).toBeNull();
        },
        invalid: async () => {
          // sign-up's own checks, under their fields, before the server is asked
          await waitFor(() =>
            expect(errorOf(emailBox())).toHaveTextContent(ui.t('errors.field.EMAIL_INVALID')),
          );
          expect(errorOf(phoneBox())).toHaveTextContent(ui.t('errors.field.PHONE_INVALID'));
          expect(emailBox()).toHaveAttribute('aria-invalid', 'true');
          expect(save().calls).toHaveLength(0);
        },
        saving: async () => {
          await waitFor(() => expect(save().calls).toHaveLength(1));
          expect(save().last()!.input).toEqual(CHANGED);
          expect(saveButton()).toHaveAttribute('aria-busy', 'true');
        },
        saved: async () => {
          expect(await within(section()).findByTestId('profile-saved')).toHaveTextContent(
            ui.t('settings.profile.saved'),
          );
          expectTyped();
          expect(within(section()).queryByRole('button', { name: ui.t('settings.profile.undo') })).toBeNull();
        },
        editingAfterSave: async () => {
          await waitFor(() => expect(within(section()).queryByTestId('profile-saved')).toBeNull());
          expect(phoneBox()).toHaveValue('+962 79 123 4567');
          expect(
            within(section()).getByRole('button', { name: ui.t('settings.profile.undo') }),
          ).toBeEnabled();
        },
        refused: async () => {
          // the server's field code under its field; nothing she typed is lost
          await waitFor(() =>
            expect(errorOf(emailBox())).toHaveTextContent(ui.t('errors.field.EMAIL_INVALID')),
          );
          expect(within(section()).getByRole('alert')).toHaveTextContent(ui.t('settings.fixFields'));
          expectTyped();
        },
        undone: async () => {
          await waitFor(() => expect(emailBox()).toHaveValue(''));
          expectStored();
          expect(within(section()).queryByRole('alert')).toBeNull();
        },
        failed: async () => {
          const alert = await within(section()).findByTestId('profile-error');
          expect(alert).toHaveTextContent(ui.t('settings.profile.failed'));
          expect(alert).toHaveTextContent(ui.t('errors.network'));
          expectTyped();
          expect(saveButton()).toBeEnabled();
        },
      },
    },
    60_000,
  );

  coversEveryTransition(coverage);
});
