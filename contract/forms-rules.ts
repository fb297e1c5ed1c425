/**
 * The public forms' rules (issue 9): which fields each form has, their limits, and the one check
 * both sides run. No zod here, so the app imports it at run time; the server builds its schemas
 * from the same table (contract/forms.ts) and stays the authority.
 *
 * A problem is a field code (the server's `fieldCodes`, the app's `forms.error.<code>` message).
 */
import { checkEmail, checkPhone } from './account-rules.ts';

export const FORM_KINDS = ['contact', 'programs', 'partnerships', 'concern', 'expert-application'] as const;
export type FormKind = (typeof FORM_KINDS)[number];
/** The four JSON forms (the expert application is multipart, with its CV). */
export const JSON_FORM_KINDS = ['contact', 'programs', 'partnerships', 'concern'] as const;
export type JsonFormKind = (typeof JSON_FORM_KINDS)[number];

export const ORGANISATION_KINDS = ['nonprofit', 'company'] as const;
export const ORGANISATION_SIZES = ['1-49', '50-249', '250-999', '1000+'] as const;
export const PARTNERSHIP_CIRCLES = ['nonprofit', 'corporate'] as const;
export const CONCERN_TOPICS = [
  'post-or-review',
  'expert',
  'content',
  'underage',
  'security',
  'other',
] as const;
export const PROFESSIONS = ['physician', 'therapist', 'midwife', 'educator'] as const;
export const PRACTICE_LANGUAGES = ['ar', 'en', 'ar-en'] as const;

/** Years of practice: a whole number from 0 to this. */
export const YEARS_MAX = 60;
/**
 * The CV: a PDF, at most 5 MB. Both sides check its size and first bytes (cvProblem); the server
 * then reads it as a PDF (server/lib/pdf-check.ts) and refuses it with one of the PDF_* codes.
 */
export const CV_MAX_BYTES = 5 * 1024 * 1024;
export const PDF_MAGIC = '%PDF-';
/** The honeypot: a field people never see; a filled one means a robot (answered like a success, not kept). */
export const HONEYPOT_FIELD = 'website';

export type FormFieldCode =
  | 'REQUIRED'
  | 'TEXT_TOO_SHORT'
  | 'TEXT_TOO_LONG'
  | 'EMAIL_INVALID'
  | 'REPLY_INVALID'
  | 'CHOICE_INVALID'
  | 'COUNTRY_INVALID'
  | 'YEARS_INVALID'
  | 'FILE_REQUIRED'
  | 'FILE_NOT_PDF'
  | 'FILE_TOO_LARGE'
  // the CV's content, checked by the server only (server/lib/pdf-check.ts)
  | 'PDF_UNREADABLE'
  | 'PDF_POLYGLOT'
  | 'PDF_ENCRYPTED'
  | 'PDF_JAVASCRIPT'
  | 'PDF_LAUNCH'
  | 'PDF_EMBEDDED_FILE'
  | 'PDF_INFLATES_TOO_MUCH'
  | 'PDF_TOO_COMPLEX';

export type FieldRule =
  | { type: 'text'; required: boolean; min: number; max: number; multiline?: boolean }
  | { type: 'email'; required: boolean }
  /** A way to reply: an e-mail address or a phone number with its country code. */
  | { type: 'reply'; required: false }
  | { type: 'choice'; required: true; options: readonly string[] }
  | { type: 'country'; required: true }
  | { type: 'years'; required: true };

const text = (required: boolean, min: number, max: number, multiline = false): FieldRule => ({
  type: 'text',
  required,
  min,
  max,
  multiline,
});
const choice = (options: readonly string[]): FieldRule => ({ type: 'choice', required: true, options });
const email: FieldRule = { type: 'email', required: true };
const reply: FieldRule = { type: 'reply', required: false };
const message = text(true, 10, 5000, true);

