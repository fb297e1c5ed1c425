/** PIN and alias rules the forms check before the server does (the server stays the authority). */
export const PIN_MIN = 6;
export const PIN_MAX = 12;
export const ALIAS_MIN = 3;
export const ALIAS_MAX = 30;

/** The PIN lengths a member can choose from when she sets a PIN (sign-up and recovery). */
export const PIN_LENGTHS = [6, 8, 10, 12] as const;
export type PinLength = (typeof PIN_LENGTHS)[number];

/** Arabic-Indic (٠–٩) and Eastern Arabic-Indic (۰–۹) digits become ASCII digits. */
export function toAsciiDigits(value: string): string {
  return value
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}

/** The field code of what is wrong with a PIN, or null. */
export function pinProblem(pin: string): string | null {
  const ascii = toAsciiDigits(pin);
  if (!ascii) return 'PIN_REQUIRED';
  if (!/^\d+$/.test(ascii) || ascii.length < PIN_MIN || ascii.length > PIN_MAX) return 'PIN_FORMAT';
  return null;
}

/** The field code of what is wrong with an alias, or null (letters of any script, digits, . _ -). */
export function aliasProblem(alias: string): string | null {
  const value = alias.normalize('NFKC').trim();
  if (!value) return 'ALIAS_REQUIRED';
  const length = [...value].length;
  if (length < ALIAS_MIN) return 'ALIAS_TOO_SHORT';
  if (length > ALIAS_MAX) return 'ALIAS_TOO_LONG';
  if (!/^[\p{L}\p{M}\p{Nd}._-]+$/u.test(value)) return 'ALIAS_INVALID_CHARS';
  return null;
}
