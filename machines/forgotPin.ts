import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { aliasProblem, newPinProblems } from '../contract/account-rules';
import {
  answersToVerify,
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
  withPinLength,
} from './forgotPin-rules';
import { LOCK_TICK_MS, tickWait, waitIsOver } from './lock';
import { notProvided } from './types';

/**
 * PIN recovery (spec §4, §5, §8): alias → the member's three security questions → answers checked
 * → new PIN and confirmation → done. Wrong answers say how many tries remain; a locked account says
 * when to retry and counts the wait down each second (then the alias step comes back); an expired
 * reset starts again. Cancel works in every step and leaves (→ idle); back returns one step (from
 * the first step it leaves too), and stops any request under way. Leaving and finishing take the
 * member to sign-in (`goToSignIn`, provided by the app), where the alias of a done recovery waits.
 *
 * The questions come in the interface language: the screen reports it (`forgotPin.localeChanged`)
 * and questions asked in another language load again, answers kept, when they are next shown.
 *
 * The new PIN is entered in boxes of a length the member chooses (6, 8, 10 or 12): `pinLength`
 * is that choice, and a PIN that does not fill its boxes is refused before the server is asked.
 *
 * Views read the tags, not the state names: `open` (recovery under way), one `step:*` per screen
 * (alias, questions, pin, done, stopped; `reason:locked` or `reason:expired` says why it stopped),
 * `busy` while the server is asked and `loading` while that is for the questions.
 *
 * Its types and rules are in forgotPin-rules.ts (re-exported here), the lock's countdown, shared
 * with sign-in, in lock.ts.
 */
export * from './forgotPin-rules';

