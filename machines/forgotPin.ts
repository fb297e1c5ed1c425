import { assign, fromPromise, setup } from 'xstate';
import { aliasProblem, pinProblem, toAsciiDigits } from './pin';
import { type AppError, toAppError } from './types';

/**
 * PIN recovery (spec §4, §5, §8): alias → the member's three security questions → answers checked
 * → new PIN and confirmation → done. Wrong answers say how many tries remain; a locked account says
 * when to retry; an expired reset starts again. Cancel works in every step; back returns a step.
 */
export interface SecurityQuestion {
  id: string;
  text: string;
}

export interface ForgotPinContext {
  alias: string;
  questions: SecurityQuestion[];
  answers: Record<string, string>;
  resetToken: string | null;
  pin: string;
  pinConfirm: string;
  fieldErrors: Record<string, string>;
  error: AppError | null;
}

export type ForgotPinEvent =
  | { type: 'forgotPin.start'; alias?: string }
  | { type: 'forgotPin.aliasChanged'; value: string }
  | { type: 'forgotPin.submitAlias' }
  | { type: 'forgotPin.answerChanged'; questionId: string; value: string }
  | { type: 'forgotPin.submitAnswers' }
  | { type: 'forgotPin.pinChanged'; value: string }
  | { type: 'forgotPin.pinConfirmChanged'; value: string }
  | { type: 'forgotPin.submitPin' }
  | { type: 'forgotPin.back' }
  | { type: 'forgotPin.restart' }
  | { type: 'forgotPin.cancel' };

const fresh = (alias = ''): ForgotPinContext => ({
  alias,
  questions: [],
  answers: {},
  resetToken: null,
  pin: '',
  pinConfirm: '',
  fieldErrors: {},
  error: null,
});

const errorOf = (event: { error: unknown }) => toAppError(event.error, 'GENERIC');
const hasCode =
  (...codes: string[]) =>
  ({ event }: { event: unknown }) =>
    codes.includes(errorOf(event as { error: unknown }).code);

