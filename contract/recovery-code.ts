/**
 * The one-time recovery code (issue 25): its alphabet and grouping, its normal form, the sign-up
 * window in which the first one needs no PIN, and the neutral name of the file she may keep. Both
 * sides run it; contract/account-settings-rules.ts (and account-settings.ts) re-export it.
 */
import { toAsciiDigits } from './account-rules.ts';

/** Crockford-like: no 0/O, 1/I/L, 5/S, 2/Z, 8/B, U, so what she writes down reads back one way. */
export const RECOVERY_CODE_ALPHABET = '34679ACDEFGHJKMNPQRTVWXY';
/** Four groups of four, joined by hyphens: `7KQ4-MX9T-CR3W-HPNA` (24^16 ≈ 2^73 possibilities). */
export const RECOVERY_CODE_GROUPS = 4;
export const RECOVERY_CODE_GROUP_LENGTH = 4;
/** After sign-up, the first code may be made without typing the PIN again, for this long. */
export const RECOVERY_CODE_SIGNUP_MINUTES = 15;
/** The downloaded file's neutral name (nothing in it says health or recovery). */
export const RECOVERY_CODE_FILE_NAME = 'note.txt';

/**
 * What she typed → the code's canonical form (upper case, Arabic-Indic and Eastern Arabic-Indic
 * digits to ASCII as in PINs, spaces
 * and hyphens dropped, then regrouped), or null when it cannot be a code.
 */
export function normalizeRecoveryCode(input: string): string | null {
  const digits = toAsciiDigits(input);
  const raw = digits.toUpperCase().replace(/[\s\-‐-―]/g, '');
  const length = RECOVERY_CODE_GROUPS * RECOVERY_CODE_GROUP_LENGTH;
  if (raw.length !== length) return null;
  for (const ch of raw) if (!RECOVERY_CODE_ALPHABET.includes(ch)) return null;
  return formatRecoveryCode(raw);
}

/** Sixteen alphabet characters → four hyphen-joined groups. */
export function formatRecoveryCode(raw: string): string {
  const groups: string[] = [];
  for (let i = 0; i < raw.length; i += RECOVERY_CODE_GROUP_LENGTH)
    groups.push(raw.slice(i, i + RECOVERY_CODE_GROUP_LENGTH));
  return groups.join('-');
}
