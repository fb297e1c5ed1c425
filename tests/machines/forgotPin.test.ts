import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import {
  forgotPinMachine,
  newPinProblems,
  type ResetPinInput,
  type SecurityQuestion,
  type VerifyAnswersInput,
} from '../../machines/forgotPin';
import { answers } from '../support/stub-actors';

const QUESTIONS: SecurityQuestion[] = [
  { id: 'first_school', text: 'What was the name of your first school?' },
  { id: 'childhood_friend', text: 'What is the first name of your childhood best friend?' },
  { id: 'favourite_teacher', text: 'What was the name of your favourite teacher?' },
];

type Outcome<T> = { ok: T } | { error: unknown };

/**
 * The machine with stub actors whose answers the test sets per call, recording every input.
 * `pending` is returned for calls the test wants to hold (to test back and cancel while waiting).
 */
function start(
  opts: {
    questions?: (alias: string) => Outcome<{ questions: SecurityQuestion[] }> | 'pending';
    verify?: (n: number) => Outcome<{ resetToken: string }> | 'pending';
    reset?: (n: number) => Outcome<unknown> | 'pending';
    clock?: SimulatedClock;
  } = {},
) {
  const calls = {
    signIn: 0,
    questions: [] as { alias: string }[],
    verify: [] as VerifyAnswersInput[],
    reset: [] as ResetPinInput[],
    aborted: [] as string[],
  };
  const settle = <T>(outcome: Outcome<T> | 'pending', signal: AbortSignal, name: string): Promise<T> => {
    if (outcome === 'pending') {
      return new Promise<T>((_, reject) =>
        signal.addEventListener('abort', () => {
          calls.aborted.push(name);
          reject(new Error('aborted'));
        }),
      );
    }
    return 'ok' in outcome ? Promise.resolve(outcome.ok) : Promise.reject(outcome.error);
  };
  const logic = forgotPinMachine.provide({
    actors: {
      fetchQuestions: answers((input: { alias: string }, signal) => {
        calls.questions.push(input);
        return settle(opts.questions?.(input.alias) ?? { ok: { questions: QUESTIONS } }, signal, 'questions');
      }),
      verifyAnswers: answers((input: VerifyAnswersInput, signal) => {
        calls.verify.push(input);
        return settle(
          opts.verify?.(calls.verify.length) ?? { ok: { resetToken: 'tok-1' } },
          signal,
          'verify',
        );
      }),
      resetPin: answers((input: ResetPinInput, signal) => {
        calls.reset.push(input);
        return settle(opts.reset?.(calls.reset.length) ?? { ok: { ok: true } }, signal, 'reset');
      }),
    },
    actions: { goToSignIn: () => void calls.signIn++ },
  });
  const actor = createActor(logic, opts.clock ? { clock: opts.clock } : {}).start();
  const send = actor.send.bind(actor);
  const value = () => actor.getSnapshot().value;
  const ctx = () => actor.getSnapshot().context;
  const settled = () =>
    waitFor(
      actor,
      (s) =>
        !['loadingQuestions', 'reloadingQuestions', 'verifying', 'resetting'].some((x) =>
          s.matches({ active: x as never }),
        ),
    );
  return { actor, send, value, ctx, calls, settled };
}

async function toAnswering(m: ReturnType<typeof start>, alias = 'noor.rain') {
  m.send({ type: 'forgotPin.start', alias });
  m.send({ type: 'forgotPin.submitAlias' });
  await m.settled();
  expect(m.value()).toEqual({ active: 'answering' });
}

function answerAll(m: ReturnType<typeof start>, answers = ['Al Noor', 'Huda', 'Ms Salma']) {
  QUESTIONS.forEach((q, i) => {
    m.send({ type: 'forgotPin.answerChanged', questionId: q.id, value: answers[i]! });
  });
}

async function toChoosingPin(m: ReturnType<typeof start>) {
  await toAnswering(m);
  answerAll(m);
  m.send({ type: 'forgotPin.submitAnswers' });
  await m.settled();
  expect(m.value()).toEqual({ active: 'choosingPin' });
}

function typePins(m: ReturnType<typeof start>, pin: string, confirm = pin) {
  m.send({ type: 'forgotPin.pinChanged', value: pin });
  m.send({ type: 'forgotPin.pinConfirmChanged', value: confirm });
}

