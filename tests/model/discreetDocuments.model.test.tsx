import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { AccountProfile } from '../../contract/account-settings';
import { discreetDocumentsMachine } from '../../machines/discreetDocuments';
import { PROFILE, settingsData } from '../support/settings-fixtures';
import { controlledActor, resolves } from '../support/stub-actors';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based test of Account Settings' Language and documents section (issue 25) on the real
 * page: the discreet-documents switch (Ark Switch, on by default) saves at once and goes back when
 * the save fails; the language choice is the app's own switch, and a signed-in member's account
 * keeps it (the language machine's `saveLanguageOnServer`). The server's answer is an explicit event.
 */
const coverage = new Coverage('discreetDocuments', discreetDocumentsMachine);
const kept: string[] = [];
const ui = modelApp({
  coverage,
  member: true,
  saveLanguageOnServer: (locale) => kept.push(locale),
  stubs: {
    loadSettings: () => resolves(settingsData()),
    loadDevices: () => resolves({ devices: [] }),
    savePreference: () => controlledActor<AccountProfile, { discreetDocuments: boolean }>(),
  },
});
const save = () => ui.stubs.savePreference;

const section = () => screen.getByTestId('settings-language');
const toggle = () => within(screen.getByTestId('settings-discreet')).getByRole('checkbox');
const status = () => within(section()).getByRole('status');

const model = createMachine({
  id: 'discreetDocumentsModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'discreet' } },
    discreet: { on: { TURN_OFF: 'savingOff', CHOOSE_ARABIC: 'arabic' } },
    arabic: {},
    savingOff: { on: { SAVE_OK: 'off', SAVE_FAILED: 'failedBackOn' } },
    off: { on: { TURN_ON: 'savingOn' } },
    savingOn: { on: { SAVE_OK: 'onAgain' } },
    onAgain: {},
    failedBackOn: { on: { TURN_OFF: 'savingOff' } },
  },
});
const paths = createTestModel(model).getSimplePaths();

describe('language and documents section model on the real page', () => {
  // the page's chunk (its sections, machines and the sign-up parts) compiled once, before the first path
  beforeAll(() => import('../../src/views/settings/SettingsView'), 60_000);

  it('generates paths through every model state', () => expect(paths.length).toBeGreaterThan(2));

  followPaths(
    paths,
    {
      events: {
        OPEN: async () => {
          kept.length = 0;
          await ui.open('/dashboard/settings', { ready: 'settings-language' });
        },
        TURN_OFF: () => ui.app.user.click(toggle()),
        TURN_ON: () => ui.app.user.click(toggle()),
        SAVE_OK: () =>
          save().resolve({ ...PROFILE, discreetDocuments: save().last()!.input.discreetDocuments }),
        SAVE_FAILED: () => save().reject({ code: 'NETWORK_ERROR' }),
        CHOOSE_ARABIC: async () => {
          await ui.app.user.click(within(screen.getByTestId('language-choice')).getByText('العربية'));
          await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
          await ui.settle();
        },
      },
      states: {
        closed: ui.expectClosed,
        discreet: () => {
          expect(toggle()).toBeChecked();
          expect(section()).toHaveTextContent(ui.t('settings.documents.hint'));
          expect(
            within(screen.getByTestId('language-choice')).getByRole('radio', { name: 'English' }),
          ).toBeChecked();
        },
        arabic: async () => {
          expect(document.documentElement.lang).toBe('ar');
          expect(
            within(screen.getByTestId('language-choice')).getByRole('radio', { name: 'العربية' }),
          ).toBeChecked();
          // her account keeps it, so it follows her to a new device
          expect(kept).toEqual(['ar']);
          expect(section()).toHaveTextContent(ui.t('settings.language.hint'));
        },
        savingOff: async () => {
          await waitFor(() => expect(save().last()?.input).toEqual({ discreetDocuments: false }));
          // her choice shows at once; the switch waits for the server
          expect(toggle()).not.toBeChecked();
          expect(toggle()).toBeDisabled();
          expect(status()).toHaveTextContent(ui.t('settings.saving'));
        },
        off: async () => {
          await waitFor(() => expect(status()).toHaveTextContent(ui.t('settings.documents.savedOff')));
          expect(toggle()).not.toBeChecked();
          expect(toggle()).toBeEnabled();
        },
        savingOn: async () => {
          await waitFor(() => expect(save().last()?.input).toEqual({ discreetDocuments: true }));
          expect(toggle()).toBeChecked();
        },
        onAgain: async () => {
          await waitFor(() => expect(status()).toHaveTextContent(ui.t('settings.documents.savedOn')));
          expect(toggle()).toBeChecked();
        },
        failedBackOn: async () => {
          const alert = await within(section()).findByTestId('documents-error');
          expect(alert).toHaveTextContent(ui.t('settings.documents.failed'));
          // back as stored
          expect(toggle()).toBeChecked();
          expect(toggle()).toBeEnabled();
        },
      },
    },
    60_000,
  );

  coversEveryTransition(coverage);
});
