/**
 * A short text staff type (issue 26): a note in the team inbox, the reason for refusing a profile
 * draft or for a refund. Trimmed; empty is REQUIRED, longer than `max` characters (as people count
 * them) TEXT_TOO_LONG, both as 400 VALIDATION_ERROR naming the field.
 */
import { ApiError } from '../lib/errors.ts';

export function staffText(value: string, field: string, max: number): string {
  const text = value.trim();
  if (text === '') throw new ApiError('VALIDATION_ERROR', { fields: { [field]: 'REQUIRED' } });
  if (Array.from(text).length > max)
    throw new ApiError('VALIDATION_ERROR', { fields: { [field]: 'TEXT_TOO_LONG' } });
  return text;
}
