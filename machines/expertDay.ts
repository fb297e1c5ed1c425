import { assertEvent, assign, type EventObject, fromCallback, fromPromise, setup } from 'xstate';
import type { ExpertBooking, JoinInfo, SealedDetails } from '../contract/staff-expert';
import {
  canMarkNoShow,
  canOpenDetails,
  EXPERT_DAY_TICK_MS,
  type ExpertDayContext,
  type ExpertDayData,
  type ExpertDayEvent,
  expertCanJoin,
  findExpertBooking,
  withBooking,
} from './expertDay-rules';
import { notProvided, toAppError } from './types';

/**
 * The expert portal's day, /staff (issue 26): her upcoming and past consultations in her zone, and
 * one dialog at a time: joining the call (the member's room, with her name), a medical booking's
 * sealed details (first told that the opening is recorded; gone from the context once the dialog
 * closes), or marking the member absent (after the start, confirmed first). Two regions side by
 * side (`list`, `dialog`); the time comes from the `clock` actor the page provides. Its rules are in
 * expertDay-rules.ts.
 */
export * from './expertDay-rules';

const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const ofTheBooking = ({ context }: { context: ExpertDayContext }) => ({ bookingId: context.bookingId! });
const close = { target: 'closed', actions: 'closeDialog' } as const;

/** A dialog's request about its booking: its answer kept, or its error said in `failed`. */
const bookingRequest = <
  S extends 'joinCall' | 'openDetails' | 'markNoShow',
  K extends 'keepJoin' | 'keepDetails' | 'applyNoShow',
>(
  description: string,
  tags: string[],
  { src, keep, done, failed }: { src: S; keep: K; done: string; failed: string },
) => ({
  description,
  tags: [...tags, 'dialog:busy'],
  invoke: {
    src,
    input: ofTheBooking,
    onDone: {
      target: done,
      actions: { type: keep, params: ({ event }: { event: { output: unknown } }) => event.output as never },
    },
    onError: { target: failed, actions: { type: 'setDialogError' as const, params: errorOf } },
  },
});

/** After a failed request: try again or close. */
const retryOrClose = (description: string, dialog: string, retry: string) => ({
  description,
  tags: [`dialog:${dialog}`, 'dialog:failed'],
  on: { 'expertDay.dialogRetry': retry, 'expertDay.close': close },
});

/** The booking a row's button asks about, as the guards read it. */
const askedFor = ({ context, event }: { context: ExpertDayContext; event: ExpertDayEvent }) => {
  assertEvent(event, ['expertDay.join', 'expertDay.details', 'expertDay.noShow']);
  return findExpertBooking(context.data, event.bookingId);
};

