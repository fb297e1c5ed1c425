import type { AccountProfile } from '../contract/account-settings';
import { emailProblem, phoneProblem } from './signup-rules';
import type { AppError } from './types';

/**
 * Account Settings' profile form, its pure part (machines/profileSettings.ts is the flow): the
 * fields as she edits them, what must be fixed before the server is asked (sign-up's own checks:
 * contract/account-rules.ts through signup-rules.ts), and the body of PUT /users/me/profile.
 */
export interface ProfileFields {
  avatarId: string;
  country: string;
  ageRange: string;
  maritalStatus: string;
  email: string;
  phone: string;
}
export type ProfileField = keyof ProfileFields;

/** What the form starts from: the stored profile, absent values as empty fields. */
export function fieldsOf(profile: AccountProfile): ProfileFields {
  return {
    avatarId: profile.avatarId,
    country: profile.country,
    ageRange: profile.ageRange,
    maritalStatus: profile.maritalStatus ?? '',
    email: profile.email ?? '',
    phone: profile.phone ?? '',
  };
}

/** Only the problems that are there. */
function present(problems: Record<string, string | null>): Record<string, string> {
  return Object.fromEntries(Object.entries(problems).filter((e): e is [string, string] => e[1] !== null));
}

/** What she must fix before the server is asked: sign-up's profile and avatar rules. */
export function profileProblems(f: ProfileFields): Record<string, string> {
  return present({
    avatarId: f.avatarId ? null : 'AVATAR_REQUIRED',
    country: f.country ? null : 'COUNTRY_INVALID',
    ageRange: f.ageRange ? null : 'AGE_RANGE_INVALID',
    email: emailProblem(f.email),
    phone: phoneProblem(f.phone),
  });
}

/** PUT /users/me/profile's body: an optional field left empty is null (removed from her account). */
export function profileBody(f: ProfileFields) {
  const optional = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    avatarId: f.avatarId,
    country: f.country,
    ageRange: f.ageRange,
    maritalStatus: f.maritalStatus || null,
    email: optional(f.email),
    phone: optional(f.phone),
  };
}

/** Whether the fields differ from the stored profile (Save is offered only then). */
export function isChanged(f: ProfileFields, profile: AccountProfile): boolean {
  const stored = fieldsOf(profile);
  return (Object.keys(stored) as ProfileField[]).some((k) => stored[k].trim() !== f[k].trim());
}

/** The server's field codes, kept under the field they name (unknown fields are left out). */
export function serverFieldErrors(error: AppError, fields: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(error.fields ?? {}).filter(([k]) => fields.includes(k)));
}
