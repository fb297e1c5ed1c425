/**
 * Expert consultations: the rules both sides apply (zod-free, so the app imports them as values).
 * Money is integer cents; times are instants (Date, or ISO strings in the API); wall times of an
 * expert are read in her IANA time zone with Intl only (no date library).
 *
 * - Open slots and wall times in her zone: consultation-slots.ts (re-exported here).
 * - Refund tiers (spec §9), in real elapsed time before the start (a DST change moves no boundary):
 *   ≥ 48 h → 100 %, ≥ 24 h → 50 %, less → 0, at or after the start → 0, no-show → 0.
 * - Price of a consultation: the expert's fee, merchant charges (a card-processing charge: a
 *   configurable number of basis points of the fee, half up; 0 for a free call), VAT 5 % of fee +
 *   merchant charges (half up), total = fee + merchant charges + VAT. A free call costs nothing.
 * - A refund gives back `percent` of each part of what was paid (fee, merchant charges, VAT), each
 *   rounded half up; the refund is their sum (100 % gives back exactly the invoice's total).
 */
import { percentOf, VAT_PERCENT } from './commerce-rules.ts';
import { DATE } from './consultation-slots.ts';

export * from './consultation-slots.ts';

// ------------------------------------------------------------------ constants

/** A hold keeps a slot for her while she pays; unpaid after this, the slot is free again. */
export const HOLD_MINUTES = 10;
/** The Join button opens this long before the start (and closes at the end). */
export const JOIN_OPENS_MINUTES = 10;
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
