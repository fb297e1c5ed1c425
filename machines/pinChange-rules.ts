import { newPinProblems, type PinLength, toAsciiDigits } from '../contract/account-rules';
import type { AppError } from './types';

/**
 * Account Settings' PIN change, its pure part (machines/pinChange.ts is the flow): the fields, what
 * must be fixed before the server is asked (the current PIN typed; the new one under the contract's
 * PIN rules and blocklist, as sign-up checks it), and where the server's refusals land.
 */
export interface PinChangeFields {
  currentPin: string;
  pinLength: PinLength;
  pin: string;
  pinConfirm: string;
  signOutOthers: boolean;
}

export type PinChangeChange =
  | { field: 'currentPin' | 'pin' | 'pinConfirm'; value: string }
  | { field: 'pinLength'; value: PinLength }
  | { field: 'signOutOthers'; value: boolean };

export const emptyPinChange = (): PinChangeFields => ({
  currentPin: '',
  pinLength: 6,
  pin: '',
  pinConfirm: '',
  signOutOthers: true,
});

/** The current PIN is only required here: the server checks it (CURRENT_PIN_WRONG). */
export function currentPinProblem(currentPin: string): string | null {
  return currentPin.trim() === '' ? 'CURRENT_PIN_REQUIRED' : null;
}

export function pinChangeProblems(f: PinChangeFields): Record<string, string> {
  const current = currentPinProblem(f.currentPin);
  return { ...(current ? { currentPin: current } : {}), ...newPinProblems(f) };
}

/** A changed field, digits in ASCII; a new length empties both new PINs; its errors go. */
export function withPinField(
  f: PinChangeFields,
  errors: Record<string, string>,
  change: PinChangeChange,
): { fields: PinChangeFields; fieldErrors: Record<string, string> } {
  const drop = (...keys: string[]) =>
    Object.fromEntries(Object.entries(errors).filter(([k]) => !keys.includes(k)));
  switch (change.field) {
    case 'pinLength':
      return {
        fields: { ...f, pinLength: change.value, pin: '', pinConfirm: '' },
        fieldErrors: drop('pin', 'pinConfirm'),
      };
    case 'signOutOthers':
      return { fields: { ...f, signOutOthers: change.value }, fieldErrors: errors };
    case 'pin':
      return { fields: { ...f, pin: toAsciiDigits(change.value) }, fieldErrors: drop('pin', 'pinConfirm') };
    default:
      return {
        fields: { ...f, [change.field]: toAsciiDigits(change.value) },
        fieldErrors: drop(change.field),
      };
  }
}

/** POST /users/me/pin's body. */
export const pinChangeBody = (f: PinChangeFields) => ({
  currentPin: toAsciiDigits(f.currentPin),
  pin: toAsciiDigits(f.pin),
  pinConfirm: toAsciiDigits(f.pinConfirm),
  signOutOthers: f.signOutOthers,
});

/**
 * Where a refusal shows: a wrong or missing current PIN under that field, the server's field codes
 * under theirs; anything else (locked, offline) above the form.
 */
export function pinFailure(error: AppError): { fieldErrors: Record<string, string>; error: AppError | null } {
  const code = error.code as string;
  if (code === 'CURRENT_PIN_WRONG' || code === 'CURRENT_PIN_REQUIRED')
    return { fieldErrors: { currentPin: code }, error: null };
  const fields = Object.fromEntries(
    Object.entries(error.fields ?? {}).filter(([k]) => ['currentPin', 'pin', 'pinConfirm'].includes(k)),
  );
  return Object.keys(fields).length ? { fieldErrors: fields, error: null } : { fieldErrors: {}, error };
}
