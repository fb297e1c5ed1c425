import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { type AnyActorRef, createMachine, type InspectionEvent } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { toAsciiDigits } from '../../contract/account-rules';
import type { Credentials, RegistrationInput } from '../../machines/session';
import {
  type AliasAvailability,
  type Avatar,
  type SecurityQuestion,
  type Step,
  signupMachine,
  stepShown,
} from '../../machines/signup';
import { controlledActor } from '../support/stub-actors';
import { Coverage } from './coverage';
import { modelApp } from './harness';

/**
 * Model-based test of sign-up: a test model whose server answers are explicit events drives the
 * REAL screen (real signup machine, real session, real views) in jsdom; every state check looks at
 * the DOM and at the real signup actor. Coverage of the real machine is recorded through `inspect`.
 * Longer than 300 lines: the model, its events and its state checks belong together in one file.
 */

const QUESTIONS: SecurityQuestion[] = [
  { id: 'mother_maiden_name', text: "What is your mother's maiden name?" },
  { id: 'birth_city', text: 'In which city were you born?' },
  { id: 'childhood_best_friend', text: 'What was the name of your best friend in childhood?' },
  { id: 'favourite_food', text: 'What is your favourite food?' },
];
const AVATARS: Avatar[] = [
  { id: 'date-palm', url: '/avatars/date-palm.svg', label: 'Date palm' },
  { id: 'woman-bun', url: '/avatars/woman-bun.svg', label: 'Woman with her hair in a bun' },
];
const ALIAS = 'jasmine.rain';
const PIN = '48031759';

const coverage = new Coverage('signup', signupMachine);

// ------------------------------------------------------------------ the harness around one path

/** The signup actor of the app last opened (found through the inspection API). */
let signup: AnyActorRef | null = null;
const ui = modelApp({
  coverage,
  aliasDebounceMs: 100,
  inspect: (e: InspectionEvent) => {
    if (e.type === '@xstate.actor' && (e.actorRef as { logic?: { id?: string } }).logic?.id === 'signup') {
      signup = e.actorRef as AnyActorRef;
    }
  },
  stubs: {
    fetchAvatars: () => controlledActor<{ avatars: Avatar[] }>(),
    fetchSecurityQuestions: () => controlledActor<{ questions: SecurityQuestion[] }>(),
    checkAlias: () => controlledActor<AliasAvailability, { alias: string }>(),
    register: () => controlledActor<Credentials, RegistrationInput>(),
  },
});
const avatars = () => ui.stubs.fetchAvatars;
const questions = () => ui.stubs.fetchSecurityQuestions;
const check = () => ui.stubs.checkAlias;
const register = () => ui.stubs.register;

/** Opens sign-up at its first step. */
async function open() {
  signup = null;
  await ui.open('/signup', { ready: 'signup-step-alias' });
}

/** A message in the app's current language (the checks hold in English and in Arabic). */
function t(id: string, values?: Record<string, unknown>) {
  return ui.intl().formatMessage({ id }, values as never) as string;
}

const real = () => signup!.getSnapshot() as ReturnType<(typeof signupMachine)['transition']>;
const flow = () => (real().value as { flow: unknown }).flow;
const step = (name: string) => screen.getByTestId(`signup-step-${name}`);
/** The machine's tags name the step the screen shows. */
const tagged = (name: Step) => expect(stepShown(real())).toBe(name);
/** The step's own submit button (Next, or Create account on the last step): never Back. */
const submitButton = () => {
  const button = screen.getByRole('form').querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!button) throw new Error('the sign-up step has no submit button');
  return button;
};
const settle = () => act(async () => {});
/** The step the address names (`/signup?step=pin`; none: the first). */
const addressStep = () => new URLSearchParams(window.location.search).get('step') ?? 'alias';
/** The address follows the step on screen. */
const addressIs = (name: Step) => waitFor(() => expect(addressStep()).toBe(name));
const draft = () => JSON.parse(sessionStorage.getItem('signupDraft') ?? 'null');

/** The browser's own Back or Forward: the history entry, then what the screen makes of it. */
async function traverse(delta: -1 | 1) {
  const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
  act(() => window.history.go(delta));
  await popped;
  await settle();
  await waitFor(() => expect(addressStep()).toBe(stepShown(real())));
}

