/**
 * Tax invoices: issued inside the purchase's transaction with the next number of one gapless
 * sequence per calendar year (UTC); her list (newest first); the document the PDF is drawn from.
 *
 * Gapless under concurrency: the counter row is created if missing (`on conflict do nothing`) and
 * incremented with `update … set last = last + 1 returning last` in the purchase's transaction. The
 * row stays locked until that transaction ends, so the next purchase waits for it, and a purchase
 * that rolls back gives its number back with everything else (on PGlite transactions are
 * serialised anyway).
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { InvoiceDocument, InvoicesPage } from '../../contract/commerce.ts';
import { invoiceNumber, VAT_PERCENT } from '../../contract/commerce-rules.ts';
import type { Db, Tx } from '../db/index.ts';
import { bookings, creditNotes, invoiceCounters, invoices, orderLines, orders, users } from '../db/schema.ts';
import { ApiError } from '../lib/errors.ts';
import type { Locale } from '../lib/i18n.ts';
import type { Plan } from './commerce-pricing.ts';
import { discreetConsultationLine, discreetCourseLine } from './document-lines.ts';

/** Her member number, read inside the statement that copies it onto an invoice or credit note. */
export const memberNumberOf = (userId: string) =>
  sql<number>`(select ${users.memberNumber} from ${users} where ${users.id} = ${userId})`;

/** Whether her documents are discreet (issue 25; on by default) and her member number. */
export async function documentHolder(
  db: Db | Tx,
  userId: string,
): Promise<{ discreet: boolean; memberNumber: number }> {
  const [row] = await db
    .select({ discreet: users.discreetDocuments, memberNumber: users.memberNumber })
    .from(users)
    .where(eq(users.id, userId));
  return { discreet: row?.discreet ?? true, memberNumber: row?.memberNumber ?? 0 };
}

export interface IssuedInvoice {
  id: string;
  number: string;
}

/** Issues the order's invoice (inside the purchase's transaction). */
export async function issueInvoice(
  tx: Tx,
  input: { orderId: string; userId: string; alias: string; plan: Plan; amountPaid: number; now: Date },
): Promise<IssuedInvoice> {
  const year = input.now.getUTCFullYear();
  await tx.insert(invoiceCounters).values({ year, last: 0 }).onConflictDoNothing();
  const [{ last: sequence }] = await tx
    .update(invoiceCounters)
    .set({ last: sql`${invoiceCounters.last} + 1` })
    .where(eq(invoiceCounters.year, year))
    .returning({ last: invoiceCounters.last });
  const { totals, coupon } = input.plan;
  const [row] = await tx
    .insert(invoices)
    .values({
      number: invoiceNumber(year, sequence),
      year,
      sequence,
      orderId: input.orderId,
      userId: input.userId,
      alias: input.alias,
      memberNumber: memberNumberOf(input.userId),
      subtotal: totals.subtotal,
      discount: totals.discount,
      couponCode: coupon?.code ?? null,
      vat: totals.vat,
      total: totals.total,
      amountPaid: input.amountPaid,
      currency: 'USD',
      issuedAt: input.now,
    })
    .returning({ id: invoices.id, number: invoices.number });
  return row;
}

/** Invoice lines of consultation invoices (for the billing list and the PDF), by invoice id. */
export async function consultationInvoiceLines(
  db: Db | Tx,
  invoiceIds: string[],
): Promise<Map<string, ConsultationLine>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db
    .select({
      bookingId: bookings.id,
      invoiceId: bookings.invoiceId,
      titles: bookings.titles,
      fee: bookings.fee,
      expertId: bookings.expertId,
      offerId: bookings.offerId,
    })
    .from(bookings)
    .where(inArray(bookings.invoiceId, invoiceIds));
  return new Map(rows.map(({ invoiceId, ...line }) => [invoiceId!, line]));
}

export interface ConsultationLine {
  bookingId: string;
  titles: { en: string; ar: string };
  fee: number;
  expertId: string;
  offerId: string;
}

