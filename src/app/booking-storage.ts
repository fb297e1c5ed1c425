import { IDEMPOTENCY_KEY_PATTERN } from '../../contract/commerce-rules';
import type { BookingAttempt, PendingBooking } from '../../machines/booking';

/**
 * The consultation payment in flight, for this tab (sessionStorage; sign-out clears it): which
 * booking, its idempotency key and the payment method's id, so a reload sends the same attempt
 * again instead of paying twice. Never card data, never her name or date of birth.
 */
export const BOOKING_ATTEMPT_KEY = 'bookingAttempt';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function set(value: string | null) {
  try {
    if (value === null) sessionStorage.removeItem(BOOKING_ATTEMPT_KEY);
    else sessionStorage.setItem(BOOKING_ATTEMPT_KEY, value);
  } catch {
    // storage disabled: this visit still works, a reload starts afresh
  }
}

/** The attempt a reload interrupted, when it is this member's and this expert's; anything else is dropped. */
export function readPendingBooking(memberId: string, expertId: string): PendingBooking | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(BOOKING_ATTEMPT_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const a = JSON.parse(raw) as PendingBooking & { memberId?: unknown };
    if (a.memberId !== memberId) {
      set(null);
      return null;
    }
    if (a.expertId !== expertId) return null; // another expert's page: kept for hers
    if (
      typeof a.key === 'string' &&
      IDEMPOTENCY_KEY_PATTERN.test(a.key) &&
      typeof a.bookingId === 'string' &&
      UUID.test(a.bookingId) &&
      (a.paymentMethodId === null || typeof a.paymentMethodId === 'string')
    )
      return { expertId: a.expertId, bookingId: a.bookingId, key: a.key, paymentMethodId: a.paymentMethodId };
  } catch {}
  set(null);
  return null;
}

/** Only the booking, the key and the payment method's id (and whose and which expert's) are written. */
export function saveBookingAttempt(attempt: BookingAttempt, memberId: string, expertId: string) {
  set(
    JSON.stringify({
      memberId,
      expertId,
      bookingId: attempt.bookingId,
      key: attempt.key,
      paymentMethodId: attempt.body.paymentMethodId,
    }),
  );
}

export const forgetBookingAttempt = () => set(null);
