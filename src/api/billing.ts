import type { FetchContext } from 'ofetch';
import { fromPromise } from 'xstate';
import type { InvoicePdfBody, InvoicesPage } from '../../contract/commerce';
import type { InvoicesListInput, invoicesMachine } from '../../machines/invoices';
import type { Locale } from '../../machines/types';
import { request } from './client';

/**
 * The billing actors her Invoices page names (spec §7): her invoices a page at a time, and one
 * invoice as a PDF in the language she reads. Each passes its actor's abort signal, so leaving a
 * state (or the page) cancels the request.
 */
const seg = encodeURIComponent;

/** GET /billing/list/{userId}?page&limit (403 unless hers; titles in the request's language). */
export const loadInvoices = fromPromise<InvoicesPage, InvoicesListInput>(({ input, signal }) =>
  request(`/billing/list/${seg(input.userId)}`, {
    query: { page: input.page, limit: input.limit },
    signal,
  }),
);

/**
 * A refusal of the PDF request comes as the JSON error envelope, but was read as a Blob: read it
 * as JSON again, so the client turns it into the usual AppError code (403, 404 INVOICE_NOT_FOUND…).
 */
export async function readErrorEnvelope({ response }: FetchContext) {
  const data = (response as { _data?: unknown } | undefined)?._data;
  if (!(data instanceof Blob) || !/json/i.test(data.type || response?.headers.get('content-type') || ''))
    return;
  try {
    (response as { _data?: unknown })._data = JSON.parse(await data.text());
  } catch {
    // not JSON after all: the status decides the code
  }
}

/** POST /billing/generate-invoice { invoiceId, language } → application/pdf. */
export const downloadInvoice = fromPromise<Blob, { invoiceId: string; language: Locale }>(
  async ({ input, signal }) => {
    const body: InvoicePdfBody = { invoiceId: input.invoiceId, language: input.language };
    const file = await request<Blob>('/billing/generate-invoice', {
      method: 'POST',
      body,
      responseType: 'blob',
      onResponseError: readErrorEnvelope,
      signal,
    } as never);
    return file.type ? file : new Blob([file], { type: 'application/pdf' });
  },
);

/**
 * The Invoices page creates its own actor; tests give it stub actors through
 * <RootProvider screens={…}> as they do for the learning pages.
 */
declare module '../app/actors' {
  interface ScreenOverrides {
    invoices?: Parameters<typeof invoicesMachine.provide>[0];
  }
}
