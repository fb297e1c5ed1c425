import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { RecoveryCodeIssued } from '../contract/account-settings';
import {
  codeRequest,
  currentPinProblem,
  type Failure,
  failure,
  NEEDS_PIN,
  type RecoveryCodeContext,
  type RecoveryCodeEvent,
  type RecoveryCodeInput,
  recoveryCodeContext,
} from './recoveryCode-rules';
import { notProvided } from './types';

/**
 * Her one-time recovery code (issue 25), in Account Settings and once at the end of sign-up: she
 * asks for one (her current PIN first, unless sign-up has just ended), the server makes it and
 * answers it once; it shows, grouped, to copy, to save as a plain text file and to write down;
 * "I have written it down" forgets it. A new code retires the old one (the section says so before).
 * Views read the tags: `step:idle`, `step:pin`, `step:code`, and `busy` while the server is asked.
 * Copying and saving are the section's (`copyCode`, `saveCodeFile`), in her language.
 */
export * from './recoveryCode-rules';

export const recoveryCodeMachine = setup({
  types: {} as { context: RecoveryCodeContext; input: RecoveryCodeInput; events: RecoveryCodeEvent },
  actors: {
    /** POST /users/me/recovery-code { currentPin? } */
    issueCode: fromPromise<RecoveryCodeIssued, { currentPin?: string }>(notProvided),
  },
  guards: {
    withoutPin: ({ context }) => context.withoutPin,
    pinInvalid: ({ context }) => currentPinProblem(context) !== null,
    pinWasAsked: ({ context }) => !context.withoutPin,
    isWrongPin: (_, { error }: Failure) => ['CURRENT_PIN_WRONG'].includes(error.code),
  },
  actions: {
    /** Provided by the section: the code to the clipboard. */
    copyCode: (_, _params: { code: string }) => {},
    /** Provided by the section: a plain text file (RECOVERY_CODE_FILE_NAME) with the code and a line in her language. */
    saveCodeFile: (_, _params: { code: string }) => {},
    markCopied: assign({ copied: true }),
    setPin: assign(({ event }) => {
      assertEvent(event, 'recovery.pinChanged');
      return { currentPin: event.value, fieldErrors: {}, error: null };
    }),
    showPinProblem: assign({
      fieldErrors: ({ context }) => ({ currentPin: currentPinProblem(context) ?? undefined }),
      error: null,
    }),
    clearErrors: assign({ fieldErrors: {}, error: null }),
    forgetPin: assign({ currentPin: '', fieldErrors: {} }),
    keepCode: assign((_, { code, createdAt }: RecoveryCodeIssued) => ({
      code,
      createdAt,
      active: true,
      withoutPin: false,
      currentPin: '',
      copied: false,
      error: null,
    })),
    setError: assign((_, { error }: Failure) => ({ error })),
    markPinWrong: assign({ fieldErrors: { currentPin: 'CURRENT_PIN_WRONG' }, currentPin: '', error: null }),
    /** The server wants her PIN after all (the sign-up window closed): the next try asks it. */
    requirePin: assign({
      withoutPin: ({ context }, { error }: Failure) => context.withoutPin && !NEEDS_PIN.includes(error.code),
    }),
    forgetCode: assign({ code: null, copied: false }),
  },
}).createMachine({
  id: 'recoveryCode',
  context: ({ input }) => recoveryCodeContext(input),
  initial: 'idle',
  states: {
    idle: {
      description:
        'No code on screen: whether she has one, and the button that makes one (a new one retires the old).',
      tags: ['step:idle'],
      on: {
        'recovery.start': [
          { guard: 'withoutPin', target: 'generating', actions: 'clearErrors' },
          { target: 'askingPin', actions: 'clearErrors' },
        ],
      },
    },
    askingPin: {
      description:
        'She types her current PIN to make a code (and, with one already, reads that it will stop working).',
      tags: ['step:pin'],
      on: {
        'recovery.pinChanged': { actions: 'setPin' },
        'recovery.submit': [
          { guard: 'pinInvalid', actions: 'showPinProblem' },
          { target: 'generating', actions: 'clearErrors' },
        ],
        'recovery.cancel': { target: 'idle', actions: ['forgetPin', 'clearErrors'] },
      },
    },
    generating: {
      description:
        'The server makes the code (argon2id hash kept, the old code retired); a wrong PIN or a failure goes back with its code.',
      tags: ['busy'],
      invoke: {
        src: 'issueCode',
        input: ({ context }) => codeRequest(context),
        onDone: { target: 'showing', actions: { type: 'keepCode', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isWrongPin', params: failure },
            target: 'askingPin',
            actions: 'markPinWrong',
          },
          {
            guard: 'pinWasAsked',
            target: 'askingPin',
            actions: [{ type: 'setError', params: failure }, 'forgetPin'],
          },
          {
            target: 'idle',
            actions: [
              { type: 'setError', params: failure },
              { type: 'requirePin', params: failure },
            ],
          },
        ],
      },
    },
    showing: {
      description:
        'The code, shown this once, grouped: copy it, save it as a text file, and close when she has written it down.',
      tags: ['step:code'],
      on: {
        'recovery.copy': {
          actions: [{ type: 'copyCode', params: ({ context }) => ({ code: context.code! }) }, 'markCopied'],
        },
        'recovery.download': {
          actions: { type: 'saveCodeFile', params: ({ context }) => ({ code: context.code! }) },
        },
        'recovery.writtenDown': { target: 'idle', actions: 'forgetCode' },
      },
    },
  },
});
