import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type {
  Booking,
  Cancellation,
  CancellationQuote,
  JoinInfo,
  MyConsultations,
} from '../contract/consultations';
import { type AppError, type Locale, notProvided, toAppError } from './types';

/**
 * Her consultations, /dashboard/consultations (issue 10): upcoming, past and cancelled bookings,
 * joining a call and cancelling one with the refund stated first. Three regions side by side:
 *
 * - `list`: loading → ready | failed (retry); again when the language changes (names and titles
 *   come in the request's language).
 * - `dialog`: closed → quoting (GET …/cancellation: 100 %, 50 % or nothing, and why) → confirming
 *   (she reads the refund) → cancelling (POST …/cancel) → cancelled (the refund and the credit
 *   note; the booking moves to Cancelled) | failed (retry) ; or closed → joining (GET …/join: the
 *   Jitsi room) → inCall (the room in a dialog; a voice call starts with the camera off) |
 *   joinFailed. `consultations.close` closes it from any state that is not busy.
 * - `download`: idle → downloading (an invoice's or a credit note's PDF in her language) → idle,
 *   having saved the file (`saveFile`) or said it failed (`notifyDownloadFailed`).
 */
export type ConsultationsDownload =
  | { kind: 'invoice'; id: string; number: string; language: Locale }
  | { kind: 'creditNote'; id: string; number: string; language: Locale };

export interface ConsultationsContext {
  data: MyConsultations | null;
  error: AppError | null;
  /** The booking the dialog is about. */
  bookingId: string | null;
  quote: CancellationQuote | null;
  cancellation: Cancellation | null;
  join: JoinInfo | null;
  dialogError: AppError | null;
  downloading: ConsultationsDownload | null;
}

export type ConsultationsEvent =
  | { type: 'consultations.retry' }
  | { type: 'consultations.localeChanged' }
  | { type: 'consultations.cancel'; bookingId: string }
  | { type: 'consultations.confirmCancel' }
  | { type: 'consultations.join'; bookingId: string }
  | { type: 'consultations.close' }
  | { type: 'consultations.dialogRetry' }
  | ({ type: 'consultations.download' } & ConsultationsDownload);

const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/** The booking with this id, in whichever group it is. */
export function findBooking(data: MyConsultations | null, id: string | null): Booking | null {
  if (!data || !id) return null;
  return [...data.upcoming, ...data.past, ...data.cancelled].find((b) => b.id === id) ?? null;
}

