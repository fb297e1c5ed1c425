import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { AccountDeleted } from '../contract/account-settings';
import {
  type AccountDeleteContext,
  type AccountDeleteEvent,
  deleteContext,
  deleteProblems,
  deleteRequest,
  type Failure,
  failure,
} from './accountDelete-rules';
import { notProvided } from './types';

/**
 * Deleting her account (issue 25): the section explains what goes and what stays, then a dialog asks
 * her current PIN and the typed confirmation; the server deletes, cancels her upcoming consultations
 * with their refunds and keeps only the invoices the law keeps, her alias removed. Then the device is
 * cleared as at sign-out and she lands on the home page with a notice (`leaveAccount`, provided by
 * the section: the session's `session.accountDeleted`). Tags: `step:idle`, `step:dialog`, `busy`.
 */
export * from './accountDelete-rules';

export const accountDeleteMachine = setup({
  types: {} as { context: AccountDeleteContext; events: AccountDeleteEvent },
  actors: {
    /** POST /users/me/delete { currentPin, confirmation } */
    deleteAccount: fromPromise<AccountDeleted, { currentPin: string; confirmation: string }>(notProvided),
  },
  guards: {
    fieldsInvalid: ({ context }) => Object.keys(deleteProblems(context)).length > 0,
    isWrongPin: (_, { error }: Failure) => ['CURRENT_PIN_WRONG'].includes(error.code),
    isMismatch: (_, { error }: Failure) => ['CONFIRMATION_MISMATCH'].includes(error.code),
    /** The server's field codes (VALIDATION_ERROR): a PIN not in the format, the word not the one. */
    hasFieldCodes: (_, { error }: Failure) => !!error.fields && Object.keys(error.fields).length > 0,
  },
  actions: {
    /** Provided by the section: the device cleared as at sign-out, then the home page with a notice. */
    leaveAccount: (_, _params: { cancelledConsultations: number }) => {},
    forget: assign(deleteContext),
    setPin: assign(({ context, event }) => {
      assertEvent(event, 'delete.pinChanged');
      return {
        currentPin: event.value,
        fieldErrors: { ...context.fieldErrors, currentPin: undefined },
        error: null,
      };
    }),
    setConfirmation: assign(({ context, event }) => {
      assertEvent(event, 'delete.confirmationChanged');
      return {
        confirmation: event.value,
        fieldErrors: { ...context.fieldErrors, confirmation: undefined },
        error: null,
      };
    }),
    showProblems: assign({ fieldErrors: ({ context }) => deleteProblems(context), error: null }),
    clearErrors: assign({ fieldErrors: {}, error: null }),
    markPinWrong: assign({ fieldErrors: { currentPin: 'CURRENT_PIN_WRONG' }, currentPin: '' }),
    markMismatch: assign({ fieldErrors: { confirmation: 'CONFIRMATION_MISMATCH' } }),
    showFieldCodes: assign((_, { error }: Failure) => ({
      fieldErrors: { currentPin: error.fields?.currentPin, confirmation: error.fields?.confirmation },
    })),
    setError: assign((_, { error }: Failure) => ({ error, currentPin: '' })),
    keepOutcome: assign((_, { cancelledConsultations }: AccountDeleted) => ({
      cancelledConsultations,
      currentPin: '',
      confirmation: '',
    })),
  },
}).createMachine({
  id: 'accountDelete',
  context: deleteContext,
  initial: 'idle',
  states: {
    idle: {
      description: 'What deleting removes and what the law keeps, and the button that opens the dialog.',
      tags: ['step:idle'],
      on: { 'delete.open': { target: 'confirming', actions: 'forget' } },
    },
    confirming: {
      description:
        'The dialog: her current PIN and the typed confirmation, checked before the server is asked.',
      tags: ['step:dialog'],
      on: {
        'delete.pinChanged': { actions: 'setPin' },
        'delete.confirmationChanged': { actions: 'setConfirmation' },
        'delete.submit': [
          { guard: 'fieldsInvalid', actions: 'showProblems' },
          { target: 'deleting', actions: 'clearErrors' },
        ],
        'delete.close': { target: 'idle', actions: 'forget' },
      },
    },
    deleting: {
      description:
        'The server deletes her account (consultations cancelled and refunded); a wrong PIN, a mismatch or a lock go back to the dialog.',
      tags: ['step:dialog', 'busy'],
      invoke: {
        src: 'deleteAccount',
        input: ({ context }) => deleteRequest(context),
        onDone: {
          target: 'deleted',
          actions: [
            { type: 'keepOutcome', params: ({ event }) => event.output },
            {
              type: 'leaveAccount',
              params: ({ event }) => ({ cancelledConsultations: event.output.cancelledConsultations }),
            },
          ],
        },
        onError: [
          { guard: { type: 'isWrongPin', params: failure }, target: 'confirming', actions: 'markPinWrong' },
          { guard: { type: 'isMismatch', params: failure }, target: 'confirming', actions: 'markMismatch' },
          {
            guard: { type: 'hasFieldCodes', params: failure },
            target: 'confirming',
            actions: { type: 'showFieldCodes', params: failure },
          },
          { target: 'confirming', actions: { type: 'setError', params: failure } },
        ],
      },
    },
    deleted: {
      description: 'Deleted: the device is cleared as at sign-out and she is on the home page with a notice.',
      type: 'final',
    },
  },
});
