import type { ActorRef, Snapshot } from 'xstate';
import {
  aliasProblem,
  answerProblem,
  checkEmail,
  checkPhone,
  newPinProblems,
  type PinLength,
  QUESTION_COUNT,
  toAsciiDigits,
} from '../contract/account-rules';
import type { RegistrationInput, SessionEvent } from './session';
import type { AppError, User } from './types';

/**
 * Sign-up's types and rules, beside its machine (machines/signup.ts) so that file reads as the flow.
 * Pure and zod-free: the alias, PIN, answer, email and phone rules are the server's own
 * (contract/account-rules.ts); what is here is sign-up's part: which step a field belongs to,
 * what a step still needs before she goes on, how a changed field lands in the context, and what
 * `session.register` sends.
 */

export { AGE_RANGES, MARITAL_STATUSES, PIN_LENGTHS, type PinLength } from '../contract/account-rules';

export interface Avatar {
  id: string;
  url: string;
  label: string;
}

export interface SecurityQuestion {
  id: string;
  text: string;
}

export interface SecurityAnswer {
  questionId: string;
  answer: string;
}

export type AliasAvailability = { available: boolean; reason?: string };

/** How long the alias must rest before it is checked. */
export const ALIAS_DEBOUNCE_MS = 400;

export const STEPS = ['alias', 'pin', 'security', 'profile', 'avatar', 'confirm'] as const;
export type Step = (typeof STEPS)[number];

/** What she enters that the context keeps as it is named (the security answers are kept as a list). */
interface Entries {
  alias: string;
  pinLength: PinLength;
  pin: string;
  pinConfirm: string;
  country: string;
  ageRange: string;
  maritalStatus: string;
  email: string;
  phone: string;
  avatarId: string;
  isAdult: boolean;
  acceptTerms: boolean;
}

/** Every field she fills in, with the type of its value; the names are the server's field keys. */
export interface SignupFields extends Entries {
  [question: `securityAnswers.${number}.questionId`]: string;
  [answer: `securityAnswers.${number}.answer`]: string;
}
export type SignupField = keyof SignupFields;
/** One field and a value of its own type: `{ field: 'pinLength', value: 8 }`, never `value: 'x'`. */
export type FieldChange = { [F in SignupField]: { field: F; value: SignupFields[F] } }[SignupField];

/** The question and the answer of the security slot `index` (0, 1, 2). */
export const questionField = (index: number) => `securityAnswers.${index}.questionId` as const;
export const answerField = (index: number) => `securityAnswers.${index}.answer` as const;

export interface SignupContext extends Entries {
  session: ActorRef<Snapshot<unknown>, SessionEvent>;
  security: SecurityAnswer[];
  questions: SecurityQuestion[];
  avatars: Avatar[];
  /** Field key (as the server names it: alias, pin, securityAnswers.1.answer…) → field code. */
  fieldErrors: Record<string, string>;
  /** The last failed submission (its `fields`, if any, are already in fieldErrors). */
  error: AppError | null;
  user: User | null;
}

export function initialContext(session: SignupContext['session']): SignupContext {
  return {
    session,
    alias: '',
    pinLength: 6,
    pin: '',
    pinConfirm: '',
    security: Array.from({ length: QUESTION_COUNT }, () => ({ questionId: '', answer: '' })),
    country: '',
    ageRange: '',
    maritalStatus: '',
    email: '',
    phone: '',
    avatarId: '',
    isAdult: false,
    acceptTerms: false,
    questions: [],
    avatars: [],
    fieldErrors: {},
    error: null,
    user: null,
  };
}

/** Which step a field key belongs to (server keys included: securityAnswers.0.answer…). */
export function stepOfField(key: string): Step {
  if (key === 'alias') return 'alias';
  if (key === 'pin' || key === 'pinConfirm' || key === 'pinLength') return 'pin';
  if (key.startsWith('securityAnswers')) return 'security';
  if (['country', 'ageRange', 'maritalStatus', 'email', 'phone'].includes(key)) return 'profile';
  if (key === 'avatarId') return 'avatar';
  return 'confirm';
}

function without(errors: Record<string, string>, ...keys: string[]): Record<string, string> {
  const next = { ...errors };
  for (const k of keys) delete next[k];
  return next;
}

const SECURITY_FIELD = /^securityAnswers\.(\d+)\.(questionId|answer)$/;

/**
 * What a changed field writes into the context: its value (PIN digits in ASCII; a new PIN length
 * empties both PINs) and no more error on it (nor on the fields it decides: the PIN's repeat, the
 * questions as a group).
 */
export function withField(c: SignupContext, change: FieldChange): Partial<SignupContext> {
  const slot = SECURITY_FIELD.exec(change.field);
  if (slot) {
    const index = Number(slot[1]);
    return {
      security: c.security.map((s, i) => (i === index ? { ...s, [slot[2]]: change.value } : s)),
      fieldErrors: without(c.fieldErrors, change.field, 'securityAnswers'),
    };
  }
  switch (change.field) {
    case 'pinLength':
      return { pinLength: change.value, pin: '', pinConfirm: '', ...clearing(c, 'pin', 'pinConfirm') };
    case 'pin':
      return { pin: toAsciiDigits(change.value), ...clearing(c, 'pin', 'pinConfirm') };
    case 'pinConfirm':
      return { pinConfirm: toAsciiDigits(change.value), ...clearing(c, 'pinConfirm') };
    default:
      return { [change.field]: change.value, ...clearing(c, change.field) };
  }
}

