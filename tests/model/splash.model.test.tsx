import { act, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { splashMachine } from '../../machines/splash';
import { deferred } from '../support/stub-actors';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based test of the start-up splash (spec §2, §9) on the real app: the splash fades out over
 * 500 ms and is removed at the earliest of 1500 ms after start or 1000 ms after the fonts are ready.
 * Time is a SimulatedClock for the whole actor system; "fonts ready" is `document.fonts.ready`
 * resolving, which the real root wiring turns into `splash.fontsReady`. Every time event first moves
 * the clock to 1 ms before its moment and checks that nothing has happened yet.
 */
const splashModel = createMachine({
  id: 'splashModel',
  types: {} as {
    events:
      | { type: 'OPEN' }
      | { type: 'FONTS_READY'; at: number }
      | { type: 'TIME_500' }
      | { type: 'TIME_700' }
      | { type: 'TIME_1000' }
      | { type: 'TIME_1200' }
      | { type: 'TIME_1500' };
  },
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'visible' } },
    visible: {
      initial: 'waitingForFonts',
      states: {
        waitingForFonts: {
          on: {
            FONTS_READY: [
              // fonts already loaded: fade at 500, removed at 1000
              { guard: ({ event }) => event.at === 0, target: 'fontsReadyAt0' },
              // fonts at 200: fade at 700, removed at 1200
              { guard: ({ event }) => event.at === 200, target: 'fontsReadyAt200' },
              // fonts at 800: the 1500 ms ceiling still wins (fade at 1000, removed at 1500)
              { guard: ({ event }) => event.at === 800, target: 'fontsReadyAt800' },
            ],
            TIME_1000: '#splashModel.fadingOut.from1000',
          },
        },
        fontsReadyAt0: { on: { TIME_500: '#splashModel.fadingOut.from500' } },
        fontsReadyAt200: { on: { TIME_700: '#splashModel.fadingOut.from700' } },
        fontsReadyAt800: { on: { TIME_1000: '#splashModel.fadingOut.from1000' } },
      },
    },
    fadingOut: {
      initial: 'from1000',
      states: {
        from500: { on: { TIME_1000: '#splashModel.removed' } },
        from700: { on: { TIME_1200: '#splashModel.removed' } },
        from1000: { on: { TIME_1500: '#splashModel.removed' } },
      },
    },
    removed: {},
  },
});

const model = createTestModel(splashModel, {
  events: [
    { type: 'FONTS_READY', at: 0 },
    { type: 'FONTS_READY', at: 200 },
    { type: 'FONTS_READY', at: 800 },
  ],
});
// every simple path: each way to reach `removed` is its own path (4 paths, one fresh app each)
const paths = model.getSimplePaths();

const coverage = new Coverage('splash', splashMachine);
const ui = modelApp({ coverage, clock: true, savedLanguage: undefined });

// the real document.fonts is absent in jsdom: each app gets a FontFaceSet stand-in whose `ready` the test settles
let fonts = deferred<void>();
Object.defineProperty(document, 'fonts', { configurable: true, get: () => ({ ready: fonts.promise }) });

let now = 0;

beforeEach(() => {
  fonts = deferred<void>();
  now = 0;
});
afterAll(() => {
  delete (document as { fonts?: unknown }).fonts;
});

const realSplash = () => ui.app.system.get('splash').getSnapshot();
const domState = () => screen.queryByTestId('splash')?.getAttribute('data-state') ?? 'gone';

/** Moves the simulated clock to `at` ms after start; at `at - 1` nothing may have changed yet. */
async function advanceTo(at: number) {
  const before = JSON.stringify(realSplash().value);
  const domBefore = domState();
  await act(async () => ui.clock.increment(at - 1 - now));
  expect(JSON.stringify(realSplash().value)).toBe(before);
  expect(domState()).toBe(domBefore);
  await act(async () => ui.clock.increment(1));
  now = at;
}

function expectSplash(state: 'visible' | 'fadingOut') {
  const splash = screen.getByTestId('splash');
  expect(splash).toHaveAttribute('data-state', state);
  expect(splash).toHaveAttribute('aria-hidden', 'true');
  expect(realSplash().matches(state)).toBe(true);
}

describe('splash model on the real app', () => {
  it('generates the expected paths', () => {
    expect(paths.length).toBe(4);
  });

  followPaths(
    paths,
    {
      events: {
        // the page is rendered under the splash
        OPEN: () => ui.open('/', { ready: 'language-switch' }),
        FONTS_READY: async (step) => {
          const { at } = step.event as { type: 'FONTS_READY'; at: number };
          if (at > 0) await advanceTo(at);
          await act(async () => fonts.resolve());
          await waitFor(() => expect(realSplash().matches({ visible: 'fontsReady' })).toBe(true));
        },
        TIME_500: () => advanceTo(500),
        TIME_700: () => advanceTo(700),
        TIME_1000: () => advanceTo(1000),
        TIME_1200: () => advanceTo(1200),
        TIME_1500: () => advanceTo(1500),
      },
      states: {
        closed: () => {
          expect(screen.queryByTestId('splash')).toBeNull();
        },
        'visible.waitingForFonts': () => {
          expectSplash('visible');
          expect(realSplash().matches({ visible: 'waitingForFonts' })).toBe(true);
        },
        'visible.fontsReadyAt0': () => {
          expectSplash('visible');
          expect(realSplash().matches({ visible: 'fontsReady' })).toBe(true);
        },
        'visible.fontsReadyAt200': () => {
          expectSplash('visible');
          expect(realSplash().matches({ visible: 'fontsReady' })).toBe(true);
        },
        'visible.fontsReadyAt800': () => {
          expectSplash('visible');
          expect(realSplash().matches({ visible: 'fontsReady' })).toBe(true);
        },
        fadingOut: () => expectSplash('fadingOut'),
        removed: async () => {
          expect(screen.queryByTestId('splash')).toBeNull();
          // not a final state: it stays in the system, readable by id
          expect(realSplash().value).toBe('removed');
          expect(realSplash().status).toBe('active');
          // the page itself is untouched
          expect(screen.getByTestId('language-switch')).toBeInTheDocument();
          // fonts arriving after removal change nothing
          await act(async () => fonts.resolve());
          expect(realSplash().value).toBe('removed');
        },
      },
    },
    20_000,
  );

  coversEveryTransition(coverage);
});
