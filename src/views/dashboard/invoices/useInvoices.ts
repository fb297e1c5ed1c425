import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import { invoicesMachine } from '../../../../machines/invoices';
import { downloadInvoice, loadInvoices } from '../../../api/billing';
import { type ScreenOverrides, useScreenOverrides, useSession } from '../../../app/actors';
import { createFlow } from '../../../app/flow';
import { notify } from '../../../app/notify';
import { saveFile } from './save-file';

export type InvoicesActor = ReturnType<typeof useActorRef<typeof invoicesMachine>>;

/** The page's actor, which its parts reach through `useFlowSelect` / `useFlowSend`. */
export const InvoicesFlow = createFlow<typeof invoicesMachine>('InvoicesFlow');

/** The page's machine: the real API actors, the file saving and the toasts, with the tests' stubs on top. */
function createLogic(overrides: ScreenOverrides['invoices'], intl: { current: IntlShape }) {
  const text = (id: string) => intl.current.formatMessage({ id });
  const real = invoicesMachine.provide({
    actors: { loadInvoices, downloadInvoice },
    actions: {
      saveFile: (_, p) => saveFile(p.file, p.fileName),
      notifyDownloaded: (_, p) =>
        notify({ type: 'success', title: text('dashboard.invoices.downloaded'), description: p.number }),
      notifyDownloadFailed: (_, p) =>
        notify({
          type: 'error',
          title: text('dashboard.invoices.downloadFailed'),
          // offline: her connection; anything else (the server refused or failed): later
          description: text(
            p.error.code === 'NETWORK_ERROR'
              ? 'dashboard.invoices.downloadFailedBody'
              : 'dashboard.invoices.downloadFailedLater',
          ),
        }),
    },
  });
  return overrides ? real.provide(overrides) : real;
}

/**
 * The Invoices page's own actor, on the page the address names; asked again when the language
 * changes (course titles come in the request's language). Toasts speak the language of the moment.
 */
export function useInvoices(page: number): InvoicesActor {
  const intl = useIntl();
  const intlRef = useRef(intl);
  intlRef.current = intl;
  const userId = useSession((s) => String(s.context.user?.id ?? s.context.user?.userid ?? ''));
  const overrides = useScreenOverrides();
  const [logic] = useState(() => createLogic(overrides.invoices, intlRef));
  const actor = useActorRef(logic, { input: { userId, page }, inspect: overrides.inspect });

  // the address leads: Back and Forward (and links) change the page
  useEffect(() => {
    actor.send({ type: 'invoices.page', page });
  }, [page, actor]);

  const locale = useRef(intl.locale);
  useEffect(() => {
    if (locale.current === intl.locale) return;
    locale.current = intl.locale;
    actor.send({ type: 'invoices.localeChanged' });
  }, [intl.locale, actor]);
  return actor;
}
