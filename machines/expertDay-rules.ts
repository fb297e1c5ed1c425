import { isJoinable } from '../contract/consultation-rules';
import type { ExpertBooking, JoinInfo, SealedDetails } from '../contract/staff-expert';
import type { AppError } from './types';

/**
 * The expert portal's day (issue 26), its pure part (machines/expertDay.ts is the flow): her upcoming
 * and past consultations, what a row offers at the clock's last tick (Join, Mark no-show), and the
 * one dialog's booking. Every rule reads `now` (epoch ms) from the machine's ticking clock.
 */
export interface ExpertDayData {
  upcoming: ExpertBooking[];
  past: ExpertBooking[];
  /** Her zone (IANA): every time on the page is shown in it. */
  timeZone: string;
}

export interface ExpertDayContext {
  data: ExpertDayData | null;
  error: AppError | null;
  /** The booking the dialog is about. */
  bookingId: string | null;
  join: JoinInfo | null;
  /** The sealed names and birth date: only while the details dialog shows them. */
  details: SealedDetails | null;
  dialogError: AppError | null;
  now: number;
}

export type ExpertDayEvent =
  | { type: 'expertDay.retry' }
  | { type: 'expertDay.refresh' }
  | { type: 'expertDay.join'; bookingId: string }
  | { type: 'expertDay.details'; bookingId: string }
  | { type: 'expertDay.confirmDetails' }
  | { type: 'expertDay.noShow'; bookingId: string }
  | { type: 'expertDay.confirmNoShow' }
  | { type: 'expertDay.dialogRetry' }
  | { type: 'expertDay.close' }
  | { type: 'clock.tick'; now: number };

/** The clock ticks every 30 s: Join opens and Mark no-show appears by themselves. */
export const EXPERT_DAY_TICK_MS = 30_000;

export function findExpertBooking(data: ExpertDayData | null, id: string | null): ExpertBooking | null {
  if (!data || !id) return null;
  return [...data.upcoming, ...data.past].find((b) => b.id === id) ?? null;
}

/** Join is open: confirmed, from 10 minutes before the start until the end. */
export const expertCanJoin = (b: ExpertBooking, now: number): boolean =>
  b.status === 'confirmed' && isJoinable(new Date(b.startsAt), new Date(b.endsAt), new Date(now));

/** She may mark the member absent: a confirmed call that has started, not marked yet. */
export const canMarkNoShow = (b: ExpertBooking, now: number): boolean =>
  b.status === 'confirmed' && b.noShowAt === null && Date.parse(b.startsAt) <= now;

/** The sealed details: a confirmed medical booking. */
export const canOpenDetails = (b: ExpertBooking): boolean => b.medical && b.status === 'confirmed';

/** What a row offers at `now`. */
export interface ExpertRowNow {
  /** A confirmed call not over yet: Join is shown (disabled until it opens). */
  showsJoin: boolean;
  joinable: boolean;
  noShow: boolean;
}

export function expertRowNow(b: ExpertBooking, now: number): ExpertRowNow {
  return {
    showsJoin: b.status === 'confirmed' && Date.parse(b.endsAt) > now,
    joinable: expertCanJoin(b, now),
    noShow: canMarkNoShow(b, now),
  };
}

export const sameRowNow = (a: ExpertRowNow, b: ExpertRowNow): boolean =>
  a.showsJoin === b.showsJoin && a.joinable === b.joinable && a.noShow === b.noShow;

/** The booking marked absent takes the server's answer in whichever list it is. */
export function withBooking(data: ExpertDayData | null, booking: ExpertBooking): ExpertDayData | null {
  if (!data) return data;
  const swap = (list: ExpertBooking[]) => list.map((b) => (b.id === booking.id ? booking : b));
  return { ...data, upcoming: swap(data.upcoming), past: swap(data.past) };
}
