/**
 * Confirming a held booking: paying for it (a free call is not charged) and, for a medical
 * consultation, her name and date of birth, sealed with the booking.
 *
 * Confirming pays like enroll-multiple (commerce-purchase.ts): the Idempotency-Key is claimed in
 * consultation_requests (with a keyed hash of the body) before the charge
 * (consultations-requests.ts); the provider is charged with a key derived from member + key; one
 * transaction then confirms (consultations-finalize.ts). A charge that cannot be used (the hold
 * expired and the slot went meanwhile, or the booking was confirmed by another key) is refunded
 * with its own key and the error stored as the key's answer. A retry with the key reaches the same
 * charge; the provider's completion after her bank's challenge continues it without her (`resume`).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { detailProblems } from '../../contract/booking-details.ts';
import { conflicts } from '../../contract/consultation-rules.ts';
import type { Locale } from '../../contract/locale.ts';
import { bookings } from '../db/schema.ts';
import { ApiError } from '../lib/errors.ts';
import { STATEMENT_DESCRIPTOR } from '../payments/provider.ts';
import { keyedHash, type PersonalDetails, sameRequestHash, sealDetails } from './consultations-calls.ts';
import { createFinalize } from './consultations-finalize.ts';
import {
  type ConfirmInput,
  type ConfirmReply,
  chargeKey,
  type Requests,
  unusedRefundKey,
} from './consultations-requests.ts';
import type { Room } from './consultations-room.ts';
import {
  busy,
  type ConsultationsDeps,
  expertInfo,
  liveStatus,
  type Member,
  own,
  validationError,
} from './consultations-store.ts';
import type { Views } from './consultations-views.ts';
import { consultationCode } from './document-lines.ts';
import { answered, continuedWithoutHer } from './member-lock.ts';

/**
 * The details of a medical consultation (spec §3, §9: at least 18 today), checked by the one rule
 * the app checks them with (contract/booking-details.ts); else 400 with each field's code.
 */
export function checkDetails(details: ConfirmInput['details'], today: string): PersonalDetails {
  if (!details) throw validationError({ details: 'REQUIRED' });
  const problems = Object.entries(detailProblems(details, today));
  if (problems.length > 0)
    throw validationError(Object.fromEntries(problems.map(([field, code]) => [`details.${field}`, code])));
  return {
    firstName: details.firstName.trim(),
    lastName: details.lastName.trim(),
    dateOfBirth: details.dateOfBirth.trim(),
  };
}

