/**
 * Account Settings (issue 25): the constants and rules both sides run, without zod, so the app (its
 * machines and views) imports them without pulling the schemas in: the recovery code's alphabet,
 * grouping and normal form, the typed confirmation that deletes an account, how long a deleted alias
 * stays reserved and documents are kept, the export's formats and neutral file names.
 * contract/account-settings.ts re-exports all of it beside the shapes of /api/users/me/*.
 */
// ------------------------------------------------------------------ recovery code

// in a module of its own: PIN recovery, on every first visit, needs its normal form and nothing else
export * from './recovery-code.ts';

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