export const expertDayMachine = setup({
  types: {} as { context: ExpertDayContext; events: ExpertDayEvent },
  actors: {
    /** GET /staff/expert/bookings?when=upcoming and ?when=past */
    loadBookings: fromPromise<ExpertDayData>(notProvided),
    /** POST /staff/expert/bookings/{id}/join */
    joinCall: fromPromise<JoinInfo, { bookingId: string }>(notProvided),
    /** POST /staff/expert/bookings/{id}/details (each opening written to the audit log) */
    openDetails: fromPromise<SealedDetails, { bookingId: string }>(notProvided),
    /** POST /staff/expert/bookings/{id}/no-show */
    markNoShow: fromPromise<ExpertBooking, { bookingId: string }>(notProvided),
    /** `clock.tick { now }` at once and every `every` ms (the page provides it). */
    clock: fromCallback<EventObject, { every: number }>(() => {}),
  },
  actions: {
    keepData: assign((_, data: ExpertDayData) => ({ data, error: null })),
    setError: assign((_, { error }: { error: unknown }) => ({ error: toAppError(error, 'NETWORK_ERROR') })),
    clearError: assign({ error: null }),
    openFor: assign(({ event }) => {
      assertEvent(event, ['expertDay.join', 'expertDay.details', 'expertDay.noShow']);
      return { bookingId: event.bookingId, join: null, details: null, dialogError: null };
    }),
    closeDialog: assign({ bookingId: null, join: null, details: null, dialogError: null }),
    keepJoin: assign((_, join: JoinInfo) => ({ join, dialogError: null })),
    keepDetails: assign((_, details: SealedDetails) => ({ details, dialogError: null })),
    applyNoShow: assign(({ context }, booking: ExpertBooking) => ({
      data: withBooking(context.data, booking),
      bookingId: null,
      dialogError: null,
    })),
    setDialogError: assign((_, { error }: { error: unknown }) => ({
      dialogError: toAppError(error, 'NETWORK_ERROR'),
    })),
    keepNow: assign(({ event }) => {
      assertEvent(event, 'clock.tick');
      return { now: event.now };
    }),
  },
  guards: {
    canJoin: (args) => {
      const b = askedFor(args);
      return !!b && expertCanJoin(b, args.context.now);
    },
    canOpenDetails: (args) => {
      const b = askedFor(args);
      return !!b && canOpenDetails(b);
    },
    canMarkNoShow: (args) => {
      const b = askedFor(args);
      return !!b && canMarkNoShow(b, args.context.now);
    },
  },
}).createMachine({
  id: 'expertDay',
  description:
    'Her consultations: the two lists and one dialog (join, sealed details, no-show), side by side.',
  context: { data: null, error: null, bookingId: null, join: null, details: null, dialogError: null, now: 0 },
  type: 'parallel',
  invoke: { src: 'clock', input: { every: EXPERT_DAY_TICK_MS } },
  on: { 'clock.tick': { actions: 'keepNow' } },
  states: {
    list: {
      description: 'Her upcoming and past consultations (tabs); read again on refresh or in a new language.',
      initial: 'loading',
      states: {
        loading: {
          description: 'GET both lists; what was on the page stays while they come.',
          tags: ['list:loading'],
          invoke: {
            src: 'loadBookings',
            onDone: { target: 'ready', actions: { type: 'keepData', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'setError', params: errorOf } },
          },
        },
        failed: {
          description: 'The lists did not come: a retry.',
          tags: ['list:failed'],
          on: { 'expertDay.retry': { target: 'loading', actions: 'clearError' } },
        },
        ready: {
          description: 'The lists are on the page; refresh reads them again.',
          tags: ['list:ready'],
          on: { 'expertDay.refresh': 'loading' },
        },
      },
    },
    dialog: {
      description: 'Joining, the sealed details or a no-show; closes from any state not busy.',
      initial: 'closed',
      states: {
        closed: {
          description: 'No dialog: a row may offer Join, Open personal details or Mark no-show.',
          on: {
            'expertDay.join': { guard: 'canJoin', target: 'joining', actions: 'openFor' },
            'expertDay.details': { guard: 'canOpenDetails', target: 'detailsNotice', actions: 'openFor' },
            'expertDay.noShow': { guard: 'canMarkNoShow', target: 'confirmingNoShow', actions: 'openFor' },
          },
        },
        joining: bookingRequest('POST …/join: the member’s room, with her name.', ['dialog:join'], {
          src: 'joinCall',
          keep: 'keepJoin',
          done: 'inCall',
          failed: 'joinFailed',
        }),
        joinFailed: retryOrClose(
          'No room (not open yet, ended, or failed): retry or close.',
          'join',
          'joining',
        ),
        inCall: {
          description: 'The room in the dialog, in the same window; leave closes it.',
          tags: ['dialog:join', 'dialog:done'],
          on: { 'expertDay.close': close },
        },
        detailsNotice: {
          description: 'Before opening: "this opening is recorded in the audit log"; open or cancel.',
          tags: ['dialog:details', 'dialog:notice'],
          on: { 'expertDay.confirmDetails': 'openingDetails', 'expertDay.close': close },
        },
        openingDetails: bookingRequest(
          'POST …/details: unsealed and recorded on the server.',
          ['dialog:details'],
          { src: 'openDetails', keep: 'keepDetails', done: 'detailsShown', failed: 'detailsFailed' },
        ),
        detailsFailed: retryOrClose(
          'The details could not be opened: retry or close.',
          'details',
          'openingDetails',
        ),
        detailsShown: {
          description: 'First name, last name, date of birth; closing forgets them.',
          tags: ['dialog:details', 'dialog:done'],
          on: { 'expertDay.close': close },
        },
        confirmingNoShow: {
          description: '"Mark the member absent?": confirm or keep.',
          tags: ['dialog:noShow', 'dialog:confirm'],
          on: { 'expertDay.confirmNoShow': 'markingNoShow', 'expertDay.close': close },
        },
        markingNoShow: bookingRequest(
          'POST …/no-show; the row takes the answer and the dialog closes.',
          ['dialog:noShow'],
          { src: 'markNoShow', keep: 'applyNoShow', done: 'closed', failed: 'noShowFailed' },
        ),
        noShowFailed: retryOrClose(
          'The no-show was not recorded: retry or close.',
          'noShow',
          'markingNoShow',
        ),
      },
    },
  },
});
