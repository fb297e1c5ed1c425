/**
 * Cancelling, with the spec's refund tiers and a credit note.
 *
 * The tier is computed from the clock against the start (real elapsed time), the booking is
 * marked cancelled with its refund in one transaction, the refund is made through the provider
 * with a key derived from the booking (idempotent, skipped for 0), and the credit note is issued
 * from its own gapless yearly counter. A retry after a crash finishes the pending refund. The
 * credit note's document (for its PDF) is read here too.
 */
import { eq, sql } from 'drizzle-orm';
import type { InvoiceDocument } from '../../contract/commerce.ts';
import { VAT_PERCENT } from '../../contract/commerce-rules.ts';
import {
  creditNoteNumber,
  refundDeadlines,
  refundParts,
  refundPercent,
} from '../../contract/consultation-rules.ts';
import type { CancellationQuote, Cancellation as CancellationReply } from '../../contract/consultations.ts';
import type { Locale } from '../../contract/locale.ts';
import type { Tx } from '../db/index.ts';
import { bookings, creditNoteCounters, creditNotes, invoices } from '../db/schema.ts';
import { ApiError } from '../lib/errors.ts';
import { documentHolder, memberNumberOf } from './commerce-invoices.ts';
import type { Room } from './consultations-room.ts';
import {
  type BookingRow,
  type ConsultationsDeps,
  liveStatus,
  type Member,
  own,
} from './consultations-store.ts';
import type { Views } from './consultations-views.ts';
import { discreetConsultationLine } from './document-lines.ts';

const cancelRefundKey = (bookingId: string) => `consult-cancel:${bookingId}`;

/**
 * The next credit note's year and sequence (CN-<year>-<sequence>), from the one counter that
 * consultations' credit notes and refunded course orders (issue 26) share, in the caller's transaction.
 */
export async function nextCreditNoteSequence(tx: Tx, now: Date): Promise<{ year: number; sequence: number }> {
  const year = now.getUTCFullYear();
  await tx.insert(creditNoteCounters).values({ year, last: 0 }).onConflictDoNothing();
  const [{ last: sequence }] = await tx
    .update(creditNoteCounters)
    .set({ last: sql`${creditNoteCounters.last} + 1` })
    .where(eq(creditNoteCounters.year, year))
    .returning({ last: creditNoteCounters.last });
  return { year, sequence };
}

async function creditNoteFor(tx: Tx, b: BookingRow, alias: string, refundId: string, now: Date) {
  const [existing] = await tx.select().from(creditNotes).where(eq(creditNotes.bookingId, b.id));
  if (existing) return existing;
  const { year, sequence } = await nextCreditNoteSequence(tx, now);
  const parts = refundParts(
    { fee: b.fee, merchantCharges: b.merchantCharges, vat: b.vat, total: b.amountPaid },
    b.refundPercent ?? 0,
  );
  const [note] = await tx
    .insert(creditNotes)
    .values({
      number: creditNoteNumber(year, sequence),
      year,
      sequence,
      bookingId: b.id,
      invoiceId: b.invoiceId!,
      userId: b.userId,
      alias,
      memberNumber: memberNumberOf(b.userId!),
      refundPercent: b.refundPercent ?? 0,
      fee: parts.fee,
      merchantCharges: parts.merchantCharges,
      vat: parts.vat,
      total: parts.fee + parts.merchantCharges + parts.vat,
      refundId,
      issuedAt: now,
    })
    .returning();
  return note;
}

function quoteOf(b: BookingRow, now: Date): CancellationQuote {
  const status = liveStatus(b, now);
  const cancellable = (status === 'confirmed' || status === 'held') && now.getTime() < b.startsAt.getTime();
  const percent = status === 'confirmed' && cancellable ? refundPercent(b.startsAt, now) : 0;
  const parts = refundParts(
    { fee: b.fee, merchantCharges: b.merchantCharges, vat: b.vat, total: b.amountPaid },
    percent,
  );
  const { fullUntil, halfUntil } = refundDeadlines(b.startsAt);
  return {
    bookingId: b.id,
    cancellable,
    refundPercent: percent,
    refundAmount: b.amountPaid > 0 ? parts.total : 0,
    amountPaid: b.amountPaid,
    startsAt: b.startsAt.toISOString(),
    fullRefundUntil: fullUntil.toISOString(),
    halfRefundUntil: halfUntil.toISOString(),
  };
}