describe('forgotPin machine: start and alias', () => {
  it('starts idle with an empty context and starts with the trimmed alias from sign-in', () => {
    const m = start();
    expect(m.value()).toBe('idle');
    expect(m.ctx()).toMatchObject({ alias: '', questions: [], answers: {}, resetToken: null, pinLength: 6 });
    m.send({ type: 'forgotPin.start', alias: '  noor.rain ' });
    expect(m.value()).toEqual({ active: 'enteringAlias' });
    expect(m.ctx().alias).toBe('noor.rain');
  });

  it('starts with an empty alias on a direct visit', () => {
    const m = start();
    m.send({ type: 'forgotPin.start' });
    expect(m.value()).toEqual({ active: 'enteringAlias' });
    expect(m.ctx().alias).toBe('');
  });

  it('refuses an empty, short or malformed alias without asking the server, and clears the error on typing', () => {
    const m = start();
    m.send({ type: 'forgotPin.start' });
    for (const [alias, code] of [
      ['', 'ALIAS_REQUIRED'],
      ['  ', 'ALIAS_REQUIRED'],
      ['no', 'ALIAS_TOO_SHORT'],
      ['noor rain', 'ALIAS_INVALID_CHARS'],
      ['x'.repeat(31), 'ALIAS_TOO_LONG'],
    ]) {
      m.send({ type: 'forgotPin.aliasChanged', value: alias! });
      m.send({ type: 'forgotPin.submitAlias' });
      expect(m.value()).toEqual({ active: 'enteringAlias' });
      expect(m.ctx().fieldErrors).toEqual({ alias: code });
    }
    expect(m.calls.questions).toHaveLength(0);
    m.send({ type: 'forgotPin.aliasChanged', value: 'نور' });
    expect(m.ctx().fieldErrors).toEqual({});
  });

  it('loads the questions for the trimmed alias (Arabic aliases too)', async () => {
    const m = start();
    m.send({ type: 'forgotPin.start' });
    m.send({ type: 'forgotPin.aliasChanged', value: ' نور.المطر ' });
    m.send({ type: 'forgotPin.submitAlias' });
    expect(m.value()).toEqual({ active: 'loadingQuestions' });
    await m.settled();
    expect(m.calls.questions).toEqual([{ alias: 'نور.المطر' }]);
    expect(m.value()).toEqual({ active: 'answering' });
    expect(m.ctx().questions).toEqual(QUESTIONS);
    expect(m.ctx().answers).toEqual({});
  });

  it('USER_NOT_FOUND returns to the alias step with the error; typing clears it', async () => {
    const m = start({ questions: () => ({ error: { code: 'USER_NOT_FOUND' } }) });
    m.send({ type: 'forgotPin.start', alias: 'nobody.here' });
    m.send({ type: 'forgotPin.submitAlias' });
    await m.settled();
    expect(m.value()).toEqual({ active: 'enteringAlias' });
    expect(m.ctx().error).toEqual({ code: 'USER_NOT_FOUND' });
    expect(m.ctx().alias).toBe('nobody.here');
    m.send({ type: 'forgotPin.aliasChanged', value: 'somebody' });
    expect(m.ctx().error).toBeNull();
  });

  it('a network failure keeps the alias and submitting again retries', async () => {
    let n = 0;
    const m = start({
      questions: () => (++n === 1 ? { error: { code: 'NETWORK_ERROR' } } : { ok: { questions: QUESTIONS } }),
    });
    m.send({ type: 'forgotPin.start', alias: 'noor.rain' });
    m.send({ type: 'forgotPin.submitAlias' });
    await m.settled();
    expect(m.value()).toEqual({ active: 'enteringAlias' });
    expect(m.ctx().error).toEqual({ code: 'NETWORK_ERROR' });
    m.send({ type: 'forgotPin.submitAlias' });
    expect(m.ctx().error).toBeNull();
    await m.settled();
    expect(m.value()).toEqual({ active: 'answering' });
    expect(m.calls.questions).toHaveLength(2);
  });

  it('a thrown non-AppError becomes GENERIC', async () => {
    const m = start({ questions: () => ({ error: new Error('boom') }) });
    m.send({ type: 'forgotPin.start', alias: 'noor.rain' });
    m.send({ type: 'forgotPin.submitAlias' });
    await m.settled();
    expect(m.ctx().error).toEqual({ code: 'GENERIC' });
  });

  it('RATE_LIMITED while loading the questions shows the locked screen with the wait', async () => {
    const m = start({ questions: () => ({ error: { code: 'RATE_LIMITED', retryAfter: 42 } }) });
    m.send({ type: 'forgotPin.start', alias: 'noor.rain' });
    m.send({ type: 'forgotPin.submitAlias' });
    await m.settled();
    expect(m.value()).toEqual({ active: 'locked' });
    expect(m.ctx().error).toEqual({ code: 'RATE_LIMITED', retryAfter: 42 });
  });

  it('back while loading stops the request and returns to the alias step', async () => {
    const m = start({ questions: () => 'pending' });
    m.send({ type: 'forgotPin.start', alias: 'noor.rain' });
    m.send({ type: 'forgotPin.submitAlias' });
    m.send({ type: 'forgotPin.back' });
    expect(m.value()).toEqual({ active: 'enteringAlias' });
    await Promise.resolve();
    expect(m.calls.aborted).toEqual(['questions']);
    expect(m.ctx().alias).toBe('noor.rain');
  });

  it('back from the alias step leaves the recovery (idle) and forgets the alias', () => {
    const m = start();
    m.send({ type: 'forgotPin.start', alias: 'noor.rain' });
    m.send({ type: 'forgotPin.back' });
    expect(m.value()).toBe('idle');
    expect(m.ctx().alias).toBe('');
  });
});

