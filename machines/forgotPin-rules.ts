import { PIN_LENGTHS, PIN_MAX, PIN_MIN, type PinLength, toAsciiDigits } from '../contract/account-rules';
import { normalizeRecoveryCode } from '../contract/recovery-code';
import { type AppError, toAppError } from './types';

/**
 * PIN recovery's types and rules, beside its machine (machines/forgotPin.ts) so that file reads as
 * the flow: the context and what a new start resets, the events the screen sends, the PIN lengths
 * it offers, and how a failed request reaches the guards and actions. The new PIN's rule is the
 * contract's `newPinProblems` (contract/account-rules.ts), the one sign-up uses too.
 */
export interface SecurityQuestion {
  id: string;
  text: string;
}

export { newPinProblems, PIN_LENGTHS } from '../contract/account-rules';

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
  /** The interface language the screen last reported (null until it does). */
  locale: string | null;
  /** The language the questions were asked in: when it is not `locale`, they load again. */
  questionsLocale: string | null;
  /** Her one-time recovery code, as typed (instead of the answers). */
  code: string;
  /** How the reset token was earned: her answers or her recovery code (where Back returns). */
  via: 'answers' | 'code';
}

export type ForgotPinEvent =
  | { type: 'forgotPin.start'; alias?: string }
  | { type: 'forgotPin.aliasChanged'; value: string }
  | { type: 'forgotPin.submitAlias' }
  | { type: 'forgotPin.answerChanged'; questionId: string; value: string }
  | { type: 'forgotPin.submitAnswers' }
  | { type: 'forgotPin.useCode' }
  | { type: 'forgotPin.useAnswers' }
  | { type: 'forgotPin.codeChanged'; value: string }
  | { type: 'forgotPin.submitCode' }
  | { type: 'forgotPin.pinLengthChanged'; length: number }
  | { type: 'forgotPin.pinChanged'; value: string }
  | { type: 'forgotPin.pinConfirmChanged'; value: string }
  | { type: 'forgotPin.submitPin' }
  | { type: 'forgotPin.back' }
  | { type: 'forgotPin.restart' }
  | { type: 'forgotPin.cancel' }
  | { type: 'forgotPin.localeChanged'; locale: string };

/** Everything but the language: a new start forgets the member's data, not the screen's language. */
export const fresh = (alias = ''): Omit<ForgotPinContext, 'locale'> => ({
  alias,
  questions: [],
  answers: {},
  resetToken: null,
  pinLength: PIN_MIN,
  pin: '',
  pinConfirm: '',
  fieldErrors: {},
  error: null,
  questionsLocale: null,
  code: '',
  via: 'answers',
});

/** What her answers are sent as: by question, in the order of the questions. */
export interface VerifyAnswersInput {
  alias: string;
  answers: { questionId: string; answer: string }[];
}

/** Her answers, by question, in the order of the questions, for her alias. */
export const answersToVerify = (context: ForgotPinContext): VerifyAnswersInput => ({
  alias: context.alias.trim(),
  answers: context.questions.map((q) => ({ questionId: q.id, answer: context.answers[q.id] ?? '' })),
});

/** What her recovery code is sent as: its canonical form (grouped, upper case), for her alias. */
export interface VerifyCodeInput {
  alias: string;
  code: string;
}

export const codeToVerify = (context: ForgotPinContext): VerifyCodeInput => ({
  alias: context.alias.trim(),
  code: normalizeRecoveryCode(context.code) ?? context.code.trim(),
});

/** The code's problem before the server is asked: empty, or not 16 characters of the alphabet. */
export const codeProblem = (code: string): string | null => {
  if (!code.trim()) return 'RECOVERY_CODE_REQUIRED';
  return normalizeRecoveryCode(code) ? null : 'RECOVERY_CODE_FORMAT';
};

/** What resets her PIN: the token her answers earned and the new PIN twice, in ASCII digits. */
export interface ResetPinInput {
  resetToken: string;
  pin: string;
  pinConfirm: string;
}

export const pinsToReset = (context: ForgotPinContext): ResetPinInput => ({
  resetToken: context.resetToken ?? '',
  pin: toAsciiDigits(context.pin),
  pinConfirm: toAsciiDigits(context.pinConfirm),
});

/** A length from the list; anything else becomes the nearest allowed length. */
export const clampLength = (length: number): PinLength => {
  if (PIN_LENGTHS.includes(length as PinLength)) return length as PinLength;
  const wanted = Math.min(PIN_MAX, Math.max(PIN_MIN, Math.round(length) || PIN_MIN));
  return PIN_LENGTHS.reduce((best, n) => (Math.abs(n - wanted) < Math.abs(best - wanted) ? n : best));
};

/** A new length (clamped to the list): both PINs are cut to it, and no error stays. */
export const withPinLength = (context: Pick<ForgotPinContext, 'pin' | 'pinConfirm'>, length: number) => {
  const pinLength = clampLength(length);
  return {
    pinLength,
    pin: [...context.pin].slice(0, pinLength).join(''),
    pinConfirm: [...context.pinConfirm].slice(0, pinLength).join(''),
    fieldErrors: {},
    error: null,
  };
};

/** The failure of a request, as the guards and actions of the machine take it (`params`). */
export const failure = ({ event }: { event: { error: unknown } }) => ({
  error: toAppError(event.error, 'GENERIC'),
});
export type Failure = ReturnType<typeof failure>;

/** A guard: the failure has one of these codes. */
export const hasCode =
  (...codes: string[]) =>
  (_: unknown, { error }: Failure) =>
    codes.includes(error.code);
