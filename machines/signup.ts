import { assertEvent, assign, fromPromise, sendTo, setup } from 'xstate';
import type { SignupEvent, SignupTag } from './signup-events';
import {
  ALIAS_DEBOUNCE_MS,
  type AliasAvailability,
  type Avatar,
  aliasToCheck,
  draftOf,
  failedOn,
  initialContext,
  landingStep,
  localProblems,
  registrationOf,
  type SecurityQuestion,
  type SignupContext,
  type SignupDraft,
  type Step,
  stepErrors,
  stepOfField,
  withDraft,
  withField,
  withStepErrors,
} from './signup-rules';
import { notProvided } from './types';

/**
 * Sign-up (spec §3 Account, §5, §8): alias → PIN → security questions → profile → avatar →
 * confirmation, one step at a time; back keeps everything entered. This file is the flow; its
 * types and rules are in signup-rules.ts, the events the views send and the tags they read in
 * signup-events.ts (both re-exported here). It is longer than 300 lines on purpose: the flow is one
 * literal config, so that the Stately editor reads it whole, with the named guards and actions it
 * refers to; everything else already lives beside it.
 *
 * - Every field arrives as one `signup.fieldChanged { field, value }`; each step takes only its own.
 * - The alias is checked while the member types: 400 ms after the last change the local rules run
 *   (aliasProblem), then the server says whether it is free. A failed check does not block her.
 * - The avatars and the security questions load as the flow opens, in their own regions (loading,
 *   failed with retry, ready), and load again when the language changes.
 * - Submitting asks the session to register (`session.register` with `replyTo`) and waits for its
 *   reply. Field codes from the server go on their fields and the flow returns to the first step
 *   that has one; any other failure stays on the confirmation with its code.
 * - Back and reload never lose her place: each step is an entry in the browser's history (the
 *   screen keeps the address and the step in step); the address asks for a step with
 *   `signup.goTo`, which lands there or on the first earlier step that still needs her (never
 *   while the registration is under way). What she typed, but her PIN and security answers, is
 *   given to the provided `saveDraft` (sessionStorage), comes back with `signup.restore` after a
 *   reload, and is forgotten (`forgetDraft`) once registered or when she leaves on purpose.
 */
export * from './signup-events';
export * from './signup-rules';

const hasAny = (problems: Record<string, string>) => Object.keys(problems).length > 0;

