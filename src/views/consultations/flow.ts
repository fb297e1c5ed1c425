import type { IntlShape } from 'react-intl';
import { consultationsMachine } from '../../../machines/consultations';
import {
  cancelBookingActor,
  downloadPdfActor,
  joinCallActor,
  loadConsultationsActor,
  quoteCancellationActor,
} from '../../api/consultations';
import type { ScreenOverrides } from '../../app/actors';
import { clockActor } from '../../app/clock';
import { createFlow } from '../../app/flow';
import { notify } from '../../app/notify';
import { saveFile } from '../dashboard/invoices/save-file';

/** The page's actor, which its parts reach through `useFlowSelect` / `useFlowSend`. */
export const ConsultationsFlow = createFlow<typeof consultationsMachine>('ConsultationsFlow');

/** The page's machine: the API actors, the clock, the file saving and the toast, with the tests' stubs on top. */
export function createConsultationsLogic(
  overrides: ScreenOverrides['consultations'],
  intl: { current: IntlShape },
) {
  const text = (id: string) => intl.current.formatMessage({ id });
  const real = consultationsMachine.provide({
    actors: {
      loadConsultations: loadConsultationsActor,
      quoteCancellation: quoteCancellationActor,
      cancelBooking: cancelBookingActor,
      joinCall: joinCallActor,
      downloadPdf: downloadPdfActor,
      clock: clockActor,
    },
    actions: {
      saveFile: (_, p) => saveFile(p.file, p.fileName),
      notifyDownloadFailed: (_, p) =>
        notify({
          type: 'error',
          title: text('consultations.download.failed'),
          description: text(
            p.error.code === 'NETWORK_ERROR' ? 'consultations.error.network' : 'consultations.download.later',
          ),
        }),
    },
  });
  return overrides ? real.provide(overrides) : real;
}