export function createConfirm(
  deps: ConsultationsDeps,
  { views, requests, room }: { views: Views; requests: Requests; room: Room },
) {
  const { database, clock, provider, config } = deps;
  const { db } = database;
  const { readRequest, replay, finishWithError, claim } = requests;
  const finalize = createFinalize(deps, { views, requests });

  /** Charges a claimed confirmation (the same key, the same charge) and finalises it. */
  async function proceed(
    member: Member,
    key: string,
    bookingId: string,
    input: ConfirmInput,
    locale: Locale,
  ): Promise<ConfirmReply> {
    const [b] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    if (b.medical && b.details === null && input.details) {
      // kept only with this booking, sealed (again, if a sweep dropped them from an expired hold
      // while her bank's challenge was open: the same key carries the same, already checked body)
      await db
        .update(bookings)
        .set({
          ...sealDetails(config.dataKeys, bookingId, checkDetails(input.details, '9999-12-31')),
          updatedAt: clock.now(),
        })
        .where(and(eq(bookings.id, bookingId), inArray(bookings.status, ['held', 'expired'])));
    }
    let payment: { chargeId: string; brand: string; last4: string } | null = null;
    if (b.total > 0) {
      const result = await provider.charge({
        idempotencyKey: chargeKey(member.id, key),
        memberId: member.id,
        amount: b.total,
        currency: 'USD',
        paymentMethodId: input.paymentMethodId ?? '',
        description: `${STATEMENT_DESCRIPTOR}: ${consultationCode(b.expertId, b.offerId)}`,
      });
      switch (result.status) {
        case 'requires_action':
          return {
            status: 202,
            body: { status: 'challenge', challengeId: result.challengeId, amount: b.total },
          };
        case 'declined':
          return finishWithError(member.id, key, 'PAYMENT_DECLINED', result.reason, locale);
        case 'failed':
          return finishWithError(
            member.id,
            key,
            result.reason === 'payment_method_invalid' ? 'PAYMENT_METHOD_INVALID' : 'PAYMENT_FAILED',
            undefined,
            locale,
          );
        case 'succeeded':
          payment = { chargeId: result.chargeId, brand: result.brand, last4: result.last4 };
      }
    }
    const done = await finalize(member, key, bookingId, payment, locale);
    if (done.kind === 'answered') return replay(done.row, locale);
    if (done.kind === 'confirmed') {
      room.notifyExpert(done.booking, member.alias, 'REQUEST');
      return { status: 201, body: done.body };
    }
    // the charge cannot be used: give it back (idempotent), then answer the error for good
    if (payment) {
      const refund = await provider.refund({
        idempotencyKey: unusedRefundKey(member.id, key),
        chargeId: payment.chargeId,
        amount: b.total,
      });
      if (refund.status !== 'succeeded') throw new Error(`refund failed: ${refund.reason}`);
    }
    return finishWithError(member.id, key, done.code, undefined, locale);
  }

  return {
    async confirm(
      member: Member,
      bookingId: string,
      key: string,
      input: ConfirmInput,
      locale: Locale,
    ): Promise<ConfirmReply> {
      const canonical = JSON.stringify({
        bookingId,
        paymentMethodId: input.paymentMethodId ?? null,
        details: input.details
          ? {
              firstName: input.details.firstName.trim(),
              lastName: input.details.lastName.trim(),
              dateOfBirth: input.details.dateOfBirth.trim(),
            }
          : null,
      });
      const hash = keyedHash(config.dataKeys, canonical);
      let req = await readRequest(member.id, key);
      if (!req) {
        const b = await own(db, member.id, bookingId);
        const now = clock.now();
        const status = liveStatus(b, now);
        if (status === 'confirmed' || status === 'cancelled') throw new ApiError('BOOKING_NOT_PAYABLE');
        if (b.startsAt.getTime() <= now.getTime()) throw new ApiError('HOLD_EXPIRED');
        if (status === 'expired') {
          const taken = await busy(db, b.expertId, b.startsAt, b.endsAt, now, b.id);
          const buffer = (await expertInfo(db, b.expertId))?.availability?.bufferMinutes ?? 0;
          if (conflicts(b.startsAt, b.endsAt, taken, buffer)) throw new ApiError('HOLD_EXPIRED');
        }
        if (b.medical) checkDetails(input.details, now.toISOString().slice(0, 10));
        if (b.total > 0 && !input.paymentMethodId) throw validationError({ paymentMethodId: 'REQUIRED' });
        try {
          req = await claim(member.id, key, bookingId, hash);
        } catch (e) {
          // her other tab's request with this very key finished first: its answer wins
          req = await readRequest(member.id, key);
          if (!req) throw e;
        }
      }
      if (req.requestHash !== hash && !sameRequestHash(config.dataKeys, req.requestHash, canonical))
        throw new ApiError('IDEMPOTENCY_KEY_REUSED');
      if (req.state === 'done') return replay(req, locale);
      return proceed(member, key, bookingId, input, locale);
    },

    /**
     * Continues her claimed confirmation without her (the provider's completion after a challenge,
     * the reconciliation pass): charged again with the same key, the provider returns the same
     * charge; her details were sealed before the first charge. Returns whether it is answered now.
     */
    async resume(member: Member, key: string, paymentMethodId: string): Promise<'done' | 'pending'> {
      const req = await readRequest(member.id, key);
      if (!req || req.state === 'done') return 'done';
      return continuedWithoutHer(() =>
        proceed(member, key, req.bookingId, { paymentMethodId, details: null }, 'en'),
      );
    },

    /** A `started` confirmation given up on (her bank never answered): answered PAYMENT_FAILED. */
    abandon: (memberId: string, key: string) => answered(finishWithError(memberId, key, 'PAYMENT_FAILED')),
  };
}
