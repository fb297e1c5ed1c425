import { useActorRef } from '@xstate/react';
import { useRef, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import { RECOVERY_CODE_FILE_NAME } from '../../../contract/recovery-code';
import { type RecoveryCodeInput, recoveryCodeMachine } from '../../../machines/recoveryCode';
import { issueRecoveryCode } from '../../api/recovery-code';
import { useScreenOverrides } from '../../app/actors';
import { createFlow } from '../../app/flow';
import { saveFile } from '../dashboard/invoices/save-file';

/**
 * The recovery code's actor (issue 25), for Account Settings and sign-up's welcome alike: the machine
 * with the real API actor, the clipboard and the text file in her language (read when she asks), and
 * the tests' stubs on top (<RootProvider screens={…}>).
 */
export const RecoveryFlow = createFlow<typeof recoveryCodeMachine>('RecoveryFlow');

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
  const intlNow = useIntl();
  const intl = useRef<IntlShape>(intlNow);
  intl.current = intlNow;
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
