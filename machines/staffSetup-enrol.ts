import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { SecondFactor, StaffMe, TotpEnrolment } from '../contract/staff';
import { codeProblem, normaliseCode, splitFailure, without } from './staffSetup-rules';
import { type AppError, notProvided, toAppError } from './types';

/**
 * Enrolling a second factor (issue 26): a passkey (the browser makes one) or an authenticator app
 * (the server's new secret as a QR code and in groups for typing, then one code from the app to
 * confirm it). The set-up link and a sign-in without a factor yet run it as their child; a signed-in
 * staff member runs it alone to add her other factor. Done, it gives her account as it is now.
 */
export interface StaffEnrolInput {
  /** The factors she has already: she is offered the others. */
  factors: readonly SecondFactor[];
}

export interface StaffEnrolContext {
  factors: readonly SecondFactor[];
  totp: TotpEnrolment | null;
  code: string;
  fieldErrors: Record<string, string>;
  error: AppError | null;
  /** Her account once the factor is hers (the machine's output). */
  me: StaffMe | null;
}

export type StaffEnrolEvent =
  | { type: 'enrol.passkeyChosen' }
  | { type: 'enrol.totpChosen' }
  | { type: 'enrol.codeChanged'; value: string }
  | { type: 'enrol.codeSubmitted' }
  | { type: 'enrol.back' };

const failure = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

export const staffEnrolMachine = setup({
  types: {} as {
    context: StaffEnrolContext;
    events: StaffEnrolEvent;
    input: StaffEnrolInput;
    output: StaffMe;
  },
  actors: {
    /** POST /staff/enrol/passkey/options, the browser's ceremony, POST /staff/enrol/passkey */
    enrolPasskey: fromPromise<StaffMe>(notProvided),
    /** POST /staff/enrol/totp */
    startTotp: fromPromise<TotpEnrolment>(notProvided),
    /** POST /staff/enrol/totp/confirm */
    confirmTotp: fromPromise<StaffMe, { code: string }>(notProvided),
  },
  guards: {
    passkeyOffered: ({ context }) => !context.factors.includes('passkey'),
    totpOffered: ({ context }) => !context.factors.includes('totp'),
    codeHasProblem: ({ context }) => codeProblem(context.code) !== null,
  },
  actions: {
    setCode: assign(({ context, event }) => {
      assertEvent(event, 'enrol.codeChanged');
      return {
        code: normaliseCode(event.value),
        fieldErrors: without(context.fieldErrors, 'code'),
        error: null,
      };
    }),
    showCodeProblem: assign(({ context }) => ({ fieldErrors: { code: codeProblem(context.code) ?? '' } })),
    clearError: assign({ error: null, fieldErrors: {} }),
    keepMe: assign((_, { me }: { me: StaffMe }) => ({ me, error: null })),
    keepTotp: assign((_, { totp }: { totp: TotpEnrolment }) => ({
      totp,
      code: '',
      fieldErrors: {},
      error: null,
    })),
    keepFailure: assign((_, { error }: { error: unknown }) => ({
      error: toAppError(error, 'NETWORK_ERROR'),
      fieldErrors: {},
    })),
    keepCodeFailure: assign((_, { error }: { error: unknown }) => ({
      code: '',
      ...splitFailure(toAppError(error, 'NETWORK_ERROR'), ['code']),
    })),
  },
}).createMachine({
  id: 'staffEnrol',
  description: 'Setting up a second factor: a passkey or an authenticator app.',
  context: ({ input }) => ({
    factors: input.factors,
    totp: null,
    code: '',
    fieldErrors: {},
    error: null,
    me: null,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      description: 'Which factor: a passkey (this device or a security key) or an authenticator app.',
      tags: ['step:choose'],
      on: {
        'enrol.passkeyChosen': { guard: 'passkeyOffered', target: 'passkey', actions: 'clearError' },
        'enrol.totpChosen': { guard: 'totpOffered', target: 'loadingTotp', actions: 'clearError' },
      },
    },
    passkey: {
      description: 'The browser makes a passkey and the server keeps it (cancelled: back to the choice).',
      tags: ['step:choose', 'busy'],
      invoke: {
        src: 'enrolPasskey',
        onDone: {
          target: 'done',
          actions: { type: 'keepMe', params: ({ event }) => ({ me: event.output }) },
        },
        onError: { target: 'choosing', actions: { type: 'keepFailure', params: failure } },
      },
    },
    loadingTotp: {
      description: 'POST /staff/enrol/totp: a new secret and its QR code.',
      tags: ['step:choose', 'busy'],
      invoke: {
        src: 'startTotp',
        onDone: {
          target: 'totp',
          actions: { type: 'keepTotp', params: ({ event }) => ({ totp: event.output }) },
        },
        onError: { target: 'choosing', actions: { type: 'keepFailure', params: failure } },
      },
    },
    totp: {
      description: 'The QR code and the secret in groups; she types the code her app shows.',
      tags: ['step:totp'],
      on: {
        'enrol.codeChanged': { actions: 'setCode' },
        'enrol.codeSubmitted': [
          { guard: 'codeHasProblem', actions: 'showCodeProblem' },
          { target: 'confirming' },
        ],
        'enrol.back': { target: 'choosing', actions: 'clearError' },
      },
    },
    confirming: {
      description: 'POST /staff/enrol/totp/confirm with her code.',
      tags: ['step:totp', 'busy'],
      invoke: {
        src: 'confirmTotp',
        input: ({ context }) => ({ code: context.code }),
        onDone: {
          target: 'done',
          actions: { type: 'keepMe', params: ({ event }) => ({ me: event.output }) },
        },
        onError: { target: 'totp', actions: { type: 'keepCodeFailure', params: failure } },
      },
    },
    done: {
      description: 'The factor is hers; her account as it is now goes to whoever started the steps.',
      type: 'final',
    },
  },
  output: ({ context }) => context.me as StaffMe,
});
