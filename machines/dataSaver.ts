import { setup } from 'xstate';

/**
 * PLACEHOLDER (issue 28, being written): the data saver, a choice kept on this device. Started by the
 * root with system id `dataSaver`.
 */
export interface DataSaverInput {
  /** The raw value stored under `dataSaver`, read before start. */
  stored: string | null;
  /** navigator.connection.saveData when the browser tells (the browser's own data saver). */
  browserSaveData: boolean;
}

export type DataSaverEvent = { type: 'dataSaver.toggle' };

export const dataSaverMachine = setup({
  types: {} as { context: { on: boolean }; input: DataSaverInput; events: DataSaverEvent },
}).createMachine({
  id: 'dataSaver',
  context: ({ input }) => ({ on: input.stored === '1' }),
});
