/**
 * Holding a slot, and sweeping holds that ran out.
 *
 * One slot, one booking: a hold runs in a transaction that first locks the expert's row (`select …
 * for update`: bookings of one expert are serialised on PostgreSQL; PGlite runs transactions one at
 * a time anyway), sweeps her expired holds, then checks for an overlap with her confirmed calls and
 * unexpired holds, buffer included. A partial unique index on (expert, start) of live bookings is
 * the second guard. The loser gets 409 SLOT_TAKEN with the next open slots.
 *
 * A hold lasts HOLD_MINUTES: it is read as expired from the clock on every read and write, and
 * `sweep()` (on every hold, and every minute from main.ts) marks such holds `expired` and drops
 * any details stored with them. Her newer hold releases her older unpaid ones.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  conflicts,
  consultationPrice,
  HOLD_MINUTES,
  isMedicalConsultation,
  openSlots,
} from '../../contract/consultation-rules.ts';
import type { Booking } from '../../contract/consultations.ts';
import type { CallMode } from '../../contract/experts-constants.ts';
import type { Locale } from '../../contract/locale.ts';
import { sqlState, UNIQUE_VIOLATION } from '../db/index.ts';
import { bookings, consultationRequests } from '../db/schema.ts';
import { ApiError } from '../lib/errors.ts';
import { newRoomName } from './consultations-calls.ts';
import { earlierHolds, freeCallProblem } from './consultations-fairness.ts';
import type { SlotsPart } from './consultations-slots.ts';
import {
  type BookingRow,
  busy,
  type ConsultationsDeps,
  expertInfo,
  lockExpert,
  type Member,
  MINUTE,
  offerOf,
  type Q,
  validationError,
} from './consultations-store.ts';
import { bookingTitles } from './consultations-texts.ts';
import type { Views } from './consultations-views.ts';
import { lockMember } from './member-lock.ts';

export interface HoldInput {
  expertId: string;
  offerId: string;
  mode: CallMode;
  startsAt: Date;
}

/** The invoice line of a booking, in both languages: its words are the catalogue's. */
export { bookingTitles };

/** A confirmation of this booking is under way (claimed, not yet answered). */
const paying = sql`exists (select 1 from ${consultationRequests} r where r.booking_id = ${bookings.id} and r.state = 'started')`;
const detailsUnlessPaying = sql`case when ${paying} then ${bookings.details} else null end`;

export function createHolds(
  { database, clock, config }: ConsultationsDeps,
  { views, slots }: { views: Views; slots: SlotsPart },
) {
  const { db } = database;

  /**
   * Marks expired holds `expired` (all, or one expert's) and drops details stored with them, but
   * for a payment still under way (her bank's challenge, finished by the provider's completion
   * even with her tab closed): those are dropped once it is answered.
   */
  async function sweep(q: Q = db, expertId?: string): Promise<number> {
    const now = clock.now();
    const swept = await q
      .update(bookings)
      .set({ status: 'expired', details: detailsUnlessPaying, updatedAt: now })
      .where(
        and(
          eq(bookings.status, 'held'),
          sql`${bookings.holdExpiresAt} <= ${now}`,
          expertId ? eq(bookings.expertId, expertId) : undefined,
        ),
      )
      .returning({ id: bookings.id });
    await q
      .update(bookings)
      .set({ details: null })
      .where(
        and(
          eq(bookings.status, 'expired'),
          sql`${bookings.details} is not null`,
          sql`not ${paying}`,
          expertId ? eq(bookings.expertId, expertId) : undefined,
        ),
      );
    return swept.length;
  }

  async function hold(member: Member, input: HoldInput, locale: Locale): Promise<Booking> {
    const e = await expertInfo(db, input.expertId);
    if (!e?.published) throw new ApiError('NOT_FOUND');
    const offer = offerOf(e, input.offerId);
    if (!offer) throw validationError({ offerId: 'INVALID' });
    if (!e.modes.includes(input.mode)) throw validationError({ mode: 'INVALID' });
    if (!e.availability) throw new ApiError('SLOT_UNAVAILABLE');
    const startsAt = input.startsAt;
    const endsAt = new Date(startsAt.getTime() + offer.minutes * MINUTE);
    const now = clock.now();
    // an open slot, ignoring bookings: outside her hours, notice or horizon → unavailable
    const possible = openSlots({
      availability: e.availability,
      minutes: offer.minutes,
      from: startsAt,
      to: new Date(startsAt.getTime() + 1),
      now,
      busy: [],
    });
    if (possible.length !== 1 || possible[0].getTime() !== startsAt.getTime())
      throw new ApiError('SLOT_UNAVAILABLE');
    const price = consultationPrice(offer.price, config.merchantChargeBasisPoints);
    const availability = e.availability;
    let row: BookingRow | null;
    try {
      row = await database.transaction(async (tx) => {
        await lockMember(tx, member.id);
        await lockExpert(tx, e.id);
        await sweep(tx, e.id);
        // the slot she holds already: that hold as it is, its countdown going on (consultations-fairness.ts)
        const earlier = await earlierHolds(tx, member.id, e.id, startsAt, now);
        if (earlier.live && earlier.live.offerId === offer.id && earlier.live.mode === input.mode)
          return earlier.live;
        if (!earlier.live && earlier.cooling) throw new ApiError('HOLD_NOT_RENEWABLE');
        const problem = await freeCallProblem(
          tx,
          { memberId: member.id, expertId: e.id, offerKind: offer.kind, total: price.total },
          now,
        );
        if (problem) throw new ApiError(problem);
        // her older unpaid holds (any expert) are released: one hold at a time
        await tx
          .update(bookings)
          .set({ status: 'expired', details: detailsUnlessPaying, updatedAt: now })
          .where(and(eq(bookings.userId, member.id), eq(bookings.status, 'held')));
        const taken = await busy(tx, e.id, startsAt, endsAt, now);
        if (conflicts(startsAt, endsAt, taken, availability.bufferMinutes)) return null;
        const [inserted] = await tx
          .insert(bookings)
          .values({
            userId: member.id,
            expertId: e.id,
            offerId: offer.id,
            offerKind: offer.kind,
            minutes: offer.minutes,
            mode: input.mode,
            startsAt,
            endsAt,
            status: 'held',
            holdExpiresAt: earlier.live?.holdExpiresAt ?? new Date(now.getTime() + HOLD_MINUTES * MINUTE),
            fee: price.fee,
            merchantCharges: price.merchantCharges,
            vat: price.vat,
            total: price.total,
            medical: isMedicalConsultation(e.specialty, offer.kind),
            titles: bookingTitles(offer, input.mode, { en: e.texts.en.name, ar: e.texts.ar.name }),
            roomName: newRoomName(),
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        return inserted;
      });
    } catch (err) {
      if (sqlState(err) !== UNIQUE_VIOLATION) throw err;
      row = null;
    }
    if (!row)
      throw new ApiError('SLOT_TAKEN', { nextSlots: await slots.nextSlots(e, offer.minutes, startsAt) });
    return views.viewOne(row, locale);
  }

  return { sweep, hold };
}
