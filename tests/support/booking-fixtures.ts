import type { Challenge } from '../../contract/commerce';
import { consultationPrice } from '../../contract/consultation-rules';
import type {
  Booking,
  Cancellation,
  CancellationQuote,
  ConsultationChallenge,
  ConsultationPaid,
  JoinInfo,
  MyConsultations,
  Slots,
} from '../../contract/consultations';
import type { BookingInput, BookingOffer } from '../../machines/booking';

/**
 * Consultations as the API gives them (contract/consultations.ts), for the booking and
 * consultations machine and model tests: a doctor (medical) and a counsellor (not), her slots in
 * early December 2026, bookings in every state, quotes at each refund tier.
 */
export const OFFERS: BookingOffer[] = [
  { id: 'discovery-15', kind: 'discovery', minutes: 15, price: 0 },
  { id: 'consult-30', kind: 'consultation', minutes: 30, price: 3500 },
  { id: 'consult-60', kind: 'consultation', minutes: 60, price: 6000 },
];

export const TODAY = '2026-11-26';
export const BOOKING_ID = '0b6f1f7e-3c1a-4f55-9f0e-8d1f2c3b4a5d';
export const OTHER_ID = '1c7f2f8e-4d2b-4a66-8f1f-9e2f3d4c5b6e';

export const SLOT_A = '2026-12-01T07:00:00.000Z';
export const SLOT_B = '2026-12-01T07:30:00.000Z';
export const SLOT_C = '2026-12-02T08:00:00.000Z';

export function bookingInput(over: Partial<BookingInput> = {}): BookingInput {
  return {
    expertId: 'amal-jaber',
    offers: OFFERS,
    modes: ['voice', 'video'],
    isMember: true,
    today: TODAY,
    pending: null,
    ...over,
  };
}

export function slotsFor(offerId = 'consult-30', slots = [SLOT_A, SLOT_B, SLOT_C], medical = true): Slots {
  const offer = OFFERS.find((o) => o.id === offerId)!;
  return {
    expertId: 'amal-jaber',
    offerId,
    minutes: offer.minutes,
    timeZone: 'Asia/Amman',
    from: '2026-11-26T05:00:00.000Z',
    to: '2026-12-24T05:00:00.000Z',
    slots,
    price: { ...consultationPrice(offer.price), currency: 'USD' },
    medical: medical && offer.kind === 'consultation',
  };
}

export function bookingOf(over: Partial<Booking> = {}): Booking {
  const offer = OFFERS.find((o) => o.id === (over.offer?.id ?? 'consult-30'))!;
  const price = { ...consultationPrice(offer.price), currency: 'USD' as const };
  const startsAt = over.startsAt ?? SLOT_A;
  const endsAt = new Date(Date.parse(startsAt) + offer.minutes * 60_000).toISOString();
  return {
    id: BOOKING_ID,
    status: 'held',
    expert: {
      id: 'amal-jaber',
      name: 'Dr Amal Jaber',
      title: 'Family doctor',
      avatar: null,
      timeZone: 'Asia/Amman',
    },
    offer: { id: offer.id, kind: offer.kind, minutes: offer.minutes },
    mode: 'video',
    startsAt,
    endsAt,
    holdExpiresAt: '2026-11-26T05:10:00.000Z',
    price,
    amountPaid: 0,
    paidWith: null,
    medical: offer.kind === 'consultation',
    detailsGiven: false,
    invoice: null,
    cancellation: null,
    joinOpensAt: new Date(Date.parse(startsAt) - 10 * 60_000).toISOString(),
    joinable: false,
    cancellable: true,
    ...over,
  };
}

export function confirmedOf(over: Partial<Booking> = {}): Booking {
  const b = bookingOf(over);
  return {
    ...b,
    status: 'confirmed',
    holdExpiresAt: null,
    amountPaid: b.price.total,
    paidWith: b.price.total > 0 ? { brand: 'visa', last4: '4242' } : null,
    detailsGiven: b.medical,
    invoice:
      b.price.total > 0 ? { id: '2a8f3f9e-5e3c-4b77-9a2a-0f3a4e5d6c7f', number: 'INV-2026-000007' } : null,
    ...over,
  };
}

export const paidOf = (booking: Booking = confirmedOf()): ConsultationPaid => ({
  status: 'confirmed',
  booking,
  invoice: booking.invoice,
});

export const CHALLENGE: ConsultationChallenge = {
  status: 'challenge',
  challengeId: 'ch_test_1',
  amount: 3708,
};
export const challengeState = (status: Challenge['status'] = 'pending'): Challenge => ({
  id: 'ch_test_1',
  status,
  amount: 3708,
  currency: 'USD',
  brand: 'visa',
  last4: '3220',
});

export function quoteOf(percent: 0 | 50 | 100, booking: Booking = confirmedOf()): CancellationQuote {
  const amount = Math.floor((booking.amountPaid * percent) / 100);
  const start = Date.parse(booking.startsAt);
  return {
    bookingId: booking.id,
    cancellable: true,
    refundPercent: percent,
    refundAmount: amount,
    amountPaid: booking.amountPaid,
    startsAt: booking.startsAt,
    fullRefundUntil: new Date(start - 48 * 3_600_000).toISOString(),
    halfRefundUntil: new Date(start - 24 * 3_600_000).toISOString(),
  };
}

export function cancellationOf(percent: 0 | 50 | 100, booking: Booking = confirmedOf()): Cancellation {
  const amount = Math.floor((booking.amountPaid * percent) / 100);
  const creditNote =
    amount > 0 ? { id: '3b9f4fae-6f4d-4c88-8b3b-1a4b5f6e7d80', number: 'CN-2026-000003' } : null;
  return {
    booking: {
      ...booking,
      status: 'cancelled',
      cancellable: false,
      cancellation: {
        cancelledAt: '2026-11-26T06:00:00.000Z',
        refundPercent: percent,
        refundAmount: amount,
        creditNote,
      },
    },
    refund: { percent, amount },
    creditNote,
  };
}

export const JOIN: JoinInfo = {
  url: 'https://meet.jit.si/amina-0123456789abcdef0123456789abcdef#config.startWithVideoMuted=false',
  server: 'https://meet.jit.si',
  room: 'amina-0123456789abcdef0123456789abcdef',
  jwt: null,
  displayName: 'quiet_river',
  mode: 'video',
  startWithVideoMuted: false,
  startsAt: SLOT_A,
  endsAt: '2026-12-01T07:30:00.000Z',
};

export const MINE: MyConsultations = {
  upcoming: [confirmedOf()],
  past: [confirmedOf({ id: OTHER_ID, startsAt: '2026-11-20T07:00:00.000Z', cancellable: false })],
  cancelled: [],
};
export const NONE: MyConsultations = { upcoming: [], past: [], cancelled: [] };
