import { loginPinProblem, toAsciiDigits } from '../contract/account-rules';
import { type AppError, toAppError } from './types';

/**
 * The recovery code's types and rules, beside its machine (machines/recoveryCode.ts): what the
 * section starts it with, what it keeps, the events the section sends, and what the server is
 * asked. The code itself is the server's (contract/account-settings.ts: alphabet, groups).
 */
export interface RecoveryCodeInput {
  /** She has a code already: a new one retires it (the section warns her). */
  active: boolean;
  /** Within RECOVERY_CODE_SIGNUP_MINUTES of sign-up, before a first code: no PIN asked. */
  withoutPin: boolean;
  /** When the code she has was made (ISO), if she has one. */
  createdAt?: string | null;
}

export interface RecoveryCodeContext extends Required<RecoveryCodeInput> {
  currentPin: string;
  fieldErrors: { currentPin?: string };
  /** The code just made, shown once; forgotten when she says she has written it down. */
  code: string | null;
  copied: boolean;
  error: AppError | null;
}

export type RecoveryCodeEvent =
  | { type: 'recovery.start' }
  | { type: 'recovery.pinChanged'; value: string }
  | { type: 'recovery.submit' }
  | { type: 'recovery.cancel' }
  | { type: 'recovery.copy' }
  | { type: 'recovery.download' }
  | { type: 'recovery.writtenDown' };

export const recoveryCodeContext = (input: RecoveryCodeInput): RecoveryCodeContext => ({
  active: input.active,
  withoutPin: input.withoutPin,
  currentPin: '',
  fieldErrors: {},
  code: null,
  createdAt: input.createdAt ?? null,
  copied: false,
  error: null,
});

/** The body of POST /users/me/recovery-code: her current PIN in ASCII digits, or nothing. */
export const codeRequest = (context: RecoveryCodeContext): { currentPin?: string } =>
  context.withoutPin ? {} : { currentPin: toAsciiDigits(context.currentPin) };

/** The current PIN's problem before the server is asked (empty, not 6–12 digits), or null. */
export const currentPinProblem = (context: Pick<RecoveryCodeContext, 'currentPin'>) =>
  context.currentPin === '' ? 'CURRENT_PIN_REQUIRED' : loginPinProblem(context.currentPin);

/** Codes that say the PIN step is needed after all (the sign-up window closed, or a PIN was wrong). */
export const NEEDS_PIN = ['CURRENT_PIN_WRONG', 'VALIDATION_ERROR', 'UNAUTHORIZED', 'FORBIDDEN'];

/** The failure of a request, as the guards and actions take it (`params`). */
export const failure = ({ event }: { event: { error: unknown } }) => ({
  error: toAppError(event.error, 'NETWORK_ERROR'),
});
export type Failure = ReturnType<typeof failure>;
