/**
 * Expert consultations' API shapes: one home for the server (validates with these schemas) and the
 * app (imports only the inferred types, `import type`, and the rules in consultation-rules.ts).
 * Money is integer cents (USD); instants are ISO 8601 strings in UTC; names and titles arrive in
 * the request's Accept-Language. Members' routes need the bearer token; a booking that is not hers
 * → 403 FORBIDDEN, an unknown one → 404 BOOKING_NOT_FOUND.
 *
 * GET  /p/experts/{expertId}/slots?offer&from&to            → Slots (public)
 *      offer: an offer id of hers (`discovery-15`, `consult-30`, `consult-60`); from/to optional
 *      instants (default: now → now + her horizon; at most 62 days apart). 400 VALIDATION_ERROR
 *      (fieldCodes offer/from/to: INVALID), 404 NOT_FOUND (unknown or unpublished expert).
 * POST /consultations/hold            HoldBody              → 201 Booking (status `held`, holdExpiresAt)
 *      Holds the slot for HOLD_MINUTES (10); her earlier unpaid holds are released. 409 SLOT_TAKEN
 *      (someone else holds or booked it: `error.nextSlots` lists the next open slots of the same
 *      offer), 409 SLOT_UNAVAILABLE (not one of her open slots: outside her hours, notice or
 *      horizon), 400 VALIDATION_ERROR (fieldCodes offerId/mode: INVALID — not offered by her).
 * POST /consultations/{bookingId}/confirm  ConfirmBody + header Idempotency-Key
 *                                                          → 201 ConsultationPaid | 202 ConsultationChallenge
 *      Pays (a free discovery call skips the provider) and confirms in one transaction with the
 *      invoice (consultation fee, merchant charges, VAT 5 %; no invoice for a free call). `details`
 *      are required only when `booking.medical` (fieldCodes details.firstName / details.lastName /
 *      details.dateOfBirth: REQUIRED, INVALID, MUST_BE_ADULT); they are stored encrypted with that
 *      booking only and are never returned. Idempotency as enroll-multiple: same key + body → the
 *      same answer; other body → 422 IDEMPOTENCY_KEY_REUSED; a challenge → 202 until decided at
 *      /sandbox-pay/challenges/{id}, then the same key + body give the final answer.
 *      402 PAYMENT_DECLINED (error.reason) / PAYMENT_FAILED (the hold stays: retry with a new key),
 *      409 HOLD_EXPIRED (unpaid for 10 minutes and the slot is gone; nothing charged, or refunded),
 *      409 SLOT_TAKEN (with nextSlots), 409 BOOKING_NOT_PAYABLE (already confirmed or cancelled).
 * GET  /consultations                                       → MyConsultations (upcoming, past, cancelled)
 * GET  /consultations/{bookingId}                           → Booking
 * GET  /consultations/{bookingId}/join                      → JoinInfo
 *      Only from JOIN_OPENS_MINUTES (10) before the start until the end: 409 NOT_YET_OPEN / ENDED;
 *      409 BOOKING_NOT_PAYABLE when the booking is not confirmed.
 * GET  /consultations/{bookingId}/cancellation              → CancellationQuote (what she would get back now)
 * POST /consultations/{bookingId}/cancel                    → Cancellation
 *      Refunds through the provider (idempotent: cancelling again returns the same answer) and
 *      issues a credit note when something is refunded. A hold can be cancelled (nothing to refund).
 *      409 BOOKING_NOT_CANCELLABLE at or after the start (a no-show refunds nothing) or when expired.
 * POST /billing/generate-credit-note  CreditNotePdfBody     → application/pdf (403 / 404 CREDIT_NOTE_NOT_FOUND)
 *      The credit note beside the invoice, in English or Arabic, drawn by the invoice PDF code.
 * The invoice of a paid consultation is in GET /billing/list/{userId} (item id: the booking id,
 * title: "<Video|Voice> consultation, <n> minutes — <expert>") and POST /billing/generate-invoice.
 */
import { z } from '@hono/zod-openapi';
import { LANGUAGES } from './account-rules.ts';
import { BOOKING_STATUSES, NAME_MAX, SLOTS_MAX_DAYS } from './consultation-rules.ts';
import { CALL_MODES, OFFER_KINDS } from './experts-constants.ts';
import { Slug } from './learning.ts';

