/**
 * The expert portal (issue 26): her bookings (expert-portal-views.ts), joining the call, opening a
 * medical booking's sealed details, marking a no-show. Every action, reading her list included, is
 * written to the audit log (staff-audit.ts) in the action's transaction; the audit row names the
 * booking, never a detail.
 *
 * Join opens the member's room (consultations-calls.ts: the same room name and address shape as
 * consultations-room.ts gives the member) under the expert's name in her language, with a signed
 * room token making her the moderator when the server has JITSI_APP_ID / JITSI_APP_SECRET.
 */
import { eq } from 'drizzle-orm';
import { joinWindow } from '../../contract/consultation-rules.ts';
import type { JoinInfo } from '../../contract/consultations.ts';
import type { CallMode } from '../../contract/experts-constants.ts';
import type { Locale } from '../../contract/locale.ts';
import type {
  BookingWhen,
  ExpertBooking,
  ExpertBookings,
  SealedDetails,
} from '../../contract/staff-expert.ts';
import type { Database } from '../db/index.ts';
import { bookings, expertAvailability, experts } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import { jitsiToken, jitsiUrl, openDetails } from './consultations-calls.ts';
import type { ConsultationsConfig } from './consultations-config.ts';
import { MINUTE } from './consultations-store.ts';
import { expertBooking, expertBookingView, listExpertBookings } from './expert-portal-views.ts';
import { type AuditWho, writeAudit } from './staff-audit.ts';

/** The expert who acts: her staff account and the expert she is. */
export interface ExpertActor extends AuditWho {
  expertId: string;
  language: Locale;
}

export interface ExpertPortalDeps {
  database: Database;
  clock: Clock;
  config: Pick<ConsultationsConfig, 'jitsiUrl' | 'jitsiAppId' | 'jitsiAppSecret' | 'dataKeys'>;
}

const target = (id: string) => ({ targetType: 'booking' as const, targetId: id });

export function createExpertPortal({ database, clock, config }: ExpertPortalDeps) {
  const { db } = database;

  async function zoneOf(expertId: string): Promise<string> {
    const [a] = await db
      .select({ zone: expertAvailability.timeZone })
      .from(expertAvailability)
      .where(eq(expertAvailability.expertId, expertId));
    return a?.zone ?? 'UTC';
  }

  return {
    async bookings(who: ExpertActor, when: BookingWhen, locale: Locale): Promise<ExpertBookings> {
      const [items, timeZone] = await Promise.all([
        listExpertBookings(db, who.expertId, when, locale, clock.now()),
        zoneOf(who.expertId),
      ]);
      // which list she read and how long it was: the aliases are not written
      await writeAudit(db, clock, who, {
        action: 'booking.viewed',
        targetType: 'expert',
        targetId: who.expertId,
        detail: { when, count: items.length },
      });
      return { items, timeZone };
    },

    /** 409 BOOKING_NOT_PAYABLE (cancelled, as the member's join), NOT_YET_OPEN or ENDED outside the window. */
    async join(who: ExpertActor, bookingId: string): Promise<JoinInfo> {
      const { b } = await expertBooking(db, who.expertId, bookingId);
      if (b.status !== 'confirmed') throw new ApiError('BOOKING_NOT_PAYABLE');
      const now = clock.now();
      const { opensAt, closesAt } = joinWindow(b.startsAt, b.endsAt);
      if (now.getTime() < opensAt.getTime()) throw new ApiError('NOT_YET_OPEN');
      if (now.getTime() >= closesAt.getTime()) throw new ApiError('ENDED');
      const [e] = await db.select({ texts: experts.texts }).from(experts).where(eq(experts.id, b.expertId));
      const displayName = e?.texts[who.language]?.name ?? who.name;
      const mode = b.mode as CallMode;
      const jwt = jitsiToken(config, {
        room: b.roomName,
        name: displayName,
        notBefore: opensAt,
        expires: new Date(b.endsAt.getTime() + 30 * MINUTE),
        moderator: true,
      });
      await writeAudit(db, clock, who, { action: 'booking.joined', ...target(b.id) });
      return {
        url: jitsiUrl(config.jitsiUrl, { room: b.roomName, jwt, displayName, mode }),
        server: config.jitsiUrl,
        room: b.roomName,
        jwt,
        displayName,
        mode,
        startWithVideoMuted: mode === 'voice',
        startsAt: b.startsAt.toISOString(),
        endsAt: b.endsAt.toISOString(),
      };
    },

    /**
     * A medical booking's names and date of birth, opened for her alone and audited each time:
     * 409 BOOKING_NOT_MEDICAL; 404 BOOKING_NOT_FOUND when not hers, cancelled or without details
     * (the member deleted her account).
     */
    async details(who: ExpertActor, bookingId: string): Promise<SealedDetails> {
      const { b } = await expertBooking(db, who.expertId, bookingId);
      if (!b.medical) throw new ApiError('BOOKING_NOT_MEDICAL');
      if (b.status !== 'confirmed' || !b.details) throw new ApiError('BOOKING_NOT_FOUND');
      const d = openDetails(config.dataKeys, b.id, b.details, b.detailsKeyId);
      await writeAudit(db, clock, who, { action: 'booking.details.opened', ...target(b.id) });
      return { firstName: d.firstName, lastName: d.lastName, dateOfBirth: d.dateOfBirth };
    },

    /**
     * The member did not come: from the start on (409 NO_SHOW_TOO_EARLY before it), confirmed only
     * (409 BOOKING_NOT_PAYABLE once cancelled). Marking it again changes nothing and writes no row.
     */
    async noShow(who: ExpertActor, bookingId: string, locale: Locale): Promise<ExpertBooking> {
      return db.transaction(async (tx) => {
        const { b, m } = await expertBooking(tx, who.expertId, bookingId, true);
        const now = clock.now();
        if (b.status !== 'confirmed') throw new ApiError('BOOKING_NOT_PAYABLE');
        if (b.noShowAt) return expertBookingView(b, m, locale, now);
        if (now.getTime() < b.startsAt.getTime()) throw new ApiError('NO_SHOW_TOO_EARLY');
        const [row] = await tx
          .update(bookings)
          .set({ noShowAt: now, updatedAt: now })
          .where(eq(bookings.id, b.id))
          .returning();
        await writeAudit(tx, clock, who, { action: 'booking.no-show', ...target(b.id) });
        return expertBookingView(row, m, locale, now);
      });
    },
  };
}
export type ExpertPortal = ReturnType<typeof createExpertPortal>;
