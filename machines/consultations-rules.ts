import { isJoinable } from '../contract/consultation-rules';
import type {
  Booking,
  Cancellation,
  CancellationQuote,
  JoinInfo,
  MyConsultations,
} from '../contract/consultations';
import type { AppError, Locale } from './types';

/**
 * Her consultations' rules, shared by the machine's guards and the page's selectors. Each reads the
 * time from `now` (epoch ms), which the machine keeps from its ticking clock: no rule reads a clock.
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
  /** The time (epoch ms) of the clock's last tick. */
  now: number;
}

export type ConsultationsEvent =
  | { type: 'consultations.retry' }
  | { type: 'consultations.localeChanged' }
  | { type: 'consultations.cancel'; bookingId: string }
  | { type: 'consultations.confirmCancel' }
  | { type: 'consultations.join'; bookingId: string }
  | { type: 'consultations.close' }
  | { type: 'consultations.dialogRetry' }
  | ({ type: 'consultations.download' } & ConsultationsDownload)
  | { type: 'clock.tick'; now: number };

/** How often the page's clock ticks: the Join button opens by itself 10 minutes before the start. */
export const CONSULTATIONS_TICK_MS = 30_000;

/** The booking with this id, in whichever group it is. */
export function findBooking(data: MyConsultations | null, id: string | null): Booking | null {
  if (!data || !id) return null;
  return [...data.upcoming, ...data.past, ...data.cancelled].find((b) => b.id === id) ?? null;
}

/** She has no bookings at all (the page shows its empty state). */
export const hasNoBookings = (data: MyConsultations | null): boolean =>
  !!data && data.upcoming.length + data.past.length + data.cancelled.length === 0;

/** The hold is still hers: until holdExpiresAt (the server drops it from the list after that). */
export const holdIsLive = (b: Booking, now: number): boolean =>
  b.status === 'held' && Date.parse(b.holdExpiresAt ?? '') > now;

/** Still to come (or under way): confirmed or held, and not over. */
export const isUpcoming = (b: Booking, now: number): boolean =>
  (b.status === 'confirmed' || b.status === 'held') && Date.parse(b.endsAt) > now;

/** Join is open: a confirmed call, from JOIN_OPENS_MINUTES before its start until its end. */
export const canJoin = (b: Booking, now: number): boolean =>
  b.status === 'confirmed' && isJoinable(new Date(b.startsAt), new Date(b.endsAt), new Date(now));

/** She may cancel: the server allows it, it has not started, and a hold is still hers. */
export const canCancel = (b: Booking, now: number): boolean =>
  b.cancellable && Date.parse(b.startsAt) > now && (b.status !== 'held' || holdIsLive(b, now));

/** What a booking's card offers at `now`. */
export interface BookingNow {
  /** The hold is still hers: until when, and Finish paying. */
  heldLive: boolean;
  /** A confirmed call still to come: its Join button (disabled until it opens) is shown. */
  showsJoin: boolean;
  joinable: boolean;
  cancellable: boolean;
}

export function bookingNow(b: Booking, now: number): BookingNow {
  return {
    heldLive: holdIsLive(b, now),
    showsJoin: b.status === 'confirmed' && isUpcoming(b, now),
    joinable: canJoin(b, now),
    cancellable: canCancel(b, now),
  };
}

/** Two readings of a card are the same (a selector's `compare`: the card renders again only on a change). */
export const sameBookingNow = (a: BookingNow, b: BookingNow): boolean =>
  a.heldLive === b.heldLive &&
  a.showsJoin === b.showsJoin &&
  a.joinable === b.joinable &&
  a.cancellable === b.cancellable;