async function continueStep() {
  await ui.app.user.click(submitButton());
  await settle();
}

/** Puts a whole value into a text field at once (what a paste or the keyboard's autofill does). */
async function fill(input: HTMLElement, value: string) {
  act(() => input.focus());
  await ui.app.user.clear(input);
  await ui.app.user.paste(value);
}

async function typeAlias(value: string) {
  const input = screen.getByRole('textbox', { name: t('auth.alias.label') });
  await ui.app.user.clear(input);
  await ui.app.user.type(input, value);
}

/** Fills the boxes of one PIN field by pasting, as members do from a password manager. */
async function pastePin(testId: string, digits: string) {
  // masked boxes are password inputs (no textbox role)
  const first = screen.getByTestId(testId).querySelector('input')!;
  await ui.app.user.click(first);
  await ui.app.user.paste(digits);
  // Arabic digits are kept as ASCII digits
  await waitFor(() =>
    expect(real().context[testId === 'pin' ? 'pin' : 'pinConfirm']).toBe(toAsciiDigits(digits)),
  );
}

async function chooseOption(trigger: HTMLElement, name: string) {
  await ui.app.user.click(trigger);
  // on a loaded machine the list opens a little later than the click: choose once it is open
  await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'true'));
  await ui.app.user.click(await screen.findByRole('option', { name }));
  await waitFor(() => expect(trigger).toHaveTextContent(name));
  // the list closes and gives the focus back to its trigger: wait for both, or on a loaded machine
  // the focus comes back after the next field was focused and what is typed there is lost
  await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'false'));
  await waitFor(() => expect(document.activeElement).toBe(trigger));
  await settle();
}

async function bothCatalogs(outcome: 'ok' | 'fail') {
  if (outcome === 'ok') {
    await questions().resolve({ questions: QUESTIONS });
    await avatars().resolve({ avatars: AVATARS });
  } else {
    await questions().reject({ code: 'NETWORK_ERROR' });
    await avatars().reject({ code: 'NETWORK_ERROR' });
  }
}

/** The alias step done the usual way: typed, found free, continued. */
async function passAlias() {
  await fill(screen.getByRole('textbox', { name: t('auth.alias.label') }), ALIAS);
  await waitFor(() => expect(check().last()?.input).toEqual({ alias: ALIAS }));
  await check().resolve({ available: true });
  await continueStep();
}

async function fillPin() {
  await ui.app.user.click(screen.getByText(t('signup.pin.lengthOption', { count: 8 })));
  await pastePin('pin', PIN);
  await pastePin('pin-confirm', '٤٨٠٣١٧٥٩');
  await ui.app.user.click(screen.getByTestId('pin-visibility'));
  await continueStep();
}

const failure = (fields?: Record<string, string>, code = 'VALIDATION_ERROR') => ({
  code,
  ...(fields ? { fields } : {}),
});

// ------------------------------------------------------------------ the test model