describe('forgotPin machine: questions', () => {
  it('"Please answer all questions" when any answer is empty or blank; nothing is sent', async () => {
    const m = start();
    await toAnswering(m);
    m.send({ type: 'forgotPin.submitAnswers' });
    expect(m.ctx().error).toEqual({ code: 'ANSWERS_REQUIRED' });
    answerAll(m, ['Al Noor', '   ', 'Ms Salma']);
    expect(m.ctx().error).toBeNull();
    m.send({ type: 'forgotPin.submitAnswers' });
    expect(m.value()).toEqual({ active: 'answering' });
    expect(m.ctx().error).toEqual({ code: 'ANSWERS_REQUIRED' });
    expect(m.calls.verify).toHaveLength(0);
  });

  it('sends the answers in the order of the questions, with the alias, and keeps the reset token', async () => {
    const m = start({ verify: () => ({ ok: { resetToken: 'tok-xyz' } }) });
    await toAnswering(m, 'noor.rain');
    answerAll(m, ['مدرسة النور', 'Huda', 'Ms Salma']);
    m.send({ type: 'forgotPin.submitAnswers' });
    expect(m.value()).toEqual({ active: 'verifying' });
    await m.settled();
    expect(m.calls.verify).toEqual([
      {
        alias: 'noor.rain',
        answers: [
          { questionId: 'first_school', answer: 'مدرسة النور' },
          { questionId: 'childhood_friend', answer: 'Huda' },
          { questionId: 'favourite_teacher', answer: 'Ms Salma' },
        ],
      },
    ]);
    expect(m.value()).toEqual({ active: 'choosingPin' });
    expect(m.ctx().resetToken).toBe('tok-xyz');
  });

  it('WRONG_ANSWERS keeps the answers and says how many tries remain', async () => {
    const m = start({ verify: () => ({ error: { code: 'WRONG_ANSWERS', attemptsRemaining: 3 } }) });
    await toAnswering(m);
    answerAll(m);
    m.send({ type: 'forgotPin.submitAnswers' });
    await m.settled();
    expect(m.value()).toEqual({ active: 'answering' });
    expect(m.ctx().error).toEqual({ code: 'WRONG_ANSWERS', attemptsRemaining: 3 });
    expect(Object.values(m.ctx().answers)).toEqual(['Al Noor', 'Huda', 'Ms Salma']);
    m.send({ type: 'forgotPin.answerChanged', questionId: 'childhood_friend', value: 'Hoda' });
    expect(m.ctx().error).toBeNull();
  });

  it('TOO_MANY_ATTEMPTS locks with retryAfter; restart goes back to the alias with it kept', async () => {
    const m = start({
      verify: () => ({ error: { code: 'TOO_MANY_ATTEMPTS', retryAfter: 300, attemptsRemaining: 0 } }),
    });
    await toAnswering(m);
    answerAll(m);
    m.send({ type: 'forgotPin.submitAnswers' });
    await m.settled();
    expect(m.value()).toEqual({ active: 'locked' });
    expect(m.ctx().error).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', retryAfter: 300 });
    m.send({ type: 'forgotPin.restart' });
    expect(m.value()).toEqual({ active: 'enteringAlias' });
    expect(m.ctx()).toMatchObject({ alias: 'noor.rain', error: null, questions: [], answers: {} });
  });

  it('back from locked returns to the alias step without the error', async () => {
    const m = start({ verify: () => ({ error: { code: 'TOO_MANY_ATTEMPTS', retryAfter: 60 } }) });
    await toAnswering(m);
    answerAll(m);
    m.send({ type: 'forgotPin.submitAnswers' });
    await m.settled();
    m.send({ type: 'forgotPin.back' });
    expect(m.value()).toEqual({ active: 'enteringAlias' });
    expect(m.ctx().error).toBeNull();
  });

  it('USER_NOT_FOUND while verifying (account gone) returns to the alias step', async () => {
    const m = start({ verify: () => ({ error: { code: 'USER_NOT_FOUND' } }) });
    await toAnswering(m);
    answerAll(m);
    m.send({ type: 'forgotPin.submitAnswers' });
    await m.settled();
    expect(m.value()).toEqual({ active: 'enteringAlias' });
    expect(m.ctx().error).toEqual({ code: 'USER_NOT_FOUND' });
  });

  it('a network failure while verifying keeps the answers; submitting again retries', async () => {
    const m = start({
      verify: (n) => (n === 1 ? { error: { code: 'NETWORK_ERROR' } } : { ok: { resetToken: 'tok-2' } }),
    });
    await toAnswering(m);
    answerAll(m);
    m.send({ type: 'forgotPin.submitAnswers' });
    await m.settled();
    expect(m.value()).toEqual({ active: 'answering' });
    expect(m.ctx().error).toEqual({ code: 'NETWORK_ERROR' });
    m.send({ type: 'forgotPin.submitAnswers' });
    await m.settled();
    expect(m.ctx().resetToken).toBe('tok-2');
  });

  it('back while verifying stops the request and returns to the answers', async () => {
    const m = start({ verify: () => 'pending' });
    await toAnswering(m);
    answerAll(m);
    m.send({ type: 'forgotPin.submitAnswers' });
    m.send({ type: 'forgotPin.back' });
    expect(m.value()).toEqual({ active: 'answering' });
    await Promise.resolve();
    expect(m.calls.aborted).toEqual(['verify']);
    expect(Object.keys(m.ctx().answers)).toHaveLength(3);
  });

  it('back from the questions returns to the alias; a new alias loads new questions with no answers', async () => {
    const m = start();
    await toAnswering(m);
    answerAll(m);
    m.send({ type: 'forgotPin.back' });
    expect(m.value()).toEqual({ active: 'enteringAlias' });
    m.send({ type: 'forgotPin.aliasChanged', value: 'other.alias' });
    m.send({ type: 'forgotPin.submitAlias' });
    await m.settled();
    expect(m.calls.questions.at(-1)).toEqual({ alias: 'other.alias' });
    expect(m.ctx().answers).toEqual({});
  });
});

