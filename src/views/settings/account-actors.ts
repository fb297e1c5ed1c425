import { useActorRef } from '@xstate/react';
import { useRef, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import { RECOVERY_CODE_FILE_NAME } from '../../../contract/account-settings-rules';
import { accountDeleteMachine } from '../../../machines/accountDelete';
import { accountExportMachine } from '../../../machines/accountExport';
import { type RecoveryCodeInput, recoveryCodeMachine } from '../../../machines/recoveryCode';
import { deleteAccount, exportData, issueRecoveryCode } from '../../api/account-data';
import { useScreenOverrides, useSystemActor } from '../../app/actors';
import { createFlow } from '../../app/flow';
import { notify } from '../../app/notify';
import { saveFile } from '../dashboard/invoices/save-file';

/**
 * The actors of the recovery code, export and delete sections (issue 25): each section's machine
 * with the real API actors of src/api/account-data.ts, its side effects (the clipboard, a saved file,
 * the device cleared through the session), and the tests' stubs on top (<RootProvider screens={…}>).
 * Texts are read when the effect runs, in the language of that moment.
 */
export const RecoveryFlow = createFlow<typeof recoveryCodeMachine>('RecoveryFlow');
export const ExportFlow = createFlow<typeof accountExportMachine>('ExportFlow');
export const DeleteFlow = createFlow<typeof accountDeleteMachine>('DeleteFlow');

function useLatestIntl() {
  const intl = useIntl();
  const ref = useRef<IntlShape>(intl);
  ref.current = intl;
  return ref;
}

/** The text file she may keep: the code, and in her language what it is for and when it was made. */
export function recoveryFileText(intl: IntlShape, code: string): string {
  const text = intl.formatMessage(
    { id: 'settings.recovery.fileText' },
    { code, date: intl.formatDate(new Date(), { dateStyle: 'long' }) },
  );
  // Windows' Notepad and phones alike: CRLF line ends, UTF-8 with its mark so Arabic opens right
  return `\uFEFF${text.replace(/\r?\n/g, '\r\n')}\r\n`;
}

export function useRecoveryCodeActor(input: RecoveryCodeInput) {
  const overrides = useScreenOverrides();
  const intl = useLatestIntl();
  const [logic] = useState(() => {
    const real = recoveryCodeMachine.provide({
      actors: { issueCode: issueRecoveryCode },
      actions: {
        copyCode: (_, { code }) => {
          navigator.clipboard?.writeText(code).catch(() => {});
        },
        saveCodeFile: (_, { code }) =>
          saveFile(
            new Blob([recoveryFileText(intl.current, code)], { type: 'text/plain;charset=utf-8' }),
            RECOVERY_CODE_FILE_NAME,
          ),
      },
    });
    return overrides.recoveryCode ? real.provide(overrides.recoveryCode) : real;
  });
  return useActorRef(logic, { input, inspect: overrides.inspect });
}

export function useExportActor() {
  const overrides = useScreenOverrides();
  const [logic] = useState(() => {
    const real = accountExportMachine.provide({
      actors: { exportData },
      actions: { saveFile: (_, p) => saveFile(p.file, p.fileName) },
    });
    return overrides.accountExport ? real.provide(overrides.accountExport) : real;
  });
  return useActorRef(logic, { inspect: overrides.inspect });
}

export function useDeleteActor() {
  const overrides = useScreenOverrides();
  const intl = useLatestIntl();
  const session = useSystemActor('session');
  const [logic] = useState(() => {
    const real = accountDeleteMachine.provide({
      actors: { deleteAccount },
      actions: {
        // the notice first (in her language, before the words go with the page), then the device
        // cleared as at sign-out and the home page (the session's own way out)
        leaveAccount: (_, { cancelledConsultations }) => {
          const text = intl.current;
          notify({
            type: 'success',
            title: text.formatMessage({ id: 'settings.delete.done' }),
            description:
              cancelledConsultations > 0
                ? text.formatMessage(
                    { id: 'settings.delete.doneCancelled' },
                    { count: cancelledConsultations },
                  )
                : undefined,
          });
          session.send({ type: 'session.accountDeleted' });
        },
      },
    });
    return overrides.accountDelete ? real.provide(overrides.accountDelete) : real;
  });
  return useActorRef(logic, { inspect: overrides.inspect });
}
