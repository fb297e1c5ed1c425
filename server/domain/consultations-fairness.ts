/**
 * Keeping experts' calendars open to everyone (issue 20). One new member once booked 260 free
 * discovery calls in nine seconds, every open slot of one expert for 28 days, and a paid slot could
 * be held for ever by holding it again before its 10 minutes ran out. Now, checked under her member
 * lock when she holds a slot and again when the booking is confirmed:
 *
 * - at most MAX_DISCOVERY_PER_EXPERT upcoming discovery call with one expert
 *   (DISCOVERY_ALREADY_BOOKED) and at most MAX_FREE_UPCOMING upcoming free calls in all
 *   (FREE_CALLS_LIMIT); "upcoming": confirmed and not yet ended;
 * - holding the slot she already holds gives back that hold as it is: the countdown goes on;
 *   holding it with another offer or call type keeps the countdown too;
 * - a slot whose hold of hers ended (ran out, released, cancelled unpaid) less than
 *   RENEW_COOLDOWN_MINUTES ago cannot be held by her again yet (HOLD_NOT_RENEWABLE): others get
 *   the time first.
 *
 * The per-member and per-address limits on holds and confirmations are route middleware
 * (app.ts: `booking-hold-*`, `booking-confirm-*`).
 */
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../db/index.ts';
import { bookings } from '../db/schema.ts';
import type { ErrorCode } from '../lib/i18n.ts';

export const MAX_DISCOVERY_PER_EXPERT = 1;
export const MAX_FREE_UPCOMING = 3;
export const RENEW_COOLDOWN_MINUTES = 10;

type BookingRow = typeof bookings.$inferSelect;

/** What she asks for: a call of this kind and price with this expert (and which booking it is). */
export interface Wanted {
  memberId: string;
  expertId: string;
  offerKind: string;
  total: number;
  /** Confirming: the booking itself is not counted. */
  bookingId?: string;
}

/** Why she may not have another free call now, or null. */
export async function freeCallProblem(tx: Tx, w: Wanted, now: Date): Promise<ErrorCode | null> {
  if (w.total > 0) return null;
  const upcoming = await tx
    .select({ expertId: bookings.expertId, offerKind: bookings.offerKind })
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, w.memberId),
        eq(bookings.status, 'confirmed'),
        eq(bookings.total, 0),
        gt(bookings.endsAt, now),
        w.bookingId ? ne(bookings.id, w.bookingId) : undefined,
      ),
    );
  const withHer = upcoming.filter((b) => b.expertId === w.expertId && b.offerKind === 'discovery');
  if (w.offerKind === 'discovery' && withHer.length >= MAX_DISCOVERY_PER_EXPERT)
    return 'DISCOVERY_ALREADY_BOOKED';
  if (upcoming.length >= MAX_FREE_UPCOMING) return 'FREE_CALLS_LIMIT';
  return null;
}

/** When a hold ended: released or cancelled (updated then), or ran out (its expiry), whichever first. */
const endedAt = (b: Pick<BookingRow, 'holdExpiresAt' | 'updatedAt'>) =>
  b.holdExpiresAt && b.holdExpiresAt.getTime() < b.updatedAt.getTime() ? b.holdExpiresAt : b.updatedAt;

/**
 * Her holds of this expert's slot at this start: `live`, her hold still running (it is given back,
 * never renewed); `cooling`, true when one of hers ended less than the cool-down ago.
 */
export async function earlierHolds(
  tx: Tx,
  memberId: string,
  expertId: string,
  startsAt: Date,
  now: Date,
): Promise<{ live: BookingRow | null; cooling: boolean }> {
  const rows = await tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, memberId),
        eq(bookings.expertId, expertId),
        eq(bookings.startsAt, startsAt),
        isNull(bookings.confirmedAt),
      ),
    );
  const live =
    rows.find((b) => b.status === 'held' && b.holdExpiresAt && b.holdExpiresAt.getTime() > now.getTime()) ??
    null;
  const since = now.getTime() - RENEW_COOLDOWN_MINUTES * 60_000;
  const cooling = rows.some(
    (b) => (b.status === 'expired' || b.status === 'cancelled') && endedAt(b).getTime() > since,
  );
  return { live, cooling };
}