const testMachine = createMachine({
  id: 'signupModel',
  initial: 'loading',
  states: {
    loading: { on: { CATALOG_OK: 'alias.idle', CATALOG_FAIL: 'catalogFailed' } },
    catalogFailed: { on: { PASS_ALIAS_AND_PIN: 'securityFailed' } },
    securityFailed: { on: { RETRY: 'securityRetrying' } },
    securityRetrying: { on: { CATALOG_OK: 'security' } },
    reloading: {},
    alias: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            CONTINUE: 'invalid',
            TYPE_SHORT_ALIAS: 'invalid',
            TYPE_ALIAS: 'checking',
            SWITCH_LANGUAGE: '#signupModel.reloading',
          },
        },
        invalid: {},
        checking: {
          on: {
            ALIAS_AVAILABLE: 'available',
            ALIAS_TAKEN: 'unavailable',
            ALIAS_CHECK_FAILED: 'checkFailed',
            CONTINUE: 'verifying',
          },
        },
        verifying: {
          on: {
            VERIFY_AVAILABLE: '#signupModel.pin',
            VERIFY_TAKEN: 'unavailable',
            VERIFY_FAILED: '#signupModel.pin',
          },
        },
        available: { on: { CONTINUE: '#signupModel.pin', LEAVE: '#signupModel.left' } },
        unavailable: { on: { CONTINUE: 'unavailable' } },
        checkFailed: { on: { CONTINUE: '#signupModel.pin' } },
      },
    },
    pin: { on: { PIN_INVALID: 'pin', FILL_PIN: 'security', BACK: 'alias.idle', BROWSER_BACK: 'alias.idle' } },
    security: {
      on: { SECURITY_INVALID: 'security', FILL_SECURITY: 'profile', BACK: 'pin', BROWSER_BACK: 'pin' },
    },
    profile: {
      on: { PROFILE_INVALID: 'profile', FILL_PROFILE: 'avatar', BACK: 'security', BROWSER_BACK: 'security' },
    },
    avatar: {
      on: {
        AVATAR_MISSING: 'avatar',
        CHOOSE_AVATAR: 'confirm',
        BACK: 'profile',
        BROWSER_BACK: 'profile',
        RELOAD: 'reloaded',
      },
    },
    // Forward after Back: the step she had reached, as she left it
    avatarBack: { on: { BROWSER_FORWARD: 'confirm' } },
    // a reload keeps what she typed but her PIN and answers: she lands where they are asked again
    reloaded: {},
    confirm: {
      on: {
        SUBMIT_UNCHECKED: 'confirm',
        AGREE_AND_SUBMIT: 'submitting',
        BACK: 'avatar',
        BROWSER_BACK: 'avatarBack',
      },
    },
    left: {},
    submitting: {
      on: {
        BROWSER_BACK: 'submitting',
        REGISTER_OK: 'welcome',
        REGISTER_ALIAS_TAKEN: 'alias.unavailable',
        REGISTER_PIN_TOO_COMMON: 'pin',
        REGISTER_ANSWER_TOO_LONG: 'security',
        REGISTER_PHONE_INVALID: 'profile',
        REGISTER_AVATAR_INVALID: 'avatar',
        REGISTER_FAILED: 'confirm',
      },
    },
    // registered (issue 25): the recovery code is offered once, then she goes in
    welcome: { on: { BROWSER_BACK: 'welcome', ENTER: 'done' } },
    done: {},
  },
});

type ModelState = { value: unknown; matches: (v: string) => boolean };

