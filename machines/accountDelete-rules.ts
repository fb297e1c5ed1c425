import { loginPinProblem, toAsciiDigits } from '../contract/account-rules';
import { confirmsDeletion } from '../contract/account-settings-rules';
import { type AppError, toAppError } from './types';

/**
 * Deleting her account: the types and rules beside the machine (machines/accountDelete.ts). Two
 * fields, her current PIN and the typed confirmation (DELETE_CONFIRMATION in the page's language,
 * either language accepted: `confirmsDeletion`), checked here before the server is asked.
 */
export interface AccountDeleteContext {
  currentPin: string;
  confirmation: string;
  fieldErrors: { currentPin?: string; confirmation?: string };
  error: AppError | null;
  /** Upcoming consultations the deletion cancelled (with their refunds). */
  cancelledConsultations: number;
}

export type AccountDeleteEvent =
  | { type: 'delete.open' }
  | { type: 'delete.close' }
  | { type: 'delete.pinChanged'; value: string }
  | { type: 'delete.confirmationChanged'; value: string }
  | { type: 'delete.submit' };

export const deleteContext = (): AccountDeleteContext => ({
  currentPin: '',
  confirmation: '',
  fieldErrors: {},
  error: null,
  cancelledConsultations: 0,
});

/** What is wrong with the two fields before the server is asked (empty when nothing). */
export function deleteProblems(context: Pick<AccountDeleteContext, 'currentPin' | 'confirmation'>) {
  const problems: AccountDeleteContext['fieldErrors'] = {};
  const pin = context.currentPin === '' ? 'CURRENT_PIN_REQUIRED' : loginPinProblem(context.currentPin);
  if (pin) problems.currentPin = pin;
  if (!context.confirmation.trim()) problems.confirmation = 'REQUIRED';
  else if (!confirmsDeletion(context.confirmation)) problems.confirmation = 'CONFIRMATION_MISMATCH';
  return problems;
}

/** The body of POST /users/me/delete. */
export const deleteRequest = (context: AccountDeleteContext) => ({
  currentPin: toAsciiDigits(context.currentPin),
  confirmation: context.confirmation.trim(),
});

export const failure = ({ event }: { event: { error: unknown } }) => ({
  error: toAppError(event.error, 'NETWORK_ERROR'),
});
export type Failure = ReturnType<typeof failure>;