/** Too many attempts (or requests): the locked screen, with the wait. */
const stopWhenLocked = {
  guard: { type: 'isLocked', params: failure },
  target: 'locked',
  actions: { type: 'setError', params: failure },
} as const;
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
    resetPin: fromPromise<unknown, ResetPinInput>(notProvided),
  },
  guards: {
    aliasInvalid: ({ context }) => aliasProblem(context.alias) !== null,
    answersIncomplete: ({ context }) => context.questions.some((q) => !context.answers[q.id]?.trim()),
    pinsInvalid: ({ context }) => Object.keys(newPinProblems(context)).length > 0,
    questionsStale: ({ context }) =>
      context.questions.length > 0 && context.questionsLocale !== context.locale,
    lockOver: ({ context }) => waitIsOver(context.error),
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
    forgetSecrets: assign({ resetToken: null, pin: '', pinConfirm: '', answers: {}, questions: [] }),
    tickLock: assign({ error: ({ context }) => tickWait(context.error) }),
  },
}).createMachine({
  id: 'forgotPin',
  context: { ...fresh(), locale: null },
  initial: 'idle',
  on: { 'forgotPin.localeChanged': { actions: 'noteLocale' } },
  states: {
    idle: {
      on: { 'forgotPin.start': { target: 'active', actions: 'begin' } },
    },
    active: {
      tags: ['open'],
      initial: 'enteringAlias',
      on: {
        'forgotPin.cancel': { target: 'idle', actions: ['forget', 'goToSignIn'] },
        'forgotPin.start': { target: '.enteringAlias', reenter: true, actions: 'begin' },
      },
      states: {
        enteringAlias: {
          tags: ['step:alias'],
          on: {
            'forgotPin.aliasChanged': { actions: 'setAlias' },
            'forgotPin.submitAlias': [
              { guard: 'aliasInvalid', actions: 'showAliasProblem' },
              { target: 'loadingQuestions', actions: 'clearErrors' },
            ],
            // back from the first step leaves the recovery, like cancel
            'forgotPin.back': { target: '#forgotPin.idle', actions: ['forget', 'goToSignIn'] },
          },
        },
        loadingQuestions: {
          tags: ['step:alias', 'busy', 'loading'],
          entry: 'askInLocale',
          invoke: {
            ...askForQuestions,
            onDone: { target: 'answering', actions: { type: 'setQuestions', params: questionsOf } },
            onError: [
              stopWhenLocked,
              // USER_NOT_FOUND, network and server errors: the alias step again, with the message
              { target: 'enteringAlias', actions: { type: 'setError', params: failure } },
            ],
          },
          on: { 'forgotPin.back': 'enteringAlias' },
        },
        answering: {
          tags: ['step:questions'],
          // asked in another language than the screen's (switched meanwhile): ask again
          always: { guard: 'questionsStale', target: 'reloadingQuestions' },
          on: {
            'forgotPin.answerChanged': { actions: 'setAnswer' },
            'forgotPin.submitAnswers': [
              { guard: 'answersIncomplete', actions: 'requireAnswers' },
              { target: 'verifying', actions: 'clearErrors' },
            ],
            'forgotPin.back': { target: 'enteringAlias', actions: 'clearErrors' },
          },
        },
        reloadingQuestions: {
          tags: ['step:questions', 'busy', 'loading'],
          entry: 'askInLocale',
          invoke: {
            ...askForQuestions,
            onDone: { target: 'answering', actions: { type: 'translateQuestions', params: questionsOf } },
            // the questions already here still do: she answers them as they are
            onError: 'answering',
          },
          on: { 'forgotPin.back': { target: 'enteringAlias', actions: 'clearErrors' } },
        },
        verifying: {
          tags: ['step:questions', 'busy'],
          invoke: {
            src: 'verifyAnswers',
            input: ({ context }) => answersToVerify(context),
            onDone: {
              target: 'choosingPin',
              actions: { type: 'keepResetToken', params: ({ event }) => event.output },
            },
            onError: [
              stopWhenLocked,
              {
                guard: { type: 'isUserNotFound', params: failure },
                target: 'enteringAlias',
                actions: { type: 'setError', params: failure },
              },
              // WRONG_ANSWERS (with attemptsRemaining), network and server errors: answers kept
              { target: 'answering', actions: { type: 'setError', params: failure } },
            ],
          },
          on: { 'forgotPin.back': 'answering' },
        },
        choosingPin: {
          tags: ['step:pin'],
          on: {
            'forgotPin.pinLengthChanged': { actions: 'setPinLength' },
            'forgotPin.pinChanged': { actions: 'setPin' },
            'forgotPin.pinConfirmChanged': { actions: 'setPinConfirm' },
            'forgotPin.submitPin': [
              { guard: 'pinsInvalid', actions: 'showPinProblems' },
              { target: 'resetting', actions: 'clearErrors' },
            ],
            'forgotPin.back': { target: 'answering', actions: 'dropPins' },
          },
        },
        resetting: {
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
              { target: 'choosingPin', actions: { type: 'setError', params: failure } },
            ],
          },
          // stops waiting; if the server had already used the token, the next try says it expired
          on: { 'forgotPin.back': 'choosingPin' },
        },
        locked: {
          tags: ['step:stopped', 'reason:locked'],
          // the wait counts down each second; when it is over, the alias step comes back
          after: {
            [LOCK_TICK_MS]: [
              { guard: 'lockOver', target: 'enteringAlias', actions: 'startAgain' },
              { target: 'locked', reenter: true, actions: 'tickLock' },
            ],
          },
          on: {
            'forgotPin.restart': { target: 'enteringAlias', actions: 'startAgain' },
            'forgotPin.back': { target: 'enteringAlias', actions: 'clearErrors' },
          },
        },
        expired: {
          tags: ['step:stopped', 'reason:expired'],
          on: {
            'forgotPin.restart': { target: 'enteringAlias', actions: 'startAgain' },
            // the answers are still here: checking them again gives a new reset token
            'forgotPin.back': { target: 'answering', actions: 'dropPins' },
          },
        },
        done: {
          tags: ['step:done'],
          entry: 'goToSignIn',
          on: { 'forgotPin.restart': { target: 'enteringAlias', actions: 'startAgain' } },
        },
      },
    },
  },
});
