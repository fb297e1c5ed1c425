import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect } from 'vitest';
import { createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { forgotPinMachine, type SecurityQuestion } from '../../machines/forgotPin';
import { controlledActor } from '../support/stub-actors';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based test of PIN recovery. `createTestModel` refuses machines that invoke actors, so the
 * model below is a plain machine of what the member sees, whose server answers are explicit events
 * (QUESTIONS_LOADED, USER_NOT_FOUND, WRONG_ANSWERS, LOCKED, RESET_OK, RESET_EXPIRED…). The other way
 * back (issue 25), her one-time recovery code instead of the answers, is modelled beside them
 * (USE_CODE, SUBMIT_CODE, CODE_OK, CODE_WRONG…), with its own new-PIN and expired states, whose
 * Back returns to the code. Each event's
 * `exec` drives the REAL app (real root actor, real forgotPin machine, real /forgot-pin and /login
 * views) in jsdom and settles its stubbed server calls by hand; each state's check asserts the DOM
 * and the real forgotPin snapshot. Paths cover every transition of the model (a shortest path to
 * each state plus each of its events); the coverage of the real machine is recorded through the
 * inspection API and must be complete.
 *
 * Time is a SimulatedClock for the whole actor system, so a lock's countdown moves only when a path
 * says so (TICK, WAIT_OUT). A language switch is the real one (the header's button, the real
 * messages); the questions then load again in the new language (QUESTIONS_AR here).
 */
const QUESTIONS: SecurityQuestion[] = [
  { id: 'birth_city', text: 'In which city were you born?' },
  { id: 'childhood_best_friend', text: 'What was the name of your best friend in childhood?' },
  { id: 'first_school', text: 'What was the name of your first school?' },
];
const QUESTIONS_AR: SecurityQuestion[] = [
  { id: 'birth_city', text: 'في أي مدينة وُلدتِ؟' },
  { id: 'childhood_best_friend', text: 'ما اسم أعزّ صديقاتك في الطفولة؟' },
  { id: 'first_school', text: 'ما اسم مدرستك الأولى؟' },
];
const ALIAS = 'noor.rain';
/** Her recovery code as written down, and as she types it (lower case, spaces). */
const CODE = '7KQ4-MX9T-CR3W-HPNA';
const CODE_TYPED = '7kq4 mx9t cr3w hpna';

const model = createMachine({
  id: 'forgotPinModel',
  initial: 'alias',
  states: {
    alias: {
      on: {
        SUBMIT_SHORT_ALIAS: 'aliasInvalid',
        SUBMIT_ALIAS: 'loadingQuestions',
        USE_CODE: 'code',
        USE_CODE_SHORT_ALIAS: 'aliasInvalid',
        BACK: 'signIn',
        CANCEL: 'signIn',
      },
    },
    // the recovery code instead of the answers (issue 25)
    code: {
      on: {
        SUBMIT_BAD_CODE: 'codeInvalid',
        SUBMIT_CODE: 'verifyingCode',
        USE_ANSWERS: 'loadingQuestions',
        BACK: 'alias',
        CANCEL: 'signIn',
      },
    },
    codeInvalid: { on: { SUBMIT_CODE: 'verifyingCode' } },
    codeWrong: { on: { SUBMIT_CODE: 'verifyingCode' } },
    verifyingCode: {
      on: {
        CODE_OK: 'choosingPinViaCode',
        CODE_WRONG: 'codeWrong',
        LOCKED: 'locked',
        USER_NOT_FOUND: 'userNotFound',
        BACK: 'code',
      },
    },
    choosingPinViaCode: { on: { SUBMIT_PIN: 'resettingViaCode', BACK: 'code' } },
    resettingViaCode: { on: { RESET_EXPIRED: 'expiredViaCode', RESET_OK: 'recovered' } },
    expiredViaCode: { on: { BACK: 'code' } },
    aliasInvalid: { on: { SUBMIT_ALIAS: 'loadingQuestions' } },
    userNotFound: { on: { SUBMIT_ALIAS: 'loadingQuestions' } },
    aliasNetworkError: { on: { RETRY: 'loadingQuestions' } },
    loadingQuestions: {
      on: {
        QUESTIONS_LOADED: 'answering',
        USER_NOT_FOUND: 'userNotFound',
        NETWORK_FAIL: 'aliasNetworkError',
        RATE_LIMITED: 'locked',
        BACK: 'alias',
        CANCEL: 'signIn',
      },
    },
    answering: {
      on: {
        SUBMIT_EMPTY: 'answersMissing',
        ANSWER_AND_SUBMIT: 'verifying',
        SWITCH_LANGUAGE: 'reloadingInArabic',
        USE_CODE: 'code',
        BACK: 'alias',
        CANCEL: 'signIn',
      },
    },
    // the questions follow a language switch: asked again in the new language, answers kept
    reloadingInArabic: {
      on: { QUESTIONS_LOADED: 'answeringInArabic', NETWORK_FAIL: 'answeringUntranslated' },
    },
    answeringInArabic: { on: { SWITCH_LANGUAGE: 'reloadingInEnglish' } },
    // the new language could not be had: the questions already there stay
    answeringUntranslated: { on: { SWITCH_LANGUAGE: 'reloadingInEnglish' } },
    reloadingInEnglish: { on: { QUESTIONS_LOADED: 'answering', BACK: 'alias' } },
    answersMissing: { on: { ANSWER_AND_SUBMIT: 'verifying' } },
    wrongAnswers: { on: { ANSWER_AND_SUBMIT: 'verifying' } },
    answersNetworkError: { on: { RETRY: 'verifying' } },
    verifying: {
      on: {
        ANSWERS_OK: 'choosingPin',
        WRONG_ANSWERS: 'wrongAnswers',
        LOCKED: 'locked',
        USER_NOT_FOUND: 'userNotFound',
        NETWORK_FAIL: 'answersNetworkError',
        BACK: 'answering',
        CANCEL: 'signIn',
      },
    },
    choosingPin: {
      on: {
        CHOOSE_LENGTH: 'choosingPin',
        SUBMIT_MISMATCH: 'pinMismatch',
        SUBMIT_PIN: 'resetting',
        BACK: 'answering',
        CANCEL: 'signIn',
      },
    },
    pinMismatch: { on: { SUBMIT_PIN: 'resetting' } },
    pinTooCommon: { on: { SUBMIT_PIN: 'resetting' } },
    pinNetworkError: { on: { RETRY: 'resetting' } },
    resetting: {
      on: {
        RESET_OK: 'recovered',
        RESET_EXPIRED: 'expired',
        PIN_TOO_COMMON: 'pinTooCommon',
        NETWORK_FAIL: 'pinNetworkError',
        BACK: 'choosingPin',
        CANCEL: 'signIn',
      },
    },
    locked: { on: { START_AGAIN: 'alias', BACK: 'alias', CANCEL: 'signIn', TICK: 'lockCountingDown' } },
    // the wait counts down each second; at its end the alias step comes back
    lockCountingDown: { on: { WAIT_OUT: 'alias' } },
    expired: { on: { START_AGAIN: 'alias', BACK: 'answering', CANCEL: 'signIn' } },
    recovered: { on: { FORGOT_AGAIN: 'alias', VISIT_FORGOT_PIN: 'alias' } },
    signIn: { on: { FORGOT_FROM_SIGN_IN: 'alias' } },
  },
});

// ------------------------------------------------------------------ the app under test, per path

type Real = SnapshotFrom<typeof forgotPinMachine>;
const coverage = new Coverage('forgotPin', forgotPinMachine);
const ui = modelApp({
  coverage,
  clock: true,
  stubs: {
    fetchQuestions: () => controlledActor<{ questions: SecurityQuestion[] }, { alias: string }>(),
    verifyAnswers: () =>
      controlledActor<
        { resetToken: string },
        { alias: string; answers: { questionId: string; answer: string }[] }
      >(),
    resetPin: () => controlledActor<unknown, { resetToken: string; pin: string; pinConfirm: string }>(),
    verifyCode: () => controlledActor<{ resetToken: string }, { alias: string; code: string }>(),
  },
});
const stubs = () => ui.stubs;
// no pause between keystrokes: the paths type a lot
let user: ReturnType<typeof userEvent.setup>;

async function start() {
  await ui.open('/forgot-pin');
  user = userEvent.setup({ delay: null });
}

const real = (): Real => ui.app.system.get('forgotPin').getSnapshot() as Real;
const matches = (state: string) => real().matches(state === 'idle' ? 'idle' : { active: state as never });

const byTestId = (id: string) => screen.getByTestId(id);
// queries by visible text and label (getByRole is exact but slow over a whole app in jsdom)
const heading = (name: string) => screen.findByText(name, { selector: 'h2' });
const field = (label: string) => screen.getByLabelText(label, { selector: 'input', exact: false });
const button = (name: string, within: ParentNode = document) => {
  const found = Array.from(within.querySelectorAll('button')).find((b) => b.textContent?.trim() === name);
  if (!found) throw new Error(`no button "${name}"`);
  return found;
};
const queryButton = (name: string) =>
  Array.from(document.querySelectorAll('button')).find((b) => b.textContent?.trim() === name) ?? null;
const pinBoxes = (testId: string) =>
  Array.from(byTestId(testId).querySelectorAll<HTMLInputElement>('input[data-part="input"]'));

async function expectHeadingFocused(name: string) {
  const h = await heading(name);
  await waitFor(() => expect(document.activeElement).toBe(h));
}

async function expectOnForgotPin(step: number | null) {
  await waitFor(() => expect(window.location.pathname).toBe('/forgot-pin'));
  if (step) expect(byTestId('forgot-progress')).toHaveTextContent(`Step ${step} of 3`);
  else expect(screen.queryByTestId('forgot-progress')).toBeNull();
  expect(byTestId('forgot-back')).toBeEnabled();
  expect(byTestId('forgot-cancel')).toBeEnabled();
}

function expectNoError() {
  expect(screen.queryByTestId('forgot-error')).toBeNull();
}

async function expectAlert(text: string | RegExp) {
  const alert = await screen.findByTestId('forgot-error');
  expect(alert).toHaveAttribute('role', 'alert');
  expect(alert).toHaveTextContent(text);
  return alert;
}

async function expectAliasStep() {
  await heading('Your alias');
  await expectOnForgotPin(1);
  expect(matches('enteringAlias')).toBe(true);
  expect(field('Alias')).toHaveValue(real().context.alias);
}

async function expectQuestionsStep() {
  await heading('Your security questions');
  await expectOnForgotPin(2);
  const { answers, questions } = real().context;
  expect(questions).toEqual(QUESTIONS);
  for (const q of QUESTIONS) {
    expect(field(q.text)).toHaveValue(answers[q.id] ?? '');
  }
}

async function expectPinStep() {
  await heading('Your new PIN');
  await expectOnForgotPin(3);
  const { pinLength, pin, pinConfirm, resetToken } = real().context;
  expect(resetToken).toBe(real().context.via === 'code' ? 'tok-code' : 'tok-1');
  expect(screen.getByLabelText(`${pinLength} digits`)).toBeChecked();
  for (const [id, value] of [
    ['new-pin', pin],
    ['new-pin-confirm', pinConfirm],
  ] as const) {
    const boxes = pinBoxes(id);
    expect(boxes).toHaveLength(pinLength);
    expect(boxes.map((b) => b.value).join('')).toBe(value);
    // masked until the member asks to see it
    for (const b of boxes) expect(b).toHaveAttribute('type', 'password');
  }
  expect(within(byTestId('new-pin')).getByText('New PIN')).toBeInTheDocument();
  expect(within(byTestId('new-pin-confirm')).getByText('Confirm new PIN')).toBeInTheDocument();
}

/** The code step: its field holds what she typed, Back and Cancel there, the link to the questions. */
async function expectCodeStep() {
  await heading('Your recovery code');
  await expectOnForgotPin(2);
  expect(field('Recovery code')).toHaveValue(real().context.code);
  expect(byTestId('forgot-use-answers')).toHaveTextContent('Answer my security questions instead');
}

async function expectBusy(status: string) {
  await waitFor(() => expect(document.querySelector('form [role="status"]')).toHaveTextContent(status));
  expect(document.querySelector('button[aria-busy="true"]')).not.toBeNull();
}

/** The words the checks look for in each language (the recovery's own, from lang/*.json). */
const TEXT = {
  en: { questions: 'Your security questions', loading: 'Loading your questions…', progress: /^Step 2 of 3$/ },
  ar: { questions: 'أسئلة الأمان', loading: 'جارٍ تحميل أسئلتكِ…', progress: /^الخطوة (2|٢) من (3|٣)$/ },
} as const;
type Lang = keyof typeof TEXT;
/** The answers as they were when the language was switched: a reload keeps them. */
let answersBeforeSwitch: Record<string, string> = {};

async function expectQuestionsScreenIn(lang: Lang) {
  await waitFor(() => expect(document.documentElement.lang).toBe(lang));
  await heading(TEXT[lang].questions);
  await waitFor(() => expect(window.location.pathname).toBe('/forgot-pin'));
  expect(byTestId('forgot-progress')).toHaveTextContent(TEXT[lang].progress);
  const { questions, answers } = real().context;
  expect(answers).toEqual(answersBeforeSwitch);
  for (const q of questions) expect(field(q.text)).toHaveValue(answers[q.id] ?? '');
}

/** The questions load again in `lang`: the screen stays, with the answers, read-only meanwhile. */
async function expectReloadingIn(lang: Lang) {
  await expectQuestionsScreenIn(lang);
  await expectBusy(TEXT[lang].loading);
  expect(matches('reloadingQuestions')).toBe(true);
  expect(stubs().fetchQuestions.last()?.input).toEqual({ alias: ALIAS });
  for (const q of real().context.questions) expect(field(q.text)).toHaveAttribute('readonly');
}

/** The questions step in `lang`, with `questions` (and the answers from before the switch). */
async function expectAnsweringIn(lang: Lang, questions: SecurityQuestion[]) {
  await waitFor(() => expect(matches('answering')).toBe(true));
  await expectQuestionsScreenIn(lang);
  expect(real().context.questions).toEqual(questions);
  expectNoError();
  expect(document.querySelector('form [role="status"]')).toHaveTextContent('');
}

/**
 * The locked screen, `elapsed` seconds after the lock (300 s after too many attempts, 42 s after
 * too many requests), with the wait left in words, Start again and the way back to sign-in.
 */
async function expectLocked(elapsed: number) {
  await heading('Please wait');
  await expectOnForgotPin(null);
  expect(matches('locked')).toBe(true);
  const error = real().context.error!;
  const outcome = byTestId('forgot-outcome');
  if (error.code === 'TOO_MANY_ATTEMPTS') {
    expect(error.retryAfter).toBe(300 - elapsed);
    expect(outcome).toHaveTextContent('Too many attempts. You can try again in 5 minutes.');
  } else {
    expect(error).toEqual({ code: 'RATE_LIMITED', retryAfter: 42 - elapsed });
    expect(outcome).toHaveTextContent(`Please wait ${42 - elapsed} seconds and try again.`);
  }
  expect(button('Start again')).toBeInTheDocument();
  expect(byTestId('forgot-cancel')).toHaveTextContent('Back to sign in');
}

async function expectOnLogin() {
  await screen.findByText('Welcome back', { selector: 'h1' });
  expect(window.location.pathname).toBe('/login');
}

/** Replaces an input's value (pasted: typing every character costs time and tests nothing more). */
async function retype(input: HTMLElement, value: string) {
  await user.clear(input);
  if (value) {
    await user.click(input);
    await user.paste(value);
  }
}

/**
 * Fills a PIN group. Empty groups may be typed box by box (focus moves on by itself); otherwise
 * the digits are pasted into the first box, which replaces the whole PIN.
 */
async function fillPin(testId: string, digits: string, how: 'type' | 'paste' = 'paste') {
  const boxes = pinBoxes(testId);
  if (boxes.map((b) => b.value).join('') === digits) return;
  const empty = boxes.every((b) => b.value === '');
  await user.click(boxes[0]!);
  if (how === 'type' && empty) await user.keyboard(digits);
  else await user.paste(digits);
  await waitFor(() =>
    expect(
      pinBoxes(testId)
        .map((b) => b.value)
        .join(''),
    ).toBe(digits),
  );
}

const digitsFor = (length: number, last = '') => {
  const base = '482913750264'.slice(0, length);
  return last ? base.slice(0, -1) + last : base;
};
const toArabicDigits = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

// ------------------------------------------------------------------ state checks

const states: Record<string, () => Promise<void>> = {
  alias: async () => {
    await expectAliasStep();
    expectNoError();
    expect(real().context.fieldErrors).toEqual({});
  },
  aliasInvalid: async () => {
    await expectAliasStep();
    expect(real().context.fieldErrors).toEqual({ alias: 'ALIAS_TOO_SHORT' });
    const input = field('Alias');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleErrorMessage('Your alias needs at least 3 characters.');
  },
  userNotFound: async () => {
    await expectAliasStep();
    await expectAlert('User not found with the provided alias');
    expect(real().context.error).toEqual({ code: 'USER_NOT_FOUND' });
    expect(field('Alias')).toHaveAttribute('aria-invalid', 'true');
    expect(queryButton('Try again')).toBeNull();
  },
  aliasNetworkError: async () => {
    await expectAliasStep();
    const alert = await expectAlert('We could not reach Amina. Check your connection and try again.');
    expect(button('Try again', alert)).toHaveAttribute('type', 'submit');
    expect(real().context.alias).toBe(ALIAS);
  },
  loadingQuestions: async () => {
    await expectOnForgotPin(1);
    await expectBusy('Loading your questions…');
    expect(matches('loadingQuestions')).toBe(true);
    expect(stubs().fetchQuestions.last()?.input).toEqual({ alias: ALIAS });
  },
  answering: async () => {
    await expectQuestionsStep();
    expect(matches('answering')).toBe(true);
    expectNoError();
  },
  answersMissing: async () => {
    await expectQuestionsStep();
    await expectAlert('Please answer all questions');
    expect(real().context.error).toEqual({ code: 'ANSWERS_REQUIRED' });
    const empty = QUESTIONS.filter((q) => !real().context.answers[q.id]?.trim());
    expect(empty.length).toBeGreaterThan(0);
    for (const q of QUESTIONS) {
      const input = field(q.text);
      if (empty.includes(q)) expect(input).toHaveAccessibleErrorMessage('Please answer this question.');
      else expect(input).not.toHaveAttribute('aria-invalid', 'true');
    }
  },
  wrongAnswers: async () => {
    await expectQuestionsStep();
    await expectAlert(
      'Those answers do not match our records. To protect accounts, recovery pauses for a while after 5 wrong tries in a row.',
    );
    expect(real().context.error).toEqual({ code: 'WRONG_ANSWERS', attemptsRemaining: 2 });
    // the answers stay, so one can be corrected
    expect(Object.values(real().context.answers).filter(Boolean)).toHaveLength(3);
  },
  answersNetworkError: async () => {
    await expectQuestionsStep();
    const alert = await expectAlert('We could not reach Amina.');
    expect(button('Try again', alert)).toHaveAttribute('type', 'submit');
  },
  reloadingInArabic: async () => expectReloadingIn('ar'),
  answeringInArabic: async () => expectAnsweringIn('ar', QUESTIONS_AR),
  // an Arabic screen with the questions as they were
  answeringUntranslated: async () => expectAnsweringIn('ar', QUESTIONS),
  reloadingInEnglish: async () => expectReloadingIn('en'),
  verifying: async () => {
    await expectOnForgotPin(2);
    await expectBusy('Checking your answers…');
    expect(matches('verifying')).toBe(true);
    const sent = stubs().verifyAnswers.last()!.input;
    expect(sent.alias).toBe(ALIAS);
    expect(sent.answers.map((a) => a.questionId)).toEqual(QUESTIONS.map((q) => q.id));
    expect(sent.answers.every((a) => a.answer.trim() !== '')).toBe(true);
  },
  choosingPin: async () => {
    await expectPinStep();
    expect(matches('choosingPin')).toBe(true);
    expectNoError();
    expect(real().context.fieldErrors).toEqual({});
  },
  pinMismatch: async () => {
    await expectPinStep();
    expect(real().context.fieldErrors).toEqual({ pinConfirm: 'PIN_MISMATCH' });
    expect(within(byTestId('new-pin-confirm')).getByText('The two PINs do not match.')).toBeInTheDocument();
    for (const b of pinBoxes('new-pin-confirm')) expect(b).toHaveAttribute('aria-invalid', 'true');
    // refused before the server is asked
    expect(matches('choosingPin')).toBe(true);
  },
  pinTooCommon: async () => {
    await expectPinStep();
    expect(real().context.fieldErrors).toEqual({ pin: 'PIN_TOO_COMMON' });
    expect(within(byTestId('new-pin')).getByText(/This PIN is too easy to guess/)).toBeInTheDocument();
    expect(pinBoxes('new-pin')[0]).toHaveAccessibleDescription(/This PIN is too easy to guess/);
  },
  pinNetworkError: async () => {
    await expectPinStep();
    const alert = await expectAlert('We could not reach Amina.');
    expect(button('Try again', alert)).toHaveAttribute('type', 'submit');
  },
  resetting: async () => {
    await expectOnForgotPin(3);
    await expectBusy('Saving your new PIN…');
    expect(matches('resetting')).toBe(true);
    const { pinLength } = real().context;
    // Arabic digits typed in the boxes reach the server as ASCII
    expect(stubs().resetPin.last()!.input).toEqual({
      resetToken: 'tok-1',
      pin: digitsFor(pinLength),
      pinConfirm: digitsFor(pinLength),
    });
  },
  code: async () => {
    await expectCodeStep();
    expect(matches('enteringCode')).toBe(true);
    expectNoError();
    expect(real().context.fieldErrors).toEqual({});
  },
  codeInvalid: async () => {
    await expectCodeStep();
    expect(real().context.fieldErrors).toEqual({ code: 'RECOVERY_CODE_FORMAT' });
    expect(field('Recovery code')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Recovery code')).toHaveAccessibleErrorMessage(
      'A recovery code has 16 letters and digits, in four groups of four.',
    );
    // refused before the server is asked: no request under way
    expect(matches('enteringCode')).toBe(true);
  },
  codeWrong: async () => {
    await expectCodeStep();
    await expectAlert(/That recovery code does not match, or it has already been used\./);
    expect(real().context.error).toEqual({ code: 'RECOVERY_CODE_INVALID', attemptsRemaining: 2 });
    expect(queryButton('Try again')).toBeNull();
    // what she typed stays, to correct
    expect(field('Recovery code')).toHaveValue(CODE_TYPED);
  },
  verifyingCode: async () => {
    await expectOnForgotPin(2);
    await expectBusy('Checking your code…');
    expect(matches('verifyingCode')).toBe(true);
    // sent in its canonical form: upper case, grouped, whatever she typed
    expect(stubs().verifyCode.last()!.input).toEqual({ alias: ALIAS, code: CODE });
    expect(field('Recovery code')).toHaveAttribute('readonly');
  },
  choosingPinViaCode: async () => {
    await expectPinStep();
    expect(matches('choosingPin')).toBe(true);
    expect(real().context.via).toBe('code');
    expect(screen.getByText('Your code is correct. Choose a new PIN.')).toBeInTheDocument();
    expectNoError();
  },
  resettingViaCode: async () => {
    await expectOnForgotPin(3);
    await expectBusy('Saving your new PIN…');
    expect(matches('resetting')).toBe(true);
    expect(stubs().resetPin.last()!.input.resetToken).toBe('tok-code');
  },
  expiredViaCode: async () => {
    await heading('Time ran out');
    expect(matches('expired')).toBe(true);
    expect(real().context.via).toBe('code');
    expect(button('Start again')).toBeInTheDocument();
  },
  locked: async () => expectLocked(0),
  // a second later, a second less
  lockCountingDown: async () => expectLocked(1),
  expired: async () => {
    await heading('Time ran out');
    await expectOnForgotPin(null);
    expect(matches('expired')).toBe(true);
    expect(byTestId('forgot-outcome')).toHaveTextContent(/this reset has expired\. Please start again\./);
    expect(button('Start again')).toBeInTheDocument();
    expect(real().context.resetToken).toBeNull();
  },
  recovered: async () => {
    await expectOnLogin();
    expect(matches('done')).toBe(true);
    expect(
      await screen.findByText('Your PIN has been reset. Sign in with your new PIN.'),
    ).toBeInTheDocument();
    expect(field('Alias')).toHaveValue(ALIAS);
  },
  signIn: async () => {
    await expectOnLogin();
    expect(matches('idle')).toBe(true);
    expect(real().context).toMatchObject({ alias: '', questions: [], answers: {}, resetToken: null });
    expect(screen.queryByText('Your PIN has been reset. Sign in with your new PIN.')).toBeNull();
  },
};

// ------------------------------------------------------------------ events

const click = async (el: HTMLElement) => user.click(el);
const rejectPending = async (error: unknown) => {
  if (matches('loadingQuestions') || matches('reloadingQuestions'))
    await stubs().fetchQuestions.reject(error);
  else if (matches('verifying')) await stubs().verifyAnswers.reject(error);
  else if (matches('resetting')) await stubs().resetPin.reject(error);
  else if (matches('verifyingCode')) await stubs().verifyCode.reject(error);
  else throw new Error(`nothing pending in ${JSON.stringify(real().value)}`);
};
const LENGTHS = [6, 8, 10, 12];

const events = {
  SUBMIT_SHORT_ALIAS: async () => {
    await retype(field('Alias'), 'no');
    await click(button('Continue'));
  },
  SUBMIT_ALIAS: async () => {
    // Enter submits the step
    await retype(field('Alias'), ALIAS);
    await user.keyboard('{Enter}');
  },
  BACK: async () => click(byTestId('forgot-back')),
  USE_CODE: async () => {
    if (matches('enteringAlias')) await retype(field('Alias'), ALIAS);
    await click(byTestId('forgot-use-code'));
    await expectHeadingFocused('Your recovery code');
  },
  USE_CODE_SHORT_ALIAS: async () => {
    await retype(field('Alias'), 'no');
    await click(byTestId('forgot-use-code'));
  },
  USE_ANSWERS: async () => click(byTestId('forgot-use-answers')),
  SUBMIT_BAD_CODE: async () => {
    await retype(field('Recovery code'), 'AB12-CD');
    await click(button('Check my code'));
  },
  SUBMIT_CODE: async () => {
    // lower case, spaces instead of hyphens: the machine sends the canonical form
    await retype(field('Recovery code'), CODE_TYPED);
    await user.keyboard('{Enter}');
  },
  CODE_OK: async () => {
    await stubs().verifyCode.resolve({ resetToken: 'tok-code' });
    await expectHeadingFocused('Your new PIN');
  },
  CODE_WRONG: async () => rejectPending({ code: 'RECOVERY_CODE_INVALID', attemptsRemaining: 2 }),
  CANCEL: async () => click(byTestId('forgot-cancel')),
  RETRY: async () => click(button('Try again')),
  QUESTIONS_LOADED: async () => {
    if (matches('reloadingQuestions')) {
      // after a switch: the same questions in the screen's new language
      const lang = document.documentElement.lang;
      await stubs().fetchQuestions.resolve({ questions: lang === 'ar' ? QUESTIONS_AR : QUESTIONS });
      return;
    }
    await stubs().fetchQuestions.resolve({ questions: QUESTIONS });
    await expectHeadingFocused('Your security questions');
  },
  SWITCH_LANGUAGE: async () => {
    const to = document.documentElement.lang === 'ar' ? 'en' : 'ar';
    // an answer typed before the switch, to see it kept
    const first = field(real().context.questions[0]!.text);
    if (!(first as HTMLInputElement).value) await retype(first, 'Alexandria');
    answersBeforeSwitch = { ...real().context.answers };
    await click(byTestId('language-switch'));
    await waitFor(() => expect(document.documentElement.lang).toBe(to));
    await waitFor(() => expect(matches('reloadingQuestions')).toBe(true));
  },
  TICK: async () => act(async () => ui.clock.increment(1000)),
  WAIT_OUT: async () => {
    const left = real().context.error!.retryAfter!;
    await act(async () => {
      for (let i = 1; i < left; i++) ui.clock.increment(1000);
    });
    // the last second is still a wait
    expect(real().context.error?.retryAfter).toBe(1);
    expect(byTestId('forgot-outcome')).toHaveTextContent(/\b1 second\b/);
    await act(async () => ui.clock.increment(1000));
    await expectHeadingFocused('Your alias');
  },
  USER_NOT_FOUND: async () => rejectPending({ code: 'USER_NOT_FOUND' }),
  NETWORK_FAIL: async () => rejectPending({ code: 'NETWORK_ERROR' }),
  RATE_LIMITED: async () => rejectPending({ code: 'RATE_LIMITED', retryAfter: 42 }),
  LOCKED: async () => rejectPending({ code: 'TOO_MANY_ATTEMPTS', retryAfter: 300, attemptsRemaining: 0 }),
  SUBMIT_EMPTY: async () => {
    const first = field(QUESTIONS[0]!.text);
    await user.clear(first);
    await click(button('Check my answers'));
  },
  ANSWER_AND_SUBMIT: async () => {
    const answers = ['Alexandria', 'هدى', 'Al Noor School'];
    for (const [i, q] of QUESTIONS.entries()) {
      const input = field(q.text);
      if (!(input as HTMLInputElement).value.trim()) await retype(input, answers[i]!);
    }
    // Enter in the last answer submits
    await click(field(QUESTIONS[2]!.text));
    await user.keyboard('{Enter}');
  },
  ANSWERS_OK: async () => {
    await stubs().verifyAnswers.resolve({ resetToken: 'tok-1' });
    await expectHeadingFocused('Your new PIN');
  },
  WRONG_ANSWERS: async () => rejectPending({ code: 'WRONG_ANSWERS', attemptsRemaining: 2 }),
  CHOOSE_LENGTH: async () => {
    const current = real().context.pinLength;
    const next = LENGTHS[(LENGTHS.indexOf(current) + 1) % LENGTHS.length]!;
    await click(screen.getByLabelText(`${next} digits`));
    await waitFor(() => expect(pinBoxes('new-pin')).toHaveLength(next));
  },
  SUBMIT_MISMATCH: async () => {
    const n = real().context.pinLength;
    await fillPin('new-pin', digitsFor(n));
    await fillPin('new-pin-confirm', digitsFor(n, '9'));
    await click(button('Reset PIN'));
  },
  SUBMIT_PIN: async () => {
    const n = real().context.pinLength;
    // Arabic-Indic digits, typed as an Arabic keyboard types them (or pasted)
    await fillPin('new-pin', toArabicDigits(digitsFor(n)), 'type');
    await fillPin('new-pin-confirm', toArabicDigits(digitsFor(n)));
    // Enter in a PIN box submits even though Ark's PinInput keeps Enter to itself
    await user.click(pinBoxes('new-pin-confirm').at(-1)!);
    await user.keyboard('{Enter}');
  },
  RESET_OK: async () => stubs().resetPin.resolve({ ok: true }),
  RESET_EXPIRED: async () => rejectPending({ code: 'RESET_TOKEN_INVALID' }),
  PIN_TOO_COMMON: async () => rejectPending({ code: 'VALIDATION_ERROR', fields: { pin: 'PIN_TOO_COMMON' } }),
  START_AGAIN: async () => {
    await click(button('Start again'));
    await expectHeadingFocused('Your alias');
  },
  FORGOT_AGAIN: async () => click(button('Forgot PIN?')),
  VISIT_FORGOT_PIN: async () => {
    await ui.follow('/forgot-pin');
  },
  FORGOT_FROM_SIGN_IN: async () => {
    await retype(field('Alias'), ALIAS);
    await click(button('Forgot PIN?'));
    await expectHeadingFocused('Your alias');
  },
};

// ------------------------------------------------------------------ paths: every model transition

const testModel = createTestModel(model);
type ModelEvent = { type: string };

/**
 * Event lists that together take every transition of the model at least once, with few app
 * renders: each list walks to the nearest state that still has an untaken transition (shortest
 * path), then keeps taking untaken transitions until it reaches a state with none left.
 */
function transitionPaths() {
  const key = (s: { value: unknown }) => JSON.stringify(s.value);
  const adjacency = Object.values(testModel.getAdjacencyMap());
  const edges = new Map(
    adjacency.map(({ state, transitions }) => [
      key(state),
      (Object.values(transitions) as { event: ModelEvent; state: { value: unknown } }[]).map((t) => ({
        event: t.event,
        to: key(t.state),
      })),
    ]),
  );
  const shortest = new Map(
    testModel
      .getShortestPaths({ allowDuplicatePaths: true })
      .map((p) => [
        key(p.state),
        p.steps.map((s) => s.event as ModelEvent).filter((e) => !e.type.startsWith('xstate.')),
      ]),
  );
  const untaken = new Set([...edges].flatMap(([from, list]) => list.map((e) => `${from} ${e.event.type}`)));
  const lists: ModelEvent[][] = [];
  while (untaken.size > 0) {
    const from = [...shortest.keys()]
      .filter((s) => edges.get(s)!.some((e) => untaken.has(`${s} ${e.event.type}`)))
      .sort((a, b) => shortest.get(a)!.length - shortest.get(b)!.length)[0]!;
    const list = [...shortest.get(from)!];
    let at = from;
    for (;;) {
      const next = edges.get(at)!.find((e) => untaken.has(`${at} ${e.event.type}`));
      if (!next) break;
      untaken.delete(`${at} ${next.event.type}`);
      list.push(next.event);
      at = next.to;
    }
    lists.push(list);
  }
  return lists.flatMap((l) => testModel.getPathsFromEvents(l as never));
}

const paths = transitionPaths();

function timed<T extends Record<string, () => Promise<unknown>>>(fns: T): T {
  if (!process.env.MODEL_TIMING) return fns;
  return Object.fromEntries(
    Object.entries(fns).map(([k, f]) => [
      k,
      async () => {
        const t = performance.now();
        await f();
        console.log(`${k}: ${Math.round(performance.now() - t)} ms`);
      },
    ]),
  ) as T;
}

/** A path's name: the events it sends from the alias step. */
const route = (path: (typeof paths)[number]) =>
  `alias → ${path.steps
    .map((s) => (s.event as ModelEvent).type)
    .filter((t) => !t.startsWith('xstate.'))
    .join(' → ')}`;

describe('PIN recovery, model-based (real app, real forgotPin machine)', () => {
  followPaths(paths, { states: timed(states), events: timed(events) as never }, 30_000, {
    name: route,
    start,
  });
  coversEveryTransition(coverage);
});
