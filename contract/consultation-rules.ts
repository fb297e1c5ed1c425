/**
 * Expert consultations: the rules both sides apply (zod-free, so the app imports them as values).
 * Money is integer cents; times are instants (Date, or ISO strings in the API); wall times of an
 * expert are read in her IANA time zone with Intl only (no date library).
 *
 * - Open slots: from her weekly hours in her zone (several ranges per weekday), minus dates off,
 *   plus extra hours on a date, on a grid of SLOT_STEP_MINUTES from each range's start; a slot must
 *   fit in its range, start at least her notice after now and before now + her horizon, and not
 *   come within her buffer of a booked or held call. A wall time that does not exist (the hour
 *   skipped when clocks spring forward) gives no slot; an ambiguous one (the hour repeated when
 *   they fall back) takes its first instant. A call lasts its minutes of real elapsed time.
 * - Refund tiers (spec §9), in real elapsed time before the start (a DST change moves no boundary):
 *   ≥ 48 h → 100 %, ≥ 24 h → 50 %, less → 0, at or after the start → 0, no-show → 0.
 * - Price of a consultation: the expert's fee, merchant charges (a card-processing charge: a
 *   configurable number of basis points of the fee, half up; 0 for a free call), VAT 5 % of fee +
 *   merchant charges (half up), total = fee + merchant charges + VAT. A free call costs nothing.
 * - A refund gives back `percent` of each part of what was paid (fee, merchant charges, VAT), each
 *   rounded half up; the refund is their sum (100 % gives back exactly the invoice's total).
 */
import { percentOf, VAT_PERCENT } from './commerce-rules.ts';

// ------------------------------------------------------------------ constants

/** A hold keeps a slot for her while she pays; unpaid after this, the slot is free again. */
export const HOLD_MINUTES = 10;
/** The Join button opens this long before the start (and closes at the end). */
export const JOIN_OPENS_MINUTES = 10;
/** Slots start on this grid from the start of each range of her hours. */
export const SLOT_STEP_MINUTES = 30;
/** At most this span may be asked of the slots endpoint at once. */
export const SLOTS_MAX_DAYS = 62;

/**
 * Merchant charges on a paid consultation: basis points (1/100 %) of the fee, rounded half up.
 * Default 300 (3 %); the server's `MERCHANT_CHARGE_BASIS_POINTS` changes it, and every price the
 * API returns already includes it (the app shows what the server sends).
 */
export const DEFAULT_MERCHANT_CHARGE_BASIS_POINTS = 300;

