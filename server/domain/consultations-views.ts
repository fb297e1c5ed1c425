/**
 * Her bookings as she sees them (`Booking`): one booking, her lists (upcoming, past, cancelled),
 * each with its expert, invoice and credit note, its live status and whether it can be joined or
 * cancelled now; and the team's listing (`npm run bookings:list`), which never holds her details.
 */
import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import { isJoinable, joinWindow } from '../../contract/consultation-rules.ts';
import type { Booking, MyConsultations } from '../../contract/consultations.ts';
import type { CallMode, OfferKind } from '../../contract/experts-constants.ts';
import type { Locale } from '../../contract/locale.ts';
import type { Db, Tx } from '../db/index.ts';
import { bookings, creditNotes, expertAvailability, experts, invoices } from '../db/schema.ts';
import { avatarView } from '../lib/catalog.ts';
import type { Clock } from '../lib/clock.ts';
import { type BookingRow, liveStatus, own } from './consultations-store.ts';

/** For the team's listing (`npm run bookings:list`), newest start first: never the sealed details. */
export async function listBookingsForTeam(db: Db, now: Date, limit = 200, since?: Date) {
  const rows = await db
    .select({
      id: bookings.id,
      expertId: bookings.expertId,
      offerId: bookings.offerId,
      mode: bookings.mode,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      status: bookings.status,
      holdExpiresAt: bookings.holdExpiresAt,
      total: bookings.total,
      amountPaid: bookings.amountPaid,
      refundAmount: bookings.refundAmount,
      medical: bookings.medical,
      zone: expertAvailability.timeZone,
    })
    .from(bookings)
    .leftJoin(expertAvailability, eq(expertAvailability.expertId, bookings.expertId))
    .where(since ? gt(bookings.startsAt, since) : undefined)
    .orderBy(desc(bookings.startsAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, status: liveStatus(r, now) }));
}
export type TeamBooking = Awaited<ReturnType<typeof listBookingsForTeam>>[number];

/** A booking as the member sees it (`Booking`), from its row, its expert and its invoice and credit note. */
function bookingView(
  b: BookingRow,
  ex: { e: typeof experts.$inferSelect; zone: string | null } | undefined,
  invoice: { id: string; number: string } | null,
  note: { id: string; number: string } | null,
  locale: Locale,
  now: Date,
): Booking {
  const t = ex?.e.texts[locale];
  const status = liveStatus(b, now);
  return {
    id: b.id,
    status,
    expert: {
      id: b.expertId,
      name: t?.name ?? b.expertId,
      title: t?.title ?? '',
      avatar: ex ? avatarView(ex.e.avatarId, locale) : null,
      timeZone: ex?.zone ?? 'UTC',
    },
    offer: { id: b.offerId, kind: b.offerKind as OfferKind, minutes: b.minutes },
    mode: b.mode as CallMode,
    startsAt: b.startsAt.toISOString(),
    endsAt: b.endsAt.toISOString(),
    holdExpiresAt: status === 'held' && b.holdExpiresAt ? b.holdExpiresAt.toISOString() : null,
    price: { fee: b.fee, merchantCharges: b.merchantCharges, vat: b.vat, total: b.total, currency: 'USD' },
    amountPaid: b.amountPaid,
    paidWith: b.paidBrand && b.paidLast4 ? { brand: b.paidBrand, last4: b.paidLast4 } : null,
    medical: b.medical,
    detailsGiven: b.details !== null,
    invoice: invoice ? { id: invoice.id, number: invoice.number } : null,
    cancellation:
      status === 'cancelled' && b.cancelledAt
        ? {
            cancelledAt: b.cancelledAt.toISOString(),
            refundPercent: b.refundPercent ?? 0,
            refundAmount: b.refundAmount ?? 0,
            creditNote: note ? { id: note.id, number: note.number } : null,
          }
        : null,
    joinOpensAt: joinWindow(b.startsAt, b.endsAt).opensAt.toISOString(),
    joinable: status === 'confirmed' && isJoinable(b.startsAt, b.endsAt, now),
    cancellable: (status === 'confirmed' || status === 'held') && now.getTime() < b.startsAt.getTime(),
  };
}

