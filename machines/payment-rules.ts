import { assertEvent, assign, fromPromise, sendParent, setup } from 'xstate';
import type { CardBody, Challenge, PaymentMethod, PurchaseResult } from '../contract/commerce';
import {
  type CardField,
  type CardInput,
  cardDigits,
  cardProblems,
  type DeclineReason,
} from '../contract/commerce-rules';
import type { ConsultationChallenge, ConsultationPaid } from '../contract/consultations';
import { type AppError, notProvided, toAppError } from './types';

/**
 * The card payment's types, rules and `setup()` (its actors, actions and guards by name), beside
 * its statechart (machines/cardPayment.ts), the one child machine checkout (machines/checkout.ts)
 * and the consultation booking (machines/booking.ts) invoke. The parent gives what to pay for
 * (input); the child takes the card, its payment method, one attempt with an idempotency key, the
 * bank's challenge and her decision, and ends paid, ended (an answer the parent handles) or left.
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

/** What paying answers: the bank's challenge, or done (a purchase paid, a booking confirmed). */
export type PaymentAnswer = PurchaseResult | ConsultationPaid | ConsultationChallenge;
export type PaidAnswer = Exclude<PaymentAnswer, { status: 'challenge' }>;

/** One attempt: its idempotency key and what it sends (never card data); the parent's fields beside them. */
export interface PaymentAttempt {
  key: string;
  body: { paymentMethodId: string | null };
}

/** What the parent pays for: the attempt without its key; the payment method is the card's. */
export type PaymentDraft = Omit<PaymentAttempt, 'key'>;

/** The answers that end the payment for the parent to handle: codes, code prefixes, field prefixes. */
export interface PaymentEnding {
  codes: readonly string[];
  prefixes?: readonly string[];
  fields?: readonly string[];
}

export interface CardPaymentInput {
  /** Today (ISO), for "expiry not in the past"; the screen passes it, the machine reads no clock. */
  today: string;
  /** What she pays, in cents: 0 needs no card. */
  amount: number;
  draft: PaymentDraft;
  /** An attempt a reload interrupted: sent again at once with its key. */
  pending: PaymentAttempt | null;
  /** The card as she left it (the order priced again, her details edited), or null. */
  card: CardInput | null;
  ending: PaymentEnding;
}

export interface CardPaymentContext {
  today: string;
  amount: number;
  draft: PaymentDraft;
  ending: PaymentEnding;
  card: CardInput;
  fieldErrors: Partial<Record<CardField, string>>;
  paymentMethod: Pick<PaymentMethod, 'id' | 'brand' | 'last4'> | null;
  attempt: PaymentAttempt | null;
  challenge: ChallengeView | null;
  decision: ChallengeDecision | null;
  answer: PaidAnswer | null;
  error: PaymentError | null;
}

export type CardPaymentEvent =
  | { type: 'cardPayment.fieldChanged'; field: CardField; value: string }
  | { type: 'cardPayment.submit' }
  | { type: 'cardPayment.retry' }
  | { type: 'cardPayment.approve' }
  | { type: 'cardPayment.deny' }
  | { type: 'cardPayment.leave' };

/** What the child tells its parent while it runs: an attempt is with the server; she edits again. */
export type CardPaymentNotice = { type: 'cardPayment.sent' } | { type: 'cardPayment.reopened' };

export type CardPaymentOutput =
  | { status: 'paid'; answer: PaidAnswer }
  | { status: 'ended'; error: PaymentError; attempt: PaymentAttempt | null; card: CardInput }
  | { status: 'left'; card: CardInput };

/** A machine's actions as `.provide()` takes them (the root gives the parent's and the payment's by name). */
export type ProvidedActions<T extends { provide: (i: never) => unknown }> = NonNullable<
  Parameters<T['provide']>[0]['actions']
>;

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

/** The payment's output (the parent's onDone) as guard and action params. */
export const outputOf = ({ event }: { event: { output: CardPaymentOutput } }) => event.output;

/** Does this answer end the payment for the parent (its codes, prefixes, or refused fields)? */
export function endsPayment(ending: PaymentEnding, error: unknown): boolean {
  const e = toAppError(error, 'NETWORK_ERROR');
  const fields = Object.keys(e.fields ?? {});
  return (
    ending.codes.includes(e.code) ||
    (ending.prefixes ?? []).some((p) => e.code.startsWith(p)) ||
    (ending.fields ?? []).some((p) => fields.some((f) => f.startsWith(p)))
  );
}

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

/** The card has a problem she can fix before it goes anywhere. */
export const cardInvalid = ({ context }: { context: Pick<CardPaymentContext, 'card' | 'today'> }) =>
  Object.keys(cardProblems(context.card, new Date(context.today))).length > 0;

