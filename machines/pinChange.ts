import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { PinChanged } from '../contract/account-settings';
import {
  emptyPinChange,
  type PinChangeChange,
  type PinChangeFields,
  pinChangeBody,
  pinChangeProblems,
  pinFailure,
  withPinField,
} from './pinChange-rules';
import { type AppError, notProvided, toAppError } from './types';

/**
 * Account Settings, PIN (issue 25): her current PIN, a new one in boxes of the length she chooses,
 * its repeat, and "Sign out my other devices" (on at first: she may fear someone saw the old one).
 * The contract's PIN rules and blocklist are checked before the server is asked; a wrong current
 * PIN is said under its field; done, the form empties and says how many devices were signed out.
 * Its rules are in pinChange-rules.ts.
 */
export * from './pinChange-rules';

export interface PinChangeContext {
  fields: PinChangeFields;
  fieldErrors: Record<string, string>;
  error: AppError | null;
  /** How many other devices the last change signed out. */
  signedOut: number | null;
}

export type PinChangeEvent = ({ type: 'pin.fieldChanged' } & PinChangeChange) | { type: 'pin.submitted' };

export const pinChangeMachine = setup({
  types: {} as { context: PinChangeContext; events: PinChangeEvent },
  actors: {
    /** POST /users/me/pin */
    changePin: fromPromise<PinChanged, ReturnType<typeof pinChangeBody>>(notProvided),
  },
  guards: {
    hasProblems: ({ context }) => Object.keys(pinChangeProblems(context.fields)).length > 0,
  },
  actions: {
    setField: assign(({ context, event }) => {
      assertEvent(event, 'pin.fieldChanged');
      return { ...withPinField(context.fields, context.fieldErrors, event), error: null };
    }),
    showProblems: assign(({ context }) => ({ fieldErrors: pinChangeProblems(context.fields), error: null })),
    keepChanged: assign((_, { signedOut }: { signedOut: number }) => ({
      fields: emptyPinChange(),
      fieldErrors: {},
      error: null,
      signedOut,
    })),
    keepFailure: assign((_, { error }: { error: unknown }) => pinFailure(toAppError(error, 'NETWORK_ERROR'))),
  },
}).createMachine({
  id: 'pinChange',
  description: 'Changing her PIN.',
  context: { fields: emptyPinChange(), fieldErrors: {}, error: null, signedOut: null },
  initial: 'form',
  states: {
    form: {
      description: 'The form is open: current PIN, the new one and its repeat.',
      initial: 'editing',
      on: {
        'pin.fieldChanged': { target: '.editing', actions: 'setField' },
        'pin.submitted': [
          { guard: 'hasProblems', target: '.editing', actions: 'showProblems' },
          { target: 'changing' },
        ],
      },
      states: {
        editing: {
          description: 'She types; problems found before asking the server show under their fields.',
          tags: ['step:editing'],
        },
        changed: {
          description:
            '"Your PIN is changed", with how many other devices were signed out; the form is empty again.',
          tags: ['step:changed'],
        },
        failed: {
          description:
            'Refused (wrong current PIN under its field; locked or offline above the form); what she typed stays.',
          tags: ['step:failed'],
        },
      },
    },
    changing: {
      description: 'POST /users/me/pin; the form waits.',
      tags: ['step:changing', 'busy'],
      invoke: {
        src: 'changePin',
        input: ({ context }) => pinChangeBody(context.fields),
        onDone: {
          target: 'form.changed',
          actions: {
            type: 'keepChanged',
            params: ({ event }) => ({ signedOut: event.output.signedOutOthers }),
          },
        },
        onError: {
          target: 'form.failed',
          actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
