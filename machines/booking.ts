import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { CardBody, Challenge, PaymentMethod } from '../contract/commerce';
import type { CardField } from '../contract/commerce-rules';
import { ageOn, HOLD_MINUTES, isCalendarDate, MINIMUM_AGE, NAME_MAX } from '../contract/consultation-rules';
import type {
  Booking,
  Cancellation,
  ConsultationChallenge,
  ConsultationPaid,
  HoldBody,
  Slots,
} from '../contract/consultations';
import type { CallMode, OfferKind } from '../contract/experts-constants';
import {
  type CardPaymentContext,
  type ChallengeView,
  cardBodyOf,
  cardInvalid,
  cardProblemsOf,
  cardRefusalOf,
  cardWithField,
  challengeDetailsOf,
  challengeIdOf,
  challengeOf,
  challengePending,
  decisionFrom,
  decisionOf,
  declineOf,
  EMPTY_CARD,
  errorFrom,
  errorOf,
  isChallenge,
  isCode,
  isDeclined,
  isUnanswered,
  type PaymentError,
  paymentMethodOf,
} from './payment-rules';
import { notProvided, toAppError } from './types';

export { type ChallengeView, EMPTY_CARD };

/**
 * Booking a consultation on an expert's page (issue 10): choose the offer (the free 15-minute
 * discovery call, or a paid 30- or 60-minute consultation), the mode (voice or video, among hers)
 * and a slot → hold it for HOLD_MINUTES → her details (first and last name, date of birth: only for
 * a medical consultation, spec §3; at least MINIMUM_AGE, spec §9) → pay (the card; a free call
 * skips it) → confirmed.
 *
 * choosing (loading the slots → ready | failed) → continue: a visitor is sent to sign in first
 * (`requireSignIn`: she comes back to this expert) → holding (POST /consultations/hold) →
 *   SLOT_TAKEN: back to choosing with the next open slots, told kindly |
 * held (the hold's countdown: `holdTimeout` → expired, the slot released by the server) with
 *   details → payment → validating (the card to the provider) → preparing (a fresh idempotency key,
 *   kept by `saveAttempt` across a reload) → paying (POST /consultations/{id}/confirm) →
 *   confirmed | challenge (the bank asks: loading → asking → deciding → paying again with the SAME
 *   key) | held.declined (the form stays, why it was declined) | held.failed (retry: a new key) |
 *   interrupted (no answer: retry with the same key) | expired (HOLD_EXPIRED).
 * A reload with an attempt in flight (input.pending) resumes: the booking is read first; a
 * confirmed one is shown, a held one is paid again with the same key (a medical one asks her
 * details again: they are never kept on the device).
 * Without one, a member's panel first asks the server for her live hold with this expert
 * (`findHold`, issue 21: after a reload, Back/Forward or "Finish paying" on My consultations):
 * found, it resumes at her details (medical) or the payment step with the server's countdown.
 */

export interface BookingOffer {
  id: string;
  kind: OfferKind;
  minutes: number;
  price: number;
}

export type DetailField = 'firstName' | 'lastName' | 'dateOfBirth';
export type BookingDetailsInput = Record<DetailField, string>;
export type DetailProblem = 'REQUIRED' | 'TEXT_TOO_LONG' | 'INVALID' | 'MUST_BE_ADULT';

/** What one confirm attempt sends (details only in memory, never stored). */
export interface ConfirmAttemptBody {
  paymentMethodId: string | null;
  details: BookingDetailsInput | null;
}

/** One attempt: the booking, its idempotency key and its body. */
export interface BookingAttempt {
  bookingId: string;
  key: string;
  body: ConfirmAttemptBody;
}

/** What a reload finds in session storage: no details, ever. */
export interface PendingBooking {
  expertId: string;
  bookingId: string;
  key: string;
  paymentMethodId: string | null;
}

export interface BookingInput {
  expertId: string;
  offers: BookingOffer[];
  modes: CallMode[];
  /** Signed in: a visitor is asked to sign in before the slot is held. */
  isMember: boolean;
  /** Today (YYYY-MM-DD) for her age; the screen passes it, the machine reads no clock. */
  today: string;
  pending: PendingBooking | null;
}