describe('forgotPin machine: new PIN', () => {
  // the contract's rule for a new PIN, as in sign-up: the empty repeat is said beside a problem of
  // the PIN, a mismatch only once the PIN is fine; Arabic-Indic and Eastern Arabic-Indic digits count
  it.each([
    ['', '', 6, { pin: 'PIN_REQUIRED', pinConfirm: 'PIN_CONFIRM_REQUIRED' }],
    ['4829', '', 6, { pin: 'PIN_INCOMPLETE', pinConfirm: 'PIN_CONFIRM_REQUIRED' }],
    ['4829', '4829', 6, { pin: 'PIN_INCOMPLETE' }],
    ['482913', '482913', 8, { pin: 'PIN_INCOMPLETE' }],
    ['48a913', '48a913', 6, { pin: 'PIN_FORMAT' }],
    ['123456', '654321', 6, { pin: 'PIN_TOO_COMMON' }],
    ['482913', '482914', 6, { pinConfirm: 'PIN_MISMATCH' }],
    ['482913', '', 6, { pinConfirm: 'PIN_CONFIRM_REQUIRED' }],
    ['٤٨٢٩١٣', '۴۸۲۹۱۳', 6, {}],
    ['48291375', '48291375', 8, {}],
  ])('newPinProblems(%j, %j, %i boxes) is %j', (pin, pinConfirm, pinLength, problems) => {
    expect(newPinProblems({ pin, pinConfirm, pinLength })).toEqual(problems);
  });

  it('shows the field problems without calling the server; typing clears that field only', async () => {
    const m = start();
    await toChoosingPin(m);
    typePins(m, '482913', '482914');
    m.send({ type: 'forgotPin.submitPin' });
    expect(m.value()).toEqual({ active: 'choosingPin' });
    expect(m.ctx().fieldErrors).toEqual({ pinConfirm: 'PIN_MISMATCH' });
    m.send({ type: 'forgotPin.pinChanged', value: '48291' });
    expect(m.ctx().fieldErrors.pinConfirm).toBe('PIN_MISMATCH');
    m.send({ type: 'forgotPin.submitPin' });
    expect(m.ctx().fieldErrors).toEqual({ pin: 'PIN_INCOMPLETE' });
    m.send({ type: 'forgotPin.pinChanged', value: '482913' });
    expect(m.ctx().fieldErrors.pin).toBeUndefined();
    expect(m.calls.reset).toHaveLength(0);
  });

  it('a new length trims both PINs to it and clears the errors; unknown lengths are clamped', async () => {
    const m = start();
    await toChoosingPin(m);
    m.send({ type: 'forgotPin.pinLengthChanged', length: 12 });
    typePins(m, '482913750264', '482913750264');
    m.send({ type: 'forgotPin.pinLengthChanged', length: 8 });
    expect(m.ctx()).toMatchObject({ pinLength: 8, pin: '48291375', pinConfirm: '48291375' });
    m.send({ type: 'forgotPin.pinLengthChanged', length: 99 });
    expect(m.ctx().pinLength).toBe(12);
    m.send({ type: 'forgotPin.pinLengthChanged', length: 2 });
    expect(m.ctx().pinLength).toBe(6);
    expect(m.ctx().pin).toBe('482913');
  });

  it('resets with the token and ASCII digits (Arabic digits typed), then done with the alias kept', async () => {
    const m = start({ verify: () => ({ ok: { resetToken: 'tok-9' } }) });
    await toChoosingPin(m);
    typePins(m, '٤٨٢٩١٣', '482913');
    m.send({ type: 'forgotPin.submitPin' });
    expect(m.value()).toEqual({ active: 'resetting' });
    await m.settled();
    expect(m.calls.reset).toEqual([{ resetToken: 'tok-9', pin: '482913', pinConfirm: '482913' }]);
    expect(m.value()).toEqual({ active: 'done' });
    expect(m.ctx()).toMatchObject({
      alias: 'noor.rain',
      resetToken: null,
      pin: '',
      pinConfirm: '',
      answers: {},
    });
  });

  it('RESET_TOKEN_INVALID: expired; restart starts again from the alias, back checks the answers again', async () => {
    const m = start({
      verify: (n) => ({ ok: { resetToken: `tok-${n}` } }),
      reset: (n) => (n === 1 ? { error: { code: 'RESET_TOKEN_INVALID' } } : { ok: { ok: true } }),
    });
    await toChoosingPin(m);
    typePins(m, '482913');
    m.send({ type: 'forgotPin.submitPin' });
    await m.settled();
    expect(m.value()).toEqual({ active: 'expired' });
    expect(m.ctx().resetToken).toBeNull();
    m.send({ type: 'forgotPin.back' });
    expect(m.value()).toEqual({ active: 'answering' });
    expect(Object.keys(m.ctx().answers)).toHaveLength(3);
    m.send({ type: 'forgotPin.submitAnswers' });
    await m.settled();
    expect(m.ctx().resetToken).toBe('tok-2');
    typePins(m, '482913');
    m.send({ type: 'forgotPin.submitPin' });
    await m.settled();
    expect(m.value()).toEqual({ active: 'done' });
  });

  it('restart from expired keeps only the alias', async () => {
    const m = start({ reset: () => ({ error: { code: 'RESET_TOKEN_INVALID' } }) });
    await toChoosingPin(m);
    typePins(m, '482913');
    m.send({ type: 'forgotPin.submitPin' });
    await m.settled();
    m.send({ type: 'forgotPin.restart' });
    expect(m.value()).toEqual({ active: 'enteringAlias' });
    expect(m.ctx()).toMatchObject({ alias: 'noor.rain', questions: [], answers: {}, error: null });
  });

  it('VALIDATION_ERROR puts the server field codes on the fields (PIN_TOO_COMMON)', async () => {
    const m = start({
      reset: () => ({ error: { code: 'VALIDATION_ERROR', fields: { pin: 'PIN_TOO_COMMON' } } }),
    });
    await toChoosingPin(m);
    typePins(m, '123456');
    m.send({ type: 'forgotPin.submitPin' });
    await m.settled();
    expect(m.value()).toEqual({ active: 'choosingPin' });
    expect(m.ctx().fieldErrors).toEqual({ pin: 'PIN_TOO_COMMON' });
    expect(m.ctx().error).toBeNull();
    expect(m.ctx().resetToken).toBe('tok-1');
  });

  it('a network failure while resetting keeps the PINs and token; submitting again retries', async () => {
    const m = start({
      reset: (n) => (n === 1 ? { error: { code: 'NETWORK_ERROR' } } : { ok: { ok: true } }),
    });
    await toChoosingPin(m);
    typePins(m, '482913');
    m.send({ type: 'forgotPin.submitPin' });
    await m.settled();
    expect(m.value()).toEqual({ active: 'choosingPin' });
    expect(m.ctx()).toMatchObject({ error: { code: 'NETWORK_ERROR' }, pin: '482913', resetToken: 'tok-1' });
    m.send({ type: 'forgotPin.submitPin' });
    await m.settled();
    expect(m.value()).toEqual({ active: 'done' });
    expect(m.calls.reset).toHaveLength(2);
  });

  it('back while resetting stops the request and returns to the PIN step', async () => {
    const m = start({ reset: () => 'pending' });
    await toChoosingPin(m);
    typePins(m, '482913');
    m.send({ type: 'forgotPin.submitPin' });
    m.send({ type: 'forgotPin.back' });
    expect(m.value()).toEqual({ active: 'choosingPin' });
    await Promise.resolve();
    expect(m.calls.aborted).toEqual(['reset']);
  });

  it('back from the PIN step drops the token and PINs and returns to the answers', async () => {
    const m = start();
    await toChoosingPin(m);
    typePins(m, '482913');
    m.send({ type: 'forgotPin.back' });
    expect(m.value()).toEqual({ active: 'answering' });
    expect(m.ctx()).toMatchObject({ resetToken: null, pin: '', pinConfirm: '' });
  });
});

