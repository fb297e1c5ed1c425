import { fromPromise, setup } from 'xstate';

/**
 * Staying safe (issue 9): Quick exit and discreet mode, started by the root with system id `safety`.
 * Each state's `description` says what it stands for; docs/machines/safety.md draws the chart.
 * On a keyboard, Shift+Escape sends `safety.quickExit` as the button does; every Escape press sends
 * `safety.escape` (a single one still closes dialogs and menus as usual). Discreet mode's choice is
 * kept on this device (local storage `discreet`); the root turns it off when the member signs out.
 */
export const ESCAPE_WINDOW_MS = 1000;
/**
 * The longest Quick exit waits for the device to be wiped (issue 28) before it leaves anyway: the
 * neutral site must still open fast; the page is hidden meanwhile.
 */
export const WIPE_TIMEOUT_MS = 1000;

/** The raw value stored under `discreet`: on is `'1'`, anything else is off. */
export function parseDiscreet(raw: string | null | undefined): boolean {
  return raw === '1';
}

export interface SafetyInput {
  /** The raw value stored under `discreet`, read before start. */
  storedDiscreet: string | null;
}

export type SafetyEvent =
  | { type: 'safety.quickExit' }
  | { type: 'safety.escape' }
  | { type: 'safety.discreet.toggle' }
  | { type: 'safety.discreet.off' };

export const safetyMachine = setup({
  types: {} as { context: { storedOn: boolean }; input: SafetyInput; events: SafetyEvent },
  actors: {
    /** Deletes what offline learning keeps on this device: copies, queue, keys, member caches (issue 28). */
    wipeDevice: fromPromise<void>(async () => {}),
  },
  actions: {
    /** Hides everything on the page at once, before the neutral site has loaded. */
    hidePage: () => {},
    /** Replaces this site with the neutral one, leaving none of its pages behind Back. */
    leaveSite: () => {},
    /** Tab title and icon: neutral while discreet, the product's otherwise. */
    applyIdentity: (_, _params: { discreet: boolean }) => {},
    /** Remembers the choice on this device (`discreet`), or forgets it. */
    storePreference: (_, _params: { discreet: boolean }) => {},
  },
  delays: { escapeWindow: ESCAPE_WINDOW_MS, wipeTimeout: WIPE_TIMEOUT_MS },
  guards: {
    storedOn: ({ context }) => context.storedOn,
  },
}).createMachine({
  id: 'safety',
  context: ({ input }) => ({ storedOn: parseDiscreet(input.storedDiscreet) }),
  type: 'parallel',
  states: {
    exit: {
      description: 'Quick exit: leaves the site for a neutral one at once.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Nothing asked yet: the button, Shift+Escape, or Escape pressed three times leaves.',
          on: {
            'safety.quickExit': 'leaving',
            'safety.escape': 'escapedOnce',
          },
        },
        escapedOnce: {
          description: 'Escape pressed once; the count starts again after a second without another press.',
          after: { escapeWindow: 'idle' },
          on: {
            'safety.quickExit': 'leaving',
            'safety.escape': 'escapedTwice',
          },
        },
        escapedTwice: {
          description: 'Escape pressed twice in a row; a third press within a second leaves.',
          after: { escapeWindow: 'idle' },
          on: {
            'safety.quickExit': 'leaving',
            'safety.escape': 'leaving',
          },
        },
        leaving: {
          description:
            'The page is hidden at once while what offline learning kept on this device is deleted (a second at most).',
          entry: 'hidePage',
          invoke: { src: 'wipeDevice', onDone: 'left', onError: 'left' },
          after: { wipeTimeout: 'left' },
        },
        // not final: the page is on its way out; nothing brings it back
        left: {
          description: 'The site is replaced by a neutral one, leaving nothing behind Back.',
          entry: 'leaveSite',
        },
      },
    },
    discreet: {
      description: 'Discreet mode: a neutral tab title and icon on every page while on.',
      initial: 'starting',
      states: {
        starting: {
          description: 'Reads the choice stored on this device.',
          always: [{ guard: 'storedOn', target: 'on' }, { target: 'off' }],
        },
        off: {
          description: "The product's own tab title and icon.",
          entry: { type: 'applyIdentity', params: { discreet: false } },
          on: {
            'safety.discreet.toggle': {
              target: 'on',
              actions: { type: 'storePreference', params: { discreet: true } },
            },
          },
        },
        on: {
          description: 'A neutral tab title and icon, remembered on this device.',
          entry: { type: 'applyIdentity', params: { discreet: true } },
          on: {
            'safety.discreet.toggle': {
              target: 'off',
              actions: { type: 'storePreference', params: { discreet: false } },
            },
            'safety.discreet.off': {
              target: 'off',
              actions: { type: 'storePreference', params: { discreet: false } },
            },
          },
        },
      },
    },
  },
});