/** A booking's life: held (10 min) → confirmed (paid) → cancelled; an unpaid hold → expired. */
export const BOOKING_STATUSES = ['held', 'confirmed', 'cancelled', 'expired'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * A medical consultation (spec §3: first and last name and date of birth are asked only then): a
 * paid consultation (not the discovery call) with a doctor, i.e. an expert whose specialty is one
 * of these. Psychology, midwifery, nutrition and sexual-health education are not medical here.
 */
export const MEDICAL_SPECIALTIES = ['gynaecology', 'endocrinology', 'general-practice'] as const;
export function isMedicalConsultation(specialty: string, offerKind: string): boolean {
  return offerKind === 'consultation' && (MEDICAL_SPECIALTIES as readonly string[]).includes(specialty);
}

/** Spec §9: the minimum age, applied to the date of birth of a medical consultation. */
export const MINIMUM_AGE = 18;
export const NAME_MAX = 80;

/** Error codes of the consultation endpoints (beside the account and buying ones). */
export const CONSULTATION_ERROR_CODES = [
  'BOOKING_NOT_FOUND',
  'SLOT_TAKEN',
  'SLOT_UNAVAILABLE',
  'HOLD_EXPIRED',
  'BOOKING_NOT_PAYABLE',
  'BOOKING_NOT_CANCELLABLE',
  'NOT_YET_OPEN',
  'ENDED',
  'CREDIT_NOTE_NOT_FOUND',
  'HOLD_NOT_RENEWABLE',
  'DISCOVERY_ALREADY_BOOKED',
  'FREE_CALLS_LIMIT',
] as const;
export type ConsultationErrorCode = (typeof CONSULTATION_ERROR_CODES)[number];

/** Why a hold was refused, each with its own words on the booking panel (issue 20). */
export const HOLD_REFUSAL_CODES = [
  'DISCOVERY_ALREADY_BOOKED',
  'FREE_CALLS_LIMIT',
  'HOLD_NOT_RENEWABLE',
  'RATE_LIMITED',
] as const;

/** Credit note numbers: their own gapless sequence per calendar year (UTC): CN-2026-000001. */
export function creditNoteNumber(year: number, sequence: number): string {
  return `CN-${year}-${String(sequence).padStart(6, '0')}`;
}

// ------------------------------------------------------------------ money

export interface ConsultationPrice {
  fee: number;
  merchantCharges: number;
  vat: number;
  total: number;
}

/** Merchant charges on a fee: `basisPoints` / 10 000 of it, half up; 0 for a free call. */
export function merchantCharges(fee: number, basisPoints = DEFAULT_MERCHANT_CHARGE_BASIS_POINTS): number {
  if (fee <= 0) return 0;
  return Math.floor((fee * basisPoints + 5000) / 10000);
}

/** The price parts of a consultation with this fee (cents). */
export function consultationPrice(
  fee: number,
  basisPoints = DEFAULT_MERCHANT_CHARGE_BASIS_POINTS,
): ConsultationPrice {
  const f = Math.max(0, fee);
  const mc = merchantCharges(f, basisPoints);
  const vat = percentOf(f + mc, VAT_PERCENT);
  return { fee: f, merchantCharges: mc, vat, total: f + mc + vat };
}

const HOUR = 3_600_000;

/**
 * What share of the price she gets back when cancelling at `cancelAt` (spec §9), in real elapsed
 * time: ≥ 48 h before the start → 100; ≥ 24 h → 50; less, at or after the start → 0.
 */
export function refundPercent(startsAt: Date, cancelAt: Date): 0 | 50 | 100 {
  const before = startsAt.getTime() - cancelAt.getTime();
  if (before >= 48 * HOUR) return 100;
  if (before >= 24 * HOUR) return 50;
  return 0;
}

/** The last moments of each tier: full refund until (inclusive), half refund until (inclusive). */
export function refundDeadlines(startsAt: Date): { fullUntil: Date; halfUntil: Date } {
  return {
    fullUntil: new Date(startsAt.getTime() - 48 * HOUR),
    halfUntil: new Date(startsAt.getTime() - 24 * HOUR),
  };
}

/** `percent` of each paid part, half up; the refund is `total` (never more than was paid). */
export function refundParts(paid: ConsultationPrice, percent: number): ConsultationPrice {
  const fee = percentOf(paid.fee, percent);
  const mc = percentOf(paid.merchantCharges, percent);
  const vat = percentOf(paid.vat, percent);
  return { fee, merchantCharges: mc, vat, total: Math.min(paid.total, fee + mc + vat) };
}

// ------------------------------------------------------------------ availability

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A range of wall time on one day: "HH:MM" to "HH:MM" (end after start; "24:00" is midnight). */
export type HoursRange = [string, string];

export interface DateException {
  /** YYYY-MM-DD in her zone. */
  date: string;
  /** The day's weekly hours do not apply. */
  off?: boolean;
  /** Hours on this date on top of (or, with `off`, instead of) the weekly ones. */
  extra?: HoursRange[];
}

export interface Availability {
  /** IANA zone, e.g. Asia/Riyadh. */
  timeZone: string;
  weekly: Partial<Record<Weekday, HoursRange[]>>;
  exceptions: DateException[];
  /** Free minutes kept before and after each call. */
  bufferMinutes: number;
  /** The earliest slot is this long after now. */
  noticeMinutes: number;
  /** The latest slot starts before now + this many days. */
  horizonDays: number;
}

/** An interval of real time that is taken (a confirmed call, or a hold that has not expired). */
export interface Busy {
  start: Date;
  end: Date;
}

export const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;
export const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** "HH:MM" → minutes after midnight (24:00 → 1440), or null. */
export function wallMinutes(value: string): number | null {
  if (!TIME_OF_DAY.test(value)) return null;
  const [h, m] = value.split(':').map(Number);
  return h * 60 + m;
}

/** Is this IANA time zone known to Intl? */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The wall time at an instant in a zone. */
export function wallTimeAt(instant: number | Date, zone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour % 24,
    minute: parts.minute,
  };
}

