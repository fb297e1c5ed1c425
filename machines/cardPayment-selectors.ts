import type { CardPaymentContext } from './payment-rules';

/**
 * What the card form, the payment notices and the bank's dialog read from the card payment's
 * snapshot (checkout and booking alike), by name: the views compute nothing themselves.
 */
interface CardPaymentSnapshot {
  context: CardPaymentContext;
  hasTag(tag: string): boolean;
  matches(state: 'editing' | { challenge: 'asking' | 'deciding' }): boolean;
}

/** Something is on its way (the card, the key, the attempt, the bank's answer). */
export const selectBusy = (s: CardPaymentSnapshot) => s.hasTag('busy');

/** The fields and the buttons wait: busy, the bank asking, or an answer lost (retry only). */
export const selectLocked = (s: CardPaymentSnapshot) =>
  s.hasTag('busy') || s.hasTag('challenge') || s.hasTag('interrupted');

export const selectInterrupted = (s: CardPaymentSnapshot) => s.hasTag('interrupted');
export const selectDeclined = (s: CardPaymentSnapshot) => s.hasTag('declined');
export const selectFailed = (s: CardPaymentSnapshot) => s.hasTag('failed');

/** She is at the card form with no attempt behind her (not after a decline or a failure). */
export const selectEditing = (s: CardPaymentSnapshot) => s.matches('editing');

/** The error of the step she is on (a card that did not go through, no key), shown under the form. */
export const selectStepError = (s: CardPaymentSnapshot) => (s.matches('editing') ? s.context.error : null);

export const selectCard = (s: CardPaymentSnapshot) => s.context.card;
export const selectFieldErrors = (s: CardPaymentSnapshot) => s.context.fieldErrors;
export const selectError = (s: CardPaymentSnapshot) => s.context.error;

/** The bank's dialog: open, waiting for her, her answer on its way, and whether it got lost. */
export const selectChallengeOpen = (s: CardPaymentSnapshot) => s.hasTag('challenge');
export const selectAsking = (s: CardPaymentSnapshot) => s.matches({ challenge: 'asking' });
export const selectDeciding = (s: CardPaymentSnapshot) =>
  s.matches({ challenge: 'deciding' }) ? s.context.decision : null;
export const selectChallenge = (s: CardPaymentSnapshot) => s.context.challenge;
export const selectChallengeFailed = (s: CardPaymentSnapshot) =>
  s.matches({ challenge: 'asking' }) && !!s.context.error;
