import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { dataSaverMachine } from '../../machines/dataSaver';
import { settingsData } from '../support/settings-fixtures';
import { resolves } from '../support/stub-actors';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based test of the data saver (issue 28) on the real app: Account Settings' "On this device"
 * switch, the mark on <html>, the choice kept on this device (`dataSaver`), the browser's own data
 * saver followed when nothing is stored (and her explicit "off" winning over it), her avatar in the
 * header as her initial while on, and the choice kept when she signs out.
 */
type Ev = 'OPEN_FRESH' | 'OPEN_BROWSER_SAVES' | 'OPEN_CHOSE_OFF_BROWSER_SAVES' | 'TOGGLE' | 'SIGN_OUT';

const testModel = createMachine({
  id: 'dataSaverModel',
  types: {} as { events: { type: Ev } },
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN_FRESH: 'off', OPEN_BROWSER_SAVES: 'onByBrowser', OPEN_CHOSE_OFF_BROWSER_SAVES: 'offChosen' },
    },
    off: { on: { TOGGLE: 'onChosen' } },
    onByBrowser: { on: { TOGGLE: 'offChosen' } },
    onChosen: { on: { TOGGLE: 'offChosen', SIGN_OUT: 'signedOutOn' } },
    offChosen: {},
    signedOutOn: {},
  },
});
const paths = createTestModel(testModel).getShortestPaths();
const coverage = new Coverage('dataSaver', dataSaverMachine);

const AVATAR = '/avatars/bird.svg';
const ui = modelApp({
  coverage,
  member: true,
  stubs: { loadSettings: () => resolves(settingsData()) },
});

function browserSaves(on: boolean) {
  Object.defineProperty(navigator, 'connection', { value: { saveData: on }, configurable: true });
}
afterEach(() => browserSaves(false));

async function open(options: { stored?: string; browser?: boolean }) {
  // her avatar in the copy of her profile the header shows
  localStorage.setItem(
    'userData',
    JSON.stringify({ id: 'u1', alias: 'noor', avatar: { id: 'bird', url: AVATAR } }),
  );
  if (options.stored) localStorage.setItem('dataSaver', options.stored);
  browserSaves(options.browser ?? false);
  await ui.open('/dashboard/settings', { ready: 'device-section' });
}

const real = () => ui.app.system.get('dataSaver').getSnapshot();
const toggle = () =>
  within(screen.getByTestId('device-section')).getByRole('checkbox', { name: 'Data saver' });
const badge = () => screen.getByTestId('member-badge');

async function expectOn(stored: string | null) {
  await waitFor(() => expect(document.documentElement).toHaveAttribute('data-data-saver'));
  expect(real().matches('on')).toBe(true);
  expect(localStorage.getItem('dataSaver')).toBe(stored);
  expect(toggle()).toBeChecked();
  // her initial, and no picture loaded
  await waitFor(() => expect(badge().querySelector('img')).toBeNull());
  expect(badge()).toHaveTextContent(/^N/);
}

async function expectOff(stored: string | null) {
  await waitFor(() => expect(document.documentElement).not.toHaveAttribute('data-data-saver'));
  expect(real().matches('off')).toBe(true);
  expect(localStorage.getItem('dataSaver')).toBe(stored);
  expect(toggle()).not.toBeChecked();
  await waitFor(() => expect(badge().querySelector('img')).toHaveAttribute('src', AVATAR));
}

describe('data saver model on the real app', () => {
  it('generates a path to every state', () => {
    // the paths to off, onByBrowser and onChosen lie inside longer ones
    expect(paths.length).toBe(4);
  });

  followPaths(
    paths,
    {
      events: {
        OPEN_FRESH: () => open({}),
        OPEN_BROWSER_SAVES: () => open({ browser: true }),
        OPEN_CHOSE_OFF_BROWSER_SAVES: () => open({ stored: '0', browser: true }),
        TOGGLE: () => ui.app.user.click(toggle()),
        SIGN_OUT: async () => ui.app.user.click(screen.getByTestId('logout')),
      },
      states: {
        closed: () => expect(screen.queryByTestId('device-section')).toBeNull(),
        off: () => expectOff(null),
        onByBrowser: () => expectOn(null),
        onChosen: async () => {
          await expectOn('1');
          // what it does is said beside the switch
          expect(screen.getByTestId('device-section')).toHaveTextContent(
            ui.t('settings.device.dataSaverHint'),
          );
        },
        offChosen: () => expectOff('0'),
        signedOutOn: async () => {
          await waitFor(() => expect(window.location.pathname).not.toMatch(/^\/dashboard/));
          // a preference of this device, not hers: it stays when everything of hers goes
          expect(localStorage.getItem('userData')).toBeNull();
          expect(localStorage.getItem('dataSaver')).toBe('1');
          expect(real().matches('on')).toBe(true);
          expect(document.documentElement).toHaveAttribute('data-data-saver');
        },
      },
    },
    20_000,
  );

  coversEveryTransition(coverage);
});
