import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { SecondFactor, SignInStep, StaffMe } from '../contract/staff';
import { staffEnrolMachine } from './staffSetup-enrol';
import { codeProblem, emailProblem, normaliseCode, splitFailure, without } from './staffSetup-rules';
import { type AppError, notProvided, toAppError } from './types';

/**
 * Staff sign-in (issue 26): e-mail and password, then her second factor, a passkey (the browser's
 * ceremony) or the 6-digit code of her authenticator app; a staff member with no factor yet (her
 * set-up stopped after the password) sets one up here. Errors stay codes: INVALID_CREDENTIALS,
 * TOO_MANY_ATTEMPTS (retryAfter), SECOND_FACTOR_INVALID, PASSKEY_CANCELLED; the half session running
 * out (401) sends her back to the password.
 */
export interface StaffSignInContext {
  email: string;
  password: string;
  code: string;
  factors: SecondFactor[];
  fieldErrors: Record<string, string>;
  error: AppError | null;
}

export type StaffSignInEvent =
  | { type: 'staffSignIn.emailChanged'; value: string }
  | { type: 'staffSignIn.passwordChanged'; value: string }
  | { type: 'staffSignIn.submitted' }
  | { type: 'staffSignIn.passkeyChosen' }
  | { type: 'staffSignIn.codeChosen' }
  | { type: 'staffSignIn.codeChanged'; value: string }
  | { type: 'staffSignIn.codeSubmitted' }
  | { type: 'staffSignIn.back' };

const failure = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const halfEnded = { type: 'isUnauthorized', params: failure } as const;

