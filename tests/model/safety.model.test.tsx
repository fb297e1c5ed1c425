import { act, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ESCAPE_WINDOW_MS, safetyMachine } from '../../machines/safety';
import { resolves } from '../support/stub-actors';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based test of Quick exit and discreet mode on the real app (real machines, views, keyboard
 * listener, title and icon effects, local storage), signed in on the dashboard, whose safety strip
 * is the one under test. Only leaving the page is stubbed (jsdom cannot navigate): the test checks
 * it was asked for once and that the page was hidden first. Time is a SimulatedClock, so "a pause"
 * between Escapes is exact.
 */
type Ev =
  | 'OPEN_FRESH'
  | 'OPEN_REMEMBERED'
  | 'TOGGLE'
  | 'ESC'
  | 'SHIFT_ESC'
  | 'CLICK_EXIT'
  | 'WAIT'
  | 'SIGN_OUT';

const left = { type: 'final' as const };
const safetyModel = createMachine({
  id: 'safetyModel',
  types: {} as { events: { type: Ev } },
  initial: 'closed',
  states: {
    closed: { on: { OPEN_FRESH: 'plain', OPEN_REMEMBERED: 'discreet' } },
    plain: {
      on: { TOGGLE: 'discreet', ESC: 'plainOnce', CLICK_EXIT: 'leftByButton', SHIFT_ESC: 'leftByShortcut' },
    },
    plainOnce: { on: { ESC: 'plainTwice', WAIT: 'plain', SHIFT_ESC: 'leftAfterOneEscape' } },
    plainTwice: { on: { ESC: 'leftByThreeEscapes', WAIT: 'plain', CLICK_EXIT: 'leftAfterTwoEscapes' } },
    discreet: { on: { TOGGLE: 'plain', SIGN_OUT: 'signedOut' } },
    signedOut: {},
    leftByButton: left,
    leftByShortcut: left,
    leftAfterOneEscape: left,
    leftAfterTwoEscapes: left,
    leftByThreeEscapes: left,
  },
});

const model = createTestModel(safetyModel);
const paths = model.getShortestPaths();
const coverage = new Coverage('safety', safetyMachine);

const leaveSite = vi.fn();
const member = { token: 'tok-safety', userData: JSON.stringify({ id: 'u1', alias: 'noor' }) };
const ui = modelApp({
  coverage,
  clock: true,
  savedLanguage: undefined,
  leaveSite,
  stubs: { readStoredSession: () => resolves({ token: member.token, userData: member.userData }) },
});

beforeAll(() => {
  // what index.html gives every page: the product's icon and browser colour
  document.head.insertAdjacentHTML(
    'beforeend',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml" /><meta name="theme-color" content="#6B2D5C" />',
  );
});
beforeEach(() => {
  document.documentElement.removeAttribute('style');
  document.title = '';
  leaveSite.mockClear();
});

const realSafety = () => ui.app.system.get('safety').getSnapshot();
const icon = () => document.head.querySelector<HTMLLinkElement>('link[rel~="icon"]')!.getAttribute('href');
const theme = () => document.head.querySelector<HTMLMetaElement>('meta[name="theme-color"]')!.content;
const discreetSwitch = () => screen.findByRole('checkbox', { name: 'Discreet mode' }, { timeout: 5_000 });

async function open(discreet: boolean) {
  if (discreet) localStorage.setItem('discreet', '1');
  await ui.open('/dashboard');
  await screen.findByTestId('page-title', {}, { timeout: 5_000 });
  await discreetSwitch();
}

async function expectPlain() {
  await waitFor(() => expect(document.title).toMatch(/ · Amina$/));
  expect(document.title).not.toBe('Notes');
  expect(icon()).toBe('/favicon.svg');
  expect(theme()).toBe('#6B2D5C');
  expect(localStorage.getItem('discreet')).toBeNull();
  expect(await discreetSwitch()).not.toBeChecked();
  expect(realSafety().matches({ discreet: 'off' })).toBe(true);
  expect(leaveSite).not.toHaveBeenCalled();
}