export function createInvoices({ db }: { db: Db }) {
  /** Her invoice, or 404 INVOICE_NOT_FOUND / 403 FORBIDDEN (another member's). */
  async function own(memberId: string, invoiceId: string) {
    const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
    if (!invoice) throw new ApiError('INVOICE_NOT_FOUND');
    if (invoice.userId !== memberId) throw new ApiError('FORBIDDEN');
    return invoice;
  }

  const linesOf = (orderIds: string[]) =>
    orderIds.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(orderLines)
          .where(inArray(orderLines.orderId, orderIds))
          .orderBy(orderLines.orderId, orderLines.position);

  return {
    async list(memberId: string, page: number, limit: number, locale: Locale): Promise<InvoicesPage> {
      const [{ n: total }] = await db
        .select({ n: count() })
        .from(invoices)
        .where(eq(invoices.userId, memberId));
      const rows = await db
        .select()
        .from(invoices)
        .where(eq(invoices.userId, memberId))
        .orderBy(desc(invoices.issuedAt), desc(invoices.year), desc(invoices.sequence))
        .limit(limit)
        .offset((page - 1) * limit);
      const lines = await linesOf(rows.map((r) => r.orderId));
      // a refund (a cancelled consultation) marks its invoice with the credit note
      const credits =
        rows.length === 0
          ? []
          : await db
              .select({
                id: creditNotes.id,
                number: creditNotes.number,
                refundPercent: creditNotes.refundPercent,
                invoiceId: creditNotes.invoiceId,
              })
              .from(creditNotes)
              .where(
                and(
                  eq(creditNotes.userId, memberId),
                  inArray(
                    creditNotes.invoiceId,
                    rows.map((r) => r.id),
                  ),
                ),
              );
      // a consultation's invoice has no course lines: its item is the booking (issue 10)
      const consultations = await consultationInvoiceLines(
        db,
        rows.filter((r) => r.consultationFee !== null).map((r) => r.id),
      );
      return {
        page,
        limit,
        total,
        totalPages: Math.ceil(total / limit),
        items: rows.map((r) => ({
          id: r.id,
          number: r.number,
          issuedAt: r.issuedAt.toISOString(),
          items: consultations.has(r.id)
            ? [{ id: consultations.get(r.id)!.bookingId, title: consultations.get(r.id)!.titles[locale] }]
            : lines
                .filter((l) => l.orderId === r.orderId)
                .map((l) => ({ id: l.courseId, title: l.titles[locale] })),
          total: r.total,
          currency: 'USD' as const,
          creditNote:
            credits
              .filter((c) => c.invoiceId === r.id)
              .map(({ id, number, refundPercent }) => ({ id, number, refundPercent }))[0] ?? null,
        })),
      };
    },

    /** Everything the PDF shows, in one language (spec §3). */
    async document(memberId: string, invoiceId: string, language: Locale): Promise<InvoiceDocument> {
      const invoice = await own(memberId, invoiceId);
      const [[order], lines, holder] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(and(eq(orders.id, invoice.orderId), eq(orders.userId, memberId))),
        linesOf([invoice.orderId]),
        documentHolder(db, memberId),
      ]);
      // discreet (her setting, on by default): "Online course C-…" instead of the course's title
      const { discreet } = holder;
      const doc: InvoiceDocument = {
        language,
        discreet,
        number: invoice.number,
        issuedAt: invoice.issuedAt,
        billedTo: { alias: invoice.alias, memberId: String(invoice.memberNumber) },
        lines: lines.map((l) => ({
          description: discreet ? discreetCourseLine(language, l.courseId) : l.titles[language],
          amount: l.amount,
        })),
        subtotal: invoice.subtotal,
        discount: invoice.discount,
        couponCode: invoice.couponCode,
        vatPercent: VAT_PERCENT,
        vat: invoice.vat,
        total: invoice.total,
        amountPaid: invoice.amountPaid,
        currency: 'USD',
        paidWith:
          order?.paidBrand && order.paidLast4 ? { brand: order.paidBrand, last4: order.paidLast4 } : null,
      };
      if (invoice.consultationFee !== null) doc.consultationFee = invoice.consultationFee;
      if (invoice.merchantCharges !== null) doc.merchantCharges = invoice.merchantCharges;
      const consultation = (await consultationInvoiceLines(db, [invoice.id])).get(invoice.id);
      if (consultation) {
        doc.kind = 'consultation';
        doc.lines = [
          {
            description: discreet
              ? discreetConsultationLine(language, consultation.expertId, consultation.offerId)
              : consultation.titles[language],
            amount: consultation.fee,
          },
        ];
      }
      return doc;
    },
  };
}
export type Invoices = ReturnType<typeof createInvoices>;