/** The zone's offset from UTC at an instant, in milliseconds (whole minutes). */
function offsetAt(instant: number, zone: string): number {
  const w = wallTimeAt(instant, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  return asUtc - Math.floor(instant / 60_000) * 60_000;
}

/**
 * The instant of a wall time in a zone: null when it does not exist (skipped by a spring-forward
 * change), the first of the two when it is ambiguous (repeated by a fall-back change).
 */
export function instantOfWallTime(w: WallTime, zone: string): Date | null {
  const naive = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  const offsets = new Set([offsetAt(naive - 86_400_000, zone), offsetAt(naive + 86_400_000, zone)]);
  offsets.add(offsetAt(naive, zone));
  const found: number[] = [];
  for (const o of offsets) {
    const t = naive - o;
    const back = wallTimeAt(t, zone);
    if (
      back.year === w.year &&
      back.month === w.month &&
      back.day === w.day &&
      back.hour === w.hour &&
      back.minute === w.minute
    )
      found.push(t);
  }
  return found.length ? new Date(Math.min(...found)) : null;
}

/** The date (YYYY-MM-DD) in a zone at an instant. */
export function zonedDate(instant: number | Date, zone: string): string {
  const w = wallTimeAt(instant, zone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** The wall-time ranges (minutes after midnight) she works on one date. */
export function hoursOn(a: Availability, date: string): [number, number][] {
  const [y, m, d] = date.split('-').map(Number);
  const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  const exceptions = a.exceptions.filter((e) => e.date === date);
  const ranges: HoursRange[] = exceptions.some((e) => e.off) ? [] : [...(a.weekly[weekday] ?? [])];
  for (const e of exceptions) ranges.push(...(e.extra ?? []));
  return ranges
    .map((r): [number, number] => [wallMinutes(r[0]) ?? 0, wallMinutes(r[1]) ?? 0])
    .filter(([s, e]) => e > s)
    .sort((p, q) => p[0] - q[0]);
}

export interface SlotQuery {
  availability: Availability;
  /** The call's length in minutes. */
  minutes: number;
  /** Only slots starting in [from, to). */
  from: Date;
  to: Date;
  now: Date;
  /** Booked and held calls of this expert (the buffer is added around them here). */
  busy: Busy[];
}

/** Does a call [start, end) come within `bufferMinutes` of a busy interval? */
export function conflicts(start: Date, end: Date, busy: Busy[], bufferMinutes: number): boolean {
  const buffer = bufferMinutes * 60_000;
  return busy.some(
    (b) => start.getTime() < b.end.getTime() + buffer && b.start.getTime() < end.getTime() + buffer,
  );
}

/** Open slots' start instants, ascending, without duplicates (see the file comment). */
export function openSlots(q: SlotQuery): Date[] {
  const a = q.availability;
  const earliest = Math.max(q.from.getTime(), q.now.getTime() + a.noticeMinutes * 60_000);
  const latest = Math.min(q.to.getTime(), q.now.getTime() + a.horizonDays * 86_400_000);
  if (earliest >= latest || q.minutes <= 0) return [];
  const out = new Set<number>();
  // every local date that can hold a slot in the window (one day either side for the zone's offset)
  const dayOf = (t: number) => Date.parse(`${zonedDate(t, a.timeZone)}T00:00:00Z`);
  let day = dayOf(earliest) - 86_400_000;
  const lastDay = dayOf(latest);
  for (; day <= lastDay + 86_400_000; day += 86_400_000) {
    const d = new Date(day);
    const date = d.toISOString().slice(0, 10);
    const ranges = hoursOn(a, date);
    if (ranges.length === 0) continue;
    // a day without a change of offset (nearly all) converts directly; otherwise wall time by wall time
    const offset = offsetAt(day - 86_400_000, a.timeZone);
    const steady =
      offset === offsetAt(day + 2 * 86_400_000, a.timeZone) &&
      offset === offsetAt(day + 43_200_000, a.timeZone);
    for (const [rangeStart, rangeEnd] of ranges) {
      for (let m = rangeStart; m + q.minutes <= rangeEnd; m += SLOT_STEP_MINUTES) {
        const start = steady
          ? new Date(day + m * 60_000 - offset)
          : instantOfWallTime(
              {
                year: d.getUTCFullYear(),
                month: d.getUTCMonth() + 1,
                day: d.getUTCDate(),
                hour: Math.floor(m / 60),
                minute: m % 60,
              },
              a.timeZone,
            );
        if (!start) continue; // skipped by a spring-forward change
        const t = start.getTime();
        if (t < earliest || t >= latest) continue;
        const end = new Date(t + q.minutes * 60_000);
        if (conflicts(start, end, q.busy, a.bufferMinutes)) continue;
        out.add(t);
      }
    }
  }
  return [...out].sort((p, q2) => p - q2).map((t) => new Date(t));
}

/** Her age in whole years on `today` (YYYY-MM-DD) for a date of birth (YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** Is YYYY-MM-DD a real calendar date? */
export function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** The Join button's window: from JOIN_OPENS_MINUTES before the start until the end. */
export function joinWindow(startsAt: Date, endsAt: Date): { opensAt: Date; closesAt: Date } {
  return { opensAt: new Date(startsAt.getTime() - JOIN_OPENS_MINUTES * 60_000), closesAt: endsAt };
}
export function isJoinable(startsAt: Date, endsAt: Date, now: Date): boolean {
  const w = joinWindow(startsAt, endsAt);
  return now.getTime() >= w.opensAt.getTime() && now.getTime() < w.closesAt.getTime();
}
