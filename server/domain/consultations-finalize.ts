/**
 * The end of a paid (or free) confirmation, in one transaction: it locks her, the expert, the
 * request and the booking, re-checks the slot (her hold may have run out while she paid: she keeps
 * the slot if nobody has taken it meanwhile) and the free-call limits, writes the order and the
 * invoice (fee, merchant charges, VAT 5 %), confirms the booking and stores the reply as the key's
 * answer. A crash leaves a whole confirmation or none. What cannot be confirmed is `refused` with
 * its code (the caller refunds the charge and answers the error).
 */
import { and, eq } from 'drizzle-orm';
import { conflicts } from '../../contract/consultation-rules.ts';
import type { ConsultationPaid } from '../../contract/consultations.ts';
import type { ServerErrorCode as ErrorCode } from '../../contract/errors.ts';
import type { Locale } from '../../contract/locale.ts';
import { bookings, consultationRequests, invoices, orders } from '../db/schema.ts';
import { issueInvoice } from './commerce-invoices.ts';
import type { Plan } from './commerce-pricing.ts';
import { freeCallProblem } from './consultations-fairness.ts';
import type { Requests } from './consultations-requests.ts';
import {
  type BookingRow,
  busy,
  type ConsultationsDeps,
  expertInfo,
  liveStatus,
  lockExpert,
  type Member,
  own,
  type RequestRow,
} from './consultations-store.ts';
import type { Views } from './consultations-views.ts';
import { lockMember } from './member-lock.ts';

export type Finalized =
  | { kind: 'answered'; row: RequestRow }
  | { kind: 'confirmed'; body: ConsultationPaid; booking: BookingRow }
  | { kind: 'refused'; code: ErrorCode };

export function createFinalize(
  { database, clock }: ConsultationsDeps,
  { views, requests }: { views: Views; requests: Requests },
) {
  return function finalize(
    member: Member,
    key: string,
    bookingId: string,
    payment: { chargeId: string; brand: string; last4: string } | null,
    locale: Locale,
  ): Promise<Finalized> {
    return database.transaction(async (tx): Promise<Finalized> => {
      const [peek] = await tx
        .select({ expertId: bookings.expertId })
        .from(bookings)
        .where(eq(bookings.id, bookingId));
      await lockMember(tx, member.id);
      await lockExpert(tx, peek.expertId);
      const req = await requests.lockRequest(tx, member.id, key);
      if (req.state === 'done') return { kind: 'answered', row: req };
      const b = await own(tx, member.id, bookingId, true);
      const now = clock.now();
      if (b.status === 'confirmed' || b.status === 'cancelled')
        return { kind: 'refused', code: 'BOOKING_NOT_PAYABLE' };
      if (b.startsAt.getTime() <= now.getTime()) return { kind: 'refused', code: 'HOLD_EXPIRED' };
      if (liveStatus(b, now) === 'expired') {
        // her hold ran out while she paid: she keeps the slot if nobody has taken it meanwhile
        const taken = await busy(tx, b.expertId, b.startsAt, b.endsAt, now, b.id);
        const buffer = (await expertInfo(tx, b.expertId))?.availability?.bufferMinutes ?? 0;
        if (conflicts(b.startsAt, b.endsAt, taken, buffer)) return { kind: 'refused', code: 'HOLD_EXPIRED' };
      }
      const problem = await freeCallProblem(
        tx,
        {
          memberId: member.id,
          expertId: b.expertId,
          offerKind: b.offerKind,
          total: b.total,
          bookingId: b.id,
        },
        now,
      );
      if (problem) return { kind: 'refused', code: problem };
      let invoice: { id: string; number: string } | null = null;
      let orderId: string | null = null;
      if (b.total > 0 && payment) {
        const subtotal = b.fee + b.merchantCharges;
        const [order] = await tx
          .insert(orders)
          .values({
            userId: member.id,
            idempotencyKey: `consultation:${b.id}`,
            subtotal,
            discount: 0,
            vat: b.vat,
            total: b.total,
            currency: 'USD',
            couponCode: null,
            chargeId: payment.chargeId,
            paidBrand: payment.brand,
            paidLast4: payment.last4,
            createdAt: now,
          })
          .returning({ id: orders.id });
        orderId = order.id;
        const plan: Plan = {
          lines: [],
          coupon: null,
          totals: { subtotal, discount: 0, vat: b.vat, total: b.total },
        };
        invoice = await issueInvoice(tx, {
          orderId: order.id,
          userId: member.id,
          alias: member.alias,
          plan,
          amountPaid: b.total,
          now,
        });
        await tx
          .update(invoices)
          .set({ consultationFee: b.fee, merchantCharges: b.merchantCharges })
          .where(eq(invoices.id, invoice.id));
      }
      const [confirmed] = await tx
        .update(bookings)
        .set({
          status: 'confirmed',
          holdExpiresAt: null,
          orderId,
          invoiceId: invoice?.id ?? null,
          chargeId: payment?.chargeId ?? null,
          paidBrand: payment?.brand ?? null,
          paidLast4: payment?.last4 ?? null,
          amountPaid: payment ? b.total : 0,
          confirmedAt: now,
          updatedAt: now,
        })
        .where(eq(bookings.id, b.id))
        .returning();
      const bookingView = (await views.viewIn(tx, confirmed, locale))!;
      const body: ConsultationPaid = { status: 'confirmed', booking: bookingView, invoice };
      await tx
        .update(consultationRequests)
        .set({ state: 'done', responseStatus: 201, responseBody: body, updatedAt: now })
        .where(and(eq(consultationRequests.userId, member.id), eq(consultationRequests.idempotencyKey, key)));
      return { kind: 'confirmed', body, booking: confirmed };
    });
  };
}
