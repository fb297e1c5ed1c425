import { type ActorRef, assign, fromPromise, type Snapshot, sendTo, setup } from 'xstate';
import {
  aliasProblem,
  answerProblem,
  type PinLength,
  pinProblem,
  QUESTION_COUNT,
  toAsciiDigits,
} from '../server/contract/account-rules';
import type { RegistrationInput, SessionEvent, SessionReply } from './session';
import type { AppError, User } from './types';

/**
 * Sign-up (spec §3 Account, §5, §8): alias → PIN → security questions → profile → avatar →
 * confirmation, one step at a time; back keeps everything entered.
 *
 * - The alias is checked while the member types: 400 ms after the last change the local rules run
 *   (aliasProblem), then the server says whether it is free. A failed check does not block her.
 * - The avatars and the security questions load as the flow opens, in their own regions (loading,
 *   failed with retry, ready), and load again when the language changes.
 * - Submitting asks the session to register (`session.register` with `replyTo`) and waits for its
 *   reply. Field codes from the server go on their fields and the flow returns to the first step
 *   that has one; any other failure stays on the confirmation with its code.
 */
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

export { AGE_RANGES, MARITAL_STATUSES, PIN_LENGTHS, type PinLength } from '../server/contract/account-rules';
/** How long the alias must rest before it is checked. */
export const ALIAS_DEBOUNCE_MS = 400;

export const STEPS = ['alias', 'pin', 'security', 'profile', 'avatar', 'confirm'] as const;
export type Step = (typeof STEPS)[number];

export interface SignupContext {
  session: ActorRef<Snapshot<unknown>, SessionEvent>;
  alias: string;
  pinLength: PinLength;
  pin: string;
  pinConfirm: string;
  security: SecurityAnswer[];
  country: string;
  ageRange: string;
  maritalStatus: string;
  email: string;
  phone: string;
  avatarId: string;
  isAdult: boolean;
  acceptTerms: boolean;
  questions: SecurityQuestion[];
  avatars: Avatar[];
  /** Field key (as the server names it: alias, pin, securityAnswers.1.answer…) → field code. */
  fieldErrors: Record<string, string>;
  /** The last failed submission (its `fields`, if any, are already in fieldErrors). */
  error: AppError | null;
  user: User | null;
}

type Changed<T extends string, V = string> = { type: `signup.${T}Changed`; value: V };

export type SignupEvent =
  | Changed<'alias'>
  | Changed<'pinLength', PinLength>
  | Changed<'pin'>
  | Changed<'pinConfirm'>
  | { type: 'signup.questionChanged'; index: number; value: string }
  | { type: 'signup.answerChanged'; index: number; value: string }
  | Changed<'country'>
  | Changed<'ageRange'>
  | Changed<'maritalStatus'>
  | Changed<'email'>
  | Changed<'phone'>
  | Changed<'avatar'>
  | Changed<'adult', boolean>
  | Changed<'terms', boolean>
  | { type: 'signup.next' }
  | { type: 'signup.back' }
  | { type: 'signup.submit' }
  | { type: 'signup.retry' }
  | { type: 'signup.localeChanged' }
  | SessionReply;

/**
 * Event creators for the view, so it never spells an event type (and the i18n check, which reads
 * dotted string literals under src/ as message ids, does not mistake them for ids).
 */
export const signupEvents = {
  aliasChanged: (value: string) => ({ type: 'signup.aliasChanged', value }) as const,
  pinLengthChanged: (value: PinLength) => ({ type: 'signup.pinLengthChanged', value }) as const,
  pinChanged: (value: string) => ({ type: 'signup.pinChanged', value }) as const,
  pinConfirmChanged: (value: string) => ({ type: 'signup.pinConfirmChanged', value }) as const,
  questionChanged: (index: number, value: string) =>
    ({ type: 'signup.questionChanged', index, value }) as const,
  answerChanged: (index: number, value: string) => ({ type: 'signup.answerChanged', index, value }) as const,
  countryChanged: (value: string) => ({ type: 'signup.countryChanged', value }) as const,
  ageRangeChanged: (value: string) => ({ type: 'signup.ageRangeChanged', value }) as const,
  maritalStatusChanged: (value: string) => ({ type: 'signup.maritalStatusChanged', value }) as const,
  emailChanged: (value: string) => ({ type: 'signup.emailChanged', value }) as const,
  phoneChanged: (value: string) => ({ type: 'signup.phoneChanged', value }) as const,
  avatarChanged: (value: string) => ({ type: 'signup.avatarChanged', value }) as const,
  adultChanged: (value: boolean) => ({ type: 'signup.adultChanged', value }) as const,
  termsChanged: (value: boolean) => ({ type: 'signup.termsChanged', value }) as const,
  next: () => ({ type: 'signup.next' }) as const,
  back: () => ({ type: 'signup.back' }) as const,
  submit: () => ({ type: 'signup.submit' }) as const,
  retry: () => ({ type: 'signup.retry' }) as const,
  localeChanged: () => ({ type: 'signup.localeChanged' }) as const,
} satisfies Record<string, (...args: never[]) => SignupEvent>;

