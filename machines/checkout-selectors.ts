import { type CheckoutContext, totalOf } from './checkout-rules';

/** What the checkout screen reads from the machine's snapshot, by name (the card's: cardPayment-selectors). */
interface CheckoutSnapshot {
  context: CheckoutContext;
}

/** What she pays: the server's total for the quote she sees. */
export const selectTotal = (s: CheckoutSnapshot) => totalOf(s.context.quote);

/** A code covers the whole order: nothing to charge, no card. */
export const selectFree = (s: CheckoutSnapshot) => !!s.context.quote && totalOf(s.context.quote) === 0;
