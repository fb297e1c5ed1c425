import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { toAsciiDigits } from '../../contract/account-rules';
import type { PinChanged } from '../../contract/account-settings';
import { pinChangeMachine } from '../../machines/pinChange';
import type { ChangePinBody } from '../../src/api/settings';
import { settingsData } from '../support/settings-fixtures';
import { controlledActor, resolves } from '../support/stub-actors';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based test of Account Settings' PIN section (issue 25) on the real page: the current PIN,
 * a new one under the contract's rules and blocklist (checked before the server is asked, as
 * sign-up does), "Sign out my other devices", the server's refusals in place, and the count of
 * devices signed out. The server's answer is an explicit event.
 */
const coverage = new Coverage('pinChange', pinChangeMachine);
const ui = modelApp({
  coverage,
  member: true,
  stubs: {
    loadSettings: () => resolves(settingsData()),
    loadDevices: () => resolves({ devices: [] }),
    changePin: () => controlledActor<PinChanged, ChangePinBody>(),
  },
});
const change = () => ui.stubs.changePin;
const CURRENT = '480317';
const NEW = '٥٩٢٨٤٧'; // Arabic digits: sent as 592847

const section = () => screen.getByTestId('settings-pin');
const currentBox = () => within(section()).getByTestId('current-pin-input');
const signOutBox = () => within(screen.getByTestId('settings-sign-out-others')).getByRole('checkbox');
const boxes = (testId: string) => [
  ...within(section()).getByTestId(testId).querySelectorAll('input[data-part="input"]'),
];
const errorText = (testId: string) => within(section()).queryByTestId(`${testId}-error`)?.textContent ?? '';
const currentError = () => currentBox().closest('[data-scope="field"][data-part="root"]')!.textContent;

async function pastePin(testId: string, digits: string) {
  await ui.app.user.click(boxes(testId)[0] as HTMLElement);
  await ui.app.user.paste(digits);
  // the boxes show what the machine holds (ASCII digits): the paste has landed before she goes on
  await waitFor(() =>
    expect(
      boxes(testId)
        .map((b) => (b as HTMLInputElement).value)
        .join(''),
    ).toBe(toAsciiDigits(digits)),
  );
}

async function fillAll(current: string, pin: string) {
  await ui.app.user.clear(currentBox());
  await ui.app.user.type(currentBox(), current);
  await pastePin('settings-new-pin', pin);
  await pastePin('settings-new-pin-confirm', pin);
  await ui.press('settings.pin.save');
}

const model = createMachine({
  id: 'pinChangeModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'editing' } },
    editing: {
      on: {
        SUBMIT_EMPTY: 'incomplete',
        SUBMIT_COMMON: 'tooCommon',
        FILL_AND_SUBMIT: 'changing',
        KEEP_OTHERS: 'keeping',
      },
    },
    keeping: { on: { FILL_AND_SUBMIT: 'changingKeepingOthers' } },
    incomplete: { on: { FILL_AND_SUBMIT: 'changing' } },
    tooCommon: {},
    changing: { on: { CHANGE_OK: 'changed', WRONG_PIN: 'wrongPin', LOCKED: 'locked' } },
    changingKeepingOthers: { on: { CHANGE_OK_NONE: 'changedNone' } },
    changed: {},
    changedNone: {},
    wrongPin: { on: { RETYPE_CURRENT: 'retyping' } },
    retyping: {},
    locked: {},
  },
});
const paths = createTestModel(model).getSimplePaths();

async function expectChanging(signOutOthers: boolean) {
  await waitFor(() => expect(change().calls).toHaveLength(1));
  expect(change().last()!.input).toEqual({
    currentPin: CURRENT,
    pin: '592847',
    pinConfirm: '592847',
    signOutOthers,
  });
  expect(within(section()).getByTestId('pin-save')).toHaveAttribute('aria-busy', 'true');
}

async function expectChanged(count: number) {
  const done = await within(section()).findByTestId('pin-changed');
  expect(done).toHaveTextContent(ui.t('settings.pin.changed'));
  expect(done).toHaveTextContent(ui.t('settings.pin.signedOut', { count }));
  // the form is empty again, ready for another change
  expect(currentBox()).toHaveValue('');
  for (const b of boxes('settings-new-pin')) expect(b).toHaveValue('');
}

