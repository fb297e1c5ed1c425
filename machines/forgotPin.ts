import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { aliasProblem, newPinProblems } from '../contract/account-rules';
import {
  backToProof,
  codeStates,
  proofChecked,
  restartFromAlias,
  showFailure,
  stopStates,
  stopWhenLocked,
} from './forgotPin-code';
import {
  answersToVerify,
  codeProblem,
  type Failure,
  type ForgotPinContext,
  type ForgotPinEvent,
  failure,
  fresh,
  hasCode,
  pinsToReset,
  type ResetPinInput,
  type SecurityQuestion,
  type VerifyAnswersInput,
  type VerifyCodeInput,
  withPinLength,
} from './forgotPin-rules';
import { tickWait, waitIsOver } from './lock';
import { notProvided } from './types';

/**
 * PIN recovery (spec §4, §5, §8): alias → the member's three security questions → answers checked
 * → new PIN and confirmation → done; or, instead of the answers, her one-time recovery code (issue
 * 25: checked and retired by the server, throttled like the answers). Each state's `description` says what it stands for;
 * docs/machines/forgotPin.md draws the chart. Cancel works in every step; back returns one step and
 * stops any request under way. Leaving and finishing take her to sign-in (`goToSignIn`, provided by
 * the app), where the alias of a done recovery waits. The questions come in the interface language,
 * which the screen reports (`forgotPin.localeChanged`). The new PIN fills boxes of the length she
 * chooses (6, 8, 10 or 12: `pinLength`). Views read the tags, not the state names: `open` (recovery under way), one `step:*` per screen
 * (alias, questions, code, pin, done, stopped; `reason:locked` or `reason:expired` says why it stopped),
 * `busy` while the server is asked and `loading` while that is for the questions. Its types and
 * rules are in forgotPin-rules.ts (re-exported here), the lock's countdown, shared with sign-in, in lock.ts.
 */
export * from './forgotPin-rules';

/** Her questions, asked for by her alias (at first, and again in another language)… */
const askForQuestions = {
  src: 'fetchQuestions',
  input: ({ context }: { context: ForgotPinContext }) => ({ alias: context.alias.trim() }),
} as const;
/** …and the answer, as the actions below take it (`params`). */
const questionsOf = ({ event }: { event: { output: { questions: SecurityQuestion[] } } }) => event.output;

