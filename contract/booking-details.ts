import { ageOn, isCalendarDate, MINIMUM_AGE, NAME_MAX } from './consultation-rules.ts';

/**
 * Her details for a medical consultation (spec §3, §9), one rule for both sides (zod-free): the
 * booking machine checks them before they are sent, the server's `checkDetails` before they are
 * sealed. First and last name required and short; the date of birth a real calendar date, not
 * before EARLIEST_BIRTH_DATE nor after today, of someone at least MINIMUM_AGE today.
 */
export const DETAIL_FIELDS = ['firstName', 'lastName', 'dateOfBirth'] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];
export type BookingDetailsInput = Record<DetailField, string>;
export type DetailProblem = 'REQUIRED' | 'TEXT_TOO_LONG' | 'INVALID' | 'MUST_BE_ADULT';
export type DetailProblems = Partial<Record<DetailField, DetailProblem>>;

/** No date of birth before this one is real here (a typo's year, 0190 or 1090). */
export const EARLIEST_BIRTH_DATE = '1900-01-01';

/** Each field's problem, if any; `today` is YYYY-MM-DD. */
export function detailProblems(details: BookingDetailsInput, today: string): DetailProblems {
  const problems: DetailProblems = {};
  for (const f of ['firstName', 'lastName'] as const) {
    const v = details[f].trim();
    if (!v) problems[f] = 'REQUIRED';
    else if (v.length > NAME_MAX) problems[f] = 'TEXT_TOO_LONG';
  }
  const dob = details.dateOfBirth.trim();
  if (!dob) problems.dateOfBirth = 'REQUIRED';
  else if (!isCalendarDate(dob) || dob < EARLIEST_BIRTH_DATE || dob > today) problems.dateOfBirth = 'INVALID';
  else if (ageOn(dob, today) < MINIMUM_AGE) problems.dateOfBirth = 'MUST_BE_ADULT';
  return problems;
}