const events = {
  CATALOG_OK: () => bothCatalogs('ok'),
  CATALOG_FAIL: () => bothCatalogs('fail'),
  PASS_ALIAS_AND_PIN: async () => {
    await passAlias();
    await fillPin();
  },
  RETRY: async () => {
    await ui.app.user.click(within(screen.getByTestId('questions-failed')).getByRole('button'));
    await settle();
  },
  SWITCH_LANGUAGE: async () => {
    await ui.app.user.click(screen.getByTestId('language-switch'));
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    await settle();
  },
  CONTINUE: continueStep,
  BACK: async () => {
    await ui.app.user.click(screen.getByRole('button', { name: t('common.back') }));
    await settle();
    // the step before was an entry in history: the Back button went back to it
    await waitFor(() => expect(addressStep()).toBe(stepShown(real())));
  },
  BROWSER_BACK: () => traverse(-1),
  BROWSER_FORWARD: () => traverse(1),
  RELOAD: async () => {
    const path = window.location.pathname + window.location.search;
    // a reload keeps the tab's storage
    ui.close();
    await ui.open(path);
    await screen.findAllByTestId(/^signup-step-/, {}, { timeout: 10_000 });
  },
  LEAVE: async () => {
    // the card's own "Already have an account? Sign in"
    const line = screen.getByText(t('signup.haveAccount'), { exact: false });
    await ui.app.user.click(within(line).getByRole('link', { name: t('signup.signIn') }));
    await settle();
  },
  TYPE_SHORT_ALIAS: async () => {
    await typeAlias('ab');
    await waitFor(() => expect(screen.getByTestId('alias-error')).toBeVisible());
  },
  TYPE_ALIAS: async () => {
    await typeAlias(ALIAS);
    // a pause while typing may check a prefix first; only the check of the whole alias is live
    await waitFor(() => expect(check().last()?.input).toEqual({ alias: ALIAS }));
  },
  ALIAS_AVAILABLE: () => check().resolve({ available: true }),
  ALIAS_TAKEN: () => check().resolve({ available: false, reason: 'ALIAS_TAKEN' }),
  ALIAS_CHECK_FAILED: () => check().reject({ code: 'NETWORK_ERROR' }),
  VERIFY_AVAILABLE: () => check().resolve({ available: true }),
  VERIFY_TAKEN: () => check().resolve({ available: false, reason: 'ALIAS_TAKEN' }),
  VERIFY_FAILED: () => check().reject({ code: 'NETWORK_ERROR' }),
  PIN_INVALID: async () => {
    await pastePin('pin', '4803');
    await continueStep();
  },
  FILL_PIN: fillPin,
  SECURITY_INVALID: continueStep,
  FILL_SECURITY: async () => {
    for (const [i, q] of [QUESTIONS[1], QUESTIONS[3], QUESTIONS[0]].entries()) {
      if (i === 0) await chooseOption(screen.getByTestId(`question-${i}-trigger`), q.text);
      // the others through the select's native twin (what autofill and some screen readers use): faster in jsdom
      else
        await ui.app.user.selectOptions(screen.getByTestId(`question-${i}`).querySelector('select')!, q.id);
      // the question is in the machine before its answer is typed: a choice landing after the
      // typing would clear the answer (seen on a loaded CI machine)
      await waitFor(() => expect(real().context.security[i]?.questionId).toBe(q.id));
      await fill(within(screen.getByTestId(`question-${i}`)).getByRole('textbox'), `answer ${i + 1}`);
      await waitFor(() => expect(real().context.security[i]?.answer).toBe(`answer ${i + 1}`));
    }
    // what was chosen and typed is in the machine before she goes on
    await waitFor(() =>
      expect(real().context.security).toEqual([
        { questionId: QUESTIONS[1].id, answer: 'answer 1' },
        { questionId: QUESTIONS[3].id, answer: 'answer 2' },
        { questionId: QUESTIONS[0].id, answer: 'answer 3' },
      ]),
    );
    await continueStep();
  },
  PROFILE_INVALID: async () => {
    await fill(screen.getByRole('textbox', { name: /email/i }), 'not-an-email');
    await continueStep();
  },
  FILL_PROFILE: async () => {
    await fill(screen.getByTestId('country-input'), 'united arab');
    await ui.app.user.click(await screen.findByRole('option', { name: 'United Arab Emirates' }));
    await chooseOption(screen.getByTestId('age-range-trigger'), t('ageRange.25-34'));
    await ui.app.user.click(screen.getByText(t('marital.married')));
    await ui.app.user.clear(screen.getByRole('textbox', { name: /email/i }));
    await fill(screen.getByRole('textbox', { name: /phone/i }), '+971 50 123 4567');
    await continueStep();
  },
  AVATAR_MISSING: continueStep,
  CHOOSE_AVATAR: async () => {
    await ui.app.user.click(screen.getByText(AVATARS[1].label));
    await continueStep();
  },
  SUBMIT_UNCHECKED: continueStep,
  AGREE_AND_SUBMIT: async () => {
    await ui.app.user.click(screen.getByText(t('signup.confirm.adult')));
    await ui.app.user.click(within(screen.getByTestId('confirm-terms')).getByRole('checkbox'));
    await continueStep();
    await waitFor(() => expect(register().calls).toHaveLength(1));
  },
  ENTER: async () => {
    watchForEmptyPage();
    await ui.app.user.click(screen.getByTestId('signup-enter'));
  },
  REGISTER_OK: () => {
    return register().resolve({
      token: 'tok-1',
      user: { id: 'u1', alias: ALIAS, avatar: { ...AVATARS[1] } },
    });
  },
  REGISTER_ALIAS_TAKEN: () => register().reject(failure({ alias: 'ALIAS_TAKEN' }, 'ALIAS_TAKEN')),
  REGISTER_PIN_TOO_COMMON: () => register().reject(failure({ pin: 'PIN_TOO_COMMON' })),
  REGISTER_ANSWER_TOO_LONG: () =>
    register().reject(failure({ 'securityAnswers.2.answer': 'ANSWER_TOO_LONG' })),
  REGISTER_PHONE_INVALID: () => register().reject(failure({ phone: 'PHONE_INVALID' })),
  REGISTER_AVATAR_INVALID: () => register().reject(failure({ avatarId: 'AVATAR_INVALID' })),
  REGISTER_FAILED: () => register().reject(failure(undefined, 'SERVER_ERROR')),
};

