import { type BookingDetailsInput, type DetailProblems, detailProblems } from '../contract/booking-details';
import type { CardInput } from '../contract/commerce-rules';
import { HOLD_MINUTES } from '../contract/consultation-rules';
import type { Booking, ConsultationChallenge, ConsultationPaid, Slots } from '../contract/consultations';
import type { CallMode, OfferKind } from '../contract/experts-constants';
import type { CardPaymentInput, CardPaymentNotice, PaymentEnding, PaymentError } from './payment-rules';
import { toAppError } from './types';

export {
  type BookingDetailsInput,
  type DetailField,
  type DetailProblem,
  detailProblems,
} from '../contract/booking-details';

/**
 * The consultation booking's types and pure rules (issue 10, issue 21), beside its statechart
 * (machines/booking.ts) and its `setup()` (machines/booking-setup.ts); what the panel shows is read
 * through the named selectors of machines/booking-selectors.ts, which use these rules too.
 */

export interface BookingOffer {
  id: string;
  kind: OfferKind;
  minutes: number;
  price: number;
  /** Her names and date of birth will be asked (a consultation with a doctor, spec §3). */
  medical?: boolean;
}

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

export interface BookingContext {
  expertId: string;
  offers: BookingOffer[];
  modes: CallMode[];
  isMember: boolean;
  today: string;
  offerId: string;
  mode: CallMode;
  slots: Slots | null;
  slot: string | null;
  /** After SLOT_TAKEN: the next open slots the server named. */
  nextSlots: string[];
  booking: Booking | null;
  details: BookingDetailsInput;
  detailErrors: DetailProblems;
  /** The card as she left it (her details edited, the slot taken): the next payment starts with it. */
  card: CardInput | null;
  /** An attempt a reload interrupted, handed to the payment. */
  attempt: BookingAttempt | null;
  result: ConsultationPaid | null;
  error: BookingError | null;
  /** The clock's last tick (epoch ms) while she holds a time, or null: the countdown, the refund tiers. */
  now: number | null;
}

export type BookingEvent =
  | { type: 'booking.offer'; offerId: string }
  | { type: 'booking.mode'; mode: CallMode }
  | { type: 'booking.slot'; startsAt: string }
  | { type: 'booking.continue' }
  | { type: 'booking.retry' }
  | { type: 'booking.detailChanged'; field: keyof BookingDetailsInput; value: string }
  | { type: 'booking.submitDetails' }
  | { type: 'booking.editDetails' }
  | { type: 'booking.release' }
  | { type: 'booking.restart' }
  | { type: 'booking.localeChanged' }
  | { type: 'clock.tick'; now: number }
  | CardPaymentNotice;

export type ConfirmResult = ConsultationPaid | ConsultationChallenge;

export const EMPTY_DETAILS: BookingDetailsInput = { firstName: '', lastName: '', dateOfBirth: '' };

/** How often the clock ticks while she holds a time (the countdown's seconds). */
export const BOOKING_TICK_MS = 1000;

/** The slot went to someone else (holding it, or paying for it). */
export const TAKEN_CODES = ['SLOT_TAKEN', 'SLOT_UNAVAILABLE'];
/** Her hold ended before it was paid. */
export const EXPIRED_CODES = ['HOLD_EXPIRED', 'BOOKING_NOT_PAYABLE'];
/** The answers that end the card payment: the hold ended, the slot taken, her details refused. */
export const BOOKING_ENDINGS: PaymentEnding = {
  codes: [...EXPIRED_CODES, ...TAKEN_CODES],
  fields: ['details'],
};

/** Does this error say the slot was taken? (The guard after holding or paying, and the panel's notice.) */
export const isSlotTaken = (error: unknown): boolean =>
  error != null && TAKEN_CODES.includes(toAppError(error).code);

/** The chosen offer (or the booking held) costs nothing. (The server's price is what she pays.) */
export const isFreeOffer = (context: Pick<BookingContext, 'booking' | 'offers' | 'offerId'>) =>
  context.booking
    ? context.booking.price.total === 0
    : (context.offers.find((o) => o.id === context.offerId)?.price ?? 0) === 0;

/** Her details will be asked: the booking held says so, else the offer chosen (known before the hold). */
export const isMedicalChoice = (context: Pick<BookingContext, 'booking' | 'offers' | 'offerId'>) =>
  context.booking ? context.booking.medical : !!context.offers.find((o) => o.id === context.offerId)?.medical;

/** Milliseconds left on her hold at `now` (never below 0), or null without a hold's end or a time. */
export function holdLeft(booking: Booking | null, now: number | null): number | null {
  const end = Date.parse(booking?.holdExpiresAt ?? '');
  if (now === null || Number.isNaN(end)) return null;
  return Math.max(0, end - now);
}

/** Until the hold ends: the server's end, or HOLD_MINUTES when it gave none. */
export const holdTimeoutAt = (booking: Booking | null, now: number) =>
  holdLeft(booking, now) ?? HOLD_MINUTES * 60_000;

/** Her details' problems right now (`today` is YYYY-MM-DD). */
export const detailsInvalid = (context: Pick<BookingContext, 'details' | 'today'>) =>
  Object.keys(detailProblems(context.details, context.today)).length > 0;

/** The server's field codes for her details (details.firstName → firstName). */
export function detailRefusalOf(error: unknown): DetailProblems {
  const out: DetailProblems = {};
  for (const [k, v] of Object.entries(toAppError(error).fields ?? {})) {
    const f = k.replace(/^details\.?/, '');
    if (f === 'firstName' || f === 'lastName' || f === 'dateOfBirth') out[f] = v as DetailProblems[typeof f];
  }
  return out;
}

export const firstOffer = (offers: BookingOffer[]) =>
  offers.find((o) => o.kind === 'consultation')?.id ?? offers[0]?.id ?? '';

/** The slots to load: the expert's, for the offer chosen. */
export const slotsOf = ({ context }: { context: Pick<BookingContext, 'expertId' | 'offerId'> }) => ({
  expertId: context.expertId,
  offerId: context.offerId,
});

/** What the card payment is given: the booking's total and attempt, her card, a reload's attempt. */
export const paymentInputOf = ({ context }: { context: BookingContext }): CardPaymentInput => ({
  today: context.today,
  amount: context.booking?.price.total ?? 0,
  draft: {
    bookingId: context.booking!.id,
    body: { paymentMethodId: null, details: context.booking?.medical ? { ...context.details } : null },
  } as CardPaymentInput['draft'],
  pending: context.attempt,
  card: context.card,
  ending: BOOKING_ENDINGS,
});