export interface BookingError extends PaymentError {
  nextSlots?: string[];
}

/** The card, its payment method, the challenge and the error: see machines/payment-rules.ts. */
export interface BookingContext extends CardPaymentContext {
  expertId: string;
  offers: BookingOffer[];
  modes: CallMode[];
  isMember: boolean;
  offerId: string;
  mode: CallMode;
  slots: Slots | null;
  slot: string | null;
  /** After SLOT_TAKEN: the next open slots the server named. */
  nextSlots: string[];
  booking: Booking | null;
  details: BookingDetailsInput;
  detailErrors: Partial<Record<DetailField, DetailProblem>>;
  attempt: BookingAttempt | null;
  result: ConsultationPaid | null;
  error: BookingError | null;
}

export type BookingEvent =
  | { type: 'booking.offer'; offerId: string }
  | { type: 'booking.mode'; mode: CallMode }
  | { type: 'booking.slot'; startsAt: string }
  | { type: 'booking.continue' }
  | { type: 'booking.retry' }
  | { type: 'booking.detailChanged'; field: DetailField; value: string }
  | { type: 'booking.submitDetails' }
  | { type: 'booking.editDetails' }
  | { type: 'booking.fieldChanged'; field: CardField; value: string }
  | { type: 'booking.submit' }
  | { type: 'booking.approve' }
  | { type: 'booking.deny' }
  | { type: 'booking.release' }
  | { type: 'booking.restart' }
  | { type: 'booking.localeChanged' };

export type ConfirmResult = ConsultationPaid | ConsultationChallenge;

export const EMPTY_DETAILS: BookingDetailsInput = { firstName: '', lastName: '', dateOfBirth: '' };

/** Her details' problems (the server checks the same): names required and short, an adult's real date. */
export function detailProblems(
  details: BookingDetailsInput,
  today: string,
): Partial<Record<DetailField, DetailProblem>> {
  const problems: Partial<Record<DetailField, DetailProblem>> = {};
  for (const f of ['firstName', 'lastName'] as const) {
    const v = details[f].trim();
    if (!v) problems[f] = 'REQUIRED';
    else if (v.length > NAME_MAX) problems[f] = 'TEXT_TOO_LONG';
  }
  const dob = details.dateOfBirth.trim();
  if (!dob) problems.dateOfBirth = 'REQUIRED';
  else if (!isCalendarDate(dob) || dob > today) problems.dateOfBirth = 'INVALID';
  else if (ageOn(dob, today) < MINIMUM_AGE) problems.dateOfBirth = 'MUST_BE_ADULT';
  return problems;
}

/** Is the chosen offer a paid one? (The server's price is what she pays.) */
export const isFreeOffer = (context: Pick<BookingContext, 'booking' | 'offers' | 'offerId'>) =>
  context.booking
    ? context.booking.price.total === 0
    : (context.offers.find((o) => o.id === context.offerId)?.price ?? 0) === 0;

/** The slots to load: the expert's, for the offer chosen. */
const slotsOf = ({ context }: { context: Pick<BookingContext, 'expertId' | 'offerId'> }) => ({
  expertId: context.expertId,
  offerId: context.offerId,
});
const slotsAnswerOf = ({ event }: { event: { output: Slots } }) => event.output;

const firstOffer = (offers: BookingOffer[]) =>
  offers.find((o) => o.kind === 'consultation')?.id ?? offers[0]?.id ?? '';

