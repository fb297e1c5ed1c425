import { assertEvent, assign, type EventObject, fromCallback, fromPromise, setup } from 'xstate';
import type { Cancellation, CancellationQuote, JoinInfo, MyConsultations } from '../contract/consultations';
import {
  CONSULTATIONS_TICK_MS,
  type ConsultationsContext,
  type ConsultationsDownload,
  type ConsultationsEvent,
  canCancel,
  canJoin,
  findBooking,
} from './consultations-rules';
import { savedAs, saveFile } from './save-file';
import { type AppError, notProvided, toAppError } from './types';

/**
 * Her consultations, /dashboard/consultations (issue 10): upcoming, past and cancelled bookings,
 * joining a call and cancelling one with the refund stated first. Three regions side by side
 * (`list`, `dialog`, `download`); each state says what it is in its `description`. The time comes
 * from the `clock` actor the page provides (`clock.tick`, at once and every 30 s); the rules that
 * read it (joinable, cancellable, the hold still hers) are in consultations-rules.ts, shared with
 * the page.
 */
export * from './consultations-rules';

const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/** The dialog's requests are about its booking. */
const ofTheBooking = ({ context }: { context: ConsultationsContext }) => ({ bookingId: context.bookingId! });
/** A dialog request that failed: the error said, in `target`. */
const failedTo = (target: string) =>
  ({ target, actions: { type: 'setDialogError', params: errorOf } }) as const;
/**
 * A dialog's request about its booking (busy): `keep` takes its answer and the dialog goes on to
 * `done`, or the error is said in `failed`.
 */
const bookingRequest = <
  S extends 'quoteCancellation' | 'cancelBooking' | 'joinCall',
  K extends 'keepQuote' | 'applyCancellation' | 'keepJoin',
>(
  description: string,
  tags: string[],
  { src, keep, done, failed }: { src: S; keep: K; done: string; failed: string },
) => ({
  description,
  tags,
  invoke: {
    src,
    input: ofTheBooking,
    onDone: {
      target: done,
      actions: { type: keep, params: ({ event }: { event: { output: unknown } }) => event.output as never },
    },
    onError: failedTo(failed),
  },
});
const close = { target: 'closed', actions: 'closeDialog' } as const;
/** After a failed request: retry it (`consultations.dialogRetry` → `retry`) or close. */
const retryOrClose = (description: string, dialog: 'cancel' | 'join', retry: string) => ({
  description,
  tags: [`dialog:${dialog}`, 'dialog:failed'],
  on: { 'consultations.dialogRetry': retry, 'consultations.close': close },
});