const Cents = z.number().int().min(0);
const Instant = z.string().openapi({ format: 'date-time', example: '2026-12-01T09:00:00.000Z' });
/** An instant in a request: ISO 8601 with a zone (Z or ±hh:mm). */
const InstantInput = z
  .string({ error: 'REQUIRED' })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, { error: 'INVALID' })
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: 'INVALID' })
  .transform((v) => new Date(v))
  .openapi({ type: 'string', format: 'date-time', example: '2026-12-01T09:00:00Z' });

export const BookingId = z
  .uuid({ error: 'INVALID' })
  .openapi({ example: '0b6f1f7e-3c1a-4f55-9f0e-8d1f2c3b4a5d' });

// ------------------------------------------------------------------ price

export const ConsultationPrice = z
  .object({
    /** The expert's fee for the offer. */
    fee: Cents,
    /** Card-processing charge on a paid call (0 for a free one). */
    merchantCharges: Cents,
    /** 5 % of fee + merchant charges, half up. */
    vat: Cents,
    total: Cents,
    currency: z.literal('USD'),
  })
  .openapi('ConsultationPrice');
export type ConsultationPrice = z.infer<typeof ConsultationPrice>;

// ------------------------------------------------------------------ slots

export const SlotsQuery = z.object({
  offer: Slug.openapi({ example: 'consult-30' }),
  from: InstantInput.optional(),
  to: InstantInput.optional(),
});
export type SlotsQuery = z.input<typeof SlotsQuery>;

export const Slots = z
  .object({
    expertId: z.string(),
    offerId: z.string(),
    minutes: z.number().int(),
    /** Her time zone (the app shows slots in the member's own zone). */
    timeZone: z.string(),
    from: Instant,
    to: Instant,
    /** Start instants, ascending. */
    slots: z.array(Instant),
    price: ConsultationPrice,
    /** First and last name and date of birth will be asked (spec §3). */
    medical: z.boolean(),
  })
  .openapi('Slots', { description: `At most ${SLOTS_MAX_DAYS} days at once.` });
export type Slots = z.infer<typeof Slots>;

// ------------------------------------------------------------------ booking

export const HoldBody = z
  .object({
    expertId: Slug,
    offerId: Slug,
    mode: z.enum(CALL_MODES, { error: 'INVALID' }),
    startsAt: InstantInput,
  })
  .openapi('HoldBody');
export type HoldBody = z.input<typeof HoldBody>;

const Name = z
  .string({ error: 'REQUIRED' })
  .trim()
  .min(1, { error: 'REQUIRED' })
  .max(NAME_MAX, { error: 'TEXT_TOO_LONG' });

/** Only for a medical consultation; stored encrypted with the booking, never returned. */
export const BookingDetails = z
  .object({
    firstName: Name,
    lastName: Name,
    /** YYYY-MM-DD; she must be at least 18 (spec §9). */
    dateOfBirth: z.string({ error: 'REQUIRED' }).openapi({ example: '1990-04-21' }),
  })
  .openapi('BookingDetails');
export type BookingDetails = z.input<typeof BookingDetails>;

export const ConfirmBody = z
  .object({
    /** From /sandbox-pay/payment-methods; not needed for a free call. */
    paymentMethodId: z.string().max(100).optional().nullable(),
    details: BookingDetails.optional().nullable(),
  })
  .openapi('ConfirmBody');
export type ConfirmBody = z.input<typeof ConfirmBody>;

export const CreditNoteRef = z.object({ id: z.uuid(), number: z.string() });