/** A new attempt: the draft with its key, and the card's payment method unless nothing is charged. */
export const attemptOf = (context: CardPaymentContext, key: string): PaymentAttempt => ({
  ...context.draft,
  key,
  body: {
    ...context.draft.body,
    paymentMethodId: context.amount > 0 ? (context.paymentMethod?.id ?? null) : null,
  },
});

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

/** The error, and card secrets gone: the next try is a new payment method. */
export const declineOf = (context: Pick<CardPaymentContext, 'card'>, error: unknown) => ({
  error: toAppError(error) as PaymentError,
  card: { ...context.card, cvc: '' },
  paymentMethod: null,
  challenge: null,
});

const errorFrom = (error: unknown) => ({ error: toAppError(error, 'NETWORK_ERROR') as PaymentError });

export const cardPaymentSetup = setup({
  types: {} as {
    context: CardPaymentContext;
    input: CardPaymentInput;
    events: CardPaymentEvent;
    output: CardPaymentOutput;
  },
  actors: {
    /** POST /sandbox-pay/payment-methods: the card's only destination. */
    createPaymentMethod: fromPromise<PaymentMethod, CardBody>(notProvided),
    /** A new idempotency key (crypto.randomUUID in the app). */
    newAttemptKey: fromPromise<string>(notProvided),
    /** The parent's request with the attempt's Idempotency-Key (checkout: `purchase`, booking: `confirm`). */
    pay: fromPromise<PaymentAnswer, PaymentAttempt>(notProvided),
    /** GET /sandbox-pay/challenges/{id} */
    loadChallenge: fromPromise<Challenge, { id: string }>(notProvided),
    /** POST /sandbox-pay/challenges/{id} */
    decideChallenge: fromPromise<Challenge, { id: string; decision: ChallengeDecision }>(notProvided),
  },
  actions: {
    /** Keeps the attempt across a reload (sessionStorage): never card data or her details. */
    saveAttempt: (_, _params: { attempt: PaymentAttempt }) => {},
    /** The attempt has its final answer: nothing to resume. */
    forgetAttempt: () => {},
    tellSent: sendParent({ type: 'cardPayment.sent' } satisfies CardPaymentNotice),
    tellReopened: sendParent({ type: 'cardPayment.reopened' } satisfies CardPaymentNotice),
    clearError: assign({ error: null }),
    /** One field typed: its value, and its problem gone until she submits again. */
    setField: assign(({ context, event }) => {
      assertEvent(event, 'cardPayment.fieldChanged');
      return {
        card: { ...context.card, [event.field]: event.value },
        fieldErrors: { ...context.fieldErrors, [event.field]: undefined },
      };
    }),
    showCardProblems: assign(({ context }) => ({
      fieldErrors: cardProblems(context.card, new Date(context.today)),
    })),
    /** The payment method the provider made of her card: only what the screens show. */
    keepPaymentMethod: assign((_, pm: PaymentMethod) => ({
      paymentMethod: { id: pm.id, brand: pm.brand, last4: pm.last4 },
    })),
    /** The provider refused the card's fields: each field's code, under the field. */
    keepCardRefusal: assign((_, { error }: { error: unknown }) => {
      const e = toAppError(error, 'NETWORK_ERROR');
      return { fieldErrors: e.fields ?? {}, error: e.fields ? null : e };
    }),
    newAttempt: assign(({ context }, { key }: { key: string }) => ({ attempt: attemptOf(context, key) })),
    dropAttempt: assign({ attempt: null }),
    keepChallenge: assign(({ context }, result: PaymentAnswer) => challengeOf(context, result)),
    /** The challenge as the bank tells it. */
    keepChallengeDetails: assign((_, c: Challenge) => ({
      challenge: { id: c.id, amount: c.amount, brand: c.brand, last4: c.last4 },
    })),
    setDecision: assign(({ event }) => {
      assertEvent(event, ['cardPayment.approve', 'cardPayment.deny']);
      return { decision: event.type === 'cardPayment.approve' ? ('approve' as const) : ('deny' as const) };
    }),
    keepAnswer: assign((_, answer: PaymentAnswer) => ({
      answer: answer.status === 'challenge' ? null : answer,
      challenge: null,
    })),
    keepDecline: assign(({ context }, { error }: { error: unknown }) => declineOf(context, error)),
    setError: assign((_, { error }: { error: unknown }) => errorFrom(error)),
  },
  guards: {
    hasPending: ({ context }) => context.attempt !== null,
    /** Nothing to charge (a free call, a code covering the order): no card. */
    free: ({ context }) => context.amount === 0,
    cardInvalid,
    isChallenge: (_, result: PaymentAnswer) => result.status === 'challenge',
    challengePending: (_, c: Challenge) => c.status === 'pending',
    isDeclined: isCode('PAYMENT_DECLINED'),
    isUnanswered: isCode(...UNANSWERED),
    /** An answer the parent handles (a new price, a hold that ended…). */
    isEnding: ({ context }, { error }: { error: unknown }) => endsPayment(context.ending, error),
  },
});