/**
 * Every moment (a DOM change) from the registration's answer on where neither the sign-up's
 * confirmation nor the dashboard's page is on screen, as the path then.
 */
let emptyMoments: string[] = [];
let emptyPageWatch: MutationObserver | null = null;
function watchForEmptyPage() {
  emptyMoments = [];
  emptyPageWatch = new MutationObserver(() => {
    const shown =
      document.querySelector('[data-testid=signup-welcome]') ??
      document.querySelector('[data-testid=page-title]');
    if (!shown) emptyMoments.push(window.location.pathname);
  });
  emptyPageWatch.observe(document.body, { childList: true, subtree: true });
}
function stopWatchingForEmptyPage(): string[] {
  emptyPageWatch?.disconnect();
  emptyPageWatch = null;
  return emptyMoments;
}

/** What a model event says the server answered, to check the screen kept it. */
const lastEvent = { type: '' };

const states: Record<string, (s: ModelState) => void | Promise<void>> = {
  loading: () => {
    expect(real().value).toMatchObject({ questions: 'loading', avatars: 'loading', flow: { alias: 'idle' } });
    expect(step('alias')).toBeVisible();
    expect(screen.getByText(t('signup.alias.realNameAdvice'))).toBeVisible();
    expect(screen.getByTestId('signup-step-of')).toHaveTextContent(
      t('common.stepOf', { current: 1, total: 6 }),
    );
  },
  catalogFailed: () => {
    expect(real().value).toMatchObject({ questions: 'failed', avatars: 'failed' });
    expect(step('alias')).toBeVisible();
  },
  securityFailed: () => {
    expect(flow()).toBe('security');
    expect(screen.getByTestId('questions-failed')).toHaveTextContent(t('signup.security.loadFailed'));
  },
  securityRetrying: () => {
    expect(real().value).toMatchObject({ questions: 'loading', avatars: 'loading', flow: 'security' });
    expect(screen.getByTestId('questions-loading')).toBeVisible();
    expect(questions().calls).toHaveLength(2);
  },
  reloading: () => {
    expect(real().value).toMatchObject({ questions: 'loading', avatars: 'loading', flow: { alias: 'idle' } });
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(t('signup.alias.title'));
    expect(questions().calls).toHaveLength(2);
    expect(avatars().calls).toHaveLength(2);
  },
  'alias.idle': () => {
    expect(flow()).toEqual({ alias: 'idle' });
    expect(step('alias')).toBeVisible();
    expect(screen.getByTestId('alias-status')).toBeEmptyDOMElement();
  },
  'alias.invalid': () => {
    expect(flow()).toEqual({ alias: 'invalid' });
    const code = real().context.fieldErrors.alias;
    expect(['ALIAS_REQUIRED', 'ALIAS_TOO_SHORT']).toContain(code);
    expect(screen.getByTestId('alias-error')).toHaveTextContent(t(`errors.field.${code}`));
    expect(check().calls).toHaveLength(0);
  },
  'alias.checking': () => {
    expect(flow()).toEqual({ alias: { checking: 'querying' } });
    expect(check().last()?.input).toEqual({ alias: ALIAS });
    expect(screen.getByTestId('alias-status')).toHaveTextContent(t('signup.alias.checking'));
  },
  'alias.verifying': () => {
    expect(flow()).toEqual({ alias: 'verifying' });
    expect(real().hasTag('busy')).toBe(true);
    expect(submitButton()).toHaveAttribute('aria-busy', 'true');
  },
  'alias.available': () => {
    expect(flow()).toEqual({ alias: 'available' });
    // kept for the session, in case of a reload
    expect(draft()).toMatchObject({ alias: ALIAS });
    expect(screen.getByTestId('alias-status')).toHaveTextContent(
      t('signup.alias.available', { alias: ALIAS }),
    );
  },
  'alias.unavailable': () => {
    expect(flow()).toEqual({ alias: 'unavailable' });
    expect(screen.getByTestId('alias-error')).toHaveTextContent(t('errors.field.ALIAS_TAKEN'));
    expect(screen.getByRole('textbox', { name: t('auth.alias.label') })).toHaveValue(ALIAS);
  },
  'alias.checkFailed': () => {
    expect(flow()).toEqual({ alias: 'checkFailed' });
    expect(screen.getByTestId('alias-status')).toHaveTextContent(t('signup.alias.checkFailed'));
  },
  pin: async () => {
    expect(flow()).toBe('pin');
    tagged('pin');
    await addressIs('pin');
    expect(step('pin')).toBeVisible();
    // the rules are there before she can break them
    expect(screen.getByTestId('pin-rules')).toHaveTextContent(t('signup.pin.rules'));
    if (lastEvent.type !== 'PIN_INVALID')
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2 }));
    const { fieldErrors, pinConfirm } = real().context;
    if (fieldErrors.pin)
      expect(screen.getByTestId('pin-error')).toHaveTextContent(t(`errors.field.${fieldErrors.pin}`));
    // the contract's rule for a new PIN: an empty repeat is said beside the PIN's own problem
    if (lastEvent.type === 'PIN_INVALID' && pinConfirm === '')
      expect(fieldErrors).toMatchObject({ pin: 'PIN_INCOMPLETE', pinConfirm: 'PIN_CONFIRM_REQUIRED' });
    if (fieldErrors.pinConfirm)
      expect(screen.getByTestId('pin-confirm-error')).toHaveTextContent(
        t(`errors.field.${fieldErrors.pinConfirm}`),
      );
  },
  security: async () => {
    expect(flow()).toBe('security');
    tagged('security');
    await addressIs('security');
    expect(screen.getAllByTestId(/^question-\d$/)).toHaveLength(3);
    expect(real().context.questions).toEqual(QUESTIONS);
  },
  profile: async () => {
    expect(flow()).toBe('profile');
    tagged('profile');
    await addressIs('profile');
    expect(step('profile')).toBeVisible();
    expect(screen.getByRole('combobox', { name: t('signup.profile.country') })).toBeVisible();
  },
  avatar: async () => {
    expect(flow()).toBe('avatar');
    tagged('avatar');
    await addressIs('avatar');
    expect(within(screen.getByTestId('avatar-grid')).getAllByRole('radio')).toHaveLength(AVATARS.length);
    if (lastEvent.type === 'AVATAR_MISSING' || lastEvent.type === 'REGISTER_AVATAR_INVALID') {
      expect(screen.getByTestId('avatar-error')).toHaveTextContent('Please choose an avatar to continue!');
    } else {
      expect(screen.queryByTestId('avatar-error')).toBeNull();
    }
  },
  confirm: async () => {
    expect(flow()).toBe('confirm');
    tagged('confirm');
    await addressIs('confirm');
    expect(screen.getByTestId('signup-summary')).toHaveTextContent(ALIAS);
    expect(screen.getByTestId('signup-summary')).toHaveTextContent('United Arab Emirates');
    const c = real().context;
    if (!c.isAdult) {
      // not confirmed: the button says it is unavailable, and pressing it only explains why
      expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
      expect(register().calls).toHaveLength(0);
    }
    if (c.error && !c.error.fields) {
      expect(screen.getByTestId('signup-error')).toHaveTextContent(
        'There was an error creating your account. Please try again.',
      );
    }
  },
  submitting: async () => {
    expect(flow()).toBe('submitting');
    tagged('confirm');
    // Back while the account is being made: she stays on the confirmation
    await addressIs('confirm');
    expect(real().hasTag('busy')).toBe(true);
    const sent = register().last()!.input;
    expect(sent).toMatchObject({
      alias: ALIAS,
      pin: PIN,
      pinConfirm: PIN,
      country: 'AE',
      ageRange: '25-34',
      maritalStatus: 'married',
      phone: '+971 50 123 4567',
      avatarId: AVATARS[1].id,
      isAdult: true,
      acceptTerms: true,
    });
    expect(sent).not.toHaveProperty('email');
    expect(sent.securityAnswers).toEqual([
      { questionId: QUESTIONS[1].id, answer: 'answer 1' },
      { questionId: QUESTIONS[3].id, answer: 'answer 2' },
      { questionId: QUESTIONS[0].id, answer: 'answer 3' },
    ]);
    expect(submitButton()).toHaveAttribute('aria-busy', 'true');
  },
  welcome: async () => {
    await waitFor(() => expect(flow()).toBe('welcome'));
    const welcome = await screen.findByTestId('signup-welcome');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(welcome).getByRole('heading', { level: 2 })),
    );
    expect(welcome).toHaveTextContent(t('signup.welcome.title'));
    // the recovery code, offered without her PIN so soon after joining
    expect(within(welcome).getByRole('button', { name: t('settings.recovery.create') })).toBeVisible();
    expect(within(welcome).queryByRole('textbox')).toBeNull();
    expect(ui.app.system.get('session').getSnapshot().value).toBe('signedIn');
    // still on sign-up (Back does not reopen a step), and nothing of the draft is left
    expect(window.location.pathname).toBe('/signup');
    expect(screen.queryByTestId('signup-step-confirm')).toBeNull();
    expect(draft()).toBeNull();
  },
  done: async () => {
    expect(flow()).toBe('done');
    expect(real().hasTag('step:done')).toBe(true);
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    // from "Create my account" to the dashboard, something was always on screen: the busy
    // confirmation until the dashboard could render, never a loader alone (an empty page)
    await screen.findByTestId('page-title');
    expect(stopWatchingForEmptyPage()).toEqual([]);
    expect(await screen.findByText('Account created successfully!')).toBeInTheDocument();
    expect(ui.app.system.get('session').getSnapshot().value).toBe('signedIn');
    // registered: nothing of the draft is left
    expect(draft()).toBeNull();
  },
  avatarBack: async () => {
    expect(flow()).toBe('avatar');
    await addressIs('avatar');
    // everything she had entered is still there
    expect(real().context).toMatchObject({ alias: ALIAS, pin: PIN, country: 'AE', avatarId: AVATARS[1].id });
    expect(
      within(screen.getByTestId('avatar-grid')).getByRole('radio', { name: AVATARS[1].label }),
    ).toBeChecked();
  },
  reloaded: async () => {
    await waitFor(() => expect(flow()).toBe('pin'));
    await addressIs('pin');
    expect(step('pin')).toBeVisible();
    const c = real().context;
    expect(c).toMatchObject({
      alias: ALIAS,
      country: 'AE',
      ageRange: '25-34',
      maritalStatus: 'married',
      phone: '+971 50 123 4567',
      pin: '',
      pinConfirm: '',
    });
    expect(c.security.every((a: { answer: string }) => a.answer === '')).toBe(true);
    // what is kept: never the PIN, never a question or an answer
    expect(Object.keys(draft()).sort()).toEqual([
      'ageRange',
      'alias',
      'avatarId',
      'country',
      'email',
      'maritalStatus',
      'phone',
    ]);
    expect(JSON.stringify(draft())).not.toMatch(new RegExp(`${PIN}|answer|securityAnswers`));
  },
  left: async () => {
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    // she left sign-up on purpose: what she typed is forgotten
    expect(draft()).toBeNull();
  },
};

