import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { DeviceList } from '../../contract/account-settings';
import { devicesMachine } from '../../machines/devices';
import { LAPTOP, PHONE, settingsData, THIS_DEVICE } from '../support/settings-fixtures';
import { controlledActor, resolves } from '../support/stub-actors';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based test of Account Settings' Devices section (issue 25) on the real page: the sessions
 * signed in (browser and system in words, dates in her language, this device marked and first),
 * signing out one (an Ark dialog asks first) or every other one, a device already gone, the empty
 * state when only this device is left. The server's answers are explicit events.
 */
const coverage = new Coverage('devices', devicesMachine);
const ui = modelApp({
  coverage,
  member: true,
  stubs: {
    loadSettings: () => resolves(settingsData()),
    loadDevices: () => controlledActor<DeviceList>(),
    signOutDevice: () => controlledActor<{ ok: true }, { id: string }>(),
    signOutOthers: () => controlledActor<{ signedOut: number }>(),
  },
});
const s = () => ui.stubs;
const section = () => screen.getByTestId('settings-devices');
const rows = () => within(section()).queryAllByTestId('device-row');
const dialog = () => screen.getByTestId('devices-confirm');
const WHEN = { dateStyle: 'medium', timeStyle: 'short' } as const;
const name = (browser: string, system: string) => ui.t('settings.devices.name', { browser, system });

const model = createMachine({
  id: 'devicesModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'loading' } },
    loading: { on: { LIST_THREE: 'listed', LIST_ALONE: 'alone', LIST_FAIL: 'failed' } },
    failed: { on: { RETRY: 'loadingAgain' } },
    loadingAgain: { on: { LIST_ALONE: 'alone' } },
    alone: {},
    listed: { on: { ASK_ONE: 'confirmingOne', ASK_OTHERS: 'confirmingOthers' } },
    confirmingOne: { on: { CANCEL: 'listedAgain', CONFIRM: 'signingOutOne' } },
    listedAgain: {},
    signingOutOne: { on: { ONE_OK: 'oneSignedOut', ONE_GONE: 'loadingAfterGone', ONE_FAIL: 'oneFailed' } },
    oneSignedOut: { on: { ASK_ONE: 'confirmingLast' } },
    confirmingLast: { on: { CONFIRM: 'signingOutLast' } },
    signingOutLast: { on: { ONE_OK: 'aloneAfterOne' } },
    aloneAfterOne: {},
    loadingAfterGone: {},
    oneFailed: {},
    confirmingOthers: { on: { CONFIRM: 'signingOutOthers' } },
    signingOutOthers: { on: { OTHERS_OK: 'aloneAfterOthers', OTHERS_FAIL: 'othersFailed' } },
    aloneAfterOthers: {},
    othersFailed: {},
  },
});
const paths = createTestModel(model).getSimplePaths();

async function expectRows(count: number) {
  await waitFor(() => expect(rows()).toHaveLength(count));
  const i = ui.intl();
  // this device first, marked, with no sign-out of its own
  const first = within(rows()[0]);
  expect(first.getByTestId('this-device')).toHaveTextContent(ui.t('settings.devices.thisDevice'));
  expect(rows()[0]).toHaveTextContent(name('Firefox', 'Linux'));
  expect(rows()[0]).toHaveTextContent(
    ui.t('settings.devices.signedInAt', { when: i.formatDate(THIS_DEVICE.signedInAt, WHEN) }),
  );
  expect(rows()[0]).toHaveTextContent(
    ui.t('settings.devices.lastSeenAt', { when: i.formatDate(THIS_DEVICE.lastSeenAt, WHEN) }),
  );
  expect(rows()[0].querySelector('time')).toHaveAttribute('dateTime', THIS_DEVICE.signedInAt);
  expect(first.queryByRole('button')).toBeNull();
}

const askAbout = (device: string) =>
  ui.app.user.click(
    within(section()).getByRole('button', { name: ui.t('settings.devices.signOutOf', { device }) }),
  );