// ------------------------------------------------------------------ rules (pure)

/** Which step a field key belongs to (server keys included: securityAnswers.0.answer…). */
export function stepOfField(key: string): Step {
  if (key === 'alias') return 'alias';
  if (key === 'pin' || key === 'pinConfirm') return 'pin';
  if (key.startsWith('securityAnswers')) return 'security';
  if (['country', 'ageRange', 'maritalStatus', 'email', 'phone'].includes(key)) return 'profile';
  if (key === 'avatarId') return 'avatar';
  return 'confirm';
}

const EMAIL = /^[^\s@"<>()[\]\\,;:]+@[^\s@"<>()[\]\\,;:_]+\.[^\s@"<>()[\]\\,;:_]{2,}$/u;

export function emailProblem(email: string): string | null {
  const value = email.trim();
  return value === '' || (value.length <= 254 && EMAIL.test(value)) ? null : 'EMAIL_INVALID';
}

/** + and 7–15 digits; spaces and dashes ignored; Arabic digits accepted. */
export function phoneProblem(phone: string): string | null {
  const value = toAsciiDigits(phone.trim()).replace(/[\s-]/g, '');
  return value === '' || /^\+[1-9][0-9]{6,14}$/.test(value) ? null : 'PHONE_INVALID';
}

/** What the member must fix on a step before going on, checked here before the server does. */
export function localProblems(step: Step, c: SignupContext): Record<string, string> {
  const p: Record<string, string> = {};
  switch (step) {
    case 'alias': {
      const a = aliasProblem(c.alias);
      if (a) p.alias = a;
      break;
    }
    case 'pin': {
      const digits = toAsciiDigits(c.pin);
      const problem = pinProblem(c.pin);
      if (!digits) p.pin = 'PIN_REQUIRED';
      else if (/^\d+$/.test(digits) && digits.length < c.pinLength) p.pin = 'PIN_INCOMPLETE';
      else if (problem) p.pin = problem;
      else if (!toAsciiDigits(c.pinConfirm)) p.pinConfirm = 'PIN_CONFIRM_REQUIRED';
      else if (toAsciiDigits(c.pinConfirm) !== digits) p.pinConfirm = 'PIN_MISMATCH';
      break;
    }
    case 'security':
      c.security.forEach((s, i) => {
        if (!s.questionId) p[`securityAnswers.${i}.questionId`] = 'QUESTION_REQUIRED';
        else if (c.security.slice(0, i).some((o) => o.questionId === s.questionId))
          p[`securityAnswers.${i}.questionId`] = 'QUESTIONS_NOT_DISTINCT';
        const answer = answerProblem(s.answer);
        if (answer) p[`securityAnswers.${i}.answer`] = answer;
      });
      break;
    case 'profile': {
      if (!c.country) p.country = 'COUNTRY_INVALID';
      if (!c.ageRange) p.ageRange = 'AGE_RANGE_INVALID';
      const e = emailProblem(c.email);
      if (e) p.email = e;
      const ph = phoneProblem(c.phone);
      if (ph) p.phone = ph;
      break;
    }
    case 'avatar':
      if (!c.avatarId) p.avatarId = 'AVATAR_REQUIRED';
      break;
    case 'confirm':
      if (!c.isAdult) p.isAdult = 'MUST_BE_ADULT';
      if (!c.acceptTerms) p.acceptTerms = 'MUST_ACCEPT_TERMS';
      break;
  }
  return p;
}

/** The step's errors still standing (from the server or an earlier try) plus its local problems. */
function stepErrors(step: Step, c: SignupContext): Record<string, string> {
  const standing = Object.fromEntries(Object.entries(c.fieldErrors).filter(([k]) => stepOfField(k) === step));
  return { ...standing, ...localProblems(step, c) };
}

function withStepErrors(step: Step, c: SignupContext): Record<string, string> {
  const others = Object.fromEntries(Object.entries(c.fieldErrors).filter(([k]) => stepOfField(k) !== step));
  return { ...others, ...stepErrors(step, c) };
}

function without(errors: Record<string, string>, ...keys: string[]): Record<string, string> {
  const next = { ...errors };
  for (const k of keys) delete next[k];
  return next;
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

const failedFields = (event: unknown): Record<string, string> =>
  (event as { error?: AppError }).error?.fields ?? {};
const failedOn =
  (step: Step) =>
  ({ event }: { event: unknown }) =>
    Object.keys(failedFields(event)).some((k) => stepOfField(k) === step);

const blankSecurity = (): SecurityAnswer[] =>
  Array.from({ length: QUESTION_COUNT }, () => ({ questionId: '', answer: '' }));

// ------------------------------------------------------------------ machine

export const signupMachine = setup({
  types: {} as {
    context: SignupContext;
    input: { session: SignupContext['session'] };
    events: SignupEvent;
  },
  actors: {
    fetchAvatars: fromPromise<{ avatars: Avatar[] }>(async () => {
      throw { code: 'NOT_PROVIDED' };
    }),
    fetchSecurityQuestions: fromPromise<{ questions: SecurityQuestion[] }>(async () => {
      throw { code: 'NOT_PROVIDED' };
    }),
    checkAlias: fromPromise<AliasAvailability, { alias: string }>(async () => {
      throw { code: 'NOT_PROVIDED' };
    }),
  },
  delays: { aliasDebounce: ALIAS_DEBOUNCE_MS },
  guards: {
    aliasLocallyInvalid: ({ context }) => aliasProblem(context.alias) !== null,
    aliasAvailable: ({ event }) => (event as unknown as { output: AliasAvailability }).output.available,
    pinInvalid: ({ context }) => Object.keys(stepErrors('pin', context)).length > 0,
    securityInvalid: ({ context }) => Object.keys(stepErrors('security', context)).length > 0,
    profileInvalid: ({ context }) => Object.keys(stepErrors('profile', context)).length > 0,
    avatarMissing: ({ context }) => Object.keys(stepErrors('avatar', context)).length > 0,
    notAgreed: ({ context }) => Object.keys(localProblems('confirm', context)).length > 0,
    failedOnAlias: failedOn('alias'),
    failedOnPin: failedOn('pin'),
    failedOnSecurity: failedOn('security'),
    failedOnProfile: failedOn('profile'),
    failedOnAvatar: failedOn('avatar'),
  },
  actions: {
    showLocalAliasProblem: assign({
      fieldErrors: ({ context }) => ({
        ...context.fieldErrors,
        alias: aliasProblem(context.alias) ?? 'INVALID',
      }),
    }),
    showAliasReason: assign({
      fieldErrors: ({ context, event }) => ({
        ...context.fieldErrors,
        alias: (event as unknown as { output: AliasAvailability }).output.reason ?? 'ALIAS_TAKEN',
      }),
    }),
    leaveStep: assign({ error: null }),
    /** The server's field codes go on their fields; the failure itself is kept for the message. */
    keepFailure: assign({
      fieldErrors: ({ context, event }) => ({ ...context.fieldErrors, ...failedFields(event) }),
      error: ({ event }) => (event as unknown as { error: AppError }).error,
    }),
  },
}).createMachine({
  id: 'signup',
  type: 'parallel',
  context: ({ input }) => ({
    session: input.session,
    alias: '',
    pinLength: 6,
    pin: '',
    pinConfirm: '',
    security: blankSecurity(),
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
  }),
  states: {
    questions: {
      initial: 'loading',
      // the questions come in the request language: fetch them again in the new one
      on: { 'signup.localeChanged': '.loading' },
      states: {
        loading: {
          invoke: {
            src: 'fetchSecurityQuestions',
            onDone: {
              target: 'ready',
              actions: assign({ questions: ({ event }) => event.output.questions }),
            },
            onError: 'failed',
          },
        },
        failed: { on: { 'signup.retry': 'loading' } },
        ready: {},
      },
    },
    avatars: {
      initial: 'loading',
      on: { 'signup.localeChanged': '.loading' },
      states: {
        loading: {
          invoke: {
            src: 'fetchAvatars',
            onDone: { target: 'ready', actions: assign({ avatars: ({ event }) => event.output.avatars }) },
            onError: 'failed',
          },
        },
        failed: { on: { 'signup.retry': 'loading' } },
        ready: {},
      },
    },
    flow: {
      initial: 'alias',
      states: {
        alias: {
          initial: 'idle',
          on: {
            'signup.aliasChanged': {
              target: '.checking',
              reenter: true,
              actions: assign({
                alias: ({ event }) => event.value,
                fieldErrors: ({ context }) => without(context.fieldErrors, 'alias'),
                error: null,
              }),
            },
            'signup.next': [
              { guard: 'aliasLocallyInvalid', target: '.invalid', actions: 'showLocalAliasProblem' },
              // not checked yet (or still checking): check now, and go on if it is free
              { target: '.verifying' },
            ],
          },
          states: {
            idle: {},
            checking: {
              initial: 'debouncing',
              states: {
                debouncing: {
                  after: {
                    aliasDebounce: [
                      {
                        guard: 'aliasLocallyInvalid',
                        target: '#signup.flow.alias.invalid',
                        actions: 'showLocalAliasProblem',
                      },
                      { target: 'querying' },
                    ],
                  },
                },
                querying: {
                  invoke: {
                    src: 'checkAlias',
                    input: ({ context }) => ({ alias: context.alias.normalize('NFKC').trim() }),
                    onDone: [
                      { guard: 'aliasAvailable', target: '#signup.flow.alias.available' },
                      { target: '#signup.flow.alias.unavailable', actions: 'showAliasReason' },
                    ],
                    onError: '#signup.flow.alias.checkFailed',
                  },
                },
              },
            },
            verifying: {
              invoke: {
                src: 'checkAlias',
                input: ({ context }) => ({ alias: context.alias.normalize('NFKC').trim() }),
                onDone: [
                  { guard: 'aliasAvailable', target: '#signup.flow.pin', actions: 'leaveStep' },
                  { target: 'unavailable', actions: 'showAliasReason' },
                ],
                // the check could not run: she may go on; the server decides at the end
                onError: { target: '#signup.flow.pin', actions: 'leaveStep' },
              },
            },
            available: { on: { 'signup.next': { target: '#signup.flow.pin', actions: 'leaveStep' } } },
            // taken or refused by the server: she must change it first
            unavailable: { on: { 'signup.next': {} } },
            checkFailed: { on: { 'signup.next': { target: '#signup.flow.pin', actions: 'leaveStep' } } },
            invalid: {},
          },
        },
        pin: {
          on: {
            'signup.pinLengthChanged': {
              actions: assign({
                pinLength: ({ event }) => event.value,
                pin: '',
                pinConfirm: '',
                fieldErrors: ({ context }) => without(context.fieldErrors, 'pin', 'pinConfirm'),
              }),
            },
            'signup.pinChanged': {
              actions: assign({
                pin: ({ event }) => toAsciiDigits(event.value),
                fieldErrors: ({ context }) => without(context.fieldErrors, 'pin', 'pinConfirm'),
              }),
            },
            'signup.pinConfirmChanged': {
              actions: assign({
                pinConfirm: ({ event }) => toAsciiDigits(event.value),
                fieldErrors: ({ context }) => without(context.fieldErrors, 'pinConfirm'),
              }),
            },
            'signup.next': [
              {
                guard: 'pinInvalid',
                actions: assign({ fieldErrors: ({ context }) => withStepErrors('pin', context) }),
              },
              { target: 'security', actions: 'leaveStep' },
            ],
            'signup.back': { target: 'alias', actions: 'leaveStep' },
          },
        },
        security: {
          on: {
            'signup.questionChanged': {
              actions: assign({
                security: ({ context, event }) =>
                  context.security.map((s, i) => (i === event.index ? { ...s, questionId: event.value } : s)),
                fieldErrors: ({ context, event }) =>
                  without(
                    context.fieldErrors,
                    `securityAnswers.${event.index}.questionId`,
                    'securityAnswers',
                  ),
              }),
            },
            'signup.answerChanged': {
              actions: assign({
                security: ({ context, event }) =>
                  context.security.map((s, i) => (i === event.index ? { ...s, answer: event.value } : s)),
                fieldErrors: ({ context, event }) =>
                  without(context.fieldErrors, `securityAnswers.${event.index}.answer`, 'securityAnswers'),
              }),
            },
            'signup.next': [
              {
                guard: 'securityInvalid',
                actions: assign({ fieldErrors: ({ context }) => withStepErrors('security', context) }),
              },
              { target: 'profile', actions: 'leaveStep' },
            ],
            'signup.back': { target: 'pin', actions: 'leaveStep' },
          },
        },
        profile: {
          on: {
            'signup.countryChanged': {
              actions: assign({
                country: ({ event }) => event.value,
                fieldErrors: ({ context }) => without(context.fieldErrors, 'country'),
              }),
            },
            'signup.ageRangeChanged': {
              actions: assign({
                ageRange: ({ event }) => event.value,
                fieldErrors: ({ context }) => without(context.fieldErrors, 'ageRange'),
              }),
            },
            'signup.maritalStatusChanged': {
              actions: assign({
                maritalStatus: ({ event }) => event.value,
                fieldErrors: ({ context }) => without(context.fieldErrors, 'maritalStatus'),
              }),
            },
            'signup.emailChanged': {
              actions: assign({
                email: ({ event }) => event.value,
                fieldErrors: ({ context }) => without(context.fieldErrors, 'email'),
              }),
            },
            'signup.phoneChanged': {
              actions: assign({
                phone: ({ event }) => event.value,
                fieldErrors: ({ context }) => without(context.fieldErrors, 'phone'),
              }),
            },
            'signup.next': [
              {
                guard: 'profileInvalid',
                actions: assign({ fieldErrors: ({ context }) => withStepErrors('profile', context) }),
              },
              { target: 'avatar', actions: 'leaveStep' },
            ],
            'signup.back': { target: 'security', actions: 'leaveStep' },
          },
        },
        avatar: {
          on: {
            'signup.avatarChanged': {
              actions: assign({
                avatarId: ({ event }) => event.value,
                fieldErrors: ({ context }) => without(context.fieldErrors, 'avatarId'),
              }),
            },
            'signup.next': [
              {
                guard: 'avatarMissing',
                actions: assign({ fieldErrors: ({ context }) => withStepErrors('avatar', context) }),
              },
              { target: 'confirm', actions: 'leaveStep' },
            ],
            'signup.back': { target: 'profile', actions: 'leaveStep' },
          },
        },
        confirm: {
          on: {
            'signup.adultChanged': {
              actions: assign({
                isAdult: ({ event }) => event.value,
                fieldErrors: ({ context }) => without(context.fieldErrors, 'isAdult'),
                error: null,
              }),
            },
            'signup.termsChanged': {
              actions: assign({
                acceptTerms: ({ event }) => event.value,
                fieldErrors: ({ context }) => without(context.fieldErrors, 'acceptTerms'),
                error: null,
              }),
            },
            'signup.submit': [
              {
                guard: 'notAgreed',
                actions: assign({ fieldErrors: ({ context }) => withStepErrors('confirm', context) }),
              },
              { target: 'submitting' },
            ],
            'signup.back': { target: 'avatar', actions: 'leaveStep' },
          },
        },
        submitting: {
          entry: [
            assign({ error: null }),
            sendTo(
              ({ context }) => context.session,
              ({ context, self }) => ({
                type: 'session.register' as const,
                registration: registrationOf(context),
                replyTo: self,
              }),
            ),
          ],
          on: {
            'session.succeeded': { target: 'done', actions: assign({ user: ({ event }) => event.user }) },
            'session.failed': [
              { guard: 'failedOnAlias', target: 'alias.unavailable', actions: 'keepFailure' },
              { guard: 'failedOnPin', target: 'pin', actions: 'keepFailure' },
              { guard: 'failedOnSecurity', target: 'security', actions: 'keepFailure' },
              { guard: 'failedOnProfile', target: 'profile', actions: 'keepFailure' },
              { guard: 'failedOnAvatar', target: 'avatar', actions: 'keepFailure' },
              { target: 'confirm', actions: 'keepFailure' },
            ],
          },
        },
        done: { type: 'final' },
      },
    },
  },
});