/** After a refused submission: everything she entered is still there. */
function keptEverything() {
  const c = real().context;
  expect(c).toMatchObject({
    alias: ALIAS,
    pin: PIN,
    pinConfirm: PIN,
    country: 'AE',
    avatarId: AVATARS[1].id,
  });
  expect(screen.getByTestId('signup-fix-errors')).toBeVisible();
}

const model = createTestModel(testMachine);
const paths = model.getShortestPaths();

describe('sign-up (model-based, real screen)', () => {
  afterAll(() => {
    console.log(coverage.report());
    const missing = coverage.missing();
    if (missing.states.length || missing.transitions.length) console.log(missing);
  });

  it('generates paths', () => {
    expect(paths.length).toBeGreaterThan(20);
  });

  for (const path of paths) {
    it(path.description, { timeout: 30_000 }, async () => {
      await open();
      const wrapped = Object.fromEntries(
        Object.entries(events).map(([type, exec]) => [
          type,
          async () => {
            lastEvent.type = type;
            await exec();
          },
        ]),
      );
      await path.test({
        events: wrapped,
        states: {
          ...states,
          '*': () => {},
          ...Object.fromEntries(
            ['alias.unavailable', 'pin', 'security', 'profile', 'avatar'].map((k) => [
              k,
              async (s: ModelState) => {
                await states[k](s);
                if (lastEvent.type.startsWith('REGISTER_')) keptEverything();
              },
            ]),
          ),
        },
      });
    });
  }

  it('covers every state and transition of the real signup machine', () => {
    expect(coverage.missing()).toEqual({ states: [], transitions: [] });
  });
});