/** Every form's fields, in the order they are shown. */
export const FORM_FIELDS = {
  contact: {
    name: text(false, 0, 100),
    replyTo: reply,
    subject: text(true, 3, 150),
    message,
  },
  programs: {
    organisation: text(true, 2, 150),
    organisationKind: choice(ORGANISATION_KINDS),
    size: choice(ORGANISATION_SIZES),
    country: { type: 'country', required: true },
    email,
    message,
  },
  partnerships: {
    organisation: text(true, 2, 150),
    circle: choice(PARTNERSHIP_CIRCLES),
    email,
    message,
  },
  concern: {
    topic: choice(CONCERN_TOPICS),
    details: message,
    when: text(false, 0, 100),
    replyTo: reply,
  },
  'expert-application': {
    name: text(true, 2, 100),
    email,
    profession: choice(PROFESSIONS),
    specialty: text(true, 2, 150),
    languages: choice(PRACTICE_LANGUAGES),
    yearsOfPractice: { type: 'years', required: true },
    licence: text(true, 2, 200),
    statement: text(true, 50, 3000, true),
  },
} as const satisfies Record<FormKind, Record<string, FieldRule>>;

export type FormFieldName<K extends FormKind> = keyof (typeof FORM_FIELDS)[K] & string;
/** What a form sends: every field as text (blank for an optional one left empty). */
export type FormValues<K extends FormKind = FormKind> = Record<FormFieldName<K>, string>;
export type FormProblems = Partial<Record<string, FormFieldCode>>;

/** Empty values for a form (what the page starts with). */
export function emptyValues<K extends FormKind>(kind: K): FormValues<K> {
  return Object.fromEntries(Object.keys(FORM_FIELDS[kind]).map((k) => [k, ''])) as FormValues<K>;
}

/** Characters counted as people see them (an emoji is one), after trimming. */
export function textLength(value: string): number {
  return [...value.trim()].length;
}

/** The problem with one value, or null. `knownCountry` tells an ISO code from a made-up one. */
export function fieldProblem(
  rule: FieldRule,
  raw: string | undefined,
  knownCountry: (code: string) => boolean = (c) => /^[A-Z]{2}$/.test(c),
): FormFieldCode | null {
  const value = (raw ?? '').trim();
  if (value === '') return rule.required ? 'REQUIRED' : null;
  switch (rule.type) {
    case 'text': {
      const n = textLength(value);
      if (n < rule.min) return 'TEXT_TOO_SHORT';
      if (n > rule.max) return 'TEXT_TOO_LONG';
      // a single-line field stays on one line
      if (!rule.multiline && /[\r\n]/.test(value)) return 'TEXT_TOO_LONG';
      return null;
    }
    case 'email':
      return checkEmail(value).ok ? null : 'EMAIL_INVALID';
    case 'reply':
      if (value.length > 200) return 'REPLY_INVALID';
      return checkEmail(value).ok || checkPhone(value).ok ? null : 'REPLY_INVALID';
    case 'choice':
      return rule.options.includes(value) ? null : 'CHOICE_INVALID';
    case 'country':
      return knownCountry(value.toUpperCase()) ? null : 'COUNTRY_INVALID';
    case 'years': {
      if (!/^[0-9]{1,2}$/.test(value)) return 'YEARS_INVALID';
      return Number(value) <= YEARS_MAX ? null : 'YEARS_INVALID';
    }
  }
}

/** Every problem in a form, keyed by field (empty when it can be sent). */
export function formProblems<K extends FormKind>(
  kind: K,
  values: Partial<Record<string, string>>,
  knownCountry?: (code: string) => boolean,
): FormProblems {
  const problems: FormProblems = {};
  for (const [name, rule] of Object.entries(FORM_FIELDS[kind]) as [string, FieldRule][]) {
    const code = fieldProblem(rule, values[name], knownCountry);
    if (code) problems[name] = code;
  }
  return problems;
}

/** The CV's problem, or null: present, at most CV_MAX_BYTES, and a PDF by its first five bytes. */
export function cvProblem(file: { size: number; head: Uint8Array } | null): FormFieldCode | null {
  if (!file || file.size === 0) return 'FILE_REQUIRED';
  if (file.size > CV_MAX_BYTES) return 'FILE_TOO_LARGE';
  const magic = [...PDF_MAGIC].map((ch) => ch.charCodeAt(0));
  return magic.every((b, i) => file.head[i] === b) ? null : 'FILE_NOT_PDF';
}

/** A rule's limits for messages ("at most {max} characters"). */
export function limitsOf(rule: FieldRule): { min: number; max: number } {
  if (rule.type === 'text') return { min: rule.min, max: rule.max };
  if (rule.type === 'years') return { min: 0, max: YEARS_MAX };
  return { min: 0, max: 0 };
}

/** What the server answers when a form is received (also to a robot that filled the honeypot). */
export interface FormReceipt {
  received: true;
}
