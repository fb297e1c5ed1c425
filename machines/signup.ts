import { aliasStep } from './signup-alias';
import { initialContext, STEPS } from './signup-rules';
import { signupSetup } from './signup-setup';
import { formStep, goToStep, loadedList } from './signup-steps';

/**
 * Sign-up (spec §3 Account, §5, §8): alias → PIN → security questions → profile → avatar →
 * confirmation, one step at a time. The chart is here, each state described; its first step is in
 * signup-alias.ts, what it names (actors, guards, actions) in signup-setup.ts, its types and rules
 * in signup-rules.ts and the events and tags of its views in signup-events.ts (re-exported here).
 *
 * - Every field arrives as one `signup.fieldChanged { field, value }`; each step takes only its own.
 * - Once registered, a welcome offers a recovery code (issue 25) before she goes in (`signup.enter`).
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
    questions: loadedList(
      'questions',
      'The security questions, in the language on screen.',
      'the security questions',
    ),
    avatars: loadedList(
      'avatars',
      'The avatars she may choose, named in the language on screen.',
      'the avatars',
    ),
    flow: {
      description:
        'One step at a time; Back keeps what she entered; the address asks for a step with signup.goTo.',
      initial: 'alias',
      on: {
        'signup.goTo': goToStep(STEPS),
      },
      states: {
        alias: aliasStep,
        pin: formStep('pin', 'Step 2: her PIN, twice.', { next: 'security', back: 'alias' }),
        security: formStep('security', 'Step 3: three security questions and their answers.', {
          next: 'profile',
          back: 'pin',
        }),
        profile: formStep('profile', 'Step 4: country, age range and the optional details.', {
          next: 'avatar',
          back: 'security',
          keepDraft: true,
        }),
        avatar: formStep('avatar', 'Step 5: her avatar.', {
          next: 'confirm',
          back: 'profile',
          keepDraft: true,
        }),
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
            'session.succeeded': { target: 'welcome', actions: 'keepUser' },
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
        welcome: {
          description:
            'Registered: once, before she goes in, she may create a recovery code (no PIN asked so soon after joining).',
          tags: ['step:welcome', 'step:confirm'],
          entry: 'forgetDraft',
          // the account is made: Back no longer reopens a step
          on: { 'signup.goTo': {}, 'signup.enter': 'done' },
        },
        done: {
          description:
            'She goes in: the welcome stays on screen, busy, until the page she goes to is ready; then she enters.',
          type: 'final',
          tags: ['step:done', 'step:welcome', 'step:confirm', 'busy'],
          invoke: { src: 'prepareArrival', onDone: { actions: 'enterApp' } },
        },
      },
    },
  },
});
