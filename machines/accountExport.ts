import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { EXPORT_FILE_NAMES, type ExportFormat } from '../contract/account-settings-rules';
import { type AppError, notProvided, toAppError } from './types';

/**
 * "Take her data with her" (issue 25): one download of everything the server keeps of hers, as JSON
 * or as a readable page (HTML) in her language, produced on the server for her alone. The file is
 * fetched with her token and saved under a neutral name (`saveFile`, the section's). One download at
 * a time; a refusal (RATE_LIMITED after EXPORTS_PER_HOUR) or a failure stays on screen until the next
 * try. Views read the tags: `step:idle`, `busy`, `step:done`, `step:failed`.
 */
export interface AccountExportContext {
  format: ExportFormat | null;
  error: AppError | null;
}

export type AccountExportEvent = { type: 'export.download'; format: ExportFormat };

const failure = ({ event }: { event: { error: unknown } }) => ({
  error: toAppError(event.error, 'NETWORK_ERROR'),
});

/** From any state but while downloading: another download, in the format asked. */
const download = { target: 'downloading', actions: 'startDownload' } as const;

export const accountExportMachine = setup({
  types: {} as { context: AccountExportContext; events: AccountExportEvent },
  actors: {
    /** GET /users/me/export?format=json|html → the file. */
    exportData: fromPromise<Blob, { format: ExportFormat }>(notProvided),
  },
  actions: {
    startDownload: assign(({ event }) => {
      assertEvent(event, 'export.download');
      return { format: event.format, error: null };
    }),
    setError: assign((_, { error }: { error: AppError }) => ({ error })),
    /** Provided by the section: the file saved as `fileName`. */
    saveFile: (_, _params: { file: Blob; fileName: string }) => {},
  },
}).createMachine({
  id: 'accountExport',
  context: { format: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The two downloads offered: JSON, and a readable page in her language.',
      tags: ['step:idle'],
      on: { 'export.download': download },
    },
    downloading: {
      description: 'GET /users/me/export in the format asked, with her token; the buttons wait meanwhile.',
      tags: ['busy'],
      invoke: {
        src: 'exportData',
        input: ({ context }) => ({ format: context.format ?? 'json' }),
        onDone: {
          target: 'done',
          actions: {
            type: 'saveFile',
            params: ({ context, event }) => ({
              file: event.output,
              fileName: EXPORT_FILE_NAMES[context.format ?? 'json'],
            }),
          },
        },
        onError: { target: 'failed', actions: { type: 'setError', params: failure } },
      },
    },
    done: {
      description: 'Saved: a line says the file is in her downloads; either download can be asked again.',
      tags: ['step:done'],
      on: { 'export.download': download },
    },
    failed: {
      description:
        'The download failed or was refused (too many this hour): the reason, and the buttons again.',
      tags: ['step:failed'],
      on: { 'export.download': download },
    },
  },
});
