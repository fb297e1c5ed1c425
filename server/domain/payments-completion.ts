/**
 * A paid charge is never left without an order or a refund (issue 20).
 *
 * A purchase answered 202 (her bank's challenge), approved, and never asked again (the tab closed)
 * used to leave a succeeded charge with no order, no invoice and no enrolment. Two ways now lead
 * every charge to its end, both idempotent, so they may run in every worker at once and beside her
 * own retry (the claimed request is locked while it is finished; the provider returns the same
 * charge for the same key; refunds carry their own keys):
 *
 * 1. The provider's completion event (`onSucceeded`, a real provider's webhook): the charge's key
 *    names the member and her request (`enroll:<member>:<key>`, `consult:<member>:<key>`), which
 *    is continued as her own retry would be.
 * 2. `reconcile()`, at start and every few minutes (main.ts): her requests still `started` and
 *    untouched for RECONCILE_AFTER_MS are continued (a charge that succeeded is finished, one still
 *    at her bank after ABANDON_AFTER_MS is answered PAYMENT_FAILED for good); then every succeeded
 *    charge of the last RECONCILE_DAYS older than RECONCILE_AFTER_MS that has no order is refunded
 *    in full (what is left of it), with a key of its own.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { consultationRequests, orders, purchaseRequests, users } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { describeError, type Logger } from '../lib/log.ts';
import type { ChargeRecord, PaymentProvider } from '../payments/provider.ts';
import { CHARGE_KEY_PREFIX as PURCHASE_PREFIX, type Purchases } from './commerce-purchase.ts';
import { CONSULT_CHARGE_KEY_PREFIX as CONSULT_PREFIX } from './consultations.ts';

export const RECONCILE_AFTER_MS = 5 * 60_000;
export const ABANDON_AFTER_MS = 30 * 60_000;
export const RECONCILE_DAYS = 7;
const DAY = 86_400_000;

/** What continues a request without her: commerce-purchase.ts and consultations.ts. */
interface Continuation {
  resume(
    member: { id: string; alias: string },
    key: string,
    paymentMethodId: string,
  ): Promise<'done' | 'pending'>;
  abandon(memberId: string, key: string): Promise<void>;
}

export interface CompletionDeps {
  database: Database;
  clock: Clock;
  provider: PaymentProvider;
  purchases: Pick<Purchases, 'resume' | 'abandon'>;
  consultations: Continuation;
  log: Logger;
}

export interface ReconcileReport {
  continued: number;
  abandoned: number;
  refunded: number;
}

/** `enroll:<member>:<key>` → which flow, whose, which key; null for a key of no request. */
function requestOf(
  chargeKey: string,
): { flow: 'purchase' | 'consultation'; memberId: string; key: string } | null {
  const flow = chargeKey.startsWith(PURCHASE_PREFIX)
    ? 'purchase'
    : chargeKey.startsWith(CONSULT_PREFIX)
      ? 'consultation'
      : null;
  if (!flow) return null;
  const rest = chargeKey.slice((flow === 'purchase' ? PURCHASE_PREFIX : CONSULT_PREFIX).length);
  const at = rest.indexOf(':');
  return at > 0 ? { flow, memberId: rest.slice(0, at), key: rest.slice(at + 1) } : null;
}

export const orphanRefundKey = (chargeId: string) => `orphan-refund:${chargeId}`;

