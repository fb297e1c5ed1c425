import {
  type CardPaymentOutput,
  cardBodyOf,
  cardPaymentSetup,
  challengeIdOf,
  decisionOf,
  EMPTY_CARD,
  errorOf,
} from './payment-rules';

/**
 * One card payment (issue 8 spec §3, issue 10; issue 22 item 2): the child machine checkout and the
 * consultation booking invoke with what to pay for. Its types, actors, actions and guards are in
 * machines/payment-rules.ts (`cardPaymentSetup`); this file is the statechart.
 */
/** A request on its way: busy, with no error left from a try before. */
const ASKING = { tags: ['busy'], entry: 'clearError' } as const;

/** The card form (editing, and again after a failure): she types; Submit checks it, then sends it. */
const cardForm = {
  'cardPayment.fieldChanged': { actions: 'setField' },
  'cardPayment.submit': [
    { guard: 'free', target: 'preparing' },
    { guard: 'cardInvalid', actions: 'showCardProblems' },
    { target: 'validating' },
  ],
} as const;

export const cardPaymentMachine = cardPaymentSetup.createMachine({
  id: 'cardPayment',
  description:
    'A card payment that can never pay twice: the card to the provider, one attempt with its key, the bank if it asks.',
  context: ({ input }) => ({
    today: input.today,
    amount: input.amount,
    draft: input.draft,
    ending: input.ending,
    card: input.card ?? EMPTY_CARD,
    fieldErrors: {},
    paymentMethod: null,
    attempt: input.pending,
    challenge: null,
    decision: null,
    answer: null,
    error: null,
  }),
  output: ({ event }) => event.output as CardPaymentOutput,
  initial: 'start',
  states: {
    start: {
      description: 'An attempt a reload interrupted is sent again at once; otherwise she fills in the card.',
      always: [{ guard: 'hasPending', target: 'paying' }, { target: 'editing' }],
    },
    editing: {
      description: 'She types the card (or, with nothing to charge, just confirms).',
      tags: ['form'],
      on: { ...cardForm, 'cardPayment.leave': 'left' },
    },
    validating: {
      description: 'The card goes to the provider, and nowhere else, for a payment method.',
      ...ASKING,
      invoke: {
        src: 'createPaymentMethod',
        input: cardBodyOf,
        onDone: {
          target: 'preparing',
          actions: { type: 'keepPaymentMethod', params: ({ event }) => event.output },
        },
        onError: { target: 'editing', actions: { type: 'keepCardRefusal', params: errorOf } },
      },
    },
    preparing: {
      description: 'A new attempt: a fresh idempotency key, kept with the attempt for a reload.',
      ...ASKING,
      invoke: {
        src: 'newAttemptKey',
        onDone: {
          target: 'paying',
          actions: [
            { type: 'newAttempt', params: ({ event }) => ({ key: event.output }) },
            { type: 'saveAttempt', params: ({ context }) => ({ attempt: context.attempt! }) },
          ],
        },
        onError: { target: 'editing', actions: { type: 'setError', params: errorOf } },
      },
    },
    paying: {
      description: 'The attempt goes to the server with its key; the same key always gets the same answer.',
      tags: ['busy', 'paying'],
      entry: ['clearError', 'tellSent'],
      invoke: {
        src: 'pay',
        input: ({ context }) => context.attempt!,
        onDone: [
          {
            guard: { type: 'isChallenge', params: ({ event }) => event.output },
            target: 'challenge',
            actions: { type: 'keepChallenge', params: ({ event }) => event.output },
          },
          { target: 'paid', actions: { type: 'keepAnswer', params: ({ event }) => event.output } },
        ],
        onError: [
          {
            guard: { type: 'isDeclined', params: errorOf },
            target: 'declined',
            actions: ['forgetAttempt', 'dropAttempt', { type: 'keepDecline', params: errorOf }],
          },
          {
            guard: { type: 'isEnding', params: errorOf },
            target: 'ended',
            actions: ['forgetAttempt', { type: 'setError', params: errorOf }],
          },
          {
            guard: { type: 'isUnanswered', params: errorOf },
            target: 'interrupted',
            actions: { type: 'setError', params: errorOf },
          },
          {
            target: 'failed',
            actions: ['forgetAttempt', 'dropAttempt', { type: 'setError', params: errorOf }],
          },
        ],
      },
    },
    challenge: {
      description: 'The bank asks her to confirm; then the same attempt again, for the final answer.',
      tags: ['challenge'],
      initial: 'loading',
      states: {
        loading: {
          description: 'What the bank asks (amount, card).',
          tags: ['busy'],
          invoke: {
            src: 'loadChallenge',
            input: challengeIdOf,
            onDone: [
              {
                guard: { type: 'challengePending', params: ({ event }) => event.output },
                target: 'asking',
                actions: { type: 'keepChallengeDetails', params: ({ event }) => event.output },
              },
              { target: '#cardPayment.paying' },
            ],
            onError: { target: 'asking' },
          },
        },
        asking: {
          description: 'Approve or deny; the dialog asks until she answers.',
          on: {
            'cardPayment.approve': { target: 'deciding', actions: 'setDecision' },
            'cardPayment.deny': { target: 'deciding', actions: 'setDecision' },
          },
        },
        deciding: {
          description: 'Her answer on its way to the bank.',
          ...ASKING,
          invoke: {
            src: 'decideChallenge',
            input: decisionOf,
            onDone: { target: '#cardPayment.paying' },
            onError: { target: 'asking', actions: { type: 'setError', params: errorOf } },
          },
        },
      },
    },
    declined: {
      description:
        'Declined, and why; the form stays without the security code; the next try is a new attempt.',
      tags: ['form', 'declined'],
      entry: 'tellReopened',
      on: {
        'cardPayment.fieldChanged': { actions: 'setField' },
        'cardPayment.submit': [
          { guard: 'cardInvalid', actions: 'showCardProblems' },
          { target: 'validating' },
        ],
      },
    },
    failed: {
      description: 'Nothing was charged; the next try is a new attempt.',
      tags: ['form', 'failed'],
      entry: 'tellReopened',
      on: cardForm,
    },
    interrupted: {
      description: 'No answer came: retry sends the same key and body.',
      tags: ['interrupted'],
      on: { 'cardPayment.retry': 'paying' },
    },
    paid: {
      description: 'Paid (or confirmed): the answer goes to the parent.',
      type: 'final',
      entry: 'forgetAttempt',
      output: ({ context }) => ({ status: 'paid' as const, answer: context.answer! }),
    },
    ended: {
      description:
        'An answer the parent handles (a new price, the hold ended…), with the card as she left it.',
      type: 'final',
      output: ({ context }) => ({
        status: 'ended' as const,
        error: context.error!,
        attempt: context.attempt,
        card: context.card,
      }),
    },
    left: {
      description: 'She stepped away before paying; the card goes back to the parent.',
      type: 'final',
      output: ({ context }) => ({ status: 'left' as const, card: context.card }),
    },
  },
});
