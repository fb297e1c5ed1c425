/**
 * Getting into the call (the Jitsi room of consultations-calls.ts): her join link, from the join
 * window on (10 minutes before the start) until the end, under her alias; and the expert's mail
 * with the calendar invite (a new booking) or its cancellation, sent in the background when a
 * mailer is configured, logging nothing of its contents.
 */
import { joinWindow } from '../../contract/consultation-rules.ts';
import type { JoinInfo } from '../../contract/consultations.ts';
import type { CallMode } from '../../contract/experts-constants.ts';
import { ApiError } from '../lib/errors.ts';
import { icsInvite, jitsiToken, jitsiUrl } from './consultations-calls.ts';
import {
  type BookingRow,
  type ConsultationsDeps,
  expertInfo,
  liveStatus,
  type Member,
  MINUTE,
  own,
} from './consultations-store.ts';
import { expertMail } from './consultations-texts.ts';

export function createRoom(deps: ConsultationsDeps) {
  const { database, clock, config, log } = deps;
  const { db } = database;

  function notifyExpert(b: BookingRow, alias: string, method: 'REQUEST' | 'CANCEL') {
    if (!deps.mailer) return;
    const mailer = deps.mailer;
    void (async () => {
      const e = await expertInfo(db, b.expertId);
      const to = e?.email ?? deps.teamEmail;
      if (!e || !to) return;
      const zone = e.availability?.timeZone ?? 'UTC';
      const when = new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        dateStyle: 'full',
        timeStyle: 'short',
      }).format(b.startsAt);
      const server = config.jitsiUrl;
      const expertJwt = jitsiToken(config, {
        room: b.roomName,
        name: e.texts.en.name,
        notBefore: joinWindow(b.startsAt, b.endsAt).opensAt,
        expires: new Date(b.endsAt.getTime() + 30 * MINUTE),
        moderator: true,
      });
      const url = jitsiUrl(server, {
        room: b.roomName,
        jwt: expertJwt,
        displayName: e.texts.en.name,
        mode: b.mode as CallMode,
      });
      const cancelled = method === 'CANCEL';
      const { subject, text, summary, description } = expertMail({
        booking: b,
        alias,
        when,
        zone,
        url,
        cancelled,
      });
      const ics = icsInvite({
        bookingId: b.id,
        method,
        stamp: clock.now(),
        startsAt: b.startsAt,
        endsAt: b.endsAt,
        summary,
        description,
        url,
        organizer: deps.mailFrom ?? 'consultations@amina.health',
        attendee: to,
      });
      await mailer.send({ to, subject, text, ics, method });
    })().catch((err: unknown) => {
      // never the mail's contents or addresses: the booking id and the error's code only
      log.error('booking mail failed', {
        booking: b.id,
        code: (err as { code?: string } | null)?.code ?? 'unknown',
      });
    });
  }

  async function join(member: Member, bookingId: string): Promise<JoinInfo> {
    const b = await own(db, member.id, bookingId);
    const now = clock.now();
    if (liveStatus(b, now) !== 'confirmed') throw new ApiError('BOOKING_NOT_PAYABLE');
    const { opensAt, closesAt } = joinWindow(b.startsAt, b.endsAt);
    if (now.getTime() < opensAt.getTime()) throw new ApiError('NOT_YET_OPEN');
    if (now.getTime() >= closesAt.getTime()) throw new ApiError('ENDED');
    const mode = b.mode as CallMode;
    const jwt = jitsiToken(config, {
      room: b.roomName,
      name: member.alias,
      notBefore: opensAt,
      expires: new Date(b.endsAt.getTime() + 30 * MINUTE),
    });
    return {
      url: jitsiUrl(config.jitsiUrl, { room: b.roomName, jwt, displayName: member.alias, mode }),
      server: config.jitsiUrl,
      room: b.roomName,
      jwt,
      displayName: member.alias,
      mode,
      startWithVideoMuted: mode === 'voice',
      startsAt: b.startsAt.toISOString(),
      endsAt: b.endsAt.toISOString(),
    };
  }

  return { notifyExpert, join };
}
export type Room = ReturnType<typeof createRoom>;
