import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { SetupInfo, SignInStep, StaffMe } from '../contract/staff';
import { staffEnrolMachine } from './staffSetup-enrol';
import { newPasswordProblems, splitFailure } from './staffSetup-rules';
import { type AppError, notProvided, toAppError } from './types';

/**
 * Setting up a staff account from the one-time link of `npm run staff:add` (issue 26): the link is
 * checked (used or expired: its own screen), she chooses a password (the contract's rules shown, and a
 * repeat), then sets up a second factor (machines/staffSetup-enrol.ts), then she is in the staff area.
 */
export * from './staffSetup-rules';

export interface StaffSetupInput {
  token: string;
}

export interface StaffSetupContext {
  token: string;
  info: SetupInfo | null;
  password: string;
  confirm: string;
  fieldErrors: Record<string, string>;
  error: AppError | null;
}

export type StaffSetupEvent =
  | { type: 'staffSetup.passwordChanged'; value: string }
  | { type: 'staffSetup.confirmChanged'; value: string }
  | { type: 'staffSetup.submitted' }
  | { type: 'staffSetup.retry' };

const failure = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const linkRefused = { type: 'isLinkRefused', params: failure } as const;

export const staffSetupMachine = setup({
  types: {} as { context: StaffSetupContext; events: StaffSetupEvent; input: StaffSetupInput },
  actors: {
    /** GET /staff/setup/{token} */
    checkLink: fromPromise<SetupInfo, { token: string }>(notProvided),
    /** POST /staff/setup */
    setPassword: fromPromise<SignInStep, { token: string; password: string }>(notProvided),
    staffEnrol: staffEnrolMachine,
  },
  guards: {
    /** Used, expired or never issued: the link's own screen (not a form she can fix). */
    isLinkRefused: (_, { error }: { error: unknown }) =>
      ['STAFF_SETUP_INVALID', 'NOT_FOUND', 'VALIDATION_ERROR'].includes(toAppError(error).code) &&
      !toAppError(error).fields?.password,
    passwordHasProblems: ({ context }) =>
      Object.keys(newPasswordProblems(context.password, context.confirm)).length > 0,
  },
  actions: {
    /** Into the staff area with her account (provided by the screen). */
    enterArea: (_, _params: { me: StaffMe }) => {},
    keepInfo: assign((_, { info }: { info: SetupInfo }) => ({ info, error: null })),
    keepError: assign((_, { error }: { error: unknown }) => ({ error: toAppError(error, 'NETWORK_ERROR') })),
    setPasswordField: assign(({ context, event }) => {
      assertEvent(event, ['staffSetup.passwordChanged', 'staffSetup.confirmChanged']);
      const field = event.type === 'staffSetup.passwordChanged' ? 'password' : 'confirm';
      const { [field]: _, ...fieldErrors } = context.fieldErrors;
      return { [field]: event.value, fieldErrors, error: null };
    }),
    showProblems: assign(({ context }) => ({
      fieldErrors: newPasswordProblems(context.password, context.confirm),
      error: null,
    })),
    keepPasswordFailure: assign((_, { error }: { error: unknown }) =>
      splitFailure(toAppError(error, 'NETWORK_ERROR'), ['password']),
    ),
    forgetPassword: assign({ password: '', confirm: '' }),
  },
}).createMachine({
  id: 'staffSetup',
  description: 'Setting up a staff account from its one-time link.',
  context: ({ input }) => ({
    token: input.token,
    info: null,
    password: '',
    confirm: '',
    fieldErrors: {},
    error: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      description: 'GET /staff/setup/{token}: is the link still good?',
      tags: ['step:checking', 'busy'],
      invoke: {
        src: 'checkLink',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'password',
          actions: { type: 'keepInfo', params: ({ event }) => ({ info: event.output }) },
        },
        onError: [
          { guard: linkRefused, target: 'invalid' },
          { target: 'failed', actions: { type: 'keepError', params: failure } },
        ],
      },
    },
    failed: {
      description: 'The link could not be checked (offline): Try again.',
      tags: ['step:failed'],
      on: { 'staffSetup.retry': { target: 'checking', actions: assign({ error: null }) } },
    },
    invalid: {
      description: 'The link was used or has expired: ask the team for a new one.',
      tags: ['step:invalid'],
    },
    password: {
      description: 'Her password (the rules shown) and its repeat.',
      tags: ['step:password'],
      on: {
        'staffSetup.passwordChanged': { actions: 'setPasswordField' },
        'staffSetup.confirmChanged': { actions: 'setPasswordField' },
        'staffSetup.submitted': [
          { guard: 'passwordHasProblems', actions: 'showProblems' },
          { target: 'saving' },
        ],
      },
    },
    saving: {
      description: 'POST /staff/setup: the password is set and a half session opens.',
      tags: ['step:password', 'busy'],
      invoke: {
        src: 'setPassword',
        input: ({ context }) => ({ token: context.token, password: context.password }),
        onDone: { target: 'enrol', actions: 'forgetPassword' },
        onError: [
          { guard: linkRefused, target: 'invalid' },
          { target: 'password', actions: { type: 'keepPasswordFailure', params: failure } },
        ],
      },
    },
    enrol: {
      description: 'Her second factor: a passkey or an authenticator app.',
      tags: ['step:enrol'],
      invoke: {
        id: 'enrol',
        src: 'staffEnrol',
        input: () => ({ factors: [] }),
        onDone: {
          target: 'done',
          actions: { type: 'enterArea', params: ({ event }) => ({ me: event.output }) },
        },
      },
    },
    done: {
      description: 'Set up: into the staff area.',
      tags: ['step:done'],
      type: 'final',
    },
  },
});