describe('forgotPin machine: cancel and restart', () => {
  it('cancel from every step returns to idle with nothing kept', async () => {
    const reach: Record<string, (m: ReturnType<typeof start>) => Promise<void>> = {
      enteringAlias: async (m) => void m.send({ type: 'forgotPin.start', alias: 'noor.rain' }),
      loadingQuestions: async (m) => {
        m.send({ type: 'forgotPin.start', alias: 'noor.rain' });
        m.send({ type: 'forgotPin.submitAlias' });
      },
      answering: (m) => toAnswering(m),
      choosingPin: (m) => toChoosingPin(m),
    };
    for (const [state, go] of Object.entries(reach)) {
      const m = start({ questions: state === 'loadingQuestions' ? () => 'pending' : undefined });
      await go(m);
      expect(m.value()).toEqual({ active: state });
      m.send({ type: 'forgotPin.cancel' });
      expect(m.value()).toBe('idle');
      expect(m.ctx()).toMatchObject({ alias: '', questions: [], answers: {}, resetToken: null, pin: '' });
    }
  });

  it('cancel while verifying or resetting stops the request', async () => {
    const m = start({ verify: () => 'pending' });
    await toAnswering(m);
    answerAll(m);
    m.send({ type: 'forgotPin.submitAnswers' });
    m.send({ type: 'forgotPin.cancel' });
    await Promise.resolve();
    expect(m.value()).toBe('idle');
    expect(m.calls.aborted).toEqual(['verify']);
  });

  it('start while active begins again with the new alias (e.g. from sign-in)', async () => {
    const m = start();
    await toChoosingPin(m);
    m.send({ type: 'forgotPin.start', alias: 'other.alias' });
    expect(m.value()).toEqual({ active: 'enteringAlias' });
    expect(m.ctx()).toMatchObject({ alias: 'other.alias', questions: [], answers: {}, resetToken: null });
  });

  it('restart after done begins again with the same alias', async () => {
    const m = start();
    await toChoosingPin(m);
    typePins(m, '482913');
    m.send({ type: 'forgotPin.submitPin' });
    await m.settled();
    expect(m.value()).toEqual({ active: 'done' });
    m.send({ type: 'forgotPin.restart' });
    expect(m.value()).toEqual({ active: 'enteringAlias' });
    expect(m.ctx().alias).toBe('noor.rain');
  });

  it('ignores events that do not belong to the current step', async () => {
    const m = start();
    m.send({ type: 'forgotPin.submitAlias' });
    m.send({ type: 'forgotPin.back' });
    expect(m.value()).toBe('idle');
    await toAnswering(m);
    m.send({ type: 'forgotPin.submitPin' });
    m.send({ type: 'forgotPin.aliasChanged', value: 'x' });
    m.send({ type: 'forgotPin.restart' });
    expect(m.value()).toEqual({ active: 'answering' });
    expect(m.ctx().alias).toBe('noor.rain');
  });
});

