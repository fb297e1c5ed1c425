import { type BookingContext, holdTimeoutAt } from '../../machines/booking-rules';

/**
 * The booking panel's hold delay, provided where its other effects are (the machines read no
 * clock): until the end of the hold the server gave, read on the device's clock when the state
 * that waits for it is entered.
 */
export const untilHoldEnds = ({ context }: { context: Pick<BookingContext, 'booking'> }) =>
  holdTimeoutAt(context.booking, Date.now());
