/**
 * Expert consultations (issue 10): an expert's open slots (public), and for members: hold a slot,
 * pay and confirm it (Idempotency-Key), her bookings, the call's room, the cancellation's refund
 * and the cancellation, the credit note's PDF. Shapes: contract/consultations.ts; rules:
 * server/domain/consultations.ts and contract/consultation-rules.ts.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { IdempotencyKey } from '../../contract/commerce.ts';
import { IDEMPOTENCY_HEADER } from '../../contract/commerce-rules.ts';
import {
  Booking,
  BookingId,
  Cancellation,
  CancellationQuote,
  ConfirmBody,
  ConsultationChallenge,
  ConsultationPaid,
  CreditNotePdfBody,
  HoldBody,
  JoinInfo,
  MyConsultations,
  Slots,
  SlotsQuery,
} from '../../contract/consultations.ts';
import { Slug } from '../../contract/learning.ts';
import type { Consultations } from '../domain/consultations.ts';
import { ApiError } from '../lib/errors.ts';
import { type AppEnv, createRouter, jsonBody, noStore } from '../lib/http.ts';
import { bearer } from './learning-http.ts';
import { bodyOf, errorResponses, type Limit, reply } from './schemas.ts';

const tags = ['Consultations'];

const errors = errorResponses({
  400: 'VALIDATION_ERROR (fieldCodes: offer, offerId, mode, from, to, bookingId, creditNoteId: INVALID; startsAt: REQUIRED or INVALID; paymentMethodId: REQUIRED; details, details.firstName, details.lastName: REQUIRED or TEXT_TOO_LONG; details.dateOfBirth: REQUIRED, INVALID or MUST_BE_ADULT), INVALID_JSON, IDEMPOTENCY_KEY_REQUIRED or PAYMENT_METHOD_INVALID',
  401: 'UNAUTHORIZED (no or expired bearer token)',
  402: 'PAYMENT_DECLINED (`error.reason`) or PAYMENT_FAILED: nothing was charged, the hold stays',
  403: 'FORBIDDEN (not her booking or credit note)',
  404: 'NOT_FOUND (no published expert), BOOKING_NOT_FOUND or CREDIT_NOTE_NOT_FOUND',
  409: 'SLOT_TAKEN (`error.nextSlots`), SLOT_UNAVAILABLE, HOLD_NOT_RENEWABLE, DISCOVERY_ALREADY_BOOKED, FREE_CALLS_LIMIT, HOLD_EXPIRED, BOOKING_NOT_PAYABLE, PAYMENT_IN_PROGRESS (another key of hers is paying for this booking), BOOKING_NOT_CANCELLABLE, NOT_YET_OPEN or ENDED',
  413: 'PAYLOAD_TOO_LARGE (bodies over 64 KiB)',
  415: 'UNSUPPORTED_MEDIA_TYPE (send application/json)',
  422: 'IDEMPOTENCY_KEY_REUSED (this key was used with another body)',
  429: 'RATE_LIMITED (holds, confirmations or PDFs per member or address; see Retry-After)',
});
const BODY = [400, 413, 415] as const;

const requireKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!IdempotencyKey.safeParse(c.req.header(IDEMPOTENCY_HEADER)).success)
    throw new ApiError('IDEMPOTENCY_KEY_REQUIRED');
  await next();
};

const bookingParam = z.object({
  bookingId: BookingId.openapi({ param: { name: 'bookingId', in: 'path' } }),
});

const slots = createRoute({
  method: 'get',
  path: '/p/experts/{expertId}/slots',
  tags,
  summary: "An expert's open slots for one offer (start instants, UTC)",
  description:
    'From her weekly hours in her time zone, minus dates off, plus extra hours, minus booked and held calls with her buffer, from her minimum notice to her horizon. `from`/`to` are optional instants (at most 62 days apart). The price includes the merchant charges and VAT 5 %. `medical`: names and date of birth will be asked to confirm.',
  request: {
    params: z.object({
      expertId: Slug.openapi({ param: { name: 'expertId', in: 'path' }, example: 'rana-aziz' }),
    }),
    query: SlotsQuery,
  },
  responses: { 200: reply(Slots, 'Her open slots'), ...errors(400, 404) },
});

const hold = (auth: Limit, limit: Limit) =>
  createRoute({
    method: 'post',
    path: '/consultations/hold',
    tags,
    summary: 'Hold a slot for 10 minutes while she pays',
    description:
      'Her earlier unpaid holds are released. Holding the slot she already holds returns that hold, its countdown going on. 409 SLOT_TAKEN when someone else holds or booked it (with `error.nextSlots`), SLOT_UNAVAILABLE when it is not one of her open slots, HOLD_NOT_RENEWABLE when her own hold of it ended less than 10 minutes ago, DISCOVERY_ALREADY_BOOKED when she has an upcoming discovery call with this expert, FREE_CALLS_LIMIT when she has three upcoming free calls. 429 RATE_LIMITED past BOOKING_RATE_LIMIT holds per member (three times that per address) in 15 minutes.',
    security: bearer,
    middleware: [auth, limit, jsonBody] as const,
    request: bodyOf(HoldBody),
    responses: { 201: reply(Booking, 'The held booking'), ...errors(...BODY, 401, 404, 409, 429) },
  });

const confirm = (auth: Limit, limit: Limit) =>
  createRoute({
    method: 'post',
    path: '/consultations/{bookingId}/confirm',
    tags,
    summary: 'Pay for a held booking and confirm it, exactly once per Idempotency-Key',
    description:
      'As enroll-multiple: a new key per attempt, kept across retries; same key and body → the same answer; another body → 422. A card challenge answers 202 until decided. A free discovery call needs no payment method. `details` (first and last name, date of birth, 18 or older) only for a medical consultation: stored encrypted with this booking, never returned. The invoice (fee, merchant charges, VAT 5 %) is issued in the same transaction.',
    security: bearer,
    middleware: [auth, requireKey, limit, jsonBody] as const,
    request: {
      params: bookingParam,
      headers: z.object({
        'idempotency-key': z
          .string()
          .optional()
          .openapi({ description: 'Required: 8–100 of A-Z a-z 0-9 _ -' }),
      }),
      ...bodyOf(ConfirmBody),
    },
    responses: {
      201: reply(ConsultationPaid, 'Confirmed (and invoiced when paid)'),
      202: reply(ConsultationChallenge, 'The bank asks her to confirm (challenge)'),
      ...errors(...BODY, 401, 402, 403, 404, 409, 422, 429),
    },
  });

const mine = (auth: Limit) =>
  createRoute({
    method: 'get',
    path: '/consultations',
    tags,
    summary: 'Her consultations: upcoming, past and cancelled',
    security: bearer,
    middleware: [auth] as const,
    responses: { 200: reply(MyConsultations, 'Her bookings'), ...errors(401) },
  });

const one = (auth: Limit) =>
  createRoute({
    method: 'get',
    path: '/consultations/{bookingId}',
    tags,
    summary: 'One of her consultations',
    security: bearer,
    middleware: [auth] as const,
    request: { params: bookingParam },
    responses: { 200: reply(Booking, 'The booking'), ...errors(400, 401, 403, 404) },
  });

const join = (auth: Limit) =>
  createRoute({
    method: 'get',
    path: '/consultations/{bookingId}/join',
    tags,
    summary: 'The private Jitsi Meet room of a confirmed consultation',
    description:
      'Only from 10 minutes before the start until the end (409 NOT_YET_OPEN / ENDED). Her alias is the display name; a voice call starts with the camera off; `jwt` when the server signs room tokens.',
    security: bearer,
    middleware: [auth] as const,
    request: { params: bookingParam },
    responses: { 200: reply(JoinInfo, 'How to join'), ...errors(400, 401, 403, 404, 409) },
  });

const quote = (auth: Limit) =>
  createRoute({
    method: 'get',
    path: '/consultations/{bookingId}/cancellation',
    tags,
    summary: 'What she would get back if she cancelled now',
    description:
      '48 hours or more before the start: 100 %; 24 hours or more: 50 %; less, or at or after the start: nothing (spec §9), in real elapsed time.',
    security: bearer,
    middleware: [auth] as const,
    request: { params: bookingParam },
    responses: { 200: reply(CancellationQuote, 'The refund now'), ...errors(400, 401, 403, 404) },
  });

const cancel = (auth: Limit) =>
  createRoute({
    method: 'post',
    path: '/consultations/{bookingId}/cancel',
    tags,
    summary: 'Cancel: refund by the tiers and issue a credit note',
    description:
      'Refunds through the payment provider (nothing when the tier gives 0) and issues a credit note (CN-YYYY-NNNNNN) beside the invoice. Cancelling again returns the same answer. 409 BOOKING_NOT_CANCELLABLE at or after the start, or for an expired hold.',
    security: bearer,
    middleware: [auth] as const,
    request: { params: bookingParam },
    responses: { 200: reply(Cancellation, 'Cancelled'), ...errors(400, 401, 403, 404, 409) },
  });

const creditNotePdf = (auth: Limit, pdfLimit: Limit) =>
  createRoute({
    method: 'post',
    path: '/billing/generate-credit-note',
    tags: ['Billing'],
    summary: 'One of her credit notes as a PDF (English, or Arabic laid out right to left)',
    security: bearer,
    middleware: [auth, pdfLimit, jsonBody] as const,
    request: bodyOf(CreditNotePdfBody),
    responses: {
      200: {
        description: 'The credit note (Content-Disposition: attachment; filename="CN-….pdf")',
        content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
      },
      ...errors(...BODY, 401, 403, 404, 429),
    },
  });

export function consultationRoutes({
  consultations,
  auth,
  pdfLimit,
  holdLimit,
  confirmLimit,
}: {
  consultations: Consultations;
  auth: Limit;
  /** Holds and confirmations per member and per address (issue 20: a calendar no one can empty). */
  holdLimit: Limit;
  confirmLimit: Limit;
  /** Credit-note PDFs per member, with the invoices' (routes/member-limit.ts). */
  pdfLimit: Limit;
}) {
  const router = createRouter();
  const me = (c: { var: AppEnv['Variables'] }) => ({
    id: c.var.session.user.id,
    alias: c.var.session.user.alias,
  });

  router.openapi(slots, async (c) => {
    noStore(c);
    const { offer, from, to } = c.req.valid('query');
    const body = await consultations.slots(c.req.valid('param').expertId, offer, from, to, c.var.locale);
    return c.json(body, 200);
  });

  router.openapi(hold(auth, holdLimit), async (c) => {
    noStore(c);
    return c.json(await consultations.hold(me(c), c.req.valid('json'), c.var.locale), 201);
  });

  router.openapi(confirm(auth, confirmLimit), async (c) => {
    noStore(c);
    const r = await consultations.confirm(
      me(c),
      c.req.valid('param').bookingId,
      c.req.header(IDEMPOTENCY_HEADER)!,
      c.req.valid('json'),
      c.var.locale,
    );
    return r.status === 201 ? c.json(r.body, 201) : c.json(r.body, 202);
  });

  router.openapi(mine(auth), async (c) => {
    noStore(c);
    return c.json(await consultations.list(c.var.session.user.id, c.var.locale), 200);
  });

  router.openapi(one(auth), async (c) => {
    noStore(c);
    return c.json(
      await consultations.get(c.var.session.user.id, c.req.valid('param').bookingId, c.var.locale),
      200,
    );
  });

  router.openapi(join(auth), async (c) => {
    noStore(c);
    return c.json(await consultations.join(me(c), c.req.valid('param').bookingId), 200);
  });

  router.openapi(quote(auth), async (c) => {
    noStore(c);
    return c.json(
      await consultations.cancellation(c.var.session.user.id, c.req.valid('param').bookingId),
      200,
    );
  });

  router.openapi(cancel(auth), async (c) => {
    noStore(c);
    return c.json(await consultations.cancel(me(c), c.req.valid('param').bookingId, c.var.locale), 200);
  });

  router.openapi(creditNotePdf(auth, pdfLimit), async (c) => {
    const { creditNoteId, language } = c.req.valid('json');
    const doc = await consultations.creditNoteDocument(
      c.var.session.user.id,
      creditNoteId,
      language ?? c.var.locale,
    );
    const { renderInvoicePdf } = await import('../domain/invoice-pdf.ts');
    const bytes = await renderInvoicePdf(doc);
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${doc.number}.pdf"`,
      'Content-Length': String(bytes.byteLength),
      'Cache-Control': 'no-store',
    });
  });

  return router;
}