export const Booking = z
  .object({
    id: z.uuid(),
    status: z.enum(BOOKING_STATUSES),
    expert: z.object({
      id: z.string(),
      name: z.string(),
      title: z.string(),
      avatar: z.object({ id: z.string(), url: z.string(), label: z.string() }).nullable(),
      /** Her IANA time zone. */
      timeZone: z.string(),
    }),
    offer: z.object({ id: z.string(), kind: z.enum(OFFER_KINDS), minutes: z.number().int() }),
    mode: z.enum(CALL_MODES),
    startsAt: Instant,
    endsAt: Instant,
    /** While `held`: when the hold ends unless paid. */
    holdExpiresAt: Instant.nullable(),
    price: ConsultationPrice,
    amountPaid: Cents,
    paidWith: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    /** First and last name and date of birth are needed to confirm (never returned). */
    medical: z.boolean(),
    /** Whether they were given (for a medical consultation). */
    detailsGiven: z.boolean(),
    invoice: z.object({ id: z.uuid(), number: z.string() }).nullable(),
    cancellation: z
      .object({
        cancelledAt: Instant,
        refundPercent: z.number().int(),
        refundAmount: Cents,
        creditNote: CreditNoteRef.nullable(),
      })
      .nullable(),
    /** The Join button: opens 10 minutes before the start, closes at the end. */
    joinOpensAt: Instant,
    joinable: z.boolean(),
    /** She can cancel now (confirmed or held, before the start). */
    cancellable: z.boolean(),
  })
  .openapi('Booking');
export type Booking = z.infer<typeof Booking>;

export const ConsultationPaid = z
  .object({
    status: z.literal('confirmed'),
    booking: Booking,
    /** null for a free call. */
    invoice: z.object({ id: z.uuid(), number: z.string() }).nullable(),
  })
  .openapi('ConsultationPaid');
export type ConsultationPaid = z.infer<typeof ConsultationPaid>;

export const ConsultationChallenge = z
  .object({ status: z.literal('challenge'), challengeId: z.string(), amount: Cents })
  .openapi('ConsultationChallenge');
export type ConsultationChallenge = z.infer<typeof ConsultationChallenge>;

/** Upcoming: held or confirmed and not yet ended (soonest first); past: confirmed and ended (newest first); cancelled: cancelled (newest first). Expired holds are not listed. */
export const MyConsultations = z
  .object({ upcoming: z.array(Booking), past: z.array(Booking), cancelled: z.array(Booking) })
  .openapi('MyConsultations');
export type MyConsultations = z.infer<typeof MyConsultations>;

export const JoinInfo = z
  .object({
    /** Open this (a new tab, or an iframe allowed camera and microphone) to join the call. */
    url: z.string(),
    /** The Jitsi Meet server (JITSI_URL) and the room (≥ 128 random bits). */
    server: z.string(),
    room: z.string(),
    /** A signed room token (HS256) when the server has JITSI_APP_ID and JITSI_APP_SECRET; else null. */
    jwt: z.string().nullable(),
    /** Her alias: never her real name. */
    displayName: z.string(),
    mode: z.enum(CALL_MODES),
    /** A voice call starts with the camera off. */
    startWithVideoMuted: z.boolean(),
    startsAt: Instant,
    endsAt: Instant,
  })
  .openapi('JoinInfo');
export type JoinInfo = z.infer<typeof JoinInfo>;

export const CancellationQuote = z
  .object({
    bookingId: z.uuid(),
    cancellable: z.boolean(),
    /** 100, 50 or 0 (spec §9), from the server's clock now. */
    refundPercent: z.number().int(),
    refundAmount: Cents,
    amountPaid: Cents,
    startsAt: Instant,
    /** Cancelling until this instant (inclusive) refunds 100 %; until halfRefundUntil, 50 %. */
    fullRefundUntil: Instant,
    halfRefundUntil: Instant,
  })
  .openapi('CancellationQuote');
export type CancellationQuote = z.infer<typeof CancellationQuote>;

export const Cancellation = z
  .object({
    booking: Booking,
    refund: z.object({ percent: z.number().int(), amount: Cents }),
    /** null when nothing was refunded. */
    creditNote: CreditNoteRef.nullable(),
  })
  .openapi('Cancellation');
export type Cancellation = z.infer<typeof Cancellation>;

export const CreditNotePdfBody = z
  .object({ creditNoteId: z.uuid({ error: 'INVALID' }), language: z.enum(LANGUAGES).optional() })
  .openapi('CreditNotePdfBody');
export type CreditNotePdfBody = z.input<typeof CreditNotePdfBody>;

/** On 409 SLOT_TAKEN the error envelope also carries `nextSlots` (ISO instants, up to 5). */
export const NEXT_SLOTS_COUNT = 5;
