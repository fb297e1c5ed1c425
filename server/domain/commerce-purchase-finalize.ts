/**
 * enroll-multiple's step 5, in one transaction: the request row locked (answered meanwhile → that
 * answer); ownership checked again under her member lock; the coupon row locked and its limits
 * re-checked (used up meanwhile → refused with the code's error, and the caller refunds); then the
 * order, its lines, the redemption, the enrolments, the invoice (next number), the request `done`.
 */
import { and, eq } from 'drizzle-orm';
import type { PurchasePaid } from '../../contract/commerce.ts';
import type { ServerErrorCode as ErrorCode } from '../../contract/errors.ts';
import type { Locale } from '../../contract/locale.ts';
import type { Database } from '../db/index.ts';
import { couponRedemptions, coupons, orderLines, orders, purchaseRequests } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { limitProblem, redemptionCounts } from './commerce-coupons.ts';
import { issueInvoice } from './commerce-invoices.ts';
import type { Plan } from './commerce-pricing.ts';
import { courseIdsOf, ownsAny, type RequestRow, type Requests } from './commerce-purchase-requests.ts';
import { enrolAfterPurchase } from './learning-enrolments.ts';
import { lockMember } from './member-lock.ts';

export type Finalized =
  | { kind: 'answered'; row: RequestRow }
  | { kind: 'paid'; body: PurchasePaid }
  | { kind: 'refused'; problem: ErrorCode };

export function createFinalize(
  { database, clock }: { database: Database; clock: Clock },
  { lock }: Pick<Requests, 'lock'>,
) {
  return function finalize(
    member: { id: string; alias: string },
    key: string,
    plan: Plan,
    payment: { chargeId: string; brand: string; last4: string } | null,
    locale: Locale,
  ): Promise<Finalized> {
    return database.transaction(async (tx): Promise<Finalized> => {
      await lockMember(tx, member.id);
      const row = await lock(tx, member.id, key);
      if (row.state === 'done') return { kind: 'answered', row };
      // bought meanwhile by another of her requests (one that waited past IN_FLIGHT_MS at her bank)
      if (await ownsAny(tx, member.id, courseIdsOf(plan)))
        return { kind: 'refused', problem: 'COURSE_ALREADY_OWNED' };
      if (plan.coupon) {
        // the code's terms were agreed when the key was claimed; only its limits can have run out
        const [coupon] = await tx
          .select()
          .from(coupons)
          .where(eq(coupons.code, plan.coupon.code))
          .for('update');
        const problem = coupon
          ? limitProblem(coupon, await redemptionCounts(tx, coupon.code, member.id))
          : null;
        if (problem) return { kind: 'refused', problem };
      }
      const now = clock.now();
      const { totals } = plan;
      const [order] = await tx
        .insert(orders)
        .values({
          userId: member.id,
          idempotencyKey: key,
          subtotal: totals.subtotal,
          discount: totals.discount,
          vat: totals.vat,
          total: totals.total,
          currency: 'USD',
          couponCode: plan.coupon?.code ?? null,
          chargeId: payment?.chargeId ?? null,
          paidBrand: payment?.brand ?? null,
          paidLast4: payment?.last4 ?? null,
          createdAt: now,
        })
        .returning({ id: orders.id });
      await tx.insert(orderLines).values(
        plan.lines.map((l, i) => ({
          orderId: order.id,
          courseId: l.courseId,
          position: i + 1,
          listPrice: l.listPrice,
          amount: l.amount,
          titles: l.titles,
        })),
      );
      if (plan.coupon) {
        await tx
          .insert(couponRedemptions)
          .values({ couponCode: plan.coupon.code, userId: member.id, orderId: order.id, redeemedAt: now });
      }
      // a course she was enrolled in meanwhile (free enrolment, another order) keeps that enrolment;
      // this order still records what she paid for
      await enrolAfterPurchase(
        tx,
        member.id,
        plan.lines.map((l) => l.courseId),
        clock,
      );
      const invoice = await issueInvoice(tx, {
        orderId: order.id,
        userId: member.id,
        alias: member.alias,
        plan,
        amountPaid: payment ? totals.total : 0,
        now,
      });
      const body: PurchasePaid = {
        status: 'paid',
        order: {
          id: order.id,
          createdAt: now.toISOString(),
          courses: plan.lines.map((l) => ({ id: l.courseId, title: l.titles[locale] })),
          coupon: plan.coupon?.code ?? null,
          totals,
          paidWith: payment ? { brand: payment.brand, last4: payment.last4 } : null,
        },
        invoice,
      };
      await tx
        .update(purchaseRequests)
        .set({ state: 'done', responseStatus: 201, responseBody: body, updatedAt: now })
        .where(and(eq(purchaseRequests.userId, member.id), eq(purchaseRequests.idempotencyKey, key)));
      return { kind: 'paid', body };
    });
  };
}