export function createPaymentCompletion(deps: CompletionDeps) {
  const { database, clock, provider, purchases, consultations, log } = deps;
  const { db } = database;
  const flows = { purchase: purchases, consultation: consultations };

  async function memberOf(id: string) {
    const [m] = await db.select({ id: users.id, alias: users.alias }).from(users).where(eq(users.id, id));
    return m ?? null;
  }

  /** Continues the request a charge was made for; 'pending' while her bank still decides. */
  async function continueCharge(charge: ChargeRecord): Promise<'done' | 'pending'> {
    const req = requestOf(charge.idempotencyKey);
    const member = req ? await memberOf(req.memberId) : null;
    if (!req || !member) return 'done';
    return flows[req.flow].resume(member, req.key, charge.paymentMethodId);
  }

  /** Refunds what is left of a succeeded charge that no order took; true when money went back. */
  async function refundIfOrphan(charge: ChargeRecord): Promise<boolean> {
    if (charge.refunded >= charge.amount) return false;
    const [order] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.chargeId, charge.chargeId));
    if (order) return false;
    const fresh = (await provider.chargeByKey(charge.idempotencyKey)) ?? charge;
    if (fresh.refunded >= fresh.amount) return false;
    const refund = await provider.refund({
      idempotencyKey: orphanRefundKey(charge.chargeId),
      chargeId: charge.chargeId,
      amount: fresh.amount - fresh.refunded,
    });
    if (refund.status !== 'succeeded') throw new Error(`orphan refund failed: ${refund.reason}`);
    log.info('orphan charge refunded', { charge: charge.chargeId, amount: refund.amount });
    return true;
  }

  /** The provider's completion event: finish her request now. */
  async function completed(charge: ChargeRecord): Promise<void> {
    try {
      await continueCharge(charge);
    } catch (e) {
      // the reconciliation pass tries again; never the member's data in the log
      log.error('payment completion failed', { charge: charge.chargeId, error: describeError(e) });
    }
  }

  /** Requests of one flow still `started` and untouched for RECONCILE_AFTER_MS: continued or given up. */
  async function continueStale(flow: 'purchase' | 'consultation', report: ReconcileReport) {
    const table = flow === 'purchase' ? purchaseRequests : consultationRequests;
    const prefix = flow === 'purchase' ? PURCHASE_PREFIX : CONSULT_PREFIX;
    const now = clock.now().getTime();
    const stale = await db
      .select({ userId: table.userId, key: table.idempotencyKey, updatedAt: table.updatedAt })
      .from(table)
      .where(eq(table.state, 'started'))
      .limit(500);
    for (const r of stale) {
      const age = now - r.updatedAt.getTime();
      if (age < RECONCILE_AFTER_MS) continue;
      const charge = await provider.chargeByKey(`${prefix}${r.userId}:${r.key}`);
      const state = charge ? await continueCharge(charge) : 'pending';
      if (state === 'done') report.continued++;
      else if (age >= ABANDON_AFTER_MS) {
        // never charged, or still at her bank after half an hour: answered for good; a later
        // approval reaches refundIfOrphan through the completion event or the next pass
        await flows[flow].abandon(r.userId, r.key);
        report.abandoned++;
      }
    }
  }

  /** One pass (see the file comment); safe to run in every worker at once. */
  async function reconcile(): Promise<ReconcileReport> {
    const report: ReconcileReport = { continued: 0, abandoned: 0, refunded: 0 };
    await continueStale('purchase', report);
    await continueStale('consultation', report);
    const now = clock.now().getTime();
    const charges = await provider.succeededCharges({
      from: new Date(now - RECONCILE_DAYS * DAY),
      to: new Date(now - RECONCILE_AFTER_MS),
    });
    const open = charges.filter((c) => c.refunded < c.amount);
    if (open.length === 0) return report;
    const ordered = new Set(
      (
        await db
          .select({ chargeId: orders.chargeId })
          .from(orders)
          .where(
            inArray(
              orders.chargeId,
              open.map((c) => c.chargeId),
            ),
          )
      ).map((o) => o.chargeId),
    );
    for (const charge of open.filter((c) => !ordered.has(c.chargeId))) {
      // her request first: it may still make the order (or refund through its own key)
      if ((await continueCharge(charge)) === 'pending') continue;
      if (await refundIfOrphan(charge)) report.refunded++;
    }
    return report;
  }

  provider.onSucceeded(completed);
  return { completed, reconcile };
}
export type PaymentCompletion = ReturnType<typeof createPaymentCompletion>;
