/**
 * What the team inbox's and the admin's actions share (issue 26): who acts (the signed-in staff
 * member and the request, for the audit row), and the check of a short text staff type.
 */
import { ApiError } from '../lib/errors.ts';
import type { StaffContext } from '../lib/staff-guard.ts';

/** The staff member acting, with the request's id (the audit row carries it). */
export type StaffActor = StaffContext & { requestId?: string };

/**
 * A note in the team inbox, the reason for refusing a profile draft or for a refund: trimmed;
 * empty is REQUIRED, longer than `max` characters (as people count them) TEXT_TOO_LONG, both as
 * 400 VALIDATION_ERROR naming the field.
 */
export function staffText(value: string, field: string, max: number): string {
  const text = value.trim();
  if (text === '') throw new ApiError('VALIDATION_ERROR', { fields: { [field]: 'REQUIRED' } });
  if (Array.from(text).length > max)
    throw new ApiError('VALIDATION_ERROR', { fields: { [field]: 'TEXT_TOO_LONG' } });
  return text;
}