export const forgotPinMachine = setup({
  types: {} as { context: ForgotPinContext; events: ForgotPinEvent },
  actors: {
    fetchQuestions: fromPromise<{ questions: SecurityQuestion[] }, { alias: string }>(async () => {
      throw { code: 'NOT_PROVIDED' };
    }),
    verifyAnswers: fromPromise<
      { resetToken: string },
      { alias: string; answers: { questionId: string; answer: string }[] }
    >(async () => {
      throw { code: 'NOT_PROVIDED' };
    }),
    resetPin: fromPromise<unknown, { resetToken: string; pin: string; pinConfirm: string }>(async () => {
      throw { code: 'NOT_PROVIDED' };
    }),
  },
  guards: {
    aliasInvalid: ({ context }) => aliasProblem(context.alias) !== null,
    answersIncomplete: ({ context }) => context.questions.some((q) => !context.answers[q.id]?.trim()),
    pinsInvalid: ({ context }) =>
      pinProblem(context.pin) !== null || toAsciiDigits(context.pin) !== toAsciiDigits(context.pinConfirm),
    isUserNotFound: hasCode('USER_NOT_FOUND'),
    isLocked: hasCode('TOO_MANY_ATTEMPTS', 'RATE_LIMITED'),
    isWrongAnswers: hasCode('WRONG_ANSWERS'),
    isResetExpired: hasCode('RESET_TOKEN_INVALID'),
    isValidation: hasCode('VALIDATION_ERROR'),
  },
}).createMachine({
  id: 'forgotPin',
  context: fresh(),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'forgotPin.start': {
          target: 'active',
          actions: assign(({ event }) => fresh(event.alias?.trim() ?? '')),
        },
      },
    },
    active: {
      initial: 'enteringAlias',
      on: {
        'forgotPin.cancel': { target: 'idle', actions: assign(() => fresh()) },
        'forgotPin.start': {
          target: '.enteringAlias',
          reenter: true,
          actions: assign(({ event }) => fresh(event.alias?.trim() ?? '')),
        },
      },
      states: {
        enteringAlias: {
          on: {
            'forgotPin.aliasChanged': {
              actions: assign({ alias: ({ event }) => event.value, fieldErrors: {}, error: null }),
            },
            'forgotPin.submitAlias': [
              {
                guard: 'aliasInvalid',
                actions: assign({
                  fieldErrors: ({ context }) => ({ alias: aliasProblem(context.alias) ?? 'INVALID' }),
                }),
              },
              { target: 'loadingQuestions', actions: assign({ fieldErrors: {}, error: null }) },
            ],
          },
        },
        loadingQuestions: {
          invoke: {
            src: 'fetchQuestions',
            input: ({ context }) => ({ alias: context.alias.trim() }),
            onDone: {
              target: 'answering',
              actions: assign({ questions: ({ event }) => event.output.questions, answers: {} }),
            },
            onError: [
              {
                guard: 'isLocked',
                target: 'locked',
                actions: assign({ error: ({ event }) => errorOf(event) }),
              },
              { target: 'enteringAlias', actions: assign({ error: ({ event }) => errorOf(event) }) },
            ],
          },
          on: { 'forgotPin.back': 'enteringAlias' },
        },
        answering: {
          on: {
            'forgotPin.answerChanged': {
              actions: assign({
                answers: ({ context, event }) => ({ ...context.answers, [event.questionId]: event.value }),
                error: null,
              }),
            },
            'forgotPin.submitAnswers': [
              { guard: 'answersIncomplete', actions: assign({ error: { code: 'ANSWERS_REQUIRED' } }) },
              { target: 'verifying', actions: assign({ error: null }) },
            ],
            'forgotPin.back': { target: 'enteringAlias', actions: assign({ error: null }) },
          },
        },
        verifying: {
          invoke: {
            src: 'verifyAnswers',
            input: ({ context }) => ({
              alias: context.alias.trim(),
              answers: context.questions.map((q) => ({
                questionId: q.id,
                answer: context.answers[q.id] ?? '',
              })),
            }),
            onDone: {
              target: 'choosingPin',
              actions: assign({
                resetToken: ({ event }) => event.output.resetToken,
                pin: '',
                pinConfirm: '',
              }),
            },
            onError: [
              {
                guard: 'isLocked',
                target: 'locked',
                actions: assign({ error: ({ event }) => errorOf(event) }),
              },
              {
                guard: 'isUserNotFound',
                target: 'enteringAlias',
                actions: assign({ error: ({ event }) => errorOf(event) }),
              },
              { target: 'answering', actions: assign({ error: ({ event }) => errorOf(event) }) },
            ],
          },
        },
        choosingPin: {
          on: {
            'forgotPin.pinChanged': {
              actions: assign({ pin: ({ event }) => event.value, fieldErrors: {}, error: null }),
            },
            'forgotPin.pinConfirmChanged': {
              actions: assign({ pinConfirm: ({ event }) => event.value, fieldErrors: {}, error: null }),
            },
            'forgotPin.submitPin': [
              {
                guard: 'pinsInvalid',
                actions: assign({
                  fieldErrors: ({ context }): Record<string, string> => {
                    const pin = pinProblem(context.pin);
                    return pin ? { pin } : { pinConfirm: 'PIN_MISMATCH' };
                  },
                }),
              },
              { target: 'resetting' },
            ],
            'forgotPin.back': {
              target: 'answering',
              actions: assign({ resetToken: null, pin: '', pinConfirm: '', fieldErrors: {} }),
            },
          },
        },
        resetting: {
          invoke: {
            src: 'resetPin',
            input: ({ context }) => ({
              resetToken: context.resetToken ?? '',
              pin: toAsciiDigits(context.pin),
              pinConfirm: toAsciiDigits(context.pinConfirm),
            }),
            onDone: {
              target: 'done',
              actions: assign({ resetToken: null, pin: '', pinConfirm: '', answers: {} }),
            },
            onError: [
              { guard: 'isResetExpired', target: 'expired', actions: assign({ resetToken: null }) },
              {
                guard: 'isValidation',
                target: 'choosingPin',
                actions: assign({ fieldErrors: ({ event }) => errorOf(event).fields ?? {}, error: null }),
              },
              { target: 'choosingPin', actions: assign({ error: ({ event }) => errorOf(event) }) },
            ],
          },
        },
        locked: {
          on: { 'forgotPin.restart': { target: 'enteringAlias', actions: assign({ error: null }) } },
        },
        expired: {
          on: {
            'forgotPin.restart': { target: 'enteringAlias', actions: assign({ error: null, answers: {} }) },
          },
        },
        done: {
          on: {
            'forgotPin.restart': {
              target: 'enteringAlias',
              actions: assign(({ context }) => fresh(context.alias)),
            },
          },
        },
      },
    },
  },
});