const clearing = (c: SignupContext, ...keys: string[]) => ({ fieldErrors: without(c.fieldErrors, ...keys) });

/** Optional; when given, the server's own rule (contract/account-rules.ts). */
export function emailProblem(email: string): string | null {
  return email.trim() === '' || checkEmail(email).ok ? null : 'EMAIL_INVALID';
}

/** Optional; + and 7–15 digits, spaces and dashes ignored, Arabic digits accepted (the server's rule). */
export function phoneProblem(phone: string): string | null {
  return phone.trim() === '' || checkPhone(phone).ok ? null : 'PHONE_INVALID';
}

function securityProblems(c: SignupContext): Record<string, string> {
  const p: Record<string, string> = {};
  c.security.forEach((s, i) => {
    if (!s.questionId) p[questionField(i)] = 'QUESTION_REQUIRED';
    else if (c.security.slice(0, i).some((o) => o.questionId === s.questionId))
      p[questionField(i)] = 'QUESTIONS_NOT_DISTINCT';
    const answer = answerProblem(s.answer);
    if (answer) p[answerField(i)] = answer;
  });
  return p;
}

/** Only the problems that are there: `{ key: code }` for each code that is not null. */
function present(problems: Record<string, string | null>): Record<string, string> {
  return Object.fromEntries(Object.entries(problems).filter((e): e is [string, string] => e[1] !== null));
}

/** What the member must fix on a step before going on, checked here before the server does. */
export function localProblems(step: Step, c: SignupContext): Record<string, string> {
  switch (step) {
    case 'alias':
      return present({ alias: aliasProblem(c.alias) });
    case 'pin':
      // the contract's one rule for a new PIN and its repeat: recovery answers the same codes
      return newPinProblems(c);
    case 'security':
      return securityProblems(c);
    case 'profile':
      return present({
        country: c.country ? null : 'COUNTRY_INVALID',
        ageRange: c.ageRange ? null : 'AGE_RANGE_INVALID',
        email: emailProblem(c.email),
        phone: phoneProblem(c.phone),
      });
    case 'avatar':
      return present({ avatarId: c.avatarId ? null : 'AVATAR_REQUIRED' });
    case 'confirm':
      return present({
        isAdult: c.isAdult ? null : 'MUST_BE_ADULT',
        acceptTerms: c.acceptTerms ? null : 'MUST_ACCEPT_TERMS',
      });
  }
}

/** The step's errors still standing (from the server or an earlier try) plus its local problems. */
export function stepErrors(step: Step, c: SignupContext): Record<string, string> {
  const standing = Object.fromEntries(Object.entries(c.fieldErrors).filter(([k]) => stepOfField(k) === step));
  return { ...standing, ...localProblems(step, c) };
}

/** All field errors, with the step's own replaced by what stands on it now. */
export function withStepErrors(step: Step, c: SignupContext): Record<string, string> {
  const others = Object.fromEntries(Object.entries(c.fieldErrors).filter(([k]) => stepOfField(k) !== step));
  return { ...others, ...stepErrors(step, c) };
}

/** Whether a refused submission marked a field of this step. */
export function failedOn(step: Step, error: AppError): boolean {
  return Object.keys(error.fields ?? {}).some((k) => stepOfField(k) === step);
}

/** What `session.register` sends (server contract: POST /users/register/standard). */
export function registrationOf(c: SignupContext): RegistrationInput {
  return {
    alias: c.alias.normalize('NFKC').trim(),
    pin: toAsciiDigits(c.pin),
    pinConfirm: toAsciiDigits(c.pinConfirm),
    securityAnswers: c.security.map((s) => ({ questionId: s.questionId, answer: s.answer.trim() })),
    country: c.country,
    avatarId: c.avatarId,
    ageRange: c.ageRange,
    ...(c.maritalStatus ? { maritalStatus: c.maritalStatus } : {}),
    ...(c.email.trim() ? { email: c.email.trim() } : {}),
    ...(c.phone.trim() ? { phone: toAsciiDigits(c.phone.trim()) } : {}),
    isAdult: true,
    acceptTerms: true,
  };
}

/** The alias as the server will store and compare it (NFKC, trimmed). */
export const aliasToCheck = (c: SignupContext) => ({ alias: c.alias.normalize('NFKC').trim() });

/**
 * What she typed that a reload keeps for the session (sessionStorage): never her PIN, never her
 * security questions or answers, nor her two confirmations.
 */
export const DRAFT_FIELDS = [
  'alias',
  'country',
  'ageRange',
  'maritalStatus',
  'email',
  'phone',
  'avatarId',
] as const;
export type SignupDraft = Record<(typeof DRAFT_FIELDS)[number], string>;

export const draftOf = (c: SignupContext): SignupDraft =>
  Object.fromEntries(DRAFT_FIELDS.map((f) => [f, c[f]])) as SignupDraft;

/** A stored draft back in the context: only its own fields, only text. */
export const withDraft = (draft: Partial<SignupDraft>): Partial<SignupDraft> =>
  Object.fromEntries(DRAFT_FIELDS.filter((f) => typeof draft[f] === 'string').map((f) => [f, draft[f]]));

/**
 * Where a step asked for by the address (Back, Forward, a reload) lands: that step, unless a step
 * before it still needs her (a PIN a reload did not keep, say): then that one.
 */
export function landingStep(c: SignupContext, requested: Step): Step {
  return STEPS.slice(0, STEPS.indexOf(requested)).find((s) => hasProblems(stepErrors(s, c))) ?? requested;
}
const hasProblems = (p: Record<string, string>) => Object.keys(p).length > 0;