describe('PIN section model on the real page', () => {
  // the page's chunk (its sections, machines and the sign-up parts) compiled once, before the first path
  beforeAll(() => import('../../src/views/settings/SettingsView'), 60_000);

  it('generates paths through every model state', () => expect(paths.length).toBeGreaterThan(4));

  followPaths(
    paths,
    {
      events: {
        OPEN: () => ui.open('/dashboard/settings', { ready: 'settings-pin' }),
        SUBMIT_EMPTY: () => ui.press('settings.pin.save'),
        SUBMIT_COMMON: () => fillAll(CURRENT, '123456'),
        FILL_AND_SUBMIT: () => fillAll(CURRENT, NEW),
        KEEP_OTHERS: () => ui.app.user.click(signOutBox()),
        CHANGE_OK: () => change().resolve({ ok: true, signedOutOthers: 2 }),
        CHANGE_OK_NONE: () => change().resolve({ ok: true, signedOutOthers: 0 }),
        WRONG_PIN: () => change().reject({ code: 'CURRENT_PIN_WRONG' }),
        LOCKED: () => change().reject({ code: 'TOO_MANY_ATTEMPTS', retryAfter: 300 }),
        RETYPE_CURRENT: () => ui.app.user.type(currentBox(), '9'),
      },
      states: {
        closed: ui.expectClosed,
        editing: () => {
          // the contract's rules are said before she types; signing out the others is offered, on
          expect(within(section()).getByTestId('pin-rules')).toHaveTextContent(ui.t('signup.pin.rules'));
          expect(signOutBox()).toBeChecked();
          expect(boxes('settings-new-pin')).toHaveLength(6);
        },
        keeping: () => {
          expect(signOutBox()).not.toBeChecked();
        },
        incomplete: async () => {
          await waitFor(() => expect(currentError()).toContain(ui.t('errors.field.CURRENT_PIN_REQUIRED')));
          expect(errorText('settings-new-pin')).toBe(ui.t('errors.field.PIN_REQUIRED'));
          expect(errorText('settings-new-pin-confirm')).toBe(ui.t('errors.field.PIN_CONFIRM_REQUIRED'));
          expect(change().calls).toHaveLength(0);
        },
        tooCommon: async () => {
          // the blocklist, as sign-up checks it, before the server is asked
          await waitFor(() =>
            expect(errorText('settings-new-pin')).toBe(ui.t('errors.field.PIN_TOO_COMMON')),
          );
          expect(currentError()).not.toContain(ui.t('errors.field.CURRENT_PIN_REQUIRED'));
          expect(change().calls).toHaveLength(0);
        },
        changing: () => expectChanging(true),
        changingKeepingOthers: () => expectChanging(false),
        changed: () => expectChanged(2),
        changedNone: () => expectChanged(0),
        wrongPin: async () => {
          await waitFor(() => expect(currentError()).toContain(ui.t('errors.field.CURRENT_PIN_WRONG')));
          expect(currentBox()).toHaveAttribute('aria-invalid', 'true');
          // what she typed stays
          expect(currentBox()).toHaveValue(CURRENT);
          expect(boxes('settings-new-pin')[0]).toHaveValue('5');
        },
        retyping: async () => {
          await waitFor(() => expect(currentError()).not.toContain(ui.t('errors.field.CURRENT_PIN_WRONG')));
          expect(currentBox()).toHaveValue(`${CURRENT}9`);
        },
        locked: async () => {
          const alert = await within(section()).findByTestId('pin-error');
          expect(alert).toHaveTextContent(ui.t('settings.pin.failed'));
          expect(alert).toHaveTextContent(
            ui.t('errors.locked', { wait: ui.t('time.minutes', { count: 5 }) }),
          );
          await act(async () => {});
          expect(currentBox()).toHaveValue(CURRENT);
        },
      },
    },
    60_000,
  );

  coversEveryTransition(coverage);
});