export const forgotPinMachine = setup({
  types: {} as { context: ForgotPinContext; events: ForgotPinEvent },
  actors: {
    fetchQuestions: fromPromise<{ questions: SecurityQuestion[] }, { alias: string }>(notProvided),
    verifyAnswers: fromPromise<{ resetToken: string }, VerifyAnswersInput>(notProvided),
    /** POST /users/forgot-pin/verify-recovery-code { alias, code } */
    verifyCode: fromPromise<{ resetToken: string }, VerifyCodeInput>(notProvided),
    resetPin: fromPromise<unknown, ResetPinInput>(notProvided),
  },
  guards: {
    aliasInvalid: ({ context }) => aliasProblem(context.alias) !== null,
    answersIncomplete: ({ context }) => context.questions.some((q) => !context.answers[q.id]?.trim()),
    pinsInvalid: ({ context }) => Object.keys(newPinProblems(context)).length > 0,
    questionsStale: ({ context }) =>
      context.questions.length > 0 && context.questionsLocale !== context.locale,
    lockOver: ({ context }) => waitIsOver(context.error),
    codeInvalid: ({ context }) => codeProblem(context.code) !== null,
    viaCode: ({ context }) => context.via === 'code',
    isUserNotFound: hasCode('USER_NOT_FOUND'),
    isLocked: hasCode('TOO_MANY_ATTEMPTS', 'RATE_LIMITED'),
    isResetExpired: hasCode('RESET_TOKEN_INVALID'),
    isValidation: hasCode('VALIDATION_ERROR'),
  },
  actions: {
    /** Takes the member to sign-in (leaving, or done: sign-in then shows the success and her alias). */
    goToSignIn: () => {},
    begin: assign(({ event }) => {
      assertEvent(event, 'forgotPin.start');
      return fresh(event.alias?.trim() ?? '');
    }),
    startAgain: assign(({ context }) => fresh(context.alias)),
    forget: assign(() => fresh()),
    noteLocale: assign({
      locale: ({ event }) => {
        assertEvent(event, 'forgotPin.localeChanged');
        return event.locale;
      },
    }),
    setAlias: assign(({ event }) => {
      assertEvent(event, 'forgotPin.aliasChanged');
      return { alias: event.value, fieldErrors: {}, error: null };
    }),
    showAliasProblem: assign({
      fieldErrors: ({ context }) => ({ alias: aliasProblem(context.alias) ?? 'INVALID' }),
      error: null,
    }),
    clearErrors: assign({ fieldErrors: {}, error: null }),
    setError: assign({ error: (_, { error }: Failure) => error }),
    /** The questions are asked now, in the language the screen shows. */
    askInLocale: assign({ questionsLocale: ({ context }) => context.locale }),
    setQuestions: assign((_, { questions }: { questions: SecurityQuestion[] }) => ({
      questions,
      answers: {},
    })),
    /** The same questions in another language: the answers, kept by question, stay. */
    translateQuestions: assign((_, { questions }: { questions: SecurityQuestion[] }) => ({ questions })),
    setAnswer: assign(({ context, event }) => {
      assertEvent(event, 'forgotPin.answerChanged');
      return { answers: { ...context.answers, [event.questionId]: event.value }, error: null };
    }),
    requireAnswers: assign({ error: { code: 'ANSWERS_REQUIRED' } }),
    setCode: assign(({ event }) => {
      assertEvent(event, 'forgotPin.codeChanged');
      return { code: event.value, fieldErrors: {}, error: null };
    }),
    showCodeProblem: assign({
      fieldErrors: ({ context }) => ({ code: codeProblem(context.code) ?? undefined }),
      error: null,
    }),
    /** The way the token is earned (answers or code), where Back from the new PIN returns. */
    useAnswers: assign({ via: 'answers' as const, code: '', fieldErrors: {}, error: null }),
    useCode: assign({ via: 'code' as const, fieldErrors: {}, error: null }),
    keepResetToken: assign((_, { resetToken }: { resetToken: string }) => ({
      resetToken,
      pin: '',
      pinConfirm: '',
      fieldErrors: {},
    })),
    setPinLength: assign(({ context, event }) => {
      assertEvent(event, 'forgotPin.pinLengthChanged');
      return withPinLength(context, event.length);
    }),
    setPin: assign(({ context, event }) => {
      assertEvent(event, 'forgotPin.pinChanged');
      return { pin: event.value, fieldErrors: { ...context.fieldErrors, pin: undefined }, error: null };
    }),
    setPinConfirm: assign(({ context, event }) => {
      assertEvent(event, 'forgotPin.pinConfirmChanged');
      return {
        pinConfirm: event.value,
        fieldErrors: { ...context.fieldErrors, pinConfirm: undefined },
        error: null,
      };
    }),
    showPinProblems: assign({ fieldErrors: ({ context }) => newPinProblems(context), error: null }),
    /** The server's field codes go on their fields (PIN_TOO_COMMON…). */
    showFieldProblems: assign((_, { error }: Failure) => ({ fieldErrors: error.fields ?? {}, error: null })),
    /** The reset token and the new PIN go (back from the PIN step, or the token expired). */
    dropPins: assign({ resetToken: null, pin: '', pinConfirm: '', fieldErrors: {}, error: null }),
    forgetSecrets: assign({
      resetToken: null,
      pin: '',
      pinConfirm: '',
      answers: {},
      questions: [],
      code: '',
    }),
    tickLock: assign({ error: ({ context }) => tickWait(context.error) }),
  },
}).createMachine({
  id: 'forgotPin',
  context: { ...fresh(), locale: null },
  initial: 'idle',
  on: { 'forgotPin.localeChanged': { actions: 'noteLocale' } },
  states: {
    idle: {
      description: 'No recovery under way.',
      on: { 'forgotPin.start': { target: 'active', actions: 'begin' } },
    },
    active: {
      description: 'Recovery under way; cancel leaves it for sign-in.',
      tags: ['open'],
      initial: 'enteringAlias',
      on: {
        'forgotPin.cancel': { target: 'idle', actions: ['forget', 'goToSignIn'] },
        'forgotPin.start': { target: '.enteringAlias', reenter: true, actions: 'begin' },
      },
      states: {
        enteringAlias: {
          description: 'She types her alias; back leaves the recovery, like cancel.',
          tags: ['step:alias'],
          on: {
            'forgotPin.aliasChanged': { actions: 'setAlias' },
            'forgotPin.submitAlias': [
              { guard: 'aliasInvalid', actions: 'showAliasProblem' },
              { target: 'loadingQuestions', actions: 'clearErrors' },
            ],
            'forgotPin.useCode': [
              { guard: 'aliasInvalid', actions: 'showAliasProblem' },
              { target: 'enteringCode', actions: 'useCode' },
            ],
            'forgotPin.back': { target: '#forgotPin.idle', actions: ['forget', 'goToSignIn'] },
          },
        },
        ...codeStates,
        loadingQuestions: {
          description:
            "Asks for her questions in the screen's language (unknown alias or failure: the alias step again).",
          tags: ['step:alias', 'busy', 'loading'],
          entry: 'askInLocale',
          invoke: {
            ...askForQuestions,
            onDone: { target: 'answering', actions: { type: 'setQuestions', params: questionsOf } },
            onError: [stopWhenLocked, { target: 'enteringAlias', actions: showFailure }],
          },
          on: { 'forgotPin.back': 'enteringAlias' },
        },
        answering: {
          description:
            "She answers her three questions; asked in another language than the screen's now, they load again.",
          tags: ['step:questions'],
          always: { guard: 'questionsStale', target: 'reloadingQuestions' },
          on: {
            'forgotPin.answerChanged': { actions: 'setAnswer' },
            'forgotPin.submitAnswers': [
              { guard: 'answersIncomplete', actions: 'requireAnswers' },
              { target: 'verifying', actions: 'clearErrors' },
            ],
            'forgotPin.useCode': { target: 'enteringCode', actions: 'useCode' },
            'forgotPin.back': { target: 'enteringAlias', actions: 'clearErrors' },
          },
        },
        reloadingQuestions: {
          description:
            'Loads the questions in the new language, answers kept (if it fails, they stay as they are).',
          tags: ['step:questions', 'busy', 'loading'],
          entry: 'askInLocale',
          invoke: {
            ...askForQuestions,
            onDone: { target: 'answering', actions: { type: 'translateQuestions', params: questionsOf } },
            onError: 'answering',
          },
          on: { 'forgotPin.back': { target: 'enteringAlias', actions: 'clearErrors' } },
        },
        verifying: {
          description: 'The server checks her answers; wrong ones say how many tries remain, answers kept.',
          tags: ['step:questions', 'busy'],
          invoke: {
            src: 'verifyAnswers',
            input: ({ context }) => answersToVerify(context),
            ...proofChecked('answering'),
          },
          on: { 'forgotPin.back': 'answering' },
        },
        choosingPin: {
          description:
            'She picks the PIN length and types the new PIN twice; one that does not fill its boxes is refused here.',
          tags: ['step:pin'],
          on: {
            'forgotPin.pinLengthChanged': { actions: 'setPinLength' },
            'forgotPin.pinChanged': { actions: 'setPin' },
            'forgotPin.pinConfirmChanged': { actions: 'setPinConfirm' },
            'forgotPin.submitPin': [
              { guard: 'pinsInvalid', actions: 'showPinProblems' },
              { target: 'resetting', actions: 'clearErrors' },
            ],
            'forgotPin.back': backToProof,
          },
        },
        resetting: {
          description:
            'The server sets the new PIN. Back stops waiting (if the token was used meanwhile, the next try says it expired).',
          tags: ['step:pin', 'busy'],
          invoke: {
            src: 'resetPin',
            input: ({ context }) => pinsToReset(context),
            onDone: { target: 'done', actions: 'forgetSecrets' },
            onError: [
              {
                guard: { type: 'isResetExpired', params: failure },
                target: 'expired',
                actions: 'dropPins',
              },
              {
                guard: { type: 'isValidation', params: failure },
                target: 'choosingPin',
                actions: { type: 'showFieldProblems', params: failure },
              },
              { target: 'choosingPin', actions: showFailure },
            ],
          },
          on: { 'forgotPin.back': 'choosingPin' },
        },
        ...stopStates,
        done: {
          description: 'Her PIN is reset: she goes to sign-in, where her alias waits.',
          tags: ['step:done'],
          entry: 'goToSignIn',
          on: { 'forgotPin.restart': restartFromAlias },
        },
      },
    },
  },
});