describe('forgotPin machine: a lock counts down (simulated clock)', () => {
  async function lockedWith(error: object) {
    const clock = new SimulatedClock();
    const m = start({ questions: () => ({ error }), clock });
    m.send({ type: 'forgotPin.start', alias: 'noor.rain' });
    m.send({ type: 'forgotPin.submitAlias' });
    await m.settled();
    expect(m.value()).toEqual({ active: 'locked' });
    return { m, clock };
  }

  it('the wait loses a second each second; at its end the alias step returns with the alias kept', async () => {
    const { m, clock } = await lockedWith({ code: 'RATE_LIMITED', retryAfter: 3 });
    clock.increment(999);
    expect(m.ctx().error).toEqual({ code: 'RATE_LIMITED', retryAfter: 3 });
    clock.increment(1);
    expect(m.ctx().error).toEqual({ code: 'RATE_LIMITED', retryAfter: 2 });
    clock.increment(1000);
    expect(m.value()).toEqual({ active: 'locked' });
    expect(m.ctx().error?.retryAfter).toBe(1);
    clock.increment(1000);
    expect(m.value()).toEqual({ active: 'enteringAlias' });
    expect(m.ctx()).toMatchObject({ alias: 'noor.rain', error: null, questions: [] });
    // and nothing more happens on the clock
    clock.increment(5000);
    expect(m.value()).toEqual({ active: 'enteringAlias' });
    expect(m.calls.questions).toHaveLength(1);
  });

  it('counts minutes down too (TOO_MANY_ATTEMPTS after wrong answers), and keeps the other fields', async () => {
    const clock = new SimulatedClock();
    const m = start({
      verify: () => ({ error: { code: 'TOO_MANY_ATTEMPTS', retryAfter: 120, attemptsRemaining: 0 } }),
      clock,
    });
    await toAnswering(m);
    answerAll(m);
    m.send({ type: 'forgotPin.submitAnswers' });
    await m.settled();
    expect(m.value()).toEqual({ active: 'locked' });
    for (let i = 0; i < 60; i++) clock.increment(1000);
    expect(m.ctx().error).toEqual({ code: 'TOO_MANY_ATTEMPTS', retryAfter: 60, attemptsRemaining: 0 });
    for (let i = 0; i < 59; i++) clock.increment(1000);
    expect(m.value()).toEqual({ active: 'locked' });
    clock.increment(1000);
    expect(m.value()).toEqual({ active: 'enteringAlias' });
  });

  it('Start again or Back while counting stops the countdown', async () => {
    for (const type of ['forgotPin.restart', 'forgotPin.back'] as const) {
      const { m, clock } = await lockedWith({ code: 'RATE_LIMITED', retryAfter: 10 });
      clock.increment(1000);
      m.send({ type });
      expect(m.value()).toEqual({ active: 'enteringAlias' });
      expect(m.ctx().error).toBeNull();
      m.send({ type: 'forgotPin.aliasChanged', value: 'noor.rain2' });
      clock.increment(20_000);
      expect(m.value()).toEqual({ active: 'enteringAlias' });
      expect(m.ctx().alias).toBe('noor.rain2');
    }
  });

  it('a lock whose wait is unknown does not end by itself', async () => {
    const { m, clock } = await lockedWith({ code: 'TOO_MANY_ATTEMPTS' });
    clock.increment(600_000);
    expect(m.value()).toEqual({ active: 'locked' });
    expect(m.ctx().error).toEqual({ code: 'TOO_MANY_ATTEMPTS' });
  });
});

