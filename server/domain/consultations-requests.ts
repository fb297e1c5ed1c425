/**
 * A confirmation's Idempotency-Key (consultation_requests, as purchase_requests for enroll-multiple):
 * claimed under her member lock before any charge, then answered for good (`done`, with the reply
 * or the error), so a retry with the key replays the first final answer. The provider's keys are
 * derived from it: the charge `consult:<member>:<key>` (payments-completion.ts reads the prefix),
 * the refund of an unusable charge `consult-unused:<member>:<key>`.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { ConsultationChallenge, ConsultationPaid } from '../../contract/consultations.ts';
import type { ServerErrorCode as ErrorCode } from '../../contract/errors.ts';
import type { Locale } from '../../contract/locale.ts';
import type { Tx } from '../db/index.ts';
import { bookings, consultationRequests } from '../db/schema.ts';
import { ApiError, ERROR_STATUS } from '../lib/errors.ts';
import type { ConsultationsDeps, RequestRow } from './consultations-store.ts';
import type { Views } from './consultations-views.ts';
import { BUSY, claimWhenFree, IN_FLIGHT_MS } from './member-lock.ts';

/** The provider's idempotency keys of confirmations: `consult:<member>:<key>` (payments-completion.ts reads them). */
export const CONSULT_CHARGE_KEY_PREFIX = 'consult:';
export const chargeKey = (memberId: string, key: string) => `${CONSULT_CHARGE_KEY_PREFIX}${memberId}:${key}`;
export const unusedRefundKey = (memberId: string, key: string) => `consult-unused:${memberId}:${key}`;

export interface ConfirmInput {
  paymentMethodId?: string | null;
  details?: { firstName: string; lastName: string; dateOfBirth: string } | null;
}

export type ConfirmReply =
  | { status: 201; body: ConsultationPaid }
  | { status: 202; body: ConsultationChallenge };

type StoredBody = ConsultationPaid | { error: { code: ErrorCode; reason?: string } };

export function createRequests({ database, clock }: ConsultationsDeps, { views }: { views: Views }) {
  const { db } = database;

  const readRequest = async (memberId: string, key: string): Promise<RequestRow | undefined> =>
    (
      await db
        .select()
        .from(consultationRequests)
        .where(and(eq(consultationRequests.userId, memberId), eq(consultationRequests.idempotencyKey, key)))
    )[0];

  const lockRequest = async (tx: Tx, memberId: string, key: string): Promise<RequestRow> =>
    (
      await tx
        .select()
        .from(consultationRequests)
        .where(and(eq(consultationRequests.userId, memberId), eq(consultationRequests.idempotencyKey, key)))
        .for('update')
    )[0];

  async function replay(row: RequestRow, locale: Locale): Promise<ConfirmReply> {
    const body = row.responseBody as StoredBody;
    if ('error' in body)
      throw new ApiError(body.error.code, body.error.reason ? { reason: body.error.reason as never } : {});
    // the booking as it is now (she may have cancelled it since), in today's language
    const [b] = await db.select().from(bookings).where(eq(bookings.id, row.bookingId));
    return { status: 201, body: { ...body, booking: b ? await views.viewOne(b, locale) : body.booking } };
  }

  async function finishWithError(
    memberId: string,
    key: string,
    code: ErrorCode,
    reason?: string,
    locale: Locale = 'en',
  ): Promise<ConfirmReply> {
    const answered = await database.transaction(async (tx) => {
      const row = await lockRequest(tx, memberId, key);
      if (row.state === 'done') return row;
      const body: StoredBody = { error: reason ? { code, reason } : { code } };
      const status = ERROR_STATUS[code];
      await tx
        .update(consultationRequests)
        .set({ state: 'done', responseStatus: status, responseBody: body, updatedAt: clock.now() })
        .where(and(eq(consultationRequests.userId, memberId), eq(consultationRequests.idempotencyKey, key)));
      return null;
    });
    // answered meanwhile (a concurrent retry with the same key): the first final answer stands
    if (answered) return replay(answered, locale);
    throw new ApiError(code, reason ? { reason: reason as never } : {});
  }

  /**
   * Claims the key under her member lock (member-lock.ts): her own key's row if it exists; a
   * booking confirmed or cancelled meanwhile → BOOKING_NOT_PAYABLE; another key of hers for this
   * booking under way → BUSY (wait for it), so two tabs never pay twice for one booking.
   */
  function claim(memberId: string, key: string, bookingId: string, hash: string): Promise<RequestRow> {
    return claimWhenFree(database, memberId, async (tx) => {
      const mine = await lockRequest(tx, memberId, key);
      if (mine) return mine;
      const [b] = await tx
        .select({ status: bookings.status })
        .from(bookings)
        .where(eq(bookings.id, bookingId));
      if (b.status === 'confirmed' || b.status === 'cancelled') throw new ApiError('BOOKING_NOT_PAYABLE');
      const now = clock.now();
      const underWay = await tx
        .select({ key: consultationRequests.idempotencyKey })
        .from(consultationRequests)
        .where(
          and(
            eq(consultationRequests.bookingId, bookingId),
            eq(consultationRequests.state, 'started'),
            gt(consultationRequests.updatedAt, new Date(now.getTime() - IN_FLIGHT_MS)),
          ),
        );
      if (underWay.length > 0) return BUSY;
      const [claimed] = await tx
        .insert(consultationRequests)
        .values({
          userId: memberId,
          idempotencyKey: key,
          bookingId,
          requestHash: hash,
          state: 'started',
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return claimed;
    });
  }

  return { readRequest, lockRequest, replay, finishWithError, claim };
}
export type Requests = ReturnType<typeof createRequests>;