export function createViews({ db, clock }: { db: Db; clock: Clock }) {
  async function view(rows: BookingRow[], locale: Locale): Promise<Booking[]> {
    if (rows.length === 0) return [];
    const now = clock.now();
    const ids = [...new Set(rows.map((r) => r.expertId))];
    const [expertRows, invoiceRows, noteRows] = await Promise.all([
      db
        .select({ e: experts, zone: expertAvailability.timeZone })
        .from(experts)
        .leftJoin(expertAvailability, eq(expertAvailability.expertId, experts.id))
        .where(inArray(experts.id, ids)),
      db
        .select({ id: invoices.id, number: invoices.number })
        .from(invoices)
        .where(
          inArray(
            invoices.id,
            rows.map((r) => r.invoiceId).filter((x): x is string => x !== null),
          ),
        ),
      db
        .select({ id: creditNotes.id, number: creditNotes.number, bookingId: creditNotes.bookingId })
        .from(creditNotes)
        .where(
          inArray(
            creditNotes.bookingId,
            rows.map((r) => r.id),
          ),
        ),
    ]);
    const byExpert = new Map(expertRows.map((r) => [r.e.id, r]));
    return rows.map((b): Booking => {
      const ex = byExpert.get(b.expertId);
      const invoice = invoiceRows.find((i) => i.id === b.invoiceId) ?? null;
      const note = noteRows.find((n) => n.bookingId === b.id) ?? null;
      return bookingView(b, ex, invoice, note, locale, now);
    });
  }

  const viewOne = async (row: BookingRow, locale: Locale) => (await view([row], locale))[0];

  /** The view inside a transaction (on PGlite `db` would wait for the transaction itself). */
  async function viewIn(tx: Tx, b: BookingRow, locale: Locale): Promise<Booking> {
    const [ex] = await tx
      .select({ e: experts, zone: expertAvailability.timeZone })
      .from(experts)
      .leftJoin(expertAvailability, eq(expertAvailability.expertId, experts.id))
      .where(eq(experts.id, b.expertId));
    const [inv] = b.invoiceId
      ? await tx
          .select({ id: invoices.id, number: invoices.number })
          .from(invoices)
          .where(eq(invoices.id, b.invoiceId))
      : [];
    const [note] = await tx
      .select({ id: creditNotes.id, number: creditNotes.number })
      .from(creditNotes)
      .where(eq(creditNotes.bookingId, b.id));
    return bookingView(b, ex, inv ?? null, note ?? null, locale, clock.now());
  }

  return {
    view,
    viewOne,
    viewIn,

    async list(memberId: string, locale: Locale): Promise<MyConsultations> {
      const now = clock.now();
      const rows = await db
        .select()
        .from(bookings)
        .where(
          and(eq(bookings.userId, memberId), inArray(bookings.status, ['held', 'confirmed', 'cancelled'])),
        )
        .orderBy(asc(bookings.startsAt));
      const all = await view(rows, locale);
      return {
        upcoming: all.filter(
          (b) => (b.status === 'confirmed' || b.status === 'held') && Date.parse(b.endsAt) > now.getTime(),
        ),
        past: all.filter((b) => b.status === 'confirmed' && Date.parse(b.endsAt) <= now.getTime()).reverse(),
        cancelled: all
          .filter((b) => b.status === 'cancelled')
          .sort((x, y) => Date.parse(y.startsAt) - Date.parse(x.startsAt)),
      };
    },

    async get(memberId: string, bookingId: string, locale: Locale): Promise<Booking> {
      return viewOne(await own(db, memberId, bookingId), locale);
    },
  };
}
export type Views = ReturnType<typeof createViews>;