export const staffSignInMachine = setup({
  types: {} as { context: StaffSignInContext; events: StaffSignInEvent },
  actors: {
    /** POST /staff/login */
    checkPassword: fromPromise<SignInStep, { email: string; password: string }>(notProvided),
    /** POST /staff/login/passkey/options, the browser's ceremony, POST /staff/login/passkey */
    passkeyLogin: fromPromise<StaffMe>(notProvided),
    /** POST /staff/login/totp */
    codeLogin: fromPromise<StaffMe, { code: string }>(notProvided),
    staffEnrol: staffEnrolMachine,
  },
  guards: {
    credentialsHaveProblems: ({ context }) => emailProblem(context.email) !== null || context.password === '',
    mustEnrol: (_, { step }: { step: SignInStep }) => step.stage === 'enrol',
    hasPasskey: ({ context }) => context.factors.includes('passkey'),
    hasTotp: ({ context }) => context.factors.includes('totp'),
    codeHasProblem: ({ context }) => codeProblem(context.code) !== null,
    isUnauthorized: (_, { error }: { error: unknown }) => toAppError(error).code === 'UNAUTHORIZED',
  },
  actions: {
    /** Into the staff area with her account (provided by the screen: the session, then her page). */
    enterArea: (_, _params: { me: StaffMe }) => {},
    setEmail: assign(({ context, event }) => {
      assertEvent(event, 'staffSignIn.emailChanged');
      return { email: event.value, fieldErrors: without(context.fieldErrors, 'email'), error: null };
    }),
    setPassword: assign(({ context, event }) => {
      assertEvent(event, 'staffSignIn.passwordChanged');
      return { password: event.value, fieldErrors: without(context.fieldErrors, 'password'), error: null };
    }),
    showCredentialProblems: assign(({ context }) => {
      const email = emailProblem(context.email);
      return {
        fieldErrors: {
          ...(email ? { email } : {}),
          ...(context.password === '' ? { password: 'REQUIRED' } : {}),
        },
        error: null,
      };
    }),
    keepStep: assign((_, { step }: { step: SignInStep }) => ({
      factors: step.factors,
      password: '',
      code: '',
      fieldErrors: {},
      error: null,
    })),
    keepPasswordFailure: assign((_, { error }: { error: unknown }) => ({
      password: '',
      ...splitFailure(toAppError(error, 'NETWORK_ERROR'), ['email', 'password']),
    })),
    /** The half session ran out: the password again, saying why. */
    restart: assign({ password: '', code: '', fieldErrors: {}, error: { code: 'SESSION_EXPIRED' } }),
    setCode: assign(({ context, event }) => {
      assertEvent(event, 'staffSignIn.codeChanged');
      return {
        code: normaliseCode(event.value),
        fieldErrors: without(context.fieldErrors, 'code'),
        error: null,
      };
    }),
    showCodeProblem: assign(({ context }) => ({ fieldErrors: { code: codeProblem(context.code) ?? '' } })),
    keepFailure: assign((_, { error }: { error: unknown }) => ({
      code: '',
      ...splitFailure(toAppError(error, 'NETWORK_ERROR'), ['code']),
    })),
    clearError: assign({ error: null, fieldErrors: {} }),
    backToPassword: assign({ password: '', code: '', fieldErrors: {}, error: null }),
  },
}).createMachine({
  id: 'staffSignIn',
  description: 'Staff sign-in: the password, then a passkey or an authenticator-app code.',
  context: { email: '', password: '', code: '', factors: [], fieldErrors: {}, error: null },
  initial: 'credentials',
  states: {
    credentials: {
      description: 'E-mail and password; a refusal says why above the form.',
      tags: ['step:credentials'],
      on: {
        'staffSignIn.emailChanged': { actions: 'setEmail' },
        'staffSignIn.passwordChanged': { actions: 'setPassword' },
        'staffSignIn.submitted': [
          { guard: 'credentialsHaveProblems', actions: 'showCredentialProblems' },
          { target: 'checkingPassword' },
        ],
      },
    },
    checkingPassword: {
      description: 'POST /staff/login.',
      tags: ['step:credentials', 'busy'],
      invoke: {
        src: 'checkPassword',
        input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
        onDone: [
          {
            guard: { type: 'mustEnrol', params: ({ event }) => ({ step: event.output }) },
            target: 'enrol',
            actions: { type: 'keepStep', params: ({ event }) => ({ step: event.output }) },
          },
          {
            target: 'secondFactor',
            actions: { type: 'keepStep', params: ({ event }) => ({ step: event.output }) },
          },
        ],
        onError: { target: 'credentials', actions: { type: 'keepPasswordFailure', params: failure } },
      },
    },
    secondFactor: {
      description: 'The password passed: her second factor.',
      initial: 'choosing',
      on: { 'staffSignIn.back': { target: 'credentials', actions: 'backToPassword' } },
      states: {
        choosing: {
          description: 'Her factors as buttons: a passkey, a code from her app.',
          tags: ['step:choose'],
          on: {
            'staffSignIn.passkeyChosen': { guard: 'hasPasskey', target: 'passkey', actions: 'clearError' },
            'staffSignIn.codeChosen': { guard: 'hasTotp', target: 'code', actions: 'clearError' },
          },
        },
        passkey: {
          description: 'The browser asks for her passkey; the server checks its answer.',
          tags: ['step:choose', 'busy'],
          invoke: {
            src: 'passkeyLogin',
            onDone: {
              target: '#staffSignIn.signedIn',
              actions: { type: 'enterArea', params: ({ event }) => ({ me: event.output }) },
            },
            onError: [
              { guard: halfEnded, target: '#staffSignIn.credentials', actions: 'restart' },
              { target: 'choosing', actions: { type: 'keepFailure', params: failure } },
            ],
          },
        },
        code: {
          description: 'The 6-digit code her authenticator app shows.',
          tags: ['step:code'],
          on: {
            'staffSignIn.codeChanged': { actions: 'setCode' },
            'staffSignIn.codeSubmitted': [
              { guard: 'codeHasProblem', actions: 'showCodeProblem' },
              { target: 'checkingCode' },
            ],
            'staffSignIn.passkeyChosen': { guard: 'hasPasskey', target: 'passkey', actions: 'clearError' },
          },
        },
        checkingCode: {
          description: 'POST /staff/login/totp.',
          tags: ['step:code', 'busy'],
          invoke: {
            src: 'codeLogin',
            input: ({ context }) => ({ code: context.code }),
            onDone: {
              target: '#staffSignIn.signedIn',
              actions: { type: 'enterArea', params: ({ event }) => ({ me: event.output }) },
            },
            onError: [
              { guard: halfEnded, target: '#staffSignIn.credentials', actions: 'restart' },
              { target: 'code', actions: { type: 'keepFailure', params: failure } },
            ],
          },
        },
      },
    },
    enrol: {
      description: 'No second factor yet (her set-up stopped after the password): she sets one up now.',
      tags: ['step:enrol'],
      on: { 'staffSignIn.back': { target: 'credentials', actions: 'backToPassword' } },
      invoke: {
        id: 'enrol',
        src: 'staffEnrol',
        input: () => ({ factors: [] }),
        onDone: {
          target: 'signedIn',
          actions: { type: 'enterArea', params: ({ event }) => ({ me: event.output }) },
        },
      },
    },
    signedIn: {
      description: 'Both factors passed: into the staff area.',
      tags: ['step:done'],
      type: 'final',
    },
  },
});
