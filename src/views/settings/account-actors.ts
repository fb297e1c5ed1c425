import { useActorRef } from '@xstate/react';
import { useRef, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import { accountDeleteMachine } from '../../../machines/accountDelete';
import { accountExportMachine } from '../../../machines/accountExport';
import { deleteAccount, exportData } from '../../api/account-data';
import { useScreenOverrides, useSystemActor } from '../../app/actors';
import { createFlow } from '../../app/flow';
import { notify } from '../../app/notify';
import { saveFile } from '../dashboard/invoices/save-file';

/**
 * The actors of the export and delete sections (issue 25; the recovery code's is in recovery-actor.ts,
 * which sign-up shares): each section's machine with the real API actors of src/api/account-data.ts,
 * its side effects (a saved file, the device cleared through the session), and the tests' stubs on
 * top (<RootProvider screens={…}>).
 * Texts are read when the effect runs, in the language of that moment.
 */
export const ExportFlow = createFlow<typeof accountExportMachine>('ExportFlow');
export const DeleteFlow = createFlow<typeof accountDeleteMachine>('DeleteFlow');

function useLatestIntl() {
  const intl = useIntl();
  const ref = useRef<IntlShape>(intl);
  ref.current = intl;
  return ref;
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
