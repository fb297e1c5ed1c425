import { type ActorRef, assertEvent, assign, type Snapshot, sendTo, setup } from 'xstate';
import { loginPinProblem, toAsciiDigits } from '../contract/account-rules';
import { LOCK_TICK_MS, tickWait, waitIsOver } from './lock';
import type { SessionEvent, SessionReply } from './session';
import type { AppError, User } from './types';

/**
 * Sign-in form (spec §5, §8). Checks the fields, then asks the session to log in and waits for its
 * reply. Each state's `description` says what it stands for; docs/machines/login.md draws the chart.
 * `startRecovery` and `enterApp` are provided by the screen. Views read the tags: `busy` (asking the
 * session, or signed in and leaving), `locked`, `aliasRequired`.
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
    fieldsInvalid: ({ context }) => !context.alias.trim() || loginPinProblem(context.pin) !== null,
    aliasEmpty: ({ context }) => !context.alias.trim(),
    lockedOut: ({ event }) => {
      assertEvent(event, 'session.failed');
      return event.error.code === 'TOO_MANY_ATTEMPTS' && !!event.error.retryAfter;
    },
    lockOver: ({ context }) => waitIsOver(context.error),
  },
  actions: {
    /** Signed in: welcome her and take her on (to the page she asked for, or the dashboard). */
    enterApp: () => {},
    /** Opens PIN recovery with her alias. */
    startRecovery: (_, _params: { alias: string }) => {},
    /** Another alias starts afresh: a lock is for one alias. */
    setAlias: assign(({ context, event }) => {
      assertEvent(event, 'login.aliasChanged');
      return { alias: event.value, fieldErrors: { ...context.fieldErrors, alias: undefined }, error: null };
    }),
    /** The countdown of a lock stays while she types. */
    setPin: assign(({ context, event }) => {
      assertEvent(event, 'login.pinChanged');
      return {
        pin: event.value,
        fieldErrors: { ...context.fieldErrors, pin: undefined },
        error: context.error?.code === 'TOO_MANY_ATTEMPTS' ? context.error : null,
      };
    }),
    showFieldProblems: assign({
      fieldErrors: ({ context }) => ({
        alias: context.alias.trim() ? undefined : 'ALIAS_REQUIRED',
        pin: loginPinProblem(context.pin) ?? undefined,
      }),
    }),
    clearError: assign({ error: null }),
    askToSignIn: sendTo(
      ({ context }) => context.session,
      ({ context, self }) => ({
        type: 'session.login' as const,
        credentials: { alias: context.alias.trim(), pin: toAsciiDigits(context.pin) },
        replyTo: self,
      }),
    ),
    keepUser: assign(({ event }) => {
      assertEvent(event, 'session.succeeded');
      return { user: event.user };
    }),
    /** A refused sign-in: the error, and the PIN cleared so she types it again (the alias stays). */
    keepFailure: assign(({ event }) => {
      assertEvent(event, 'session.failed');
      return { error: event.error, pin: '' };
    }),
    tickLock: assign({ error: ({ context }) => tickWait(context.error) }),
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
      description: 'She types her alias and PIN; a submit with a problem marks the fields.',
      initial: 'idle',
      states: {
        idle: { description: 'Nothing stops her from trying.' },
        locked: {
          description:
            'Too many failed attempts: the wait counts down each second (as in recovery), then the message goes.',
          tags: ['locked'],
          after: {
            [LOCK_TICK_MS]: [
              { guard: 'lockOver', target: 'idle', actions: 'clearError' },
              { target: 'locked', reenter: true, actions: 'tickLock' },
            ],
          },
        },
      },
      on: {
        'login.aliasChanged': { target: '.idle', actions: 'setAlias' },
        'login.pinChanged': { actions: 'setPin' },
        'login.submit': [{ guard: 'fieldsInvalid', actions: 'showFieldProblems' }, { target: 'submitting' }],
        'login.forgotPin': [{ guard: 'aliasEmpty', target: 'aliasRequired' }, { target: 'recovering' }],
      },
    },
    aliasRequired: {
      description: '"Forgot PIN?" with no alias: a dialog asks for it first.',
      tags: ['aliasRequired'],
      on: { 'login.dismissDialog': 'editing' },
    },
    submitting: {
      description: 'The session signs her in; the form waits for its reply.',
      tags: ['busy'],
      entry: ['clearError', 'askToSignIn'],
      on: {
        'session.succeeded': { target: 'signedIn', actions: 'keepUser' },
        'session.failed': [
          { guard: 'lockedOut', target: 'editing.locked', actions: 'keepFailure' },
          { target: 'editing', actions: 'keepFailure' },
        ],
      },
    },
    signedIn: {
      description: 'Signed in: she goes on to the page she asked for, or the dashboard.',
      type: 'final',
      tags: ['busy'],
      entry: 'enterApp',
    },
    recovering: {
      description: '"Forgot PIN?" with her alias: PIN recovery takes over with it.',
      type: 'final',
      entry: { type: 'startRecovery', params: ({ context }) => ({ alias: context.alias.trim() }) },
    },
  },
  output: ({ context }) => ({ alias: context.alias.trim() }),
});