export const signupMachine = setup({
  types: {} as {
    context: SignupContext;
    input: { session: SignupContext['session'] };
    events: SignupEvent;
    tags: SignupTag;
  },
  actors: {
    fetchAvatars: fromPromise<{ avatars: Avatar[] }>(notProvided),
    fetchSecurityQuestions: fromPromise<{ questions: SecurityQuestion[] }>(notProvided),
    checkAlias: fromPromise<AliasAvailability, { alias: string }>(notProvided),
  },
  delays: { aliasDebounce: ALIAS_DEBOUNCE_MS },
  guards: {
    /** The changed field belongs to this step. */
    isFieldOf: ({ event }, { step }: { step: Step }) => {
      assertEvent(event, 'signup.fieldChanged');
      return stepOfField(event.field) === step;
    },
    /** The step breaks a rule the app checks by itself. */
    locallyInvalid: ({ context }, { step }: { step: Step }) => hasAny(localProblems(step, context)),
    /** …or still has an error from the server or an earlier try. */
    stepInvalid: ({ context }, { step }: { step: Step }) => hasAny(stepErrors(step, context)),
    isAvailable: (_, { available }: AliasAvailability) => available,
    /** The step the address asks for lands here (landingStep); never once registered. */
    landsOn: ({ context, event }, { step }: { step: Step }) => {
      assertEvent(event, 'signup.goTo');
      return !context.user && landingStep(context, event.step) === step;
    },
    /** The refused registration marked a field of this step. */
    failedOn: ({ event }, { step }: { step: Step }) => {
      assertEvent(event, 'session.failed');
      return failedOn(step, event.error);
    },
  },
  actions: {
    keepQuestions: assign((_, { questions }: { questions: SecurityQuestion[] }) => ({ questions })),
    keepAvatars: assign((_, { avatars }: { avatars: Avatar[] }) => ({ avatars })),
    setField: assign(({ context, event }) => {
      assertEvent(event, 'signup.fieldChanged');
      return withField(context, event);
    }),
    clearFailure: assign({ error: null }),
    showStepErrors: assign({
      fieldErrors: ({ context }, { step }: { step: Step }) => withStepErrors(step, context),
    }),
    showAliasReason: assign({
      fieldErrors: ({ context }, { reason }: AliasAvailability) => ({
        ...context.fieldErrors,
        alias: reason ?? 'ALIAS_TAKEN',
      }),
    }),
    /** The server's field codes go on their fields; the failure itself is kept for the message. */
    keepFailure: assign(({ context, event }) => {
      assertEvent(event, 'session.failed');
      return { fieldErrors: { ...context.fieldErrors, ...event.error.fields }, error: event.error };
    }),
    askToRegister: sendTo(
      ({ context }) => context.session,
      ({ context, self }) => ({
        type: 'session.register' as const,
        registration: registrationOf(context),
        replyTo: self,
      }),
    ),
    keepUser: assign(({ event }) => {
      assertEvent(event, 'session.succeeded');
      return { user: event.user };
    }),
    /** Registered and signed in: the screen provides where she goes (the dashboard, with a welcome). */
    enterApp: () => {},
    /** Keeps what she typed for this session (sessionStorage): never the PIN nor the answers. */
    saveDraft: (_, _params: { draft: SignupDraft }) => {},
    /** Registered, or left on purpose: nothing to keep. */
    forgetDraft: () => {},
    restoreDraft: assign(({ event }) => {
      assertEvent(event, 'signup.restore');
      return withDraft(event.draft);
    }),
  },
}).createMachine({
  id: 'signup',
  type: 'parallel',
  context: ({ input }) => initialContext(input.session),
  on: { 'signup.leave': { actions: 'forgetDraft' } },
  states: {
    questions: {
      initial: 'loading',
      // the questions come in the request language: fetch them again in the new one
      on: { 'signup.localeChanged': '.loading' },
      states: {
        loading: {
          tags: 'questions:loading',
          invoke: {
            src: 'fetchSecurityQuestions',
            onDone: {
              target: 'ready',
              actions: { type: 'keepQuestions', params: ({ event }) => event.output },
            },
            onError: 'failed',
          },
        },
        failed: { tags: 'questions:failed', on: { 'signup.retry': 'loading' } },
        ready: { tags: 'questions:ready' },
      },
    },
    avatars: {
      initial: 'loading',
      on: { 'signup.localeChanged': '.loading' },
      states: {
        loading: {
          tags: 'avatars:loading',
          invoke: {
            src: 'fetchAvatars',
            onDone: {
              target: 'ready',
              actions: { type: 'keepAvatars', params: ({ event }) => event.output },
            },
            onError: 'failed',
          },
        },
        failed: { tags: 'avatars:failed', on: { 'signup.retry': 'loading' } },
        ready: { tags: 'avatars:ready' },
      },
    },
    flow: {
      initial: 'alias',
      on: {
        'signup.goTo': [
          {
            guard: { type: 'landsOn', params: { step: 'alias' } },
            target: '.alias',
            actions: 'clearFailure',
          },
          { guard: { type: 'landsOn', params: { step: 'pin' } }, target: '.pin', actions: 'clearFailure' },
          {
            guard: { type: 'landsOn', params: { step: 'security' } },
            target: '.security',
            actions: 'clearFailure',
          },
          {
            guard: { type: 'landsOn', params: { step: 'profile' } },
            target: '.profile',
            actions: 'clearFailure',
          },
          {
            guard: { type: 'landsOn', params: { step: 'avatar' } },
            target: '.avatar',
            actions: 'clearFailure',
          },
          {
            guard: { type: 'landsOn', params: { step: 'confirm' } },
            target: '.confirm',
            actions: 'clearFailure',
          },
        ],
      },
      states: {
        alias: {
          tags: 'step:alias',
          initial: 'idle',
          on: {
            'signup.fieldChanged': {
              guard: { type: 'isFieldOf', params: { step: 'alias' } },
              target: '.checking',
              reenter: true,
              actions: [
                'setField',
                'clearFailure',
                { type: 'saveDraft', params: ({ context }) => ({ draft: draftOf(context) }) },
              ],
            },
            'signup.restore': { actions: 'restoreDraft' },
            'signup.next': [
              {
                guard: { type: 'locallyInvalid', params: { step: 'alias' } },
                target: '.invalid',
                actions: { type: 'showStepErrors', params: { step: 'alias' } },
              },
              // not checked yet (or still checking): check now, and go on if it is free
              { target: '.verifying' },
            ],
          },
          states: {
            idle: {},
            checking: {
              tags: 'alias:checking',
              initial: 'debouncing',
              states: {
                debouncing: {
                  after: {
                    aliasDebounce: [
                      {
                        guard: { type: 'locallyInvalid', params: { step: 'alias' } },
                        target: '#signup.flow.alias.invalid',
                        actions: { type: 'showStepErrors', params: { step: 'alias' } },
                      },
                      { target: 'querying' },
                    ],
                  },
                },
                querying: {
                  invoke: {
                    src: 'checkAlias',
                    input: ({ context }) => aliasToCheck(context),
                    onDone: [
                      {
                        guard: { type: 'isAvailable', params: ({ event }) => event.output },
                        target: '#signup.flow.alias.available',
                      },
                      {
                        target: '#signup.flow.alias.unavailable',
                        actions: { type: 'showAliasReason', params: ({ event }) => event.output },
                      },
                    ],
                    onError: '#signup.flow.alias.checkFailed',
                  },
                },
              },
            },
            verifying: {
              tags: ['alias:checking', 'busy'],
              invoke: {
                src: 'checkAlias',
                input: ({ context }) => aliasToCheck(context),
                onDone: [
                  {
                    guard: { type: 'isAvailable', params: ({ event }) => event.output },
                    target: '#signup.flow.pin',
                    actions: 'clearFailure',
                  },
                  {
                    target: 'unavailable',
                    actions: { type: 'showAliasReason', params: ({ event }) => event.output },
                  },
                ],
                // the check could not run: she may go on; the server decides at the end
                onError: { target: '#signup.flow.pin', actions: 'clearFailure' },
              },
            },
            available: {
              tags: 'alias:available',
              on: { 'signup.next': { target: '#signup.flow.pin', actions: 'clearFailure' } },
            },
            // taken or refused by the server: she must change it first
            unavailable: { on: { 'signup.next': {} } },
            checkFailed: {
              tags: 'alias:checkFailed',
              on: { 'signup.next': { target: '#signup.flow.pin', actions: 'clearFailure' } },
            },
            invalid: {},
          },
        },
        pin: {
          tags: 'step:pin',
          on: {
            'signup.fieldChanged': {
              guard: { type: 'isFieldOf', params: { step: 'pin' } },
              actions: 'setField',
            },
            'signup.next': [
              {
                guard: { type: 'stepInvalid', params: { step: 'pin' } },
                actions: { type: 'showStepErrors', params: { step: 'pin' } },
              },
              { target: 'security', actions: 'clearFailure' },
            ],
            'signup.back': { target: 'alias', actions: 'clearFailure' },
          },
        },
        security: {
          tags: 'step:security',
          on: {
            'signup.fieldChanged': {
              guard: { type: 'isFieldOf', params: { step: 'security' } },
              actions: 'setField',
            },
            'signup.next': [
              {
                guard: { type: 'stepInvalid', params: { step: 'security' } },
                actions: { type: 'showStepErrors', params: { step: 'security' } },
              },
              { target: 'profile', actions: 'clearFailure' },
            ],
            'signup.back': { target: 'pin', actions: 'clearFailure' },
          },
        },
        profile: {
          tags: 'step:profile',
          on: {
            'signup.fieldChanged': {
              guard: { type: 'isFieldOf', params: { step: 'profile' } },
              actions: [
                'setField',
                { type: 'saveDraft', params: ({ context }) => ({ draft: draftOf(context) }) },
              ],
            },
            'signup.next': [
              {
                guard: { type: 'stepInvalid', params: { step: 'profile' } },
                actions: { type: 'showStepErrors', params: { step: 'profile' } },
              },
              { target: 'avatar', actions: 'clearFailure' },
            ],
            'signup.back': { target: 'security', actions: 'clearFailure' },
          },
        },
        avatar: {
          tags: 'step:avatar',
          on: {
            'signup.fieldChanged': {
              guard: { type: 'isFieldOf', params: { step: 'avatar' } },
              actions: [
                'setField',
                { type: 'saveDraft', params: ({ context }) => ({ draft: draftOf(context) }) },
              ],
            },
            'signup.next': [
              {
                guard: { type: 'stepInvalid', params: { step: 'avatar' } },
                actions: { type: 'showStepErrors', params: { step: 'avatar' } },
              },
              { target: 'confirm', actions: 'clearFailure' },
            ],
            'signup.back': { target: 'profile', actions: 'clearFailure' },
          },
        },
        confirm: {
          tags: 'step:confirm',
          on: {
            'signup.fieldChanged': {
              guard: { type: 'isFieldOf', params: { step: 'confirm' } },
              actions: ['setField', 'clearFailure'],
            },
            // only her two confirmations hold it back: a code the server left here is not hers to fix
            'signup.submit': [
              {
                guard: { type: 'locallyInvalid', params: { step: 'confirm' } },
                actions: { type: 'showStepErrors', params: { step: 'confirm' } },
              },
              { target: 'submitting' },
            ],
            'signup.back': { target: 'avatar', actions: 'clearFailure' },
          },
        },
        submitting: {
          tags: ['step:confirm', 'busy'],
          entry: ['clearFailure', 'askToRegister'],
          on: {
            // the registration is under way: she stays on the confirmation until it answers
            'signup.goTo': {},
            'session.succeeded': { target: 'done', actions: 'keepUser' },
            'session.failed': [
              {
                guard: { type: 'failedOn', params: { step: 'alias' } },
                target: 'alias.unavailable',
                actions: 'keepFailure',
              },
              { guard: { type: 'failedOn', params: { step: 'pin' } }, target: 'pin', actions: 'keepFailure' },
              {
                guard: { type: 'failedOn', params: { step: 'security' } },
                target: 'security',
                actions: 'keepFailure',
              },
              {
                guard: { type: 'failedOn', params: { step: 'profile' } },
                target: 'profile',
                actions: 'keepFailure',
              },
              {
                guard: { type: 'failedOn', params: { step: 'avatar' } },
                target: 'avatar',
                actions: 'keepFailure',
              },
              { target: 'confirm', actions: 'keepFailure' },
            ],
          },
        },
        // registered: the confirmation stays on screen, busy, while the page moves on
        done: {
          type: 'final',
          tags: ['step:done', 'step:confirm', 'busy'],
          entry: ['forgetDraft', 'enterApp'],
        },
      },
    },
  },
});
