/**
 * A staff password's rules (issue 26): STAFF_PASSWORD_MIN to STAFF_PASSWORD_MAX characters (counted
 * as characters, not bytes), not a common one (a short list of the passwords people pick at this
 * length, keyboard and alphabet runs, a word of the list with digits and symbols around it, very few
 * distinct characters), and not containing her e-mail's local part. Each rule a field code.
 */
import { STAFF_PASSWORD_MAX, STAFF_PASSWORD_MIN } from '../../contract/staff.ts';

export type PasswordProblem =
  | 'PASSWORD_TOO_SHORT'
  | 'PASSWORD_TOO_LONG'
  | 'PASSWORD_TOO_COMMON'
  | 'PASSWORD_HAS_EMAIL';

/** Words that, with digits or symbols around them (or repeated), make the passwords most often tried. */
const COMMON_WORDS = [
  'password',
  'passw0rd',
  'qwerty',
  'qwertyuiop',
  'asdfghjkl',
  'letmein',
  'welcome',
  'iloveyou',
  'admin',
  'administrator',
  'changeme',
  'trustno',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'monkey',
  'dragon',
  'master',
  'secret',
  'amina',
  'health',
];

/** Whole passwords often tried at this length that the rules below would not catch. */
const COMMON_PASSWORDS = new Set([
  '123qweasdzxc',
  '1q2w3e4r5t6y',
  '1qaz2wsx3edc',
  'zaq12wsxcde3',
  '1q2w3e4r5t6y7u',
  'q1w2e3r4t5y6',
  'qazwsxedcrfv',
  'abc123abc123',
  'qwerty123456',
  '123456qwerty',
  'p@ssw0rd1234',
]);

const RUNS = [
  '01234567890123456789012345678901234567890',
  '9876543210987654321098765432109876543210',
  'abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz',
  'zyxwvutsrqponmlkjihgfedcbazyxwvutsrqponmlkjihgfedcba',
  'qwertyuiopasdfghjklzxcvbnmqwertyuiopasdfghjklzxcvbnm',
];

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return true;
  if (new Set(lower).size < 4) return true;
  if (RUNS.some((run) => run.includes(lower))) return true;
  // a listed word, repeated or with only digits and symbols around it
  const letters = lower.replace(/[\p{N}\p{P}\p{S}\s]/gu, '');
  if (letters === '') return true;
  return COMMON_WORDS.some((w) => letters.length <= w.length * 3 && letters.replaceAll(w, '') === '');
}

/** The first rule the password breaks, or null. */
export function passwordProblem(password: string, email: string): PasswordProblem | null {
  const length = [...password].length;
  if (length < STAFF_PASSWORD_MIN) return 'PASSWORD_TOO_SHORT';
  if (length > STAFF_PASSWORD_MAX) return 'PASSWORD_TOO_LONG';
  const local = email.split('@')[0].toLowerCase();
  if (local.length >= 3 && password.toLowerCase().includes(local)) return 'PASSWORD_HAS_EMAIL';
  if (isCommonPassword(password)) return 'PASSWORD_TOO_COMMON';
  return null;
}