describe('forgotPin machine: the questions follow the language', () => {
  const QUESTIONS_AR: SecurityQuestion[] = [
    { id: 'first_school', text: 'ما اسم مدرستك الأولى؟' },
    { id: 'childhood_friend', text: 'ما الاسم الأول لأعزّ صديقاتك في الطفولة؟' },
    { id: 'favourite_teacher', text: 'ما اسم معلّمتك المفضّلة؟' },
  ];
  /** The questions in the language the screen said last (the stub answers as the server would). */
  function bilingual(opts: { reload?: () => 'fail' | 'pending' | undefined } = {}) {
    let locale = 'en';
    let n = 0;
    const m = start({
      questions: () => {
        n++;
        const special = n > 1 ? opts.reload?.() : undefined;
        if (special === 'fail') return { error: { code: 'NETWORK_ERROR' } };
        if (special === 'pending') return 'pending';
        return { ok: { questions: locale === 'ar' ? QUESTIONS_AR : QUESTIONS } };
      },
    });
    const switchTo = (to: string) => {
      locale = to;
      m.send({ type: 'forgotPin.localeChanged', locale: to });
    };
    return { m, switchTo };
  }

  it('a switch while answering asks again in the new language and keeps the answers', async () => {
    const { m, switchTo } = bilingual();
    switchTo('en');
    await toAnswering(m);
    m.send({ type: 'forgotPin.answerChanged', questionId: 'first_school', value: 'Al Noor' });
    switchTo('ar');
    expect(m.value()).toEqual({ active: 'reloadingQuestions' });
    expect(m.actor.getSnapshot().hasTag('step:questions')).toBe(true);
    await m.settled();
    expect(m.value()).toEqual({ active: 'answering' });
    expect(m.ctx().questions).toEqual(QUESTIONS_AR);
    expect(m.ctx().answers).toEqual({ first_school: 'Al Noor' });
    expect(m.calls.questions).toEqual([{ alias: 'noor.rain' }, { alias: 'noor.rain' }]);
    // back in English: asked once more
    switchTo('en');
    await m.settled();
    expect(m.ctx().questions).toEqual(QUESTIONS);
    expect(m.calls.questions).toHaveLength(3);
  });

  it('a switch while the questions load asks again once they are in', async () => {
    const { m, switchTo } = bilingual();
    switchTo('en');
    m.send({ type: 'forgotPin.start', alias: 'noor.rain' });
    m.send({ type: 'forgotPin.submitAlias' });
    switchTo('ar');
    await m.settled();
    expect(m.value()).toEqual({ active: 'answering' });
    expect(m.ctx().questions).toEqual(QUESTIONS_AR);
    expect(m.calls.questions).toHaveLength(2);
  });

  it('a switch on a later step is caught up when the questions show again', async () => {
    const { m, switchTo } = bilingual();
    switchTo('en');
    await toChoosingPin(m);
    switchTo('ar');
    expect(m.value()).toEqual({ active: 'choosingPin' });
    expect(m.calls.questions).toHaveLength(1);
    m.send({ type: 'forgotPin.back' });
    await m.settled();
    expect(m.value()).toEqual({ active: 'answering' });
    expect(m.ctx().questions).toEqual(QUESTIONS_AR);
    expect(Object.values(m.ctx().answers)).toEqual(['Al Noor', 'Huda', 'Ms Salma']);
  });

  it('the language survives a new start; telling the same language asks nothing', async () => {
    const { m, switchTo } = bilingual();
    switchTo('ar');
    m.send({ type: 'forgotPin.cancel' });
    await toAnswering(m);
    expect(m.ctx()).toMatchObject({ locale: 'ar', questionsLocale: 'ar', questions: QUESTIONS_AR });
    switchTo('ar');
    expect(m.value()).toEqual({ active: 'answering' });
    expect(m.calls.questions).toHaveLength(1);
  });

  it('a failed reload keeps the questions already there; back while reloading stops it', async () => {
    const failing = bilingual({ reload: () => 'fail' });
    failing.switchTo('en');
    await toAnswering(failing.m);
    failing.switchTo('ar');
    await failing.m.settled();
    expect(failing.m.value()).toEqual({ active: 'answering' });
    expect(failing.m.ctx().questions).toEqual(QUESTIONS);
    expect(failing.m.ctx().error).toBeNull();
    // not asked again and again
    expect(failing.m.calls.questions).toHaveLength(2);

    const slow = bilingual({ reload: () => 'pending' });
    slow.switchTo('en');
    await toAnswering(slow.m);
    slow.switchTo('ar');
    slow.m.send({ type: 'forgotPin.submitAnswers' });
    expect(slow.m.value()).toEqual({ active: 'reloadingQuestions' });
    slow.m.send({ type: 'forgotPin.back' });
    expect(slow.m.value()).toEqual({ active: 'enteringAlias' });
    await Promise.resolve();
    expect(slow.m.calls.aborted).toEqual(['questions']);
  });

  it('without a language from the screen, the questions are never asked again', async () => {
    const m = start();
    await toAnswering(m);
    m.send({ type: 'forgotPin.answerChanged', questionId: 'first_school', value: 'x' });
    expect(m.value()).toEqual({ active: 'answering' });
    expect(m.calls.questions).toHaveLength(1);
  });
});

