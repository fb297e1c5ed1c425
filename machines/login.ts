import { type ActorRef, assign, type Snapshot, sendTo, setup } from 'xstate';
import { pinProblem, toAsciiDigits } from './pin';
import type { SessionEvent, SessionReply } from './session';
import type { AppError, User } from './types';

/**
 * Sign-in form (spec §5, §8). Checks the fields, then asks the session to log in and waits for its
 * reply. "Forgot PIN?" with an empty alias opens the Alias Required dialog; otherwise the form ends
 * in `recovering` with the alias, and the view starts PIN recovery with it.
 */
export interface LoginContext {
  session: ActorRef<Snapshot<unknown>, SessionEvent>;
  alias: string;
  pin: string;
  fieldErrors: { alias?: string; pin?: string };
  error: AppError | null;
  user: User | null;
}

export type LoginEvent =
  | { type: 'login.aliasChanged'; value: string }
  | { type: 'login.pinChanged'; value: string }
  | { type: 'login.submit' }
  | { type: 'login.forgotPin' }
  | { type: 'login.dismissDialog' }
  | SessionReply;

export const loginMachine = setup({
  types: {} as {
    context: LoginContext;
    input: { session: LoginContext['session']; alias?: string };
    events: LoginEvent;
    output: { alias: string };
  },
  guards: {
    fieldsInvalid: ({ context }) => !context.alias.trim() || pinProblem(context.pin) !== null,
    aliasEmpty: ({ context }) => !context.alias.trim(),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    session: input.session,
    alias: input.alias ?? '',
    pin: '',
    fieldErrors: {},
    error: null,
    user: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'login.aliasChanged': {
          actions: assign({
            alias: ({ event }) => event.value,
            fieldErrors: ({ context }) => ({ ...context.fieldErrors, alias: undefined }),
            error: null,
          }),
        },
        'login.pinChanged': {
          actions: assign({
            pin: ({ event }) => event.value,
            fieldErrors: ({ context }) => ({ ...context.fieldErrors, pin: undefined }),
            error: null,
          }),
        },
        'login.submit': [
          {
            guard: 'fieldsInvalid',
            actions: assign({
              fieldErrors: ({ context }) => ({
                alias: context.alias.trim() ? undefined : 'ALIAS_REQUIRED',
                pin: pinProblem(context.pin) ?? undefined,
              }),
            }),
          },
          { target: 'submitting' },
        ],
        'login.forgotPin': [{ guard: 'aliasEmpty', target: 'aliasRequired' }, { target: 'recovering' }],
      },
    },
    aliasRequired: {
      on: { 'login.dismissDialog': 'editing' },
    },
    submitting: {
      entry: [
        assign({ error: null }),
        sendTo(
          ({ context }) => context.session,
          ({ context, self }) => ({
            type: 'session.login' as const,
            credentials: { alias: context.alias.trim(), pin: toAsciiDigits(context.pin) },
            replyTo: self,
          }),
        ),
      ],
      on: {
        'session.succeeded': { target: 'signedIn', actions: assign({ user: ({ event }) => event.user }) },
        'session.failed': {
          target: 'editing',
          // a wrong PIN is cleared so the member types it again; the alias stays
          actions: assign({ error: ({ event }) => event.error, pin: '' }),
        },
      },
    },
    signedIn: { type: 'final' },
    recovering: { type: 'final' },
  },
  output: ({ context }) => ({ alias: context.alias.trim() }),
});
