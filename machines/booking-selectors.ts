import { refundDeadlines } from '../contract/consultation-rules';
import { type BookingContext, holdLeft, isFreeOffer, isMedicalChoice, isSlotTaken } from './booking-rules';

/**
 * What the booking panel reads from the machine's snapshot, by name (issue 22, item 4): the views
 * select these and compute nothing themselves; the guards and the root's hold delay use the same
 * rules (machines/booking-rules.ts). Time comes from the clock's last tick in the context (`now`).
 */
interface BookingSnapshot {
  context: BookingContext;
  hasTag(tag: string): boolean;
}

/** "Step n of 3" for a medical consultation (her details are a step), "of 2" otherwise; known before the hold. */
export const selectStepCount = (s: BookingSnapshot) => (isMedicalChoice(s.context) ? 3 : 2);

export const selectStepNumber = (s: BookingSnapshot) =>
  s.hasTag('step:details') ? 2 : s.hasTag('step:pay') ? selectStepCount(s) : 1;

/** Her details will be asked (the booking held, else the offer chosen). */
export const selectMedical = (s: BookingSnapshot) => isMedicalChoice(s.context);

/** The chosen offer (or the booking held) costs nothing: no card, no refund rules. */
export const selectFree = (s: BookingSnapshot) => isFreeOffer(s.context);

/** The slot she tried to hold (or pay for) went to someone else. */
export const selectSlotTaken = (s: BookingSnapshot) => isSlotTaken(s.context.error);

/** The slots answered for the offer now chosen (an answer for another offer is not shown). */
export const selectCurrentSlots = (s: BookingSnapshot) =>
  s.context.slots && s.context.slots.offerId === s.context.offerId ? s.context.slots : null;

/** The next slots the server named after SLOT_TAKEN, those still open. */
export function selectOpenNext(s: BookingSnapshot): string[] {
  const current = selectCurrentSlots(s);
  return current ? s.context.nextSlots.filter((n) => current.slots.includes(n)) : s.context.nextSlots;
}

/** Milliseconds left on her hold at the clock's last tick, or null before it ticks. */
export const selectHoldLeft = (s: BookingSnapshot) => holdLeft(s.context.booking, s.context.now);

/** Which refund she would get if she cancelled now (spec §9): tiers already past are not offered. */
export function selectRefundTier(s: BookingSnapshot): 'full' | 'half' | 'none' | null {
  const { booking, now } = s.context;
  if (!booking || now === null) return null;
  const { fullUntil, halfUntil } = refundDeadlines(new Date(booking.startsAt));
  return now <= fullUntil.getTime() ? 'full' : now <= halfUntil.getTime() ? 'half' : 'none';
}

/** A reload's attempt waits for her details again (they are never kept on the device). */
export const selectResumed = (s: BookingSnapshot) => s.context.attempt !== null;

/** Two lists of slots are the same. */
export const sameSlots = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);
