import {
  type AnyActorLogic,
  assertEvent,
  assign,
  type EventObject,
  fromCallback,
  fromPromise,
  sendTo,
  setup,
} from 'xstate';
import { HOLD_MINUTES } from '../contract/consultation-rules';
import type { Booking, Cancellation, HoldBody, Slots } from '../contract/consultations';
import type { bookingMachine } from './booking';
import {
  type BookingContext,
  type BookingError,
  type BookingEvent,
  type BookingInput,
  detailProblems,
  detailRefusalOf,
  detailsInvalid,
  EMPTY_DETAILS,
  EXPIRED_CODES,
  isMedicalChoice,
  isSlotTaken,
} from './booking-rules';
import { cardPaymentMachine } from './cardPayment';
import { type CardPaymentOutput, isCode, type ProvidedActions } from './payment-rules';
import { notProvided, toAppError } from './types';

/**
 * The consultation booking's `setup()`: its actors, actions, guards and delay by name, beside its
 * statechart (machines/booking.ts). Types and pure rules: machines/booking-rules.ts.
 */
const cardOf = (o: CardPaymentOutput) => (o.status === 'paid' ? null : o.card);
const endingError = (o: CardPaymentOutput) => (o.status === 'ended' ? o.error : null);

export const bookingSetup = setup({
  types: {} as {
    context: BookingContext;
    input: BookingInput;
    events: BookingEvent;
    children: { payment: 'cardPayment' };
  },
  actors: {
    /** GET /p/experts/{expertId}/slots?offer */
    loadSlots: fromPromise<Slots, { expertId: string; offerId: string }>(notProvided),
    /** POST /consultations/hold */
    hold: fromPromise<Booking, HoldBody>(notProvided),
    /** GET /consultations/{id} (a reload resumes) */
    loadBooking: fromPromise<Booking, { bookingId: string }>(notProvided),
    /** Her live (unexpired) hold with this expert, from GET /consultations; null when none. */
    findHold: fromPromise<Booking | null, { expertId: string }>(notProvided),
    /** POST /consultations/{id}/cancel on a hold she gives up (nothing was paid) */
    releaseHold: fromPromise<Cancellation, { bookingId: string }>(notProvided),
    /** The card payment; the root provides its actors (`confirm` is its `pay`). */
    cardPayment: cardPaymentMachine,
    /** `clock.tick { now }` at once and every `every` ms (the root provides it: the machine reads no clock). */
    clock: fromCallback<EventObject, { every: number }>(() => {}),
  },
  delays: {
    /** Until the hold ends; the root computes it from the server's holdExpiresAt. */
    holdTimeout: () => HOLD_MINUTES * 60_000,
  },
  actions: {
    /** A visitor signs in first and comes back to this expert (the screen navigates). */
    requireSignIn: () => {},
    /** The attempt in session storage is over (the payment forgets its own; these are the panel's). */
    forgetAttempt: () => {},
    /** Confirmed: the screen may refresh what depends on her bookings. */
    bookingConfirmed: (_, _params: { bookingId: string }) => {},
    clearError: assign({ error: null }),
    keepNow: assign(({ event }) => {
      assertEvent(event, 'clock.tick');
      return { now: event.now };
    }),
    setOffer: assign(({ event }) => {
      assertEvent(event, 'booking.offer');
      return { offerId: event.offerId, slot: null, nextSlots: [], error: null };
    }),
    setMode: assign(({ event }) => {
      assertEvent(event, 'booking.mode');
      return { mode: event.mode };
    }),
    setSlot: assign(({ event }) => {
      assertEvent(event, 'booking.slot');
      return { slot: event.startsAt };
    }),
    keepSlots: assign(({ context }, slots: Slots) => ({
      slots,
      // a slot no longer open is not kept chosen
      slot: context.slot && slots.slots.includes(context.slot) ? context.slot : null,
    })),
    keepHold: assign((_, booking: Booking) => ({ booking, error: null, nextSlots: [] })),
    keepTaken: assign((_, { error }: { error: unknown }) => {
      const e = toAppError(error) as BookingError;
      return { error: e, nextSlots: e.nextSlots ?? [], slot: null, booking: null };
    }),
    setDetail: assign(({ context, event }) => {
      assertEvent(event, 'booking.detailChanged');
      return {
        details: { ...context.details, [event.field]: event.value },
        detailErrors: { ...context.detailErrors, [event.field]: undefined },
      };
    }),
    showDetailProblems: assign(({ context }) => ({
      detailErrors: detailProblems(context.details, context.today),
    })),
    /** A resumed medical attempt: the same key and payment method, her details entered again. */
    addDetailsToAttempt: assign(({ context }) => ({
      attempt: context.attempt
        ? { ...context.attempt, body: { ...context.attempt.body, details: { ...context.details } } }
        : null,
    })),
    dropAttempt: assign({ attempt: null }),
    /** She goes back to her details from the card: the payment ends and hands the card back. */
    leavePayment: sendTo('payment', { type: 'cardPayment.leave' }),
    keepCard: assign((_, output: CardPaymentOutput) => ({ card: cardOf(output) })),
    keepResult: assign((_, output: CardPaymentOutput) => {
      const paid = output.status === 'paid' && output.answer.status === 'confirmed' ? output.answer : null;
      return { result: paid, booking: paid?.booking ?? null };
    }),
    keepConfirmedBooking: assign((_, booking: Booking) => ({
      booking,
      result: { status: 'confirmed' as const, booking, invoice: booking.invoice },
    })),
    keepResumed: assign((_, booking: Booking) => ({
      booking,
      offerId: booking.offer.id,
      mode: booking.mode,
      slot: booking.startsAt,
    })),
    /** The payment ended on an answer of the panel's: the error, and the card as she left it. */
    keepEnding: assign((_, output: CardPaymentOutput) => ({
      error: endingError(output),
      card: cardOf(output),
    })),
    keepEndingTaken: assign((_, output: CardPaymentOutput) => {
      const e = (endingError(output) ?? { code: 'SLOT_TAKEN' }) as BookingError;
      return { error: e, nextSlots: e.nextSlots ?? [], slot: null, booking: null, card: cardOf(output) };
    }),
    keepDetailRefusal: assign((_, output: CardPaymentOutput) => ({
      detailErrors: detailRefusalOf(endingError(output)),
      error: null,
      card: cardOf(output),
    })),
    setError: assign((_, { error }: { error: unknown }) => ({
      error: toAppError(error, 'NETWORK_ERROR') as BookingError,
    })),
    /** A fresh start: the form, her details and the card forgotten. */
    reset: assign({
      booking: null,
      slot: null,
      nextSlots: [],
      details: EMPTY_DETAILS,
      detailErrors: {},
      card: null,
      attempt: null,
      result: null,
    }),
  },
  guards: {
    slotChosen: ({ context }) => context.slot !== null,
    isVisitor: ({ context }) => !context.isMember,
    isMemberStart: ({ context }) => context.isMember,
    isMedical: ({ context }) => isMedicalChoice(context),
    heldMedical: (_, b: Booking) => b.medical,
    hasAttempt: ({ context }) => context.attempt !== null,
    detailsInvalid: ({ context }) => detailsInvalid(context),
    modeOffered: ({ context, event }) => {
      assertEvent(event, 'booking.mode');
      return context.modes.includes(event.mode);
    },
    offerKnown: ({ context, event }) => {
      assertEvent(event, 'booking.offer');
      return event.offerId !== context.offerId && context.offers.some((o) => o.id === event.offerId);
    },
    resumedConfirmed: (_, b: Booking) => b.status === 'confirmed',
    /** A booking to resume (kept in this tab, or her hold found on the server; null: none) is a hold. */
    resumedMedical: (_, b: Booking | null) => b?.status === 'held' && b.medical,
    resumedHeld: (_, b: Booking | null) => b?.status === 'held',
    isTaken: (_, { error }: { error: unknown }) => isSlotTaken(error),
    paid: (_, output: CardPaymentOutput) => output.status === 'paid',
    left: (_, output: CardPaymentOutput) => output.status === 'left',
    endedExpired: (_, output: CardPaymentOutput) =>
      output.status === 'ended' && isCode(...EXPIRED_CODES)(null, { error: output.error }),
    endedTaken: (_, output: CardPaymentOutput) => output.status === 'ended' && isSlotTaken(output.error),
  },
});

/**
 * What the root provides to the booking panel, flat as before the card payment was a child: the
 * booking's and the card payment's actors and actions by name (`confirm` becomes the payment's `pay`).
 */
export interface BookingImplementations {
  actors?: Partial<
    Record<
      | 'loadSlots'
      | 'hold'
      | 'loadBooking'
      | 'findHold'
      | 'releaseHold'
      | 'clock'
      | 'confirm'
      | 'createPaymentMethod'
      | 'newAttemptKey'
      | 'loadChallenge'
      | 'decideChallenge',
      AnyActorLogic
    >
  >;
  actions?: Partial<ProvidedActions<typeof bookingMachine> & ProvidedActions<typeof cardPaymentMachine>>;
  delays?: NonNullable<Parameters<typeof bookingMachine.provide>[0]['delays']>;
}
