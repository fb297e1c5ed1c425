import type { bookingMachine } from '../../../machines/booking';
import { createFlow } from '../../app/flow';

/** The booking panel's actor, for its parts (src/app/flow.ts). */
export const BookingFlow = createFlow<typeof bookingMachine>('BookingFlow');

/** What the panel shows, from the machine's `step:*` tags. */
export const BOOKING_STEPS = ['confirmed', 'expired', 'details', 'pay', 'choose', 'loading'] as const;
export type BookingStep = (typeof BOOKING_STEPS)[number];
