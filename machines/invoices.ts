import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { InvoicesPage } from '../contract/commerce';
import { INVOICE_PAGE_SIZE } from '../contract/commerce-rules';
import { DEFAULT_PAGE } from '../contract/learning-constants';
import { isOtherPage, LOADING_STEP, pageAsked, pageError, pageLoaded } from './load-step';
import { savedAs, saveFile } from './save-file';
import { type AppError, type Locale, notProvided, toAppError } from './types';

/**
 * Her invoices, /dashboard/invoices (spec §1, §2, §3 Invoice, §7, §8): one page of invoices at a
 * time, newest first, 10 a page. Started by its page, which keeps the page in the address
 * (?page=2) and sends `invoices.page` when it changes, so Back works. Two regions side by side,
 * `list` and `download`; each state says what it is in its `description`. The side effects are the
 * page's: the API actors, saving the file (`saveFile`) and the toasts.
 */
export interface InvoicesInput {
  userId: string;
  page?: number;
  limit?: number;
}

/** The invoice whose PDF is on its way. */
export interface InvoiceDownload {
  invoiceId: string;
  number: string;
  language: Locale;
}

export interface InvoicesContext {
  userId: string;
  page: number;
  limit: number;
  data: InvoicesPage | null;
  error: AppError | null;
  downloading: InvoiceDownload | null;
  downloadError: AppError | null;
}

export type InvoicesEvent =
  | { type: 'invoices.page'; page: number }
  | { type: 'invoices.retry' }
  | { type: 'invoices.localeChanged' }
  | ({ type: 'invoices.download' } & InvoiceDownload);

export interface InvoicesListInput {
  userId: string;
  page: number;
  limit: number;
}

/**
 * The page the address asks for (?page=2): a whole number ≥ 1, anything else is the first page, as
 * the catalogue reads it (kept here so the Invoices page does not pull the catalogue's machine in).
 */
export function pageFromAddress(raw: string | null | undefined): number {
  if (!raw || !/^[0-9]{1,6}$/.test(raw)) return DEFAULT_PAGE;
  return Math.max(DEFAULT_PAGE, Number(raw));
}

/** The saved file's name: the invoice number (INV-2026-000001.pdf), nothing a file system minds. */
export function invoiceFileName(number: string): string {
  const safe = number.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
  return `${safe || 'invoice'}.pdf`;
}

/** Before the first page comes: page 1 (or the address's), 10 a page, nothing downloading. */
const invoicesContext = (input: InvoicesInput): InvoicesContext => ({
  userId: input.userId,
  page: Math.max(DEFAULT_PAGE, Math.trunc(input.page ?? DEFAULT_PAGE) || DEFAULT_PAGE),
  limit: input.limit ?? INVOICE_PAGE_SIZE,
  data: null,
  error: null,
  downloading: null,
  downloadError: null,
});

/** The page that came, as the guards and actions take it (`params`). */
const dataOf = ({ event }: { event: { output: InvoicesPage } }) => ({ data: event.output });

/** What leaves the list for another page, from any list state but loading (which re-enters). */
const toPage = { guard: 'isOtherPage', target: 'loading', actions: 'setPage' } as const;

export const invoicesMachine = setup({
  types: {} as { context: InvoicesContext; input: InvoicesInput; events: InvoicesEvent },
  actors: {
    /** GET /billing/list/{userId}?page&limit */
    loadInvoices: fromPromise<InvoicesPage, InvoicesListInput>(notProvided),
    /** POST /billing/generate-invoice { invoiceId, language } → the PDF */
    downloadInvoice: fromPromise<Blob, { invoiceId: string; language: Locale }>(notProvided),
  },
  guards: {
    hasInvoices: (_, params: { data: InvoicesPage }) => params.data.items.length > 0,
    isOtherPage: ({ context, event }) => isOtherPage(context, event, 'invoices.page'),
  },
  actions: {
    clearError: assign({ error: null }),
    keepData: assign((_, { data }: { data: InvoicesPage }) => ({ data })),
    setError: assign(pageError),
    setPage: assign({ page: ({ event }) => pageAsked(event, 'invoices.page') }),
    startDownload: assign({
      downloading: ({ event }) => {
        assertEvent(event, 'invoices.download');
        return { invoiceId: event.invoiceId, number: event.number, language: event.language };
      },
      downloadError: null,
    }),
    endDownload: assign({ downloading: null }),
    setDownloadError: assign((_, { error }: { error: unknown }) => ({
      downloadError: toAppError(error, 'NETWORK_ERROR'),
    })),
    /** Provided by the page: the PDF as a file named `fileName`. */
    saveFile,
    /** Provided by the page: "Invoice downloaded successfully". */
    notifyDownloaded: (_, _params: { number: string }) => {},
    /** Provided by the page: "Failed to download invoice". */
    notifyDownloadFailed: (_, _params: { number: string; error: AppError }) => {},
  },
}).createMachine({
  id: 'invoices',
  description: 'Her invoices, a page at a time, beside one PDF download.',
  context: ({ input }) => invoicesContext(input),
  type: 'parallel',
  states: {
    list: {
      description: 'The page of invoices the address names, read again in a new language (course titles).',
      initial: 'loading',
      states: {
        loading: {
          description: 'GET /billing/list/{userId}?page&limit; another page asked meanwhile replaces it.',
          ...LOADING_STEP,
          invoke: {
            src: 'loadInvoices',
            input: ({ context }) => ({ userId: context.userId, page: context.page, limit: context.limit }),
            ...pageLoaded('hasInvoices', dataOf),
          },
          on: {
            // a request for another page (or in another language) replaces the one in flight
            'invoices.page': { ...toPage, reenter: true },
            'invoices.localeChanged': { target: 'loading', reenter: true },
          },
        },
        ready: {
          description: 'Invoices on this page.',
          tags: ['step:ready'],
          on: { 'invoices.page': toPage, 'invoices.localeChanged': 'loading' },
        },
        empty: {
          description: 'None on this page (none at all, or a page past the last).',
          tags: ['step:empty'],
          on: { 'invoices.page': toPage, 'invoices.localeChanged': 'loading' },
        },
        failed: {
          description: '"Failed to load invoices": a retry.',
          tags: ['step:failed'],
          on: {
            'invoices.retry': 'loading',
            'invoices.page': { target: 'loading', actions: 'setPage' },
            'invoices.localeChanged': 'loading',
          },
        },
      },
    },
    download: {
      description: 'One invoice at a time as a PDF, in her language; carries on while she pages.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Nothing downloading.',
          on: { 'invoices.download': { target: 'downloading', actions: 'startDownload' } },
        },
        downloading: {
          description: 'The PDF is on its way (the row is busy); then saved and said, or the failure said.',
          tags: ['downloading'],
          // one at a time: the other rows wait (their buttons are disabled meanwhile)
          invoke: {
            src: 'downloadInvoice',
            input: ({ context }) => ({
              invoiceId: context.downloading!.invoiceId,
              language: context.downloading!.language,
            }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'saveFile', params: savedAs((c) => invoiceFileName(c.downloading!.number)) },
                {
                  type: 'notifyDownloaded',
                  params: ({ context }) => ({ number: context.downloading!.number }),
                },
                'endDownload',
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'setDownloadError', params: ({ event }) => ({ error: event.error }) },
                {
                  type: 'notifyDownloadFailed',
                  params: ({ context, event }) => ({
                    number: context.downloading!.number,
                    error: toAppError(event.error, 'NETWORK_ERROR'),
                  }),
                },
                'endDownload',
              ],
            },
          },
        },
      },
    },
  },
});
