/**
 * What every part of consultations reads the same way: her booking (403 unless hers), the expert
 * as a booking sees her (offers, texts, availability, mail address), the expert's busy times, the
 * lock on the expert's row that serialises her bookings, and a booking's live status on the clock.
 */
import { and, eq, gt, lt, ne, or } from 'drizzle-orm';
import type { Availability, BookingStatus } from '../../contract/consultation-rules.ts';
import type { FieldCode } from '../../contract/errors.ts';
import type { Locale } from '../../contract/locale.ts';
import type { Database, Db, Tx } from '../db/index.ts';
import {
  bookings,
  type consultationRequests,
  type ExpertOffer,
  type ExpertTexts,
  expertAvailability,
  experts,
} from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import type { Logger } from '../lib/log.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { BookingMailer } from './consultations-calls.ts';
import type { ConsultationsConfig } from './consultations-config.ts';

export type BookingRow = typeof bookings.$inferSelect;
export type RequestRow = typeof consultationRequests.$inferSelect;
export type Q = Db | Tx;
/** Who asks: her member id and the alias she is billed and shown under. */
export type Member = { id: string; alias: string };

export const MINUTE = 60_000;
export const DAY = 86_400_000;

export interface ConsultationsDeps {
  database: Database;
  clock: Clock;
  provider: PaymentProvider;
  config: ConsultationsConfig;
  log: Logger;
  /** The expert's mail (SMTP_URL set); null: bookings are only listed (`npm run bookings:list`). */
  mailer?: BookingMailer | null;
  /** Where a booking mail goes when her availability file names no address. */
  teamEmail?: string;
  mailFrom?: string;
}

export interface ExpertInfo {
  id: string;
  published: boolean;
  specialty: string;
  avatarId: string;
  modes: string[];
  offers: ExpertOffer[];
  texts: Record<Locale, ExpertTexts>;
  availability: Availability | null;
  email: string | null;
}

export const validationError = (fields: Record<string, FieldCode>) =>
  new ApiError('VALIDATION_ERROR', { fields });

/** A booking's live status now: a held booking past its hold reads as expired. */
export function liveStatus(b: Pick<BookingRow, 'status' | 'holdExpiresAt'>, now: Date): BookingStatus {
  if (b.status === 'held' && b.holdExpiresAt && b.holdExpiresAt.getTime() <= now.getTime()) return 'expired';
  return b.status as BookingStatus;
}

export async function expertInfo(q: Q, id: string): Promise<ExpertInfo | null> {
  const [row] = await q
    .select({ e: experts, a: expertAvailability })
    .from(experts)
    .leftJoin(expertAvailability, eq(expertAvailability.expertId, experts.id))
    .where(eq(experts.id, id));
  if (!row) return null;
  const a = row.a;
  return {
    id: row.e.id,
    published: row.e.published,
    specialty: row.e.specialty,
    avatarId: row.e.avatarId,
    modes: row.e.modes,
    offers: row.e.offers,
    texts: row.e.texts,
    email: a?.email ?? null,
    availability: a
      ? {
          timeZone: a.timeZone,
          weekly: a.weekly,
          exceptions: a.exceptions,
          bufferMinutes: a.bufferMinutes,
          noticeMinutes: a.noticeMinutes,
          horizonDays: a.horizonDays,
        }
      : null,
  };
}

export function offerOf(e: ExpertInfo, offerId: string) {
  return e.offers.find((o) => o.id === offerId) ?? null;
}

/** Her confirmed calls and unexpired holds around [from, to) (a day either side for buffers). */
export async function busy(q: Q, expertId: string, from: Date, to: Date, now: Date, exclude?: string) {
  const rows = await q
    .select({ id: bookings.id, start: bookings.startsAt, end: bookings.endsAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.expertId, expertId),
        lt(bookings.startsAt, new Date(to.getTime() + DAY)),
        gt(bookings.endsAt, new Date(from.getTime() - DAY)),
        or(
          eq(bookings.status, 'confirmed'),
          and(eq(bookings.status, 'held'), gt(bookings.holdExpiresAt, now)),
        ),
        exclude ? ne(bookings.id, exclude) : undefined,
      ),
    );
  return rows.map((r) => ({ start: r.start, end: r.end }));
}

/** Her booking (locked `for update` when asked): 404 BOOKING_NOT_FOUND, 403 unless hers. */
export async function own(q: Q, memberId: string, bookingId: string, lock = false): Promise<BookingRow> {
  const base = q.select().from(bookings).where(eq(bookings.id, bookingId));
  const [row] = lock ? await base.for('update') : await base;
  if (!row) throw new ApiError('BOOKING_NOT_FOUND');
  if (row.userId !== memberId) throw new ApiError('FORBIDDEN');
  return row;
}

/** Locks the expert's row: her bookings are decided one at a time (PostgreSQL; PGlite is serial anyway). */
export async function lockExpert(tx: Tx, expertId: string) {
  await tx.select({ id: experts.id }).from(experts).where(eq(experts.id, expertId)).for('update');
}
