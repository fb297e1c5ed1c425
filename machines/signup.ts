import { aliasStep } from './signup-alias';
import { draftOf, initialContext } from './signup-rules';
import { signupSetup } from './signup-setup';

/**
 * Sign-up (spec §3 Account, §5, §8): alias → PIN → security questions → profile → avatar →
 * confirmation, one step at a time. The chart is here, each state described; its first step is in
 * signup-alias.ts, what it names (actors, guards, actions) in signup-setup.ts, its types and rules
 * in signup-rules.ts and the events and tags of its views in signup-events.ts (re-exported here).
 *
 * - Every field arrives as one `signup.fieldChanged { field, value }`; each step takes only its own.
 * - Submitting asks the session to register (`session.register` with `replyTo`) and waits for its
 *   reply; field codes go on their fields, any other failure stays on the confirmation.
 * - Back and reload never lose her place: the screen keeps the address and the step in step;
 *   `signup.goTo` lands on the asked step or the first earlier one that still needs her. What she
 *   typed, but her PIN and answers, goes to `saveDraft`, comes back with `signup.restore` and is
 *   forgotten (`forgetDraft`) once registered or when she leaves on purpose.
 */
export * from './signup-events';
export * from './signup-rules';

export const signupMachine = signupSetup.createMachine({
  id: 'signup',
  description: 'Sign-up: the flow of six steps, beside the security questions and the avatars it loads.',
  type: 'parallel',
  context: ({ input }) => initialContext(input.session),
  on: { 'signup.leave': { actions: 'forgetDraft' } },
  states: {
    questions: {
      description: 'The security questions, in the language on screen.',
      initial: 'loading',
      // the questions come in the request language: fetch them again in the new one
      on: { 'signup.localeChanged': '.loading' },
      states: {
        loading: {
          description: 'GET the security questions.',
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
        failed: {
          description: 'They did not come: a retry.',
          tags: 'questions:failed',
          on: { 'signup.retry': 'loading' },
        },
        ready: { description: 'The questions are in.', tags: 'questions:ready' },
      },
    },
    avatars: {
      description: 'The avatars she may choose, named in the language on screen.',
      initial: 'loading',
      on: { 'signup.localeChanged': '.loading' },
      states: {
        loading: {
          description: 'GET the avatars.',
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
        failed: {
          description: 'They did not come: a retry.',
          tags: 'avatars:failed',
          on: { 'signup.retry': 'loading' },
        },
        ready: { description: 'The avatars are in.', tags: 'avatars:ready' },
      },
    },
    flow: {
      description:
        'One step at a time; Back keeps what she entered; the address asks for a step with signup.goTo.',
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
        alias: aliasStep,
        pin: {
          description: 'Step 2: her PIN, twice.',
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
          description: 'Step 3: three security questions and their answers.',
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
          description: 'Step 4: country, age range and the optional details.',
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
          description: 'Step 5: her avatar.',
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
          description:
            'Step 6: she confirms she is an adult and accepts the terms, then creates the account.',
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
          description:
            'session.register asked (replyTo: this flow); a refused field sends her back to its step.',
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
        done: {
          description:
            'Registered: the confirmation stays on screen, busy, until the page she goes to is ready; then she enters.',
          type: 'final',
          tags: ['step:done', 'step:confirm', 'busy'],
          entry: 'forgetDraft',
          invoke: { src: 'prepareArrival', onDone: { actions: 'enterApp' } },
        },
      },
    },
  },
});
