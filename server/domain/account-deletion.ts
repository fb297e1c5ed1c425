/**
 * Deleting her account (issue 25, item 7), after her current PIN (counted as a sign-in attempt) and
 * the typed confirmation (checked by the route):
 *
 * 1. A payment of hers still under way (a purchase or a booking waiting for her bank) → 409
 *    PAYMENT_IN_PROGRESS: nothing is deleted while a charge could still land.
 * 2. Her upcoming confirmed consultations are cancelled as she would cancel them herself
 *    (consultations-cancel.ts): the refund their tier gives, a credit note, the expert told; a
 *    cancelled one whose refund is still pending is finished the same way.
 * 3. Then one transaction, her row locked: her invoices and credit notes stay (tax records,
 *    DOCUMENTS_KEPT_YEARS) with her alias replaced by FORMER_MEMBER and only her member number, and
 *    what they stand on stays without her (orders and their lines, coupon redemptions, the invoiced
 *    bookings without their sealed details): their user_id goes to null. Every other booking of
 *    hers is deleted; her alias key is reserved for ALIAS_RESERVED_DAYS from the clock; her `users`
 *    row goes, and with it (ON DELETE CASCADE) her answers, recovery code, sessions, reset tokens,
 *    enrolments with progress and quiz attempts, reviews, purchase and confirm requests, saved cards,
 *    the sandbox provider's charges and the receipts of her offline requests (offline_receipts).
 * 4. Every process forgets her sessions at once (session cache), and the catalogue's review counts
 *    are read again, so the averages no longer count her reviews.
 */
import { and, eq, gt, isNotNull, isNull, or } from 'drizzle-orm';
import { ALIAS_RESERVED_DAYS } from '../../contract/account-settings.ts';
import type { Locale } from '../../contract/locale.ts';
import type { Database } from '../db/index.ts';
import {
  bookings,
  consultationRequests,
  creditNotes,
  invoices,
  purchaseRequests,
  retiredAliases,
  users,
} from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import type { Accounts } from './accounts.ts';
import { sqlTime } from './accounts-members.ts';
import type { Consultations } from './consultations.ts';
import type { createCatalogue } from './learning-catalogue.ts';
import { IN_FLIGHT_MS, lockMember } from './member-lock.ts';

/** What a kept invoice or credit note says instead of her alias. */
export const FORMER_MEMBER = 'Former member';
const DAY_MS = 86_400_000;
/** A booking confirmed between her cancellations and the transaction: cancel again, this often. */
const ATTEMPTS = 3;

export interface DeletionDeps {
  database: Database;
  clock: Clock;
  accounts: Accounts;
  consultations: Consultations;
  catalogue: ReturnType<typeof createCatalogue>;
}

export function createAccountDeletion({ database, clock, accounts, consultations, catalogue }: DeletionDeps) {
  const { db } = database;

  /** A purchase or confirm request of hers still under way (a charge could still land). */
  async function paymentUnderWay(memberId: string): Promise<boolean> {
    const since = new Date(clock.now().getTime() - IN_FLIGHT_MS);
    const [purchase] = await db
      .select({ key: purchaseRequests.idempotencyKey })
      .from(purchaseRequests)
      .where(
        and(
          eq(purchaseRequests.userId, memberId),
          eq(purchaseRequests.state, 'started'),
          gt(purchaseRequests.updatedAt, since),
        ),
      )
      .limit(1);
    const [booking] = await db
      .select({ key: consultationRequests.idempotencyKey })
      .from(consultationRequests)
      .where(
        and(
          eq(consultationRequests.userId, memberId),
          eq(consultationRequests.state, 'started'),
          gt(consultationRequests.updatedAt, since),
        ),
      )
      .limit(1);
    return !!(purchase || booking);
  }

  /** Her confirmed bookings not yet started, and cancelled ones whose refund is still to be made. */
  const toCancel = (memberId: string) =>
    db
      .select({ id: bookings.id, status: bookings.status })
      .from(bookings)
      .where(
        and(
          eq(bookings.userId, memberId),
          or(
            and(eq(bookings.status, 'confirmed'), gt(bookings.startsAt, sqlTime(clock.now()))),
            and(eq(bookings.status, 'cancelled'), gt(bookings.refundAmount, 0), isNull(bookings.refundId)),
          ),
        ),
      );

  async function cancelUpcoming(member: { id: string; alias: string }, locale: Locale): Promise<number> {
    let cancelled = 0;
    for (const b of await toCancel(member.id)) {
      await consultations.cancel(member, b.id, locale);
      if (b.status === 'confirmed') cancelled++;
    }
    return cancelled;
  }

  /** The transaction; false when a consultation was confirmed meanwhile (cancel it, then again). */
  async function erase(memberId: string, aliasKey: string): Promise<boolean> {
    return database.transaction(async (tx) => {
      await lockMember(tx, memberId);
      const now = clock.now();
      const [upcoming] = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            eq(bookings.userId, memberId),
            eq(bookings.status, 'confirmed'),
            gt(bookings.startsAt, sqlTime(now)),
          ),
        )
        .limit(1);
      if (upcoming) return false;
      // the documents the law keeps: her alias replaced, her member number kept
      await tx
        .update(invoices)
        .set({ alias: FORMER_MEMBER, userId: null })
        .where(eq(invoices.userId, memberId));
      await tx
        .update(creditNotes)
        .set({ alias: FORMER_MEMBER, userId: null })
        .where(eq(creditNotes.userId, memberId));
      // an invoiced booking stays for its invoice's line and its credit note, without her details
      await tx
        .update(bookings)
        .set({ userId: null, details: null, detailsKeyId: null, holdExpiresAt: null, updatedAt: now })
        .where(and(eq(bookings.userId, memberId), isNotNull(bookings.invoiceId)));
      await tx.delete(bookings).where(eq(bookings.userId, memberId));
      const reservedUntil = new Date(now.getTime() + ALIAS_RESERVED_DAYS * DAY_MS);
      await tx
        .insert(retiredAliases)
        .values({ aliasKey, reservedUntil })
        .onConflictDoUpdate({ target: retiredAliases.aliasKey, set: { reservedUntil } });
      // orders and coupon redemptions keep their rows (ON DELETE SET NULL); everything else of hers cascades
      await tx.delete(users).where(eq(users.id, memberId));
      return true;
    });
  }

  return {
    /**
     * Deletes her account once `currentPin` is hers (CURRENT_PIN_WRONG, then TOO_MANY_ATTEMPTS).
     * `member` is the signed-in caller; `locale` words the cancellations' answers.
     */
    async deleteAccount(
      member: { id: string; alias: string },
      currentPin: string,
      locale: Locale,
    ): Promise<{ cancelledConsultations: number }> {
      return accounts.withCurrentPin(member.id, currentPin, async (u) => {
        if (await paymentUnderWay(u.id)) throw new ApiError('PAYMENT_IN_PROGRESS');
        let cancelledConsultations = 0;
        for (let attempt = 1; ; attempt++) {
          cancelledConsultations += await cancelUpcoming({ id: u.id, alias: u.alias }, locale);
          if (await erase(u.id, u.aliasKey)) break;
          if (attempt >= ATTEMPTS) throw new ApiError('PAYMENT_IN_PROGRESS');
        }
        await accounts.forgetSessions(u.id);
        catalogue.invalidate();
        return { cancelledConsultations };
      });
    },
  };
}
export type AccountDeletion = ReturnType<typeof createAccountDeletion>;
