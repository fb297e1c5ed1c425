import type { FetchOptions } from 'ofetch';
import { fromPromise } from 'xstate';
import { IDEMPOTENCY_HEADER } from '../../contract/commerce-rules';
import type {
  Booking,
  Cancellation,
  CancellationQuote,
  HoldBody,
  JoinInfo,
  MyConsultations,
  Slots,
} from '../../contract/consultations';
import type {
  BookingAttempt,
  BookingError,
  BookingImplementations,
  ConfirmResult,
} from '../../machines/booking';
import type { ConsultationsDownload, consultationsMachine } from '../../machines/consultations';
import { isAppError } from '../../machines/types';
import { readErrorEnvelope } from './billing';
import { request } from './client';

/**
 * The consultation actors (issue 10): an expert's open slots, holding one, paying (confirm, with
 * the attempt's Idempotency-Key), her bookings, the call's room, the cancellation's refund and the
 * cancellation, and the PDFs. Each passes its actor's abort signal. The card goes only to the
 * provider (src/api/commerce.ts); her details go only in the confirm request.
 */
const seg = encodeURIComponent;

/**
 * A request whose AppError also carries what the envelope adds beside the code: `reason` (why a
 * card was declined) and `nextSlots` (SLOT_TAKEN), read through ofetch's response hook.
 */
async function requestWithExtras<T>(path: string, options: FetchOptions<'json'>): Promise<T> {
  let extras: Pick<BookingError, 'reason' | 'nextSlots'> = {};
  try {
    return await request<T>(path, {
      ...options,
      onResponseError({ response }) {
        const body = response._data as { error?: { reason?: unknown; nextSlots?: unknown } } | undefined;
        const e = body?.error;
        extras = {
          ...(typeof e?.reason === 'string' ? { reason: e.reason } : {}),
          ...(Array.isArray(e?.nextSlots)
            ? { nextSlots: e.nextSlots.filter((s): s is string => typeof s === 'string') }
            : {}),
        };
      },
    });
  } catch (error) {
    if (isAppError(error) && Object.keys(extras).length > 0)
      throw { ...error, ...extras } satisfies BookingError;
    throw error;
  }
}

/** GET /p/experts/{expertId}/slots?offer (her horizon from now). */
export const loadSlotsActor = fromPromise<Slots, { expertId: string; offerId: string }>(({ input, signal }) =>
  request(`/p/experts/${seg(input.expertId)}/slots`, { query: { offer: input.offerId }, signal }),
);

/** POST /consultations/hold → the held booking (10 minutes), or 409 SLOT_TAKEN with nextSlots. */
export const holdActor = fromPromise<Booking, HoldBody>(({ input, signal }) =>
  requestWithExtras('/consultations/hold', { method: 'POST', body: input, signal }),
);

/** GET /consultations/{id} */
export const loadBookingActor = fromPromise<Booking, { bookingId: string }>(({ input, signal }) =>
  request(`/consultations/${seg(input.bookingId)}`, { signal }),
);

/**
 * Her live hold with this expert (issue 21: the panel resumes it after a reload or Back): GET
 * /consultations lists unexpired holds under `upcoming` with status 'held'; the latest to end wins.
 */
export const findHoldActor = fromPromise<Booking | null, { expertId: string }>(async ({ input, signal }) => {
  const mine = await request<MyConsultations>('/consultations', { signal });
  // the server lists only holds that have not run out (its clock, not the device's)
  const live = mine.upcoming.filter((b) => b.status === 'held' && b.expert.id === input.expertId);
  live.sort((a, b) => Date.parse(b.holdExpiresAt ?? '') - Date.parse(a.holdExpiresAt ?? ''));
  return live[0] ?? null;
});

/** POST /consultations/{id}/cancel (a hold she gives up: nothing to refund). */
export const releaseHoldActor = fromPromise<Cancellation, { bookingId: string }>(({ input, signal }) =>
  request(`/consultations/${seg(input.bookingId)}/cancel`, { method: 'POST', signal }),
);

/** POST /consultations/{id}/confirm with the attempt's key: 201 confirmed or 202 challenge. */
export const confirmActor = fromPromise<ConfirmResult, BookingAttempt>(({ input, signal }) =>
  requestWithExtras(`/consultations/${seg(input.bookingId)}/confirm`, {
    method: 'POST',
    headers: { [IDEMPOTENCY_HEADER]: input.key },
    body: {
      paymentMethodId: input.body.paymentMethodId,
      ...(input.body.details ? { details: input.body.details } : {}),
    },
    signal,
  }),
);

/** GET /consultations */
export const loadConsultationsActor = fromPromise<MyConsultations>(({ signal }) =>
  request('/consultations', { signal }),
);

/** GET /consultations/{id}/cancellation */
export const quoteCancellationActor = fromPromise<CancellationQuote, { bookingId: string }>(
  ({ input, signal }) => request(`/consultations/${seg(input.bookingId)}/cancellation`, { signal }),
);

/** POST /consultations/{id}/cancel */
export const cancelBookingActor = fromPromise<Cancellation, { bookingId: string }>(({ input, signal }) =>
  request(`/consultations/${seg(input.bookingId)}/cancel`, { method: 'POST', signal }),
);

/** GET /consultations/{id}/join */
export const joinCallActor = fromPromise<JoinInfo, { bookingId: string }>(({ input, signal }) =>
  request(`/consultations/${seg(input.bookingId)}/join`, { signal }),
);

/** The invoice's or the credit note's PDF, in her language. */
export const downloadPdfActor = fromPromise<Blob, ConsultationsDownload>(async ({ input, signal }) => {
  const [path, body] =
    input.kind === 'invoice'
      ? ['/billing/generate-invoice', { invoiceId: input.id, language: input.language }]
      : ['/billing/generate-credit-note', { creditNoteId: input.id, language: input.language }];
  const file = await request<Blob>(path, {
    method: 'POST',
    body,
    responseType: 'blob',
    onResponseError: readErrorEnvelope,
    signal,
  } as never);
  return file.type ? file : new Blob([file], { type: 'application/pdf' });
});

/** The booking panel and the consultations page create their own actors; tests give them stubs. */
declare module '../app/actors' {
  interface ScreenOverrides {
    booking?: BookingImplementations;
    consultations?: Parameters<typeof consultationsMachine.provide>[0];
  }
}
