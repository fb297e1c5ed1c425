import 'fake-indexeddb/auto';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { MEMBER_CACHE_PREFIX, OFFLINE_DB_NAME } from '../../contract/offline';
import { ESCAPE_WINDOW_MS, safetyMachine, WIPE_TIMEOUT_MS } from '../../machines/safety';
import * as store from '../../src/app/offline/store';
import { savedCourse } from '../support/offline-fixtures';
import { resolves } from '../support/stub-actors';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based test of Quick exit and discreet mode on the real app (real machines, views, keyboard
 * listener, title and icon effects, local storage), signed in on the dashboard, whose safety strip
 * is the one under test. Only leaving the page is stubbed (jsdom cannot navigate): the test checks
 * it was asked for once and that the page was hidden first. Time is a SimulatedClock, so "a pause"
 * between Escapes is exact. The device holds an offline database (fake-indexeddb) and a member
 * cache: Quick exit deletes both before it leaves (issue 28), and leaves anyway when the deletion
 * fails or takes longer than a second.
 */
type Ev =
  | 'OPEN_FRESH'
  | 'OPEN_REMEMBERED'
  | 'TOGGLE'
  | 'ESC'
  | 'SHIFT_ESC'
  | 'CLICK_EXIT'
  | 'CLICK_EXIT_WIPE_FAILS'
  | 'CLICK_EXIT_WIPE_HANGS'
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
      on: {
        TOGGLE: 'discreet',
        ESC: 'plainOnce',
        CLICK_EXIT: 'leftByButton',
        SHIFT_ESC: 'leftByShortcut',
        CLICK_EXIT_WIPE_FAILS: 'leftAfterFailedWipe',
        CLICK_EXIT_WIPE_HANGS: 'leftAfterSlowWipe',
      },
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
    leftAfterFailedWipe: left,
    leftAfterSlowWipe: left,
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
/** What offline learning left on the device: its database and Cache Storage with a member cache. */
let cacheNames: Set<string>;
beforeEach(async () => {
  document.documentElement.removeAttribute('style');
  document.title = '';
  leaveSite.mockClear();
  // her saved course and a lesson done offline, in the real device store (its connection left open)
  await store.saveCourse('u1', savedCourse(), 'en');
  await store.putItem('u1', {
    key: '4d1c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f',
    kind: 'lesson.done',
    courseId: 'menstrual-cycle',
    lessonId: 'l1',
    madeAt: '2026-11-28T10:00:00.000Z',
  });
  cacheNames = new Set([`${MEMBER_CACHE_PREFIX}u1`, 'amina-shell']);
  (globalThis as { caches?: unknown }).caches = {
    keys: async () => [...cacheNames],
    delete: async (name: string) => cacheNames.delete(name),
  };
});
afterEach(() => {
  vi.restoreAllMocks();
  delete (globalThis as { caches?: unknown }).caches;
});

const databases = async () => (await indexedDB.databases()).map((d) => d.name);

/** The deletion of the offline database fails (`error`) or never ends (`hang`). */
function breakDeletion(how: 'error' | 'hang') {
  vi.spyOn(indexedDB, 'deleteDatabase').mockImplementation(() => {
    const request = {} as IDBOpenDBRequest;
    if (how === 'error') setTimeout(() => request.onerror?.(new Event('error')), 0);
    return request;
  });
}

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

function expectHidden() {
  // the page went out of sight before leaving, and its title with it
  expect(document.documentElement.style.visibility).toBe('hidden');
  expect(document.title).toBe('');
}

async function expectLeft() {
  await waitFor(() => expect(leaveSite).toHaveBeenCalledTimes(1));
  expect(realSafety().matches({ exit: 'left' })).toBe(true);
  expectHidden();
  // nothing of offline learning stays on the device
  expect(await databases()).not.toContain(OFFLINE_DB_NAME);
  expect([...cacheNames]).toEqual(['amina-shell']);
}

/** Left although the device could not be wiped (it failed, or took longer than a second). */
async function expectLeftAnyway() {
  await waitFor(() => expect(leaveSite).toHaveBeenCalledTimes(1));
  expect(realSafety().matches({ exit: 'left' })).toBe(true);
  expectHidden();
}

async function press(keys: string) {
  await ui.app.user.keyboard(keys);
}

describe('safety model on the real app', () => {
  it('generates a path to every state', () => {
    // the shortest path to each state; those to plainOnce and plainTwice lie inside longer ones
    expect(paths.length).toBe(12);
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
        CLICK_EXIT_WIPE_FAILS: async () => {
          breakDeletion('error');
          await ui.app.user.click(screen.getByRole('button', { name: 'Quick exit' }));
        },
        CLICK_EXIT_WIPE_HANGS: async () => {
          breakDeletion('hang');
          await ui.app.user.click(screen.getByRole('button', { name: 'Quick exit' }));
          // hidden at once; the neutral site waits for the wipe a second at most
          expectHidden();
          await act(async () => ui.clock.increment(WIPE_TIMEOUT_MS - 1));
          expect(realSafety().matches({ exit: 'leaving' })).toBe(true);
          expect(leaveSite).not.toHaveBeenCalled();
          await act(async () => ui.clock.increment(1));
        },
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
          // signing out deletes what offline learning kept of hers (issue 28)
          await waitFor(async () => expect(await databases()).not.toContain(OFFLINE_DB_NAME));
          expect([...cacheNames]).toEqual(['amina-shell']);
        },
        leftByButton: expectLeft,
        leftByShortcut: expectLeft,
        leftAfterOneEscape: expectLeft,
        leftAfterTwoEscapes: expectLeft,
        leftByThreeEscapes: expectLeft,
        leftAfterFailedWipe: expectLeftAnyway,
        leftAfterSlowWipe: expectLeftAnyway,
      },
    },
    20_000,
  );

  it('deleting her account deletes what offline learning kept on the device too', async () => {
    await open(false);
    expect(await databases()).toContain(OFFLINE_DB_NAME);
    act(() => ui.app.system.get('session').send({ type: 'session.accountDeleted' }));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    await waitFor(async () => expect(await databases()).not.toContain(OFFLINE_DB_NAME));
    expect([...cacheNames]).toEqual(['amina-shell']);
    expect(leaveSite).not.toHaveBeenCalled();
  });

  coversEveryTransition(coverage);
});