export const bookingMachine = setup({
  types: {} as { context: BookingContext; input: BookingInput; events: BookingEvent },
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
    /** POST /sandbox-pay/payment-methods: the card's only destination. */
    createPaymentMethod: fromPromise<PaymentMethod, CardBody>(notProvided),
    /** A new idempotency key (crypto.randomUUID in the app). */
    newAttemptKey: fromPromise<string>(notProvided),
    /** POST /consultations/{id}/confirm with the Idempotency-Key header. */
    confirm: fromPromise<ConfirmResult, BookingAttempt>(notProvided),
    /** GET /sandbox-pay/challenges/{id} */
    loadChallenge: fromPromise<Challenge, { id: string }>(notProvided),
    /** POST /sandbox-pay/challenges/{id} */
    decideChallenge: fromPromise<Challenge, { id: string; decision: 'approve' | 'deny' }>(notProvided),
  },
  delays: {
    /** Until the hold ends; the app computes it from the server's holdExpiresAt. */
    holdTimeout: () => HOLD_MINUTES * 60_000,
  },
  actions: {
    /** A visitor signs in first and comes back to this expert (the screen navigates). */
    requireSignIn: () => {},
    /** Keeps the attempt across a reload (sessionStorage): key, booking and payment method, never card data or details. */
    saveAttempt: (_, _params: { attempt: BookingAttempt }) => {},
    forgetAttempt: () => {},
    /** Confirmed: the screen may refresh what depends on her bookings. */
    bookingConfirmed: (_, _params: { bookingId: string }) => {},
    clearError: assign({ error: null }),
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
    dropBooking: assign({ booking: null, attempt: null, challenge: null, paymentMethod: null }),
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
    /** The server's field codes for her details (details.firstName → firstName). */
    keepDetailRefusal: assign((_, { error }: { error: unknown }) => {
      const fields = toAppError(error).fields ?? {};
      const detailErrors: Partial<Record<DetailField, DetailProblem>> = {};
      for (const [k, v] of Object.entries(fields)) {
        const f = k.replace(/^details\.?/, '') as DetailField;
        if (f === 'firstName' || f === 'lastName' || f === 'dateOfBirth')
          detailErrors[f] = v as DetailProblem;
      }
      return { detailErrors, error: null };
    }),
    setField: assign(({ context, event }) => {
      assertEvent(event, 'booking.fieldChanged');
      return cardWithField(context, event.field, event.value);
    }),
    showCardProblems: assign(({ context }) => cardProblemsOf(context)),
    keepPaymentMethod: assign((_, pm: PaymentMethod) => paymentMethodOf(pm)),
    keepCardRefusal: assign((_, { error }: { error: unknown }) => cardRefusalOf(error)),
    newAttempt: assign(({ context }, { key }: { key: string }) => ({
      attempt: {
        bookingId: context.booking!.id,
        key,
        body: {
          paymentMethodId: isFreeOffer(context) ? null : (context.paymentMethod?.id ?? null),
          details: context.booking?.medical ? { ...context.details } : null,
        },
      },
    })),
    /** A resumed medical attempt: the same key and payment method, her details entered again. */
    addDetailsToAttempt: assign(({ context }) => ({
      attempt: context.attempt
        ? { ...context.attempt, body: { ...context.attempt.body, details: { ...context.details } } }
        : null,
    })),
    dropAttempt: assign({ attempt: null }),
    keepChallenge: assign(({ context }, result: ConfirmResult) => challengeOf(context, result)),
    keepChallengeDetails: assign((_, c: Challenge) => challengeDetailsOf(c)),
    setDecision: assign(({ event }) => {
      assertEvent(event, ['booking.approve', 'booking.deny']);
      return decisionFrom(event.type === 'booking.approve');
    }),
    keepResult: assign((_, result: ConfirmResult) => ({
      result: result.status === 'confirmed' ? result : null,
      booking: result.status === 'confirmed' ? result.booking : null,
      challenge: null,
    })),
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
    keepDecline: assign(({ context }, { error }: { error: unknown }) => declineOf(context, error)),
    setError: assign((_, { error }: { error: unknown }) => errorFrom(error)),
    /** A fresh start: the form and her details forgotten. */
    reset: assign({
      booking: null,
      slot: null,
      nextSlots: [],
      details: EMPTY_DETAILS,
      detailErrors: {},
      card: EMPTY_CARD,
      fieldErrors: {},
      paymentMethod: null,
      attempt: null,
      challenge: null,
      decision: null,
      result: null,
    }),
  },
  guards: {
    hasPending: ({ context }) => context.attempt !== null,
    slotChosen: ({ context }) => context.slot !== null,
    isVisitor: ({ context }) => !context.isMember,
    isMedical: ({ context }) => !!context.booking?.medical,
    heldMedical: (_, b: Booking) => b.medical,
    isFree: ({ context }) => isFreeOffer(context),
    hasAttempt: ({ context }) => context.attempt !== null,
    detailsInvalid: ({ context }) => Object.keys(detailProblems(context.details, context.today)).length > 0,
    cardInvalid,
    modeOffered: ({ context, event }) => {
      assertEvent(event, 'booking.mode');
      return context.modes.includes(event.mode);
    },
    offerKnown: ({ context, event }) => {
      assertEvent(event, 'booking.offer');
      return event.offerId !== context.offerId && context.offers.some((o) => o.id === event.offerId);
    },
    isChallenge,
    challengePending,
    resumedConfirmed: (_, b: Booking) => b.status === 'confirmed',
    /** A booking to resume (kept in this tab, or her hold found on the server; null: none) is a hold. */
    resumedMedical: (_, b: Booking | null) => b?.status === 'held' && b.medical,
    resumedHeld: (_, b: Booking | null) => b?.status === 'held',
    isMemberStart: ({ context }) => context.isMember,
    isTaken: isCode('SLOT_TAKEN', 'SLOT_UNAVAILABLE'),
    isDeclined,
    isExpired: isCode('HOLD_EXPIRED', 'BOOKING_NOT_PAYABLE'),
    isDetailsRefused: (_, { error }: { error: unknown }) =>
      Object.keys(toAppError(error).fields ?? {}).some((k) => k.startsWith('details')),
    isUnanswered,
  },
}).createMachine({
  id: 'booking',
  context: ({ input }) => ({
    expertId: input.expertId,
    offers: input.offers,
    modes: input.modes,
    isMember: input.isMember,
    today: input.today,
    offerId: firstOffer(input.offers),
    mode: input.modes.includes('video') ? 'video' : (input.modes[0] ?? 'voice'),
    slots: null,
    slot: null,
    nextSlots: [],
    booking: null,
    details: EMPTY_DETAILS,
    detailErrors: {},
    card: EMPTY_CARD,
    fieldErrors: {},
    paymentMethod: null,
    attempt:
      input.pending && input.pending.expertId === input.expertId
        ? {
            bookingId: input.pending.bookingId,
            key: input.pending.key,
            body: { paymentMethodId: input.pending.paymentMethodId, details: null },
          }
        : null,
    challenge: null,
    decision: null,
    result: null,
    error: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'hasPending', target: 'resuming' },
        { guard: 'isMemberStart', target: 'finding' },
        { target: 'choosing' },
      ],
    },
    /** A member: is one of her holds with this expert still running? Resume it. */
    finding: {
      tags: ['step:loading'],
      invoke: {
        src: 'findHold',
        input: ({ context }) => ({ expertId: context.expertId }),
        onDone: [
          {
            guard: { type: 'resumedMedical', params: ({ event }) => event.output },
            target: '#booking.held.details',
            actions: { type: 'keepResumed', params: ({ event }) => event.output! },
          },
          {
            guard: { type: 'resumedHeld', params: ({ event }) => event.output },
            target: '#booking.held.payment',
            actions: { type: 'keepResumed', params: ({ event }) => event.output! },
          },
          { target: 'choosing' },
        ],
        // the slots are what she came for: her hold shows again on its own page
        onError: 'choosing',
      },
    },
    resuming: {
      tags: ['step:loading'],
      invoke: {
        src: 'loadBooking',
        input: ({ context }) => ({ bookingId: context.attempt!.bookingId }),
        onDone: [
          {
            guard: { type: 'resumedConfirmed', params: ({ event }) => event.output },
            target: 'confirmed',
            actions: { type: 'keepConfirmedBooking', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'resumedMedical', params: ({ event }) => event.output },
            target: '#booking.held.details',
            actions: { type: 'keepResumed', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'resumedHeld', params: ({ event }) => event.output },
            target: 'paying',
            actions: { type: 'keepResumed', params: ({ event }) => event.output },
          },
          { target: 'expired', actions: ['forgetAttempt', 'dropAttempt'] },
        ],
        onError: { target: 'choosing', actions: ['forgetAttempt', 'dropAttempt'] },
      },
    },
    choosing: {
      tags: ['step:choose'],
      initial: 'loading',
      on: {
        'booking.offer': { guard: 'offerKnown', target: '.loading', actions: 'setOffer' },
        'booking.mode': { guard: 'modeOffered', actions: 'setMode' },
        'booking.slot': { actions: 'setSlot' },
        'booking.localeChanged': '.loading',
      },
      states: {
        loading: {
          tags: ['slots:loading'],
          invoke: {
            src: 'loadSlots',
            input: slotsOf,
            onDone: { target: 'ready', actions: { type: 'keepSlots', params: slotsAnswerOf } },
            onError: { target: 'failed', actions: { type: 'setError', params: errorOf } },
          },
        },
        failed: {
          tags: ['slots:failed'],
          on: { 'booking.retry': { target: 'loading', actions: 'clearError' } },
        },
        ready: {
          tags: ['slots:ready'],
          on: {
            'booking.continue': [
              { guard: 'isVisitor', actions: 'requireSignIn' },
              { guard: 'slotChosen', target: '#booking.holding' },
            ],
            // prices come in the request's language: read again with the times (and her choice) on screen
            'booking.localeChanged': 'refreshing',
          },
        },
        refreshing: {
          tags: ['slots:ready', 'busy'],
          invoke: {
            src: 'loadSlots',
            input: slotsOf,
            onDone: { target: 'ready', actions: { type: 'keepSlots', params: slotsAnswerOf } },
            // the times and prices she has are still right, in the language before
            onError: 'ready',
          },
        },
      },
    },
    holding: {
      tags: ['step:choose', 'busy'],
      entry: 'clearError',
      invoke: {
        src: 'hold',
        input: ({ context }) => ({
          expertId: context.expertId,
          offerId: context.offerId,
          mode: context.mode,
          startsAt: context.slot!,
        }),
        onDone: [
          {
            guard: { type: 'heldMedical', params: ({ event }) => event.output },
            target: 'held.details',
            actions: { type: 'keepHold', params: ({ event }) => event.output },
          },
          { target: 'held.payment', actions: { type: 'keepHold', params: ({ event }) => event.output } },
        ],
        onError: [
          {
            guard: { type: 'isTaken', params: errorOf },
            target: 'choosing.loading',
            actions: { type: 'keepTaken', params: errorOf },
          },
          { target: 'choosing.ready', actions: { type: 'setError', params: errorOf } },
        ],
      },
    },
    held: {
      tags: ['held'],
      after: { holdTimeout: { target: 'expired', actions: ['forgetAttempt', 'dropAttempt'] } },
      on: { 'booking.release': { target: 'releasing' } },
      initial: 'payment',
      states: {
        details: {
          tags: ['step:details'],
          on: {
            'booking.detailChanged': { actions: 'setDetail' },
            'booking.submitDetails': [
              { guard: 'detailsInvalid', actions: 'showDetailProblems' },
              // a reload's attempt: the same key, her details again
              { guard: 'hasAttempt', target: '#booking.paying', actions: 'addDetailsToAttempt' },
              { target: 'payment' },
            ],
          },
        },
        payment: {
          tags: ['step:pay'],
          on: {
            'booking.fieldChanged': { actions: 'setField' },
            'booking.editDetails': { guard: 'isMedical', target: 'details' },
            'booking.submit': [
              { guard: 'isFree', target: 'preparing' },
              { guard: 'cardInvalid', actions: 'showCardProblems' },
              { target: 'validating' },
            ],
          },
        },
        validating: {
          tags: ['step:pay', 'busy'],
          entry: 'clearError',
          invoke: {
            src: 'createPaymentMethod',
            input: cardBodyOf,
            onDone: {
              target: 'preparing',
              actions: { type: 'keepPaymentMethod', params: ({ event }) => event.output },
            },
            onError: { target: 'payment', actions: { type: 'keepCardRefusal', params: errorOf } },
          },
        },
        preparing: {
          tags: ['step:pay', 'busy'],
          entry: 'clearError',
          invoke: {
            src: 'newAttemptKey',
            onDone: {
              target: '#booking.paying',
              actions: [
                { type: 'newAttempt', params: ({ event }) => ({ key: event.output }) },
                { type: 'saveAttempt', params: ({ context }) => ({ attempt: context.attempt! }) },
              ],
            },
            onError: { target: 'payment', actions: { type: 'setError', params: errorOf } },
          },
        },
        declined: {
          tags: ['step:pay', 'declined'],
          on: {
            'booking.fieldChanged': { actions: 'setField' },
            'booking.submit': [
              { guard: 'cardInvalid', actions: 'showCardProblems' },
              { target: 'validating' },
            ],
          },
        },
        failed: {
          tags: ['step:pay', 'failed'],
          on: {
            'booking.fieldChanged': { actions: 'setField' },
            'booking.submit': [
              { guard: 'isFree', target: 'preparing' },
              { guard: 'cardInvalid', actions: 'showCardProblems' },
              { target: 'validating' },
            ],
          },
        },
      },
    },
    releasing: {
      tags: ['step:choose', 'busy'],
      invoke: {
        src: 'releaseHold',
        input: ({ context }) => ({ bookingId: context.booking!.id }),
        onDone: { target: 'choosing.loading', actions: ['forgetAttempt', 'reset'] },
        // the hold ends by itself in a few minutes anyway
        onError: { target: 'choosing.loading', actions: ['forgetAttempt', 'reset'] },
      },
    },
    paying: {
      tags: ['step:pay', 'busy', 'paying'],
      entry: 'clearError',
      invoke: {
        src: 'confirm',
        input: ({ context }) => context.attempt!,
        onDone: [
          {
            guard: { type: 'isChallenge', params: ({ event }) => event.output },
            target: 'challenge',
            actions: { type: 'keepChallenge', params: ({ event }) => event.output },
          },
          { target: 'confirmed', actions: { type: 'keepResult', params: ({ event }) => event.output } },
        ],
        onError: [
          {
            guard: { type: 'isDeclined', params: errorOf },
            target: 'held.declined',
            actions: ['forgetAttempt', 'dropAttempt', { type: 'keepDecline', params: errorOf }],
          },
          {
            guard: { type: 'isExpired', params: errorOf },
            target: 'expired',
            actions: ['forgetAttempt', 'dropAttempt', { type: 'setError', params: errorOf }],
          },
          {
            guard: { type: 'isTaken', params: errorOf },
            target: 'choosing.loading',
            actions: ['forgetAttempt', 'dropAttempt', { type: 'keepTaken', params: errorOf }],
          },
          {
            guard: { type: 'isDetailsRefused', params: errorOf },
            target: 'held.details',
            actions: ['forgetAttempt', 'dropAttempt', { type: 'keepDetailRefusal', params: errorOf }],
          },
          {
            guard: { type: 'isUnanswered', params: errorOf },
            target: 'interrupted',
            actions: { type: 'setError', params: errorOf },
          },
          {
            target: 'held.failed',
            actions: ['forgetAttempt', 'dropAttempt', { type: 'setError', params: errorOf }],
          },
        ],
      },
    },
    challenge: {
      tags: ['step:pay', 'challenge'],
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            src: 'loadChallenge',
            input: challengeIdOf,
            onDone: [
              {
                guard: { type: 'challengePending', params: ({ event }) => event.output },
                target: 'asking',
                actions: { type: 'keepChallengeDetails', params: ({ event }) => event.output },
              },
              { target: '#booking.paying' },
            ],
            onError: { target: 'asking' },
          },
        },
        asking: {
          on: {
            'booking.approve': { target: 'deciding', actions: 'setDecision' },
            'booking.deny': { target: 'deciding', actions: 'setDecision' },
          },
        },
        deciding: {
          tags: ['busy'],
          entry: 'clearError',
          invoke: {
            src: 'decideChallenge',
            input: decisionOf,
            onDone: { target: '#booking.paying' },
            onError: { target: 'asking', actions: { type: 'setError', params: errorOf } },
          },
        },
      },
    },
    interrupted: {
      tags: ['step:pay', 'interrupted'],
      on: { 'booking.retry': 'paying' },
    },
    expired: {
      tags: ['step:expired'],
      on: { 'booking.restart': { target: 'choosing.loading', actions: ['reset', 'clearError'] } },
    },
    confirmed: {
      tags: ['step:confirmed'],
      entry: [
        'forgetAttempt',
        { type: 'bookingConfirmed', params: ({ context }) => ({ bookingId: context.booking?.id ?? '' }) },
      ],
      on: { 'booking.restart': { target: 'choosing.loading', actions: ['reset', 'clearError'] } },
    },
  },
});
