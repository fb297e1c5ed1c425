/**
 * The expert portal's bookings as she sees them (contract/staff-expert.ts ExpertBooking, issue 26):
 * only her expert's, confirmed or cancelled (a hold or an expired hold is nobody's call yet), with
 * the member's alias and avatar and never more of her (her names and birth date stay sealed:
 * expert-portal.ts opens them one booking at a time). A member who deleted her account shows as
 * "Former member" with a neutral avatar.
 */
import { and, asc, desc, eq, gt, inArray, lte, or } from 'drizzle-orm';
import { isJoinable } from '../../contract/consultation-rules.ts';
import type { CallMode } from '../../contract/experts-constants.ts';
import type { Locale } from '../../contract/locale.ts';
import type { BookingWhen, ExpertBooking } from '../../contract/staff-expert.ts';
import type { Db, Tx } from '../db/index.ts';
import { bookings, users } from '../db/schema.ts';
import { avatarView } from '../lib/catalog.ts';
import { ApiError } from '../lib/errors.ts';
import { message } from '../lib/i18n.ts';
import type { BookingRow } from './consultations-store.ts';

/** How many past bookings the list gives. */
export const PAST_LIMIT = 50;

/** Who the member is to the expert, in the request's language, once she deleted her account. */
const FORMER_MEMBER: Record<Locale, string> = { en: 'Former member', ar: 'عضوة سابقة' };

/** A character for each avatar: what the portal shows while (or instead of) its picture. */
const AVATAR_EMOJI: Record<string, string> = {
  'woman-hijab-rose': '🧕',
  'woman-hijab-teal': '🧕',
  'woman-hijab-sand': '🧕',
  'woman-curly-hair': '👩‍🦱',
  'woman-long-hair': '👩',
  'woman-bun': '👩',
  'date-palm': '🌴',
  crescent: '🌙',
  jasmine: '🌼',
  'olive-branch': '🫒',
  'geometric-star': '✴️',
  bird: '🐦',
  'full-moon': '🌕',
  lantern: '🏮',
  rose: '🌹',
  'coffee-pot': '☕',
};
const NEUTRAL = { id: 'former-member', emoji: '👤' };

/** The member's side of a booking: her alias and avatar id (null: she deleted her account). */
export interface MemberSide {
  alias: string | null;
  avatarId: string | null;
}

export function expertBookingView(b: BookingRow, m: MemberSide, locale: Locale, now: Date): ExpertBooking {
  const picture = m.alias !== null && m.avatarId ? avatarView(m.avatarId, locale) : null;
  const status = b.status === 'cancelled' ? 'cancelled' : 'confirmed';
  return {
    id: b.id,
    alias: m.alias ?? FORMER_MEMBER[locale],
    avatar: picture
      ? {
          id: picture.id,
          emoji: AVATAR_EMOJI[picture.id] ?? NEUTRAL.emoji,
          label: picture.label,
          url: picture.url,
        }
      : { ...NEUTRAL, label: FORMER_MEMBER[locale] },
    offerKind: b.offerKind,
    offerTitle: message(
      locale,
      b.offerKind === 'discovery' ? 'consultations.kind.discovery' : 'consultations.kind.consultation',
    ),
    minutes: b.minutes,
    mode: b.mode as CallMode,
    startsAt: b.startsAt.toISOString(),
    endsAt: b.endsAt.toISOString(),
    status,
    medical: b.medical,
    noShowAt: b.noShowAt?.toISOString() ?? null,
    joinable: status === 'confirmed' && isJoinable(b.startsAt, b.endsAt, now),
  };
}

const member = { alias: users.alias, avatarId: users.avatarId };

/** Her upcoming (confirmed, not ended, soonest first) or past (ended or cancelled, newest first) bookings. */
export async function listExpertBookings(
  db: Db,
  expertId: string,
  when: BookingWhen,
  locale: Locale,
  now: Date,
): Promise<ExpertBooking[]> {
  const mine = eq(bookings.expertId, expertId);
  const base = db
    .select({ b: bookings, m: member })
    .from(bookings)
    .leftJoin(users, eq(users.id, bookings.userId));
  const rows =
    when === 'upcoming'
      ? await base
          .where(and(mine, eq(bookings.status, 'confirmed'), gt(bookings.endsAt, now)))
          .orderBy(asc(bookings.startsAt))
      : await base
          .where(
            and(
              mine,
              inArray(bookings.status, ['confirmed', 'cancelled']),
              or(eq(bookings.status, 'cancelled'), lte(bookings.endsAt, now)),
            ),
          )
          .orderBy(desc(bookings.startsAt))
          .limit(PAST_LIMIT);
  return rows.map((r) => expertBookingView(r.b, r.m ?? { alias: null, avatarId: null }, locale, now));
}

/**
 * One of her bookings (locked `for update` when asked) with its member's side: 404 BOOKING_NOT_FOUND
 * when it is another expert's, or not yet (or never) a call: a hold or an expired hold.
 */
export async function expertBooking(
  q: Db | Tx,
  expertId: string,
  bookingId: string,
  lock = false,
): Promise<{ b: BookingRow; m: MemberSide }> {
  const base = q
    .select({ b: bookings, m: member })
    .from(bookings)
    .leftJoin(users, eq(users.id, bookings.userId))
    .where(
      and(
        eq(bookings.id, bookingId),
        eq(bookings.expertId, expertId),
        inArray(bookings.status, ['confirmed', 'cancelled']),
      ),
    );
  const [row] = lock ? await base.for('update', { of: bookings }) : await base;
  if (!row) throw new ApiError('BOOKING_NOT_FOUND');
  return { b: row.b, m: row.m ?? { alias: null, avatarId: null } };
}