describe('forgotPin machine: what the views read and what the app is asked to do', () => {
  it('tags each state with its screen', async () => {
    const m = start({ reset: () => 'pending' });
    const tags = () => [...m.actor.getSnapshot().tags].sort();
    expect(tags()).toEqual([]);
    m.send({ type: 'forgotPin.start', alias: 'noor.rain' });
    expect(tags()).toEqual(['open', 'step:alias']);
    m.send({ type: 'forgotPin.submitAlias' });
    expect(tags()).toEqual(['busy', 'loading', 'open', 'step:alias']);
    await m.settled();
    expect(tags()).toEqual(['open', 'step:questions']);
    answerAll(m);
    m.send({ type: 'forgotPin.submitAnswers' });
    expect(tags()).toEqual(['busy', 'open', 'step:questions']);
    await m.settled();
    expect(tags()).toEqual(['open', 'step:pin']);
    typePins(m, '482913');
    m.send({ type: 'forgotPin.submitPin' });
    expect(tags()).toEqual(['busy', 'open', 'step:pin']);
  });

  it('tags the stops with their reason and done as done', async () => {
    const locked = start({ questions: () => ({ error: { code: 'RATE_LIMITED', retryAfter: 5 } }) });
    locked.send({ type: 'forgotPin.start', alias: 'noor.rain' });
    locked.send({ type: 'forgotPin.submitAlias' });
    await locked.settled();
    expect(locked.actor.getSnapshot().hasTag('step:stopped')).toBe(true);
    expect(locked.actor.getSnapshot().hasTag('reason:locked')).toBe(true);

    const expired = start({ reset: () => ({ error: { code: 'RESET_TOKEN_INVALID' } }) });
    await toChoosingPin(expired);
    typePins(expired, '482913');
    expired.send({ type: 'forgotPin.submitPin' });
    await expired.settled();
    expect(expired.actor.getSnapshot().hasTag('step:stopped')).toBe(true);
    expect(expired.actor.getSnapshot().hasTag('reason:expired')).toBe(true);

    const done = start();
    await toChoosingPin(done);
    typePins(done, '482913');
    done.send({ type: 'forgotPin.submitPin' });
    await done.settled();
    expect([...done.actor.getSnapshot().tags].sort()).toEqual(['open', 'step:done']);
  });

  it('goes to sign-in when she leaves (cancel, back from the alias) and when it is done, never at start', async () => {
    const m = start();
    expect(m.calls.signIn).toBe(0);
    m.send({ type: 'forgotPin.start', alias: 'noor.rain' });
    m.send({ type: 'forgotPin.cancel' });
    expect(m.calls.signIn).toBe(1);
    m.send({ type: 'forgotPin.start' });
    m.send({ type: 'forgotPin.back' });
    expect(m.calls.signIn).toBe(2);
    await toChoosingPin(m);
    expect(m.calls.signIn).toBe(2);
    typePins(m, '482913');
    m.send({ type: 'forgotPin.submitPin' });
    await m.settled();
    expect(m.value()).toEqual({ active: 'done' });
    expect(m.calls.signIn).toBe(3);
    // cancel on the done screen leaves too; once idle there is nothing left to leave
    m.send({ type: 'forgotPin.cancel' });
    m.send({ type: 'forgotPin.cancel' });
    expect(m.calls.signIn).toBe(4);
  });
});
