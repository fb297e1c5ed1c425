import type { CardBody, Challenge, PaymentMethod, PurchaseChallenge } from '../contract/commerce';
import {
  type CardField,
  type CardInput,
  cardDigits,
  cardProblems,
  type DeclineReason,
} from '../contract/commerce-rules';
import { type AppError, toAppError } from './types';

/**
 * The card payment both checkout (machines/checkout.ts) and the consultation booking
 * (machines/booking.ts) take her through, beside their machines so each file reads as its
 * statechart: the card, the payment method the sandbox provider makes of it, the bank's challenge
 * and her decision, and the errors an attempt can end in. The guards and actions here read only
 * this part of a machine's context (CardPaymentContext) and the params they are given; each
 * machine names them in its own `setup()`, its events and states stay its own.
 */

/** The bank's challenge as the dialog shows it. */
export interface ChallengeView {
  id: string;
  amount: number;
  brand: string | null;
  last4: string | null;
}

export type ChallengeDecision = 'approve' | 'deny';

/** A failure as the machines keep it: a code, the decline reason, field codes. */
export interface PaymentError extends AppError {
  reason?: DeclineReason | string;
}

/** The part of a paying machine's context the shared guards and actions read and write. */
export interface CardPaymentContext {
  /** Today (ISO), for "expiry not in the past"; the screen passes it, the machine reads no clock. */
  today: string;
  card: CardInput;
  fieldErrors: Partial<Record<CardField, string>>;
  paymentMethod: Pick<PaymentMethod, 'id' | 'brand' | 'last4'> | null;
  challenge: ChallengeView | null;
  decision: ChallengeDecision | null;
  error: PaymentError | null;
}

/** What paying answers: the bank's challenge, or done (paid, confirmed). */
export type PaymentAnswer = PurchaseChallenge | { status: 'paid' | 'confirmed' };

export const EMPTY_CARD: CardInput = { number: '', expiry: '', cvc: '', country: '', postalCode: '' };

/** Answers that mean the server never answered this attempt: send the same key again. */
export const UNANSWERED = ['NETWORK_ERROR', 'SERVER_ERROR', 'UNEXPECTED_RESPONSE', 'UNKNOWN', 'TIMEOUT'];

export const codeOf = (error: unknown) => toAppError(error, 'NETWORK_ERROR').code;

/** An actor's error event as guard and action params. */
export const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/** A guard: the error's code is one of these. */
export const isCode =
  (...codes: string[]) =>
  (_: unknown, { error }: { error: unknown }) =>
    codes.includes(codeOf(error));

/** What goes to the provider (POST /sandbox-pay/payment-methods): the card, trimmed. */
export const cardBodyOf = ({ context }: { context: Pick<CardPaymentContext, 'card'> }): CardBody => ({
  number: cardDigits(context.card.number),
  expiry: context.card.expiry.trim(),
  cvc: context.card.cvc.trim(),
  country: context.card.country,
  postalCode: context.card.postalCode.trim(),
});

/** The challenge to load or answer. */
export const challengeIdOf = ({ context }: { context: Pick<CardPaymentContext, 'challenge'> }) => ({
  id: context.challenge!.id,
});

/** Her answer to the bank. */
export const decisionOf = ({ context }: { context: Pick<CardPaymentContext, 'challenge' | 'decision'> }) => ({
  id: context.challenge!.id,
  decision: context.decision!,
});

/** One field typed: its value, and its problem gone until she submits again. */
export const cardWithField = (context: CardPaymentContext, field: CardField, value: string) => ({
  card: { ...context.card, [field]: value },
  fieldErrors: { ...context.fieldErrors, [field]: undefined },
});

/** The card has a problem she can fix before it goes anywhere. */
export const cardInvalid = ({ context }: { context: Pick<CardPaymentContext, 'card' | 'today'> }) =>
  Object.keys(cardProblems(context.card, new Date(context.today))).length > 0;

// The guards both paying machines name in their `setup()`, then the pure rules their actions apply.

export const isChallenge = (_: unknown, result: PaymentAnswer) => result.status === 'challenge';
export const challengePending = (_: unknown, c: Challenge) => c.status === 'pending';
export const isDeclined = isCode('PAYMENT_DECLINED');
export const isUnanswered = isCode(...UNANSWERED);

/** The card's problems, under their fields. */
export const cardProblemsOf = (context: Pick<CardPaymentContext, 'card' | 'today'>) => ({
  fieldErrors: cardProblems(context.card, new Date(context.today)),
});

/** The payment method the provider made of her card: only what the screens show. */
export const paymentMethodOf = (pm: PaymentMethod) => ({
  paymentMethod: { id: pm.id, brand: pm.brand, last4: pm.last4 },
});

/** The provider refused the card's fields: each field's code, under the field. */
export const cardRefusalOf = (error: unknown) => {
  const e = toAppError(error, 'NETWORK_ERROR');
  return { fieldErrors: e.fields ?? {}, error: e.fields ? null : e };
};

/** What paying answered: the bank's challenge, on the card she gave. */
export const challengeOf = (
  context: Pick<CardPaymentContext, 'paymentMethod'>,
  result: PaymentAnswer,
): { challenge: ChallengeView | null } => ({
  challenge:
    result.status === 'challenge'
      ? {
          id: result.challengeId,
          amount: result.amount,
          brand: context.paymentMethod?.brand ?? null,
          last4: context.paymentMethod?.last4 ?? null,
        }
      : null,
});

/** The challenge as the bank tells it. */
export const challengeDetailsOf = (c: Challenge) => ({
  challenge: { id: c.id, amount: c.amount, brand: c.brand, last4: c.last4 },
});

/** Her answer to the bank, from the approve or deny event. */
export const decisionFrom = (approved: boolean) => ({
  decision: approved ? ('approve' as const) : ('deny' as const),
});

/** The error, and card secrets gone: the next try is a new payment method. */
export const declineOf = (context: Pick<CardPaymentContext, 'card'>, error: unknown) => ({
  error: toAppError(error) as PaymentError,
  card: { ...context.card, cvc: '' },
  paymentMethod: null,
  challenge: null,
});

/** Any other failure, kept as its code. */
export const errorFrom = (error: unknown) => ({
  error: toAppError(error, 'NETWORK_ERROR') as PaymentError,
});