describe('devices section model on the real page', () => {
  // the page's chunk (its sections, machines and the sign-up parts) compiled once, before the first path
  beforeAll(() => import('../../src/views/settings/SettingsView'), 60_000);

  it('generates paths through every model state', () => expect(paths.length).toBeGreaterThan(6));

  followPaths(
    paths,
    {
      events: {
        OPEN: () => ui.open('/dashboard/settings', { ready: 'settings-devices' }),
        // the server's order: the laptop (seen long ago) first; the section puts this device first
        LIST_THREE: () => s().loadDevices.resolve({ devices: [LAPTOP, THIS_DEVICE, PHONE] }),
        LIST_ALONE: () => s().loadDevices.resolve({ devices: [THIS_DEVICE] }),
        LIST_FAIL: () => s().loadDevices.reject({ code: 'NETWORK_ERROR' }),
        RETRY: () => ui.press('common.retry'),
        // the phone while it is there, then the laptop (its browser unknown)
        ASK_ONE: () =>
          askAbout(
            section().textContent!.includes(name('Safari', 'iOS'))
              ? name('Safari', 'iOS')
              : ui.t('settings.devices.unknownBrowser'),
          ),
        ASK_OTHERS: () => ui.press('settings.devices.signOutOthers'),
        CANCEL: () =>
          ui.app.user.click(within(dialog()).getByRole('button', { name: ui.t('settings.devices.keep') })),
        CONFIRM: () => ui.app.user.click(within(dialog()).getByTestId('devices-confirm-button')),
        ONE_OK: () => s().signOutDevice.resolve({ ok: true }),
        ONE_GONE: () => s().signOutDevice.reject({ code: 'SESSION_NOT_FOUND' }),
        ONE_FAIL: () => s().signOutDevice.reject({ code: 'NETWORK_ERROR' }),
        OTHERS_OK: () => s().signOutOthers.resolve({ signedOut: 2 }),
        OTHERS_FAIL: () => s().signOutOthers.reject({ code: 'SERVER_ERROR' }),
      },
      states: {
        closed: ui.expectClosed,
        loading: async () => {
          expect(await within(section()).findByTestId('devices-loading')).toHaveAttribute(
            'aria-busy',
            'true',
          );
          expect(s().loadDevices.calls).toHaveLength(1);
        },
        loadingAgain: async () => {
          await within(section()).findByTestId('devices-loading');
          expect(s().loadDevices.calls).toHaveLength(2);
        },
        failed: async () => {
          const alert = await within(section()).findByTestId('devices-load-error');
          expect(alert).toHaveTextContent(ui.t('settings.devices.loadFailed'));
          expect(within(alert).getByRole('button', { name: ui.t('common.retry') })).toBeEnabled();
        },
        alone: async () => {
          await expectRows(1);
          expect(within(section()).getByTestId('devices-alone')).toHaveTextContent(
            ui.t('settings.devices.alone'),
          );
          expect(within(section()).queryByTestId('devices-sign-out-others')).toBeNull();
        },
        listed: async () => {
          await expectRows(3);
          // the others by when they were last seen, each in words; an unknown browser says so
          expect(rows()[1]).toHaveTextContent(name('Safari', 'iOS'));
          expect(rows()[2]).toHaveTextContent(ui.t('settings.devices.unknownBrowser'));
          expect(within(section()).getByTestId('devices-sign-out-others')).toBeEnabled();
        },
        confirmingOne: async () => {
          expect(await screen.findByRole('alertdialog')).toHaveTextContent(
            ui.t('settings.devices.confirmOneTitle', { device: name('Safari', 'iOS') }),
          );
          expect(dialog()).toHaveTextContent(
            ui.t('settings.devices.confirmOne', { device: name('Safari', 'iOS') }),
          );
          expect(s().signOutDevice.calls).toHaveLength(0);
        },
        confirmingLast: async () => {
          expect(await screen.findByRole('alertdialog')).toHaveTextContent(
            ui.t('settings.devices.confirmOneTitle', { device: ui.t('settings.devices.unknownBrowser') }),
          );
        },
        confirmingOthers: async () => {
          expect(await screen.findByRole('alertdialog')).toHaveTextContent(
            ui.t('settings.devices.confirmOthersTitle'),
          );
          expect(dialog()).toHaveTextContent(ui.t('settings.devices.confirmOthers'));
        },
        listedAgain: async () => {
          await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
          expect(rows()).toHaveLength(3);
          expect(s().signOutDevice.calls).toHaveLength(0);
        },
        signingOutOne: async () => {
          await waitFor(() => expect(s().signOutDevice.calls).toHaveLength(1));
          expect(s().signOutDevice.last()!.input).toEqual({ id: PHONE.id });
          expect(within(section()).getByTestId('devices-sign-out-others')).toBeDisabled();
        },
        signingOutLast: async () => {
          await waitFor(() => expect(s().signOutDevice.calls).toHaveLength(2));
          expect(s().signOutDevice.last()!.input).toEqual({ id: LAPTOP.id });
        },
        oneSignedOut: async () => {
          await expectRows(2);
          expect(section()).not.toHaveTextContent(name('Safari', 'iOS'));
          expect(within(section()).getByTestId('devices-status')).toHaveTextContent(
            ui.t('settings.devices.signedOut', { count: 1 }),
          );
        },
        aloneAfterOne: async () => {
          await expectRows(1);
          expect(within(section()).getByTestId('devices-alone')).toBeInTheDocument();
        },
        loadingAfterGone: async () => {
          // that device was already gone: the list is read again
          await waitFor(() => expect(s().loadDevices.calls).toHaveLength(2));
          expect(await within(section()).findByTestId('devices-loading')).toBeInTheDocument();
        },
        oneFailed: async () => {
          const alert = await within(section()).findByTestId('devices-error');
          expect(alert).toHaveTextContent(ui.t('settings.devices.signOutFailed'));
          expect(alert).toHaveTextContent(ui.t('errors.network'));
          expect(rows()).toHaveLength(3);
        },
        signingOutOthers: async () => {
          await waitFor(() => expect(s().signOutOthers.calls).toHaveLength(1));
          expect(within(section()).getByTestId('devices-sign-out-others')).toHaveAttribute(
            'aria-busy',
            'true',
          );
        },
        aloneAfterOthers: async () => {
          await expectRows(1);
          expect(within(section()).getByTestId('devices-status')).toHaveTextContent(
            ui.t('settings.devices.signedOut', { count: 2 }),
          );
          expect(within(section()).getByTestId('devices-alone')).toBeInTheDocument();
        },
        othersFailed: async () => {
          const alert = await within(section()).findByTestId('devices-error');
          expect(alert).toHaveTextContent(ui.t('settings.tryLater'));
          expect(rows()).toHaveLength(3);
        },
      },
    },
    60_000,
  );

  coversEveryTransition(coverage);
});