/** The booking an open or cancel asks about, as the guards read it. */
const askedFor = ({ context, event }: { context: ConsultationsContext; event: ConsultationsEvent }) => {
  assertEvent(event, ['consultations.cancel', 'consultations.join']);
  return findBooking(context.data, event.bookingId);
};

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
    /** `clock.tick { now }` at once and every `every` ms (the page provides it: the machine reads no clock). */
    clock: fromCallback<EventObject, { every: number }>(() => {}),
  },
  actions: {
    saveFile,
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
      const others = (list: MyConsultations['upcoming']) => list.filter((b) => b.id !== c.booking.id);
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
    keepNow: assign(({ event }) => {
      assertEvent(event, 'clock.tick');
      return { now: event.now };
    }),
  },
  guards: {
    /** The server's quote says she may cancel. */
    cancellable: ({ context }) => !!context.quote?.cancellable,
    /** The booking she asks to cancel can be cancelled now (as its card shows). */
    canCancel: (args) => {
      const booking = askedFor(args);
      return !!booking && canCancel(booking, args.context.now);
    },
    /** Its call is open now (as its card's Join button shows). */
    canJoin: (args) => {
      const booking = askedFor(args);
      return !!booking && canJoin(booking, args.context.now);
    },
  },
}).createMachine({
  id: 'consultations',
  description: 'Her consultations: the list, one dialog (cancel or join) and a PDF download, side by side.',
  context: {
    data: null,
    error: null,
    bookingId: null,
    quote: null,
    cancellation: null,
    join: null,
    dialogError: null,
    downloading: null,
    now: 0,
  },
  type: 'parallel',
  invoke: { src: 'clock', input: { every: CONSULTATIONS_TICK_MS } },
  on: { 'clock.tick': { actions: 'keepNow' } },
  states: {
    list: {
      description: 'Her bookings: upcoming, past and cancelled; read again in a new language.',
      initial: 'loading',
      on: { 'consultations.localeChanged': '.loading' },
      states: {
        loading: {
          description: 'GET /consultations.',
          tags: ['list:loading'],
          invoke: {
            src: 'loadConsultations',
            onDone: { target: 'ready', actions: { type: 'keepData', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'setError', params: errorOf } },
          },
        },
        failed: {
          description: 'The list did not come: a retry.',
          tags: ['list:failed'],
          on: { 'consultations.retry': { target: 'loading', actions: 'clearError' } },
        },
        ready: { description: 'The list is on the page.', tags: ['list:ready'] },
      },
    },
    dialog: {
      description: 'Cancelling (the refund first) or joining a call; closes from any state not busy.',
      initial: 'closed',
      states: {
        closed: {
          description: 'No dialog: she may cancel a booking or join a call her card offers.',
          on: {
            'consultations.cancel': { guard: 'canCancel', target: 'quoting', actions: 'openFor' },
            'consultations.join': { guard: 'canJoin', target: 'joining', actions: 'openFor' },
          },
        },
        quoting: bookingRequest(
          'GET …/cancellation: the refund (100 %, 50 % or nothing) and why.',
          ['dialog:cancel', 'dialog:busy', 'dialog:quoting'],
          {
            src: 'quoteCancellation',
            keep: 'keepQuote',
            done: 'confirming',
            failed: 'quoteFailed',
          },
        ),
        quoteFailed: retryOrClose('The refund could not be read: retry or close.', 'cancel', 'quoting'),
        confirming: {
          description: 'She reads the refund: confirm (if the server allows it) or keep the booking.',
          tags: ['dialog:cancel', 'dialog:quote'],
          on: {
            'consultations.confirmCancel': { guard: 'cancellable', target: 'cancelling' },
            'consultations.close': close,
          },
        },
        cancelling: bookingRequest('POST …/cancel.', ['dialog:cancel', 'dialog:busy', 'dialog:quote'], {
          src: 'cancelBooking',
          keep: 'applyCancellation',
          done: 'cancelled',
          failed: 'cancelFailed',
        }),
        cancelFailed: retryOrClose('The cancellation failed: retry or close.', 'cancel', 'cancelling'),
        cancelled: {
          description: 'Cancelled: the refund and the credit note; the booking has moved to Cancelled.',
          tags: ['dialog:cancel', 'dialog:done'],
          on: { 'consultations.close': close },
        },
        joining: bookingRequest('GET …/join: the Jitsi room.', ['dialog:join', 'dialog:busy'], {
          src: 'joinCall',
          keep: 'keepJoin',
          done: 'inCall',
          failed: 'joinFailed',
        }),
        joinFailed: retryOrClose(
          'No room (not open yet, ended, or the request failed): retry or close.',
          'join',
          'joining',
        ),
        inCall: {
          description: 'The room in a dialog (a voice call starts with the camera off); leave closes it.',
          tags: ['dialog:join', 'dialog:done'],
          on: { 'consultations.close': close },
        },
      },
    },
    download: {
      description: "An invoice's or a credit note's PDF, in her language, one at a time.",
      initial: 'idle',
      states: {
        idle: {
          description: 'Nothing downloading.',
          on: { 'consultations.download': { target: 'downloading', actions: 'setDownload' } },
        },
        downloading: {
          description: 'The PDF is on its way; then saved as a file, or the failure is said.',
          tags: ['downloading'],
          invoke: {
            src: 'downloadPdf',
            input: ({ context }) => context.downloading!,
            onDone: {
              target: 'idle',
              actions: [
                {
                  type: 'saveFile',
                  params: savedAs((c) => `${c.downloading?.number ?? 'document'}.pdf`),
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
