import { setup } from 'xstate';

/**
 * Staying safe (issue 9): Quick exit and discreet mode, started by the root with system id `safety`.
 *
 * Quick exit: the button sends `safety.quickExit`; on a keyboard, Shift+Escape does the same, and so
 * does Escape pressed three times, each press within ESCAPE_WINDOW_MS of the one before
 * (`safety.escape`, one per press; a single Escape still closes dialogs and menus as usual). Leaving hides the page at
 * once (`hidePage`) and replaces the site with a neutral one without a way Back (`leaveSite`).
 *
 * Discreet mode: a neutral tab title and icon on every page while on (`applyIdentity`), remembered
 * on this device (`storePreference`, local storage `discreet`). The root turns it off when the
 * member signs out (`safety.discreet.off`), when every stored key is removed anyway.
 */
export const ESCAPE_WINDOW_MS = 1000;

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
  delays: { escapeWindow: ESCAPE_WINDOW_MS },
  guards: {
    storedOn: ({ context }) => context.storedOn,
  },
}).createMachine({
  id: 'safety',
  context: ({ input }) => ({ storedOn: parseDiscreet(input.storedDiscreet) }),
  type: 'parallel',
  states: {
    exit: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'safety.quickExit': 'leaving',
            'safety.escape': 'escapedOnce',
          },
        },
        escapedOnce: {
          after: { escapeWindow: 'idle' },
          on: {
            'safety.quickExit': 'leaving',
            'safety.escape': 'escapedTwice',
          },
        },
        escapedTwice: {
          after: { escapeWindow: 'idle' },
          on: {
            'safety.quickExit': 'leaving',
            'safety.escape': 'leaving',
          },
        },
        // not final: the page is on its way out; nothing brings it back
        leaving: { entry: ['hidePage', 'leaveSite'] },
      },
    },
    discreet: {
      initial: 'starting',
      states: {
        starting: {
          always: [{ guard: 'storedOn', target: 'on' }, { target: 'off' }],
        },
        off: {
          entry: { type: 'applyIdentity', params: { discreet: false } },
          on: {
            'safety.discreet.toggle': {
              target: 'on',
              actions: { type: 'storePreference', params: { discreet: true } },
            },
          },
        },
        on: {
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
