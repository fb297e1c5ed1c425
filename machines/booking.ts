import type { Booking, Slots } from '../contract/consultations';
import { BOOKING_TICK_MS, EMPTY_DETAILS, firstOffer, paymentInputOf, slotsOf } from './booking-rules';
import { bookingSetup } from './booking-setup';
import { errorOf, outputOf } from './payment-rules';

export * from './booking-rules';
export type { BookingImplementations } from './booking-setup';
export type { ChallengeView } from './payment-rules';

const slotsAnswerOf = ({ event }: { event: { output: Slots } }) => event.output;
const clock = { src: 'clock', input: { every: BOOKING_TICK_MS } } as const;

/**
 * Booking a consultation on an expert's page (issue 10, issue 21): the offer, the mode and a slot;
 * the slot held for her; her details for a medical consultation; then the card payment (the child
 * machine machines/cardPayment.ts, invoked as `payment`); confirmed. Actors, actions, guards and
 * the delay: machines/booking-setup.ts; types and rules: machines/booking-rules.ts.
 */
/** The booking held for her (the hold's answer). */
const heldOf = ({ event }: { event: { output: Booking } }) => event.output;
/** What went wrong, kept for the view. */
const setError = { type: 'setError', params: errorOf } as const;

export const bookingMachine = bookingSetup.createMachine({
  id: 'booking',
  description: 'Choose a time, hold it, give her details if the call is medical, pay, and it is booked.',
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
    card: null,
    attempt:
      input.pending && input.pending.expertId === input.expertId
        ? {
            bookingId: input.pending.bookingId,
            key: input.pending.key,
            body: { paymentMethodId: input.pending.paymentMethodId, details: null },
          }
        : null,
    result: null,
    error: null,
    now: null,
  }),
  on: { 'clock.tick': { actions: 'keepNow' } },
  initial: 'start',
  states: {
    start: {
      description: 'A reload’s attempt is resumed; a member’s hold here is looked for; a visitor chooses.',
      always: [
        { guard: 'hasAttempt', target: 'resuming' },
        { guard: 'isMemberStart', target: 'finding' },
        { target: 'choosing' },
      ],
    },
    finding: {
      description: 'Is one of her holds with this expert still running? It is resumed with its countdown.',
      tags: ['step:loading'],
      invoke: {
        src: 'findHold',
        input: ({ context }) => ({ expertId: context.expertId }),
        onDone: [
          {
            guard: { type: 'resumedMedical', params: ({ event }) => event.output },
            target: 'details',
            actions: { type: 'keepResumed', params: ({ event }) => event.output! },
          },
          {
            guard: { type: 'resumedHeld', params: ({ event }) => event.output },
            target: 'payment',
            actions: { type: 'keepResumed', params: ({ event }) => event.output! },
          },
          { target: 'choosing' },
        ],
        // the slots are what she came for: her hold shows again on its own page
        onError: 'choosing',
      },
    },
    resuming: {
      description: 'A reload with an attempt in flight: the booking is read to see where it stands.',
      tags: ['step:loading'],
      invoke: {
        src: 'loadBooking',
        input: ({ context }) => ({ bookingId: context.attempt!.bookingId }),
        onDone: [
          {
            guard: { type: 'resumedConfirmed', params: ({ event }) => event.output },
            target: 'confirmed',
            actions: ['forgetAttempt', { type: 'keepConfirmedBooking', params: ({ event }) => event.output }],
          },
          {
            guard: { type: 'resumedMedical', params: ({ event }) => event.output },
            target: 'details',
            actions: { type: 'keepResumed', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'resumedHeld', params: ({ event }) => event.output },
            target: 'payment',
            actions: { type: 'keepResumed', params: ({ event }) => event.output },
          },
          { target: 'expired', actions: ['forgetAttempt', 'dropAttempt'] },
        ],
        onError: { target: 'choosing', actions: ['forgetAttempt', 'dropAttempt'] },
      },
    },
    choosing: {
      description: 'The offer, voice or video, and a day and a time in her zone.',
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
          description: 'The open slots of the offer chosen.',
          tags: ['slots:loading'],
          invoke: {
            src: 'loadSlots',
            input: slotsOf,
            onDone: { target: 'ready', actions: { type: 'keepSlots', params: slotsAnswerOf } },
            onError: { target: 'failed', actions: setError },
          },
        },
        failed: {
          description: 'The slots could not be read; she can try again.',
          tags: ['slots:failed'],
          on: { 'booking.retry': { target: 'loading', actions: 'clearError' } },
        },
        ready: {
          description: 'She picks a time; Continue holds it (a visitor signs in first).',
          tags: ['slots:ready'],
          on: {
            'booking.continue': [
              { guard: 'isVisitor', actions: 'requireSignIn' },
              { guard: 'slotChosen', target: '#booking.holding' },
            ],
            'booking.localeChanged': 'refreshing',
          },
        },
        refreshing: {
          description: 'Prices read again in her new language, the times and her choice still on screen.',
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
      description: 'The slot is held for her for ten minutes; taken, she is shown the next ones.',
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
            guard: { type: 'heldMedical', params: heldOf },
            target: 'details',
            actions: { type: 'keepHold', params: heldOf },
          },
          { target: 'payment', actions: { type: 'keepHold', params: heldOf } },
        ],
        onError: [
          {
            guard: { type: 'isTaken', params: errorOf },
            target: 'choosing.loading',
            actions: { type: 'keepTaken', params: errorOf },
          },
          { target: 'choosing.ready', actions: setError },
        ],
      },
    },
    details: {
      description: 'A medical consultation: her names and date of birth, while the countdown runs.',
      tags: ['held', 'step:details'],
      invoke: clock,
      after: { holdTimeout: { target: 'expired', actions: ['forgetAttempt', 'dropAttempt'] } },
      on: {
        'booking.detailChanged': { actions: 'setDetail' },
        'booking.submitDetails': [
          { guard: 'detailsInvalid', actions: 'showDetailProblems' },
          // a reload's attempt: the same key, her details again
          { guard: 'hasAttempt', target: 'payment', actions: 'addDetailsToAttempt' },
          { target: 'payment' },
        ],
        'booking.release': 'releasing',
      },
    },
    payment: {
      description: 'The card payment for the booking held; the hold’s clock runs until an attempt is sent.',
      tags: ['step:pay'],
      exit: 'dropAttempt',
      invoke: [
        clock,
        {
          id: 'payment',
          src: 'cardPayment',
          input: paymentInputOf,
          onDone: [
            {
              guard: { type: 'paid', params: outputOf },
              target: 'confirmed',
              actions: { type: 'keepResult', params: outputOf },
            },
            {
              guard: { type: 'left', params: outputOf },
              target: 'details',
              actions: { type: 'keepCard', params: outputOf },
            },
            {
              guard: { type: 'endedExpired', params: outputOf },
              target: 'expired',
              actions: { type: 'keepEnding', params: outputOf },
            },
            {
              guard: { type: 'endedTaken', params: outputOf },
              target: 'choosing.loading',
              actions: { type: 'keepEndingTaken', params: outputOf },
            },
            { target: 'details', actions: { type: 'keepDetailRefusal', params: outputOf } },
          ],
        },
      ],
      initial: 'held',
      states: {
        held: {
          description:
            'She edits the card while the hold runs; she can go back to her details or give the time up.',
          tags: ['held'],
          after: { holdTimeout: { target: '#booking.expired', actions: ['forgetAttempt', 'dropAttempt'] } },
          on: {
            'cardPayment.sent': 'sent',
            'booking.editDetails': { guard: 'isMedical', actions: 'leavePayment' },
            'booking.release': '#booking.releasing',
          },
        },
        sent: {
          description: 'An attempt is with the server: its answer, not the clock, decides now.',
          on: { 'cardPayment.reopened': 'held' },
        },
      },
    },
    releasing: {
      description: 'She gives the time up: the hold is released (it would end by itself anyway).',
      tags: ['step:choose', 'busy'],
      invoke: {
        src: 'releaseHold',
        input: ({ context }) => ({ bookingId: context.booking!.id }),
        onDone: { target: 'choosing.loading', actions: ['forgetAttempt', 'reset'] },
        onError: { target: 'choosing.loading', actions: ['forgetAttempt', 'reset'] },
      },
    },
    expired: {
      description: 'The hold ran out before she paid: nothing was charged; she can choose again.',
      tags: ['step:expired'],
      on: { 'booking.restart': { target: 'choosing.loading', actions: ['reset', 'clearError'] } },
    },
    confirmed: {
      description: 'Booked: when, the invoice, and where to find it.',
      tags: ['step:confirmed'],
      entry: {
        type: 'bookingConfirmed',
        params: ({ context }) => ({ bookingId: context.booking?.id ?? '' }),
      },
      on: { 'booking.restart': { target: 'choosing.loading', actions: ['reset', 'clearError'] } },
    },
  },
});