export function createCancel(
  { database, clock, provider }: ConsultationsDeps,
  { views, room }: { views: Views; room: Room },
) {
  const { db } = database;

  /** Makes the pending refund of a cancelled booking and issues its credit note (idempotent). */
  async function settleRefund(member: Member, b: BookingRow): Promise<void> {
    if (b.status !== 'cancelled' || !b.refundAmount || b.refundAmount <= 0 || !b.chargeId) return;
    const [existing] = await db
      .select({ id: creditNotes.id })
      .from(creditNotes)
      .where(eq(creditNotes.bookingId, b.id));
    if (existing) return;
    const refund = await provider.refund({
      idempotencyKey: cancelRefundKey(b.id),
      chargeId: b.chargeId,
      amount: b.refundAmount,
    });
    if (refund.status !== 'succeeded') throw new Error(`refund failed: ${refund.reason}`);
    await database.transaction(async (tx) => {
      const [row] = await tx.select().from(bookings).where(eq(bookings.id, b.id)).for('update');
      await tx
        .update(bookings)
        .set({ refundId: refund.refundId, updatedAt: clock.now() })
        .where(eq(bookings.id, b.id));
      await creditNoteFor(tx, row, member.alias, refund.refundId, clock.now());
    });
  }

  return {
    async cancellation(memberId: string, bookingId: string): Promise<CancellationQuote> {
      return quoteOf(await own(db, memberId, bookingId), clock.now());
    },

    async cancel(member: Member, bookingId: string, locale: Locale): Promise<CancellationReply> {
      await own(db, member.id, bookingId);
      const result = await database.transaction(async (tx) => {
        const b = await own(tx, member.id, bookingId, true);
        const now = clock.now();
        if (b.status === 'cancelled') return { b, fresh: false };
        const q = quoteOf(b, now);
        if (!q.cancellable) throw new ApiError('BOOKING_NOT_CANCELLABLE');
        const [updated] = await tx
          .update(bookings)
          .set({
            status: 'cancelled',
            holdExpiresAt: null,
            cancelledAt: now,
            refundPercent: q.refundPercent,
            refundAmount: q.refundAmount,
            // a hold cancelled before paying keeps nothing of her
            details: b.status === 'held' ? null : b.details,
            updatedAt: now,
          })
          .where(eq(bookings.id, b.id))
          .returning();
        return { b: updated, fresh: b.status === 'confirmed' };
      });
      await settleRefund(member, result.b);
      if (result.fresh) room.notifyExpert(result.b, member.alias, 'CANCEL');
      const [b] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
      const booking = await views.viewOne(b, locale);
      return {
        booking,
        refund: { percent: b.refundPercent ?? 0, amount: b.refundAmount ?? 0 },
        creditNote: booking.cancellation?.creditNote ?? null,
      };
    },

    /** A credit note's document for the PDF (403 unless hers, 404 CREDIT_NOTE_NOT_FOUND). */
    async creditNoteDocument(
      memberId: string,
      creditNoteId: string,
      language: Locale,
    ): Promise<InvoiceDocument> {
      const [note] = await db.select().from(creditNotes).where(eq(creditNotes.id, creditNoteId));
      if (!note) throw new ApiError('CREDIT_NOTE_NOT_FOUND');
      if (note.userId !== memberId) throw new ApiError('FORBIDDEN');
      const [[b], [invoice], { discreet }] = await Promise.all([
        db.select().from(bookings).where(eq(bookings.id, note.bookingId)),
        db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, note.invoiceId)),
        documentHolder(db, memberId),
      ]);
      return {
        kind: 'creditNote',
        refersTo: invoice?.number ?? '',
        refundPercent: note.refundPercent,
        language,
        discreet,
        number: note.number,
        issuedAt: note.issuedAt,
        billedTo: { alias: note.alias, memberId: String(note.memberNumber) },
        lines: [
          {
            // discreet (issue 25): "Online consultation S-…" instead of the offer and the expert
            description: discreet
              ? discreetConsultationLine(language, b.expertId, b.offerId)
              : b.titles[language],
            amount: note.fee,
          },
        ],
        subtotal: note.fee + note.merchantCharges,
        discount: 0,
        couponCode: null,
        vatPercent: VAT_PERCENT,
        vat: note.vat,
        total: note.total,
        amountPaid: note.total,
        currency: 'USD',
        paidWith: b.paidBrand && b.paidLast4 ? { brand: b.paidBrand, last4: b.paidLast4 } : null,
        consultationFee: note.fee,
        merchantCharges: note.merchantCharges,
      };
    },
  };
}
