/**
 * A course order refunded by an admin in an exceptional case (issue 26, contract/staff-admin.ts):
 * found by the member's number or the invoice's; the refund of the order's charge through the
 * payment provider (key `order-refund:<order id>`: two requests reach one refund), then, with the
 * order row locked, a credit note number from the same CN-<year>-<seq> counter as consultations',
 * a row in order_refunds, the enrolments the order bought ended (her progress in those courses goes
 * with them) and the audit row. A second request finds the refund made: 409 ALREADY_REFUNDED.
 */
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { creditNoteNumber } from '../../contract/consultation-rules.ts';
import type { AdminOrder, AdminOrders } from '../../contract/staff-admin.ts';
import { REFUND_REASON_MAX } from '../../contract/staff-admin.ts';
import type { Database, Tx } from '../db/index.ts';
import { enrolments, invoices, orderLines, orderRefunds, orders, users } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import type { Locale } from '../lib/i18n.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { type StaffActor, staffText } from './admin-common.ts';
import { nextCreditNoteSequence } from './consultations-cancel.ts';
import { writeAudit } from './staff-audit.ts';

export const orderRefundKey = (orderId: string) => `order-refund:${orderId}`;
/** order_refunds.refund_id of an order that charged nothing (a 0 total): nothing went to the provider. */
export const NO_CHARGE_REFUND = 'none';
const FOUND_MAX = 100;

type Q = Pick<Tx, 'select'>;

async function views(q: Q, where: SQL, locale: Locale): Promise<AdminOrder[]> {
  const rows = await q
    .select({
      order: orders,
      invoiceNumber: invoices.number,
      invoiceMember: invoices.memberNumber,
      userMember: users.memberNumber,
      refund: orderRefunds,
    })
    .from(orders)
    .leftJoin(invoices, eq(invoices.orderId, orders.id))
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(orderRefunds, eq(orderRefunds.orderId, orders.id))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(FOUND_MAX);
  if (rows.length === 0) return [];
  const lines = await q
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((r) => r.order.id),
      ),
    )
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  return rows.map(({ order, invoiceNumber, invoiceMember, userMember, refund }) => ({
    id: order.id,
    memberNumber: invoiceMember ?? userMember ?? null,
    invoiceNumber: invoiceNumber ?? null,
    createdAt: order.createdAt.toISOString(),
    courses: lines
      .filter((l) => l.orderId === order.id)
      .map((l) => ({ id: l.courseId, title: l.titles[locale] })),
    total: order.total,
    currency: 'USD' as const,
    refund: refund
      ? {
          creditNoteNumber: refund.number,
          amount: refund.amount,
          at: refund.issuedAt.toISOString(),
          reason: refund.reason,
        }
      : null,
  }));
}

export function createAdminOrders({
  database,
  clock,
  provider,
}: {
  database: Database;
  clock: Clock;
  provider: PaymentProvider;
}) {
  const { db } = database;

  async function oneOr404(q: Q, id: string, locale: Locale): Promise<AdminOrder> {
    const [found] = await views(q, eq(orders.id, id), locale);
    if (!found) throw new ApiError('NOT_FOUND');
    return found;
  }

  return {
    /** A member's course orders (by her number) or the one of an invoice, newest first. */
    async find(by: { memberNumber?: number; invoice?: string }, locale: Locale): Promise<AdminOrders> {
      const where: SQL[] = [];
      if (by.memberNumber !== undefined)
        where.push(
          sql`(${users.memberNumber} = ${by.memberNumber} or ${invoices.memberNumber} = ${by.memberNumber})`,
        );
      if (by.invoice !== undefined) where.push(eq(invoices.number, by.invoice.toUpperCase()));
      if (where.length === 0)
        throw new ApiError('VALIDATION_ERROR', { fields: { memberNumber: 'REQUIRED' } });
      return { items: await views(db, and(...where)!, locale) };
    },

    async refund(who: StaffActor, id: string, reason: string, locale: Locale): Promise<AdminOrder> {
      const text = staffText(reason, 'reason', REFUND_REASON_MAX);
      const [order] = await db.select().from(orders).where(eq(orders.id, id));
      if (!order) throw new ApiError('NOT_FOUND');
      const [done] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, id));
      if (done) throw new ApiError('ALREADY_REFUNDED');
      // the provider first (its own transaction on our database with the sandbox); the same key
      // for every attempt: two requests, or a retry after a crash, reach the one refund
      let refundId = NO_CHARGE_REFUND;
      if (order.chargeId && order.total > 0) {
        const result = await provider.refund({
          idempotencyKey: orderRefundKey(id),
          chargeId: order.chargeId,
          amount: order.total,
        });
        if (result.status !== 'succeeded') throw new ApiError('PAYMENT_FAILED');
        refundId = result.refundId;
      }
      return database.transaction(async (tx) => {
        const [locked] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
        const [again] = await tx.select().from(orderRefunds).where(eq(orderRefunds.orderId, id));
        if (again) throw new ApiError('ALREADY_REFUNDED');
        const now = clock.now();
        const { year, sequence } = await nextCreditNoteSequence(tx, now);
        const number = creditNoteNumber(year, sequence);
        await tx.insert(orderRefunds).values({
          orderId: id,
          number,
          year,
          sequence,
          amount: locked.total,
          reason: text,
          refundId,
          staffId: who.id,
          issuedAt: now,
        });
        const lines = await tx
          .select({ courseId: orderLines.courseId })
          .from(orderLines)
          .where(eq(orderLines.orderId, id));
        let ended = 0;
        if (locked.userId && lines.length > 0) {
          ended = (
            await tx
              .delete(enrolments)
              .where(
                and(
                  eq(enrolments.userId, locked.userId),
                  eq(enrolments.source, 'purchase'),
                  inArray(
                    enrolments.courseId,
                    lines.map((l) => l.courseId),
                  ),
                ),
              )
              .returning({ courseId: enrolments.courseId })
          ).length;
        }
        // no reason text in the log: it may say something about her
        await writeAudit(tx, clock, who, {
          requestId: who.requestId,
          action: 'order.refunded',
          targetType: 'order',
          targetId: id,
          detail: { creditNote: number, amount: locked.total, enrolmentsEnded: ended },
        });
        return oneOr404(tx, id, locale);
      });
    },
  };
}
export type AdminOrdersDomain = ReturnType<typeof createAdminOrders>;
