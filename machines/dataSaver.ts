import { setup } from 'xstate';

/**
 * The data saver (issue 28): a choice kept on this device (local storage `dataSaver`, `'1'` on, `'0'`
 * off), started by the root with system id `dataSaver`. With nothing stored it follows the browser's
 * own data saver (Save-Data). While on, pages keep to what is needed: no decorative images, avatars as
 * initials, nothing loaded ahead. It applies itself to the page (`data-data-saver` on <html>) so the
 * styles and the views can follow. Signing out keeps it: it is a preference of the device, not hers.
 */
export interface DataSaverInput {
  /** The raw value stored under `dataSaver`, read before start. */
  stored: string | null;
  /** navigator.connection.saveData when the browser tells (the browser's own data saver). */
  browserSaveData: boolean;
}

export type DataSaverEvent = { type: 'dataSaver.toggle' };

/** On at the start: her stored choice when there is one, else the browser's own data saver. */
export function dataSaverAtStart(input: DataSaverInput): boolean {
  if (input.stored === '1') return true;
  if (input.stored === '0') return false;
  return input.browserSaveData;
}

export const dataSaverMachine = setup({
  types: {} as { context: { startsOn: boolean }; input: DataSaverInput; events: DataSaverEvent },
  actions: {
    /** Marks the page (`data-data-saver` on <html>) while on, so styles and views keep to what is needed. */
    applyToDocument: (_, _params: { on: boolean }) => {},
    /** Remembers her choice on this device (`dataSaver`: `'1'` or `'0'`). */
    storeChoice: (_, _params: { on: boolean }) => {},
  },
  guards: {
    startsOn: ({ context }) => context.startsOn,
  },
}).createMachine({
  id: 'dataSaver',
  context: ({ input }) => ({ startsOn: dataSaverAtStart(input) }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Reads the choice stored on this device; with none, follows the browser’s own data saver.',
      always: [{ guard: 'startsOn', target: 'on' }, { target: 'off' }],
    },
    off: {
      description: 'Pages show everything: images, avatars, and what is loaded ahead to feel quick.',
      entry: { type: 'applyToDocument', params: { on: false } },
      on: {
        'dataSaver.toggle': {
          target: 'on',
          actions: { type: 'storeChoice', params: { on: true } },
        },
      },
    },
    on: {
      description:
        'Pages keep to what is needed: no decorative images, avatars as initials, nothing loaded ahead.',
      entry: { type: 'applyToDocument', params: { on: true } },
      on: {
        'dataSaver.toggle': {
          target: 'off',
          actions: { type: 'storeChoice', params: { on: false } },
        },
      },
    },
  },
});
