import { assign, fromPromise, setup } from 'xstate';
import {
  aliasProblem,
  PIN_LENGTHS,
  PIN_MAX,
  PIN_MIN,
  type PinLength,
  pinProblem,
  toAsciiDigits,
} from '../server/contract/account-rules';
import { type AppError, toAppError } from './types';

/**
 * PIN recovery (spec §4, §5, §8): alias → the member's three security questions → answers checked
 * → new PIN and confirmation → done. Wrong answers say how many tries remain; a locked account says
 * when to retry; an expired reset starts again. Cancel works in every step and leaves (→ idle);
 * back returns one step (from the first step it leaves too), and stops any request under way.
 *
 * The new PIN is entered in boxes of a length the member chooses (6, 8, 10 or 12): `pinLength`
 * is that choice, and a PIN that does not fill its boxes is refused before the server is asked.
 */
export interface SecurityQuestion {
  id: string;
  text: string;
}

export { PIN_LENGTHS } from '../server/contract/account-rules';

export interface ForgotPinContext {
  alias: string;
  questions: SecurityQuestion[];
  answers: Record<string, string>;
  resetToken: string | null;
  pinLength: PinLength;
  pin: string;
  pinConfirm: string;
  fieldErrors: { alias?: string; pin?: string; pinConfirm?: string; [field: string]: string | undefined };
  error: AppError | null;
}

export type ForgotPinEvent =
  | { type: 'forgotPin.start'; alias?: string }
  | { type: 'forgotPin.aliasChanged'; value: string }
  | { type: 'forgotPin.submitAlias' }
  | { type: 'forgotPin.answerChanged'; questionId: string; value: string }
  | { type: 'forgotPin.submitAnswers' }
  | { type: 'forgotPin.pinLengthChanged'; length: number }
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
  pinLength: PIN_MIN,
  pin: '',
  pinConfirm: '',
  fieldErrors: {},
  error: null,
});

/** What is wrong with the new PIN and its confirmation, field by field (empty when both are fine). */
export function newPinProblems(
  context: Pick<ForgotPinContext, 'pin' | 'pinConfirm' | 'pinLength'>,
): ForgotPinContext['fieldErrors'] {
  const pin = toAsciiDigits(context.pin);
  const confirm = toAsciiDigits(context.pinConfirm);
  const problems: ForgotPinContext['fieldErrors'] = {};
  if (!pin) problems.pin = 'PIN_REQUIRED';
  else if (/^\d+$/.test(pin) && pin.length < context.pinLength) problems.pin = 'PIN_INCOMPLETE';
  else {
    const format = pinProblem(pin);
    if (format) problems.pin = format;
  }
  if (!confirm) problems.pinConfirm = 'PIN_REQUIRED';
  else if (!problems.pin && confirm !== pin) problems.pinConfirm = 'PIN_MISMATCH';
  return problems;
}

/** A length from the list; anything else becomes the nearest allowed length. */
const clampLength = (length: number): PinLength => {
  if (PIN_LENGTHS.includes(length as PinLength)) return length as PinLength;
  const wanted = Math.min(PIN_MAX, Math.max(PIN_MIN, Math.round(length) || PIN_MIN));
  return PIN_LENGTHS.reduce((best, n) => (Math.abs(n - wanted) < Math.abs(best - wanted) ? n : best));
};

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
    pinsInvalid: ({ context }) => Object.keys(newPinProblems(context)).length > 0,
    isUserNotFound: hasCode('USER_NOT_FOUND'),
    isLocked: hasCode('TOO_MANY_ATTEMPTS', 'RATE_LIMITED'),
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
                  error: null,
                }),
              },
              { target: 'loadingQuestions', actions: assign({ fieldErrors: {}, error: null }) },
            ],
            // back from the first step leaves the recovery, like cancel
            'forgotPin.back': { target: '#forgotPin.idle', actions: assign(() => fresh()) },
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
              // USER_NOT_FOUND, network and server errors: the alias step again, with the message
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
                fieldErrors: {},
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
              // WRONG_ANSWERS (with attemptsRemaining), network and server errors: answers kept
              { target: 'answering', actions: assign({ error: ({ event }) => errorOf(event) }) },
            ],
          },
          on: { 'forgotPin.back': 'answering' },
        },
        choosingPin: {
          on: {
            'forgotPin.pinLengthChanged': {
              actions: assign(({ context, event }) => {
                const pinLength = clampLength(event.length);
                return {
                  pinLength,
                  pin: [...context.pin].slice(0, pinLength).join(''),
                  pinConfirm: [...context.pinConfirm].slice(0, pinLength).join(''),
                  fieldErrors: {},
                  error: null,
                };
              }),
            },
            'forgotPin.pinChanged': {
              actions: assign({
                pin: ({ event }) => event.value,
                fieldErrors: ({ context }) => ({ ...context.fieldErrors, pin: undefined }),
                error: null,
              }),
            },
            'forgotPin.pinConfirmChanged': {
              actions: assign({
                pinConfirm: ({ event }) => event.value,
                fieldErrors: ({ context }) => ({ ...context.fieldErrors, pinConfirm: undefined }),
                error: null,
              }),
            },
            'forgotPin.submitPin': [
              {
                guard: 'pinsInvalid',
                actions: assign({ fieldErrors: ({ context }) => newPinProblems(context), error: null }),
              },
              { target: 'resetting', actions: assign({ fieldErrors: {}, error: null }) },
            ],
            'forgotPin.back': {
              target: 'answering',
              actions: assign({ resetToken: null, pin: '', pinConfirm: '', fieldErrors: {}, error: null }),
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
              actions: assign({ resetToken: null, pin: '', pinConfirm: '', answers: {}, questions: [] }),
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
          // stops waiting; if the server had already used the token, the next try says it expired
          on: { 'forgotPin.back': 'choosingPin' },
        },
        locked: {
          on: {
            'forgotPin.restart': {
              target: 'enteringAlias',
              actions: assign(({ context }) => fresh(context.alias)),
            },
            'forgotPin.back': { target: 'enteringAlias', actions: assign({ error: null }) },
          },
        },
        expired: {
          on: {
            'forgotPin.restart': {
              target: 'enteringAlias',
              actions: assign(({ context }) => fresh(context.alias)),
            },
            // the answers are still here: checking them again gives a new reset token
            'forgotPin.back': {
              target: 'answering',
              actions: assign({ error: null, pin: '', pinConfirm: '', fieldErrors: {} }),
            },
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
