import { aliasToCheck, draftOf } from './signup-rules';
import { signupSetup } from './signup-setup';

/**
 * Sign-up's first step, the alias (a state of machines/signup.ts's `flow`, in a file of its own):
 * checked while she types, 400 ms after the last change (first the local rules, then the server
 * says whether it is free), and again on Continue if it has not been checked yet. A check that
 * fails does not hold her back: the server decides at the end.
 */
export const aliasStep = signupSetup.createStateConfig({
  description: 'Step 1: her alias, checked while she types.',
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
    idle: { description: 'Nothing typed since the step opened.' },
    checking: {
      description: 'The live check: the local rules after a pause, then the server.',
      tags: 'alias:checking',
      initial: 'debouncing',
      states: {
        debouncing: {
          description: 'Waiting for her to stop typing (aliasDebounce).',
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
          description: 'Asking the server whether the alias is free.',
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
      description: 'Continue before a check answered: checked now, and on to the PIN if free.',
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
      description: 'Free: Continue goes on to the PIN.',
      tags: 'alias:available',
      on: { 'signup.next': { target: '#signup.flow.pin', actions: 'clearFailure' } },
    },
    unavailable: {
      description: 'Taken or refused by the server: she must change it first.',
      on: { 'signup.next': {} },
    },
    checkFailed: {
      description: 'The check could not run: she may go on.',
      tags: 'alias:checkFailed',
      on: { 'signup.next': { target: '#signup.flow.pin', actions: 'clearFailure' } },
    },
    invalid: { description: 'It breaks a local rule (length, characters): its error is shown.' },
  },
});