function expectLeft() {
  expect(realSafety().matches({ exit: 'leaving' })).toBe(true);
  expect(leaveSite).toHaveBeenCalledTimes(1);
  // the page went out of sight before leaving, and its title with it
  expect(document.documentElement.style.visibility).toBe('hidden');
  expect(document.title).toBe('');
}

async function press(keys: string) {
  await ui.app.user.keyboard(keys);
}

describe('safety model on the real app', () => {
  it('generates a path to every state', () => {
    // the shortest path to each state; those to plainOnce and plainTwice lie inside longer ones
    expect(paths.length).toBe(10);
  });

  followPaths(
    paths,
    {
      events: {
        OPEN_FRESH: () => open(false),
        OPEN_REMEMBERED: () => open(true),
        TOGGLE: async () => ui.app.user.click(await discreetSwitch()),
        ESC: () => press('{Escape}'),
        SHIFT_ESC: () => press('{Shift>}{Escape}{/Shift}'),
        CLICK_EXIT: async () => ui.app.user.click(screen.getByRole('button', { name: 'Quick exit' })),
        WAIT: async () => {
          // one ms short of the window nothing has changed; at the window the count is forgotten
          const before = JSON.stringify(realSafety().value);
          await act(async () => ui.clock.increment(ESCAPE_WINDOW_MS - 1));
          expect(JSON.stringify(realSafety().value)).toBe(before);
          await act(async () => ui.clock.increment(1));
        },
        SIGN_OUT: async () => ui.app.user.click(screen.getByTestId('logout')),
      },
      states: {
        closed: () => expect(screen.queryByTestId('safety-bar')).toBeNull(),
        plain: async () => {
          await expectPlain();
          expect(realSafety().matches({ exit: 'idle' })).toBe(true);
          // the button says what it does and how to do it from the keyboard
          const button = screen.getByRole('button', { name: 'Quick exit' });
          expect(button).toHaveAttribute('aria-keyshortcuts', 'Shift+Escape');
          expect(button).toHaveAccessibleDescription(/Escape three times quickly, or Shift and Escape/);
          expect(screen.getByRole('link', { name: 'Staying safe' })).toHaveAttribute('href', '/safeguarding');
        },
        plainOnce: async () => {
          await expectPlain();
          expect(realSafety().matches({ exit: 'escapedOnce' })).toBe(true);
        },
        plainTwice: async () => {
          await expectPlain();
          expect(realSafety().matches({ exit: 'escapedTwice' })).toBe(true);
        },
        discreet: async () => {
          await waitFor(() => expect(document.title).toBe('Notes'));
          expect(icon()).toBe('/favicon-neutral.svg');
          expect(theme()).not.toBe('#6B2D5C');
          expect(localStorage.getItem('discreet')).toBe('1');
          expect(await discreetSwitch()).toBeChecked();
          // the page itself is unchanged: its heading is still there
          expect(screen.getByTestId('page-title')).toBeVisible();
          expect(leaveSite).not.toHaveBeenCalled();
        },
        signedOut: async () => {
          await waitFor(() => expect(window.location.pathname).toBe('/login'));
          await waitFor(() => expect(realSafety().matches({ discreet: 'off' })).toBe(true));
          expect(localStorage.getItem('discreet')).toBeNull();
          expect(icon()).toBe('/favicon.svg');
          await waitFor(() => expect(document.title).not.toBe('Notes'));
          // the public site has the strip too, switch off
          expect(await discreetSwitch()).not.toBeChecked();
        },
        leftByButton: expectLeft,
        leftByShortcut: expectLeft,
        leftAfterOneEscape: expectLeft,
        leftAfterTwoEscapes: expectLeft,
        leftByThreeEscapes: expectLeft,
      },
    },
    20_000,
  );

  coversEveryTransition(coverage);
});