export const consultationsMachine = setup({
  types: {} as { context: ConsultationsContext; events: ConsultationsEvent },
  actors: {
    /** GET /consultations */
    loadConsultations: fromPromise<MyConsultations>(notProvided),
    /** GET /consultations/{id}/cancellation */
    quoteCancellation: fromPromise<CancellationQuote, { bookingId: string }>(notProvided),
    /** POST /consultations/{id}/cancel */
    cancelBooking: fromPromise<Cancellation, { bookingId: string }>(notProvided),
    /** GET /consultations/{id}/join */
    joinCall: fromPromise<JoinInfo, { bookingId: string }>(notProvided),
    /** POST /billing/generate-invoice or /billing/generate-credit-note → the PDF */
    downloadPdf: fromPromise<Blob, ConsultationsDownload>(notProvided),
  },
  actions: {
    saveFile: (_, _params: { file: Blob; fileName: string }) => {},
    notifyDownloadFailed: (_, _params: { error: AppError }) => {},
    keepData: assign((_, data: MyConsultations) => ({ data, error: null })),
    setError: assign((_, { error }: { error: unknown }) => ({ error: toAppError(error, 'NETWORK_ERROR') })),
    clearError: assign({ error: null }),
    openFor: assign(({ event }) => {
      assertEvent(event, ['consultations.cancel', 'consultations.join']);
      return { bookingId: event.bookingId, quote: null, cancellation: null, join: null, dialogError: null };
    }),
    closeDialog: assign({ bookingId: null, quote: null, cancellation: null, join: null, dialogError: null }),
    keepQuote: assign((_, quote: CancellationQuote) => ({ quote, dialogError: null })),
    keepJoin: assign((_, join: JoinInfo) => ({ join, dialogError: null })),
    setDialogError: assign((_, { error }: { error: unknown }) => ({
      dialogError: toAppError(error, 'NETWORK_ERROR'),
    })),
    /** The cancelled booking leaves Upcoming for Cancelled at once (the newest first). */
    applyCancellation: assign(({ context }, c: Cancellation) => {
      const data = context.data;
      if (!data) return { cancellation: c, dialogError: null };
      const others = (list: Booking[]) => list.filter((b) => b.id !== c.booking.id);
      return {
        cancellation: c,
        dialogError: null,
        data: {
          upcoming: others(data.upcoming),
          past: others(data.past),
          cancelled: [c.booking, ...others(data.cancelled)],
        },
      };
    }),
    setDownload: assign(({ event }) => {
      assertEvent(event, 'consultations.download');
      const { type: _type, ...download } = event;
      return { downloading: download };
    }),
    clearDownload: assign({ downloading: null }),
  },
  guards: {
    cancellable: ({ context }) => !!context.quote?.cancellable,
  },
}).createMachine({
  id: 'consultations',
  context: {
    data: null,
    error: null,
    bookingId: null,
    quote: null,
    cancellation: null,
    join: null,
    dialogError: null,
    downloading: null,
  },
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      on: { 'consultations.localeChanged': '.loading' },
      states: {
        loading: {
          tags: ['list:loading'],
          invoke: {
            src: 'loadConsultations',
            onDone: { target: 'ready', actions: { type: 'keepData', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'setError', params: errorOf } },
          },
        },
        failed: {
          tags: ['list:failed'],
          on: { 'consultations.retry': { target: 'loading', actions: 'clearError' } },
        },
        ready: { tags: ['list:ready'] },
      },
    },
    dialog: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'consultations.cancel': { target: 'quoting', actions: 'openFor' },
            'consultations.join': { target: 'joining', actions: 'openFor' },
          },
        },
        quoting: {
          tags: ['dialog:cancel', 'dialog:busy'],
          invoke: {
            src: 'quoteCancellation',
            input: ({ context }) => ({ bookingId: context.bookingId! }),
            onDone: {
              target: 'confirming',
              actions: { type: 'keepQuote', params: ({ event }) => event.output },
            },
            onError: { target: 'quoteFailed', actions: { type: 'setDialogError', params: errorOf } },
          },
        },
        quoteFailed: {
          tags: ['dialog:cancel', 'dialog:failed'],
          on: {
            'consultations.dialogRetry': 'quoting',
            'consultations.close': { target: 'closed', actions: 'closeDialog' },
          },
        },
        confirming: {
          tags: ['dialog:cancel'],
          on: {
            'consultations.confirmCancel': { guard: 'cancellable', target: 'cancelling' },
            'consultations.close': { target: 'closed', actions: 'closeDialog' },
          },
        },
        cancelling: {
          tags: ['dialog:cancel', 'dialog:busy'],
          invoke: {
            src: 'cancelBooking',
            input: ({ context }) => ({ bookingId: context.bookingId! }),
            onDone: {
              target: 'cancelled',
              actions: { type: 'applyCancellation', params: ({ event }) => event.output },
            },
            onError: { target: 'cancelFailed', actions: { type: 'setDialogError', params: errorOf } },
          },
        },
        cancelFailed: {
          tags: ['dialog:cancel', 'dialog:failed'],
          on: {
            'consultations.dialogRetry': 'cancelling',
            'consultations.close': { target: 'closed', actions: 'closeDialog' },
          },
        },
        cancelled: {
          tags: ['dialog:cancel', 'dialog:done'],
          on: { 'consultations.close': { target: 'closed', actions: 'closeDialog' } },
        },
        joining: {
          tags: ['dialog:join', 'dialog:busy'],
          invoke: {
            src: 'joinCall',
            input: ({ context }) => ({ bookingId: context.bookingId! }),
            onDone: { target: 'inCall', actions: { type: 'keepJoin', params: ({ event }) => event.output } },
            onError: { target: 'joinFailed', actions: { type: 'setDialogError', params: errorOf } },
          },
        },
        joinFailed: {
          tags: ['dialog:join', 'dialog:failed'],
          on: {
            'consultations.dialogRetry': 'joining',
            'consultations.close': { target: 'closed', actions: 'closeDialog' },
          },
        },
        inCall: {
          tags: ['dialog:join', 'dialog:done'],
          on: { 'consultations.close': { target: 'closed', actions: 'closeDialog' } },
        },
      },
    },
    download: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'consultations.download': { target: 'downloading', actions: 'setDownload' } },
        },
        downloading: {
          tags: ['downloading'],
          invoke: {
            src: 'downloadPdf',
            input: ({ context }) => context.downloading!,
            onDone: {
              target: 'idle',
              actions: [
                {
                  type: 'saveFile',
                  params: ({ context, event }) => ({
                    file: event.output,
                    fileName: `${context.downloading?.number ?? 'document'}.pdf`,
                  }),
                },
                'clearDownload',
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                {
                  type: 'notifyDownloadFailed',
                  params: ({ event }) => ({ error: toAppError(event.error, 'NETWORK_ERROR') }),
                },
                'clearDownload',
              ],
            },
          },
        },
      },
    },
  },
});
