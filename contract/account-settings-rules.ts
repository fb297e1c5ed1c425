/**
 * Account Settings (issue 25): the constants and rules both sides run, without zod, so the app (its
 * machines and views) imports them without pulling the schemas in: the recovery code's alphabet,
 * grouping and normal form, the typed confirmation that deletes an account, how long a deleted alias
 * stays reserved and documents are kept, the export's formats and neutral file names.
 * contract/account-settings.ts re-exports all of it beside the shapes of /api/users/me/*.
 */
import { toAsciiDigits } from './account-rules.ts';

// ------------------------------------------------------------------ recovery code

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

// ------------------------------------------------------------------ deletion

/** What she types to confirm deleting her account, in the language of the page she is on. */
export const DELETE_CONFIRMATION = { en: 'DELETE', ar: 'حذف' } as const;
/** Whether `typed` confirms deletion (surrounding spaces and letter case ignored; either language accepted). */
export function confirmsDeletion(typed: string): boolean {
  const t = typed.trim().normalize('NFKC');
  return t.toUpperCase() === DELETE_CONFIRMATION.en || t === DELETE_CONFIRMATION.ar;
}
/** A deleted member's alias cannot be registered again for this many days. */
export const ALIAS_RESERVED_DAYS = 30;
/** Invoices and credit notes are kept this many years after issue (tax records), her alias replaced. */
export const DOCUMENTS_KEPT_YEARS = 10;

// ------------------------------------------------------------------ export

export const EXPORT_FORMATS = ['json', 'html'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** Neutral attachment names. */
export const EXPORT_FILE_NAMES: Record<ExportFormat, string> = { json: 'data.json', html: 'data.html' };
/** Exports per member per hour. */
export const EXPORTS_PER_HOUR = 5;
