import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, createMachine, fromPromise, SimulatedClock } from 'xstate';
import type { SessionEvent } from '../../machines/session';
import {
  type AliasAvailability,
  aliasStatus,
  answerField,
  catalogStatus,
  emailProblem,
  localProblems,
  phoneProblem,
  questionField,
  registrationOf,
  type SignupContext,
  type SignupEvent,
  signupMachine,
  stepOfField,
  stepShown,
} from '../../machines/signup';
import { answers } from '../support/stub-actors';

/**
 * The signup machine on its own (simulated clock, stubbed actors, a stand-in session), step by step,
 * then the tags the views read and the rules beside it. Longer than 300 lines: one file per machine
 * is this suite's layout, and sign-up has six steps, a live check and a submission to cover.
 */

const QUESTIONS = [
  { id: 'birth_city', text: 'In which city were you born?' },
  { id: 'favourite_food', text: 'What is your favourite food?' },
  { id: 'childhood_street', text: 'What street did you grow up on?' },
  { id: 'childhood_nickname', text: 'What was your childhood nickname?' },
];
const AVATARS = [
  { id: 'date-palm', url: '/avatars/date-palm.svg', label: 'Date palm' },
  { id: 'woman-bun', url: '/avatars/woman-bun.svg', label: 'Woman with a bun' },
];

const flush = () => new Promise((r) => setTimeout(r, 0));

/** A session stand-in that records `session.register` and lets the test answer it. */
function fakeSession() {
  const registrations: Extract<SessionEvent, { type: 'session.register' }>[] = [];
  const actor = createActor(
    createMachine({
      types: {} as { events: SessionEvent },
      on: {
        'session.register': {
          actions: ({ event }) => void registrations.push(event as (typeof registrations)[number]),
        },
      },
    }),
  ).start();
  const replyTo = () => registrations.at(-1)!.replyTo as unknown as AnyActorRef;
  return { actor, registrations, replyTo };
}

function start(
  opts: {
    check?: (alias: string) => Promise<AliasAvailability>;
    questions?: () => Promise<{ questions: typeof QUESTIONS }>;
    avatars?: () => Promise<{ avatars: typeof AVATARS }>;
    /** The page she goes to, getting ready (default: ready at once). */
    arrival?: () => Promise<void>;
  } = {},
) {
  const clock = new SimulatedClock();
  const checks: string[] = [];
  const entered: string[] = [];
  const session = fakeSession();
  const logic = signupMachine.provide({
    actions: { enterApp: () => void entered.push('entered') },
    actors: {
      prepareArrival: fromPromise(async () => opts.arrival?.()),
      fetchSecurityQuestions: answers(() => (opts.questions ? opts.questions() : { questions: QUESTIONS })),
      fetchAvatars: answers(() => (opts.avatars ? opts.avatars() : { avatars: AVATARS })),
      checkAlias: answers(({ alias }: { alias: string }): AliasAvailability | Promise<AliasAvailability> => {
        checks.push(alias);
        return opts.check ? opts.check(alias) : { available: true };
      }),
    },
  });
  const actor = createActor(logic, { input: { session: session.actor as never }, clock }).start();
  return { actor, clock, checks, entered, session, snap: () => actor.getSnapshot() };
}

const flowOf = (s: { value: unknown }) => (s.value as { flow: unknown }).flow;

/** Types a valid alias, lets the check answer, and continues. */
async function passAlias(t: ReturnType<typeof start>, alias = 'jasmine.rain') {
  t.actor.send({ type: 'signup.fieldChanged', field: 'alias', value: alias });
  t.clock.increment(400);
  await flush();
  t.actor.send({ type: 'signup.next' });
  await flush();
}

function passPin(t: ReturnType<typeof start>, pin = '480317') {
  t.actor.send({ type: 'signup.fieldChanged', field: 'pin', value: pin });
  t.actor.send({ type: 'signup.fieldChanged', field: 'pinConfirm', value: pin });
  t.actor.send({ type: 'signup.next' });
}

function passSecurity(t: ReturnType<typeof start>) {
  ['birth_city', 'favourite_food', 'childhood_street'].forEach((id, i) => {
    t.actor.send({ type: 'signup.fieldChanged', field: questionField(i), value: id });
    t.actor.send({ type: 'signup.fieldChanged', field: answerField(i), value: `answer ${i}` });
  });
  t.actor.send({ type: 'signup.next' });
}

function passProfile(t: ReturnType<typeof start>) {
  t.actor.send({ type: 'signup.fieldChanged', field: 'country', value: 'AE' });
  t.actor.send({ type: 'signup.fieldChanged', field: 'ageRange', value: '25-34' });
  t.actor.send({ type: 'signup.next' });
}

async function toConfirm(t: ReturnType<typeof start>) {
  await passAlias(t);
  passPin(t);
  passSecurity(t);
  passProfile(t);
  t.actor.send({ type: 'signup.fieldChanged', field: 'avatarId', value: 'date-palm' });
  t.actor.send({ type: 'signup.next' });
}

describe('signup machine: catalogues', () => {
  it('loads questions and avatars on start, next to the first step', async () => {
    const t = start();
    expect(t.snap().value).toEqual({
      questions: 'loading',
      avatars: 'loading',
      flow: { alias: 'idle' },
    });
    await flush();
    expect(t.snap().value).toMatchObject({ questions: 'ready', avatars: 'ready' });
    expect(t.snap().context.questions).toHaveLength(4);
    expect(t.snap().context.avatars.map((a) => a.id)).toEqual(['date-palm', 'woman-bun']);
  });

  it('a failed load waits for retry, and a language change loads both again', async () => {
    let fail = true;
    const t = start({
      questions: async () => (fail ? Promise.reject({ code: 'NETWORK_ERROR' }) : { questions: QUESTIONS }),
      avatars: async () => (fail ? Promise.reject({ code: 'NETWORK_ERROR' }) : { avatars: AVATARS }),
    });
    await flush();
    expect(t.snap().value).toMatchObject({ questions: 'failed', avatars: 'failed' });
    fail = false;
    t.actor.send({ type: 'signup.retry' });
    expect(t.snap().value).toMatchObject({ questions: 'loading', avatars: 'loading' });
    await flush();
    expect(t.snap().value).toMatchObject({ questions: 'ready', avatars: 'ready' });
    t.actor.send({ type: 'signup.localeChanged' });
    expect(t.snap().value).toMatchObject({
      questions: 'loading',
      avatars: 'loading',
      flow: { alias: 'idle' },
    });
  });
});

describe('signup machine: alias step', () => {
  it('waits 400 ms after the last keystroke, then checks once', async () => {
    const t = start();
    t.actor.send({ type: 'signup.fieldChanged', field: 'alias', value: 'jas' });
    t.clock.increment(300);
    t.actor.send({ type: 'signup.fieldChanged', field: 'alias', value: 'jasmine' });
    t.clock.increment(300);
    expect(flowOf(t.snap())).toEqual({ alias: { checking: 'debouncing' } });
    expect(t.checks).toEqual([]);
    t.clock.increment(100);
    expect(flowOf(t.snap())).toEqual({ alias: { checking: 'querying' } });
    await flush();
    expect(t.checks).toEqual(['jasmine']);
    expect(flowOf(t.snap())).toEqual({ alias: 'available' });
  });

  it('applies the local rules before asking the server', () => {
    const t = start();
    t.actor.send({ type: 'signup.fieldChanged', field: 'alias', value: 'ab' });
    t.clock.increment(400);
    expect(flowOf(t.snap())).toEqual({ alias: 'invalid' });
    expect(t.snap().context.fieldErrors.alias).toBe('ALIAS_TOO_SHORT');
    expect(t.checks).toEqual([]);
    t.actor.send({ type: 'signup.fieldChanged', field: 'alias', value: 'a b c' });
    t.actor.send({ type: 'signup.next' });
    expect(t.snap().context.fieldErrors.alias).toBe('ALIAS_INVALID_CHARS');
  });

  it('shows the server reason, and refuses to continue with a taken alias', async () => {
    const t = start({ check: async () => ({ available: false, reason: 'ALIAS_TAKEN' }) });
    t.actor.send({ type: 'signup.fieldChanged', field: 'alias', value: 'noor' });
    t.clock.increment(400);
    await flush();
    expect(flowOf(t.snap())).toEqual({ alias: 'unavailable' });
    expect(t.snap().context.fieldErrors.alias).toBe('ALIAS_TAKEN');
    t.actor.send({ type: 'signup.next' });
    expect(flowOf(t.snap())).toEqual({ alias: 'unavailable' });
    t.actor.send({ type: 'signup.fieldChanged', field: 'alias', value: 'noor2' });
    expect(t.snap().context.fieldErrors.alias).toBeUndefined();
  });

  it('a failed check does not block her (signup.alias.checkFailed)', async () => {
    const t = start({ check: () => Promise.reject({ code: 'NETWORK_ERROR' }) });
    t.actor.send({ type: 'signup.fieldChanged', field: 'alias', value: 'noor.sky' });
    t.clock.increment(400);
    await flush();
    expect(flowOf(t.snap())).toEqual({ alias: 'checkFailed' });
    t.actor.send({ type: 'signup.next' });
    expect(flowOf(t.snap())).toBe('pin');
  });

  it('continuing before the check answers verifies at once and moves on when free', async () => {
    const t = start();
    t.actor.send({ type: 'signup.fieldChanged', field: 'alias', value: 'noor.sky' });
    t.actor.send({ type: 'signup.next' });
    expect(flowOf(t.snap())).toEqual({ alias: 'verifying' });
    await flush();
    expect(flowOf(t.snap())).toBe('pin');
    expect(t.checks).toEqual(['noor.sky']);
  });

  it('verifying a taken alias stays on the step; a failed verification lets her go on', async () => {
    let answer: () => Promise<AliasAvailability> = async () => ({ available: false, reason: 'ALIAS_TAKEN' });
    const t = start({ check: () => answer() });
    t.actor.send({ type: 'signup.fieldChanged', field: 'alias', value: 'noor' });
    t.actor.send({ type: 'signup.next' });
    await flush();
    expect(flowOf(t.snap())).toEqual({ alias: 'unavailable' });
    answer = () => Promise.reject({ code: 'NETWORK_ERROR' });
    t.actor.send({ type: 'signup.fieldChanged', field: 'alias', value: 'noor.two' });
    t.actor.send({ type: 'signup.next' });
    await flush();
    expect(flowOf(t.snap())).toBe('pin');
  });

  it('checks the alias as the server will store it (NFKC, trimmed)', async () => {
    const t = start();
    t.actor.send({ type: 'signup.fieldChanged', field: 'alias', value: '  ﬁrdaws  ' });
    t.clock.increment(400);
    await flush();
    expect(t.checks).toEqual(['firdaws']);
  });
});

describe('signup machine: PIN step', () => {
  it('checks length, format and the repeat before going on; Arabic digits count as digits', async () => {
    const t = start();
    await passAlias(t);
    t.actor.send({ type: 'signup.next' });
    // the contract's rule for a new PIN (recovery's too): the empty repeat is said beside the PIN's problem
    expect(t.snap().context.fieldErrors).toEqual({ pin: 'PIN_REQUIRED', pinConfirm: 'PIN_CONFIRM_REQUIRED' });
    t.actor.send({ type: 'signup.fieldChanged', field: 'pin', value: '4803' });
    t.actor.send({ type: 'signup.next' });
    expect(t.snap().context.fieldErrors).toEqual({
      pin: 'PIN_INCOMPLETE',
      pinConfirm: 'PIN_CONFIRM_REQUIRED',
    });
    t.actor.send({ type: 'signup.fieldChanged', field: 'pin', value: '٤٨٠٣١٧' });
    expect(t.snap().context.pin).toBe('480317');
    t.actor.send({ type: 'signup.next' });
    expect(t.snap().context.fieldErrors).toEqual({ pinConfirm: 'PIN_CONFIRM_REQUIRED' });
    t.actor.send({ type: 'signup.fieldChanged', field: 'pinConfirm', value: '480318' });
    t.actor.send({ type: 'signup.next' });
    expect(t.snap().context.fieldErrors).toEqual({ pinConfirm: 'PIN_MISMATCH' });
    t.actor.send({ type: 'signup.fieldChanged', field: 'pinConfirm', value: '۴۸۰۳۱۷' });
    t.actor.send({ type: 'signup.next' });
    expect(flowOf(t.snap())).toBe('security');
  });

  it('a new length clears both PINs; 12 digits work', async () => {
    const t = start();
    await passAlias(t);
    t.actor.send({ type: 'signup.fieldChanged', field: 'pin', value: '480317' });
    t.actor.send({ type: 'signup.fieldChanged', field: 'pinLength', value: 12 });
    expect(t.snap().context).toMatchObject({ pinLength: 12, pin: '', pinConfirm: '' });
    t.actor.send({ type: 'signup.fieldChanged', field: 'pin', value: '480317' });
    t.actor.send({ type: 'signup.next' });
    expect(t.snap().context.fieldErrors.pin).toBe('PIN_INCOMPLETE');
    passPin(t, '480317592604');
    expect(flowOf(t.snap())).toBe('security');
  });
});

describe('signup machine: security, profile, avatar, confirm', () => {
  it('needs three different questions, each answered', async () => {
    const t = start();
    await flush();
    await passAlias(t);
    passPin(t);
    t.actor.send({ type: 'signup.fieldChanged', field: questionField(0), value: 'birth_city' });
    t.actor.send({ type: 'signup.fieldChanged', field: questionField(1), value: 'birth_city' });
    t.actor.send({ type: 'signup.fieldChanged', field: answerField(0), value: '  ' });
    t.actor.send({ type: 'signup.next' });
    expect(t.snap().context.fieldErrors).toEqual({
      'securityAnswers.0.answer': 'ANSWER_REQUIRED',
      'securityAnswers.1.questionId': 'QUESTIONS_NOT_DISTINCT',
      'securityAnswers.1.answer': 'ANSWER_REQUIRED',
      'securityAnswers.2.questionId': 'QUESTION_REQUIRED',
      'securityAnswers.2.answer': 'ANSWER_REQUIRED',
    });
    t.actor.send({ type: 'signup.fieldChanged', field: questionField(1), value: 'favourite_food' });
    expect(t.snap().context.fieldErrors['securityAnswers.1.questionId']).toBeUndefined();
    passSecurity(t);
    expect(flowOf(t.snap())).toBe('profile');
  });

  it('profile needs country and age range; email and phone are optional but checked', async () => {
    const t = start();
    await passAlias(t);
    passPin(t);
    passSecurity(t);
    t.actor.send({ type: 'signup.fieldChanged', field: 'email', value: 'not-an-email' });
    t.actor.send({ type: 'signup.fieldChanged', field: 'phone', value: '12345' });
    t.actor.send({ type: 'signup.next' });
    expect(t.snap().context.fieldErrors).toEqual({
      country: 'COUNTRY_INVALID',
      ageRange: 'AGE_RANGE_INVALID',
      email: 'EMAIL_INVALID',
      phone: 'PHONE_INVALID',
    });
    t.actor.send({ type: 'signup.fieldChanged', field: 'email', value: '' });
    t.actor.send({ type: 'signup.fieldChanged', field: 'phone', value: '+971 ٥٠ 123 4567' });
    t.actor.send({ type: 'signup.fieldChanged', field: 'maritalStatus', value: 'married' });
    passProfile(t);
    expect(flowOf(t.snap())).toBe('avatar');
  });

  it('avatar: continuing without one says so, choosing one clears it', async () => {
    const t = start();
    await passAlias(t);
    passPin(t);
    passSecurity(t);
    passProfile(t);
    t.actor.send({ type: 'signup.next' });
    expect(flowOf(t.snap())).toBe('avatar');
    expect(t.snap().context.fieldErrors.avatarId).toBe('AVATAR_REQUIRED');
    t.actor.send({ type: 'signup.fieldChanged', field: 'avatarId', value: 'woman-bun' });
    expect(t.snap().context.fieldErrors.avatarId).toBeUndefined();
    t.actor.send({ type: 'signup.next' });
    expect(flowOf(t.snap())).toBe('confirm');
  });

  it('back walks to the first step keeping everything', async () => {
    const t = start();
    await toConfirm(t);
    for (const step of ['avatar', 'profile', 'security', 'pin']) {
      t.actor.send({ type: 'signup.back' });
      expect(flowOf(t.snap())).toBe(step);
    }
    t.actor.send({ type: 'signup.back' });
    expect(flowOf(t.snap())).toEqual({ alias: 'idle' });
    expect(t.snap().context).toMatchObject({
      alias: 'jasmine.rain',
      pin: '480317',
      pinConfirm: '480317',
      country: 'AE',
      ageRange: '25-34',
      avatarId: 'date-palm',
    });
    expect(t.snap().context.security.map((s) => s.questionId)).toEqual([
      'birth_city',
      'favourite_food',
      'childhood_street',
    ]);
  });

  it('submission is refused without both confirmations', async () => {
    const t = start();
    await toConfirm(t);
    t.actor.send({ type: 'signup.submit' });
    expect(flowOf(t.snap())).toBe('confirm');
    expect(t.snap().context.fieldErrors).toEqual({
      isAdult: 'MUST_BE_ADULT',
      acceptTerms: 'MUST_ACCEPT_TERMS',
    });
    t.actor.send({ type: 'signup.fieldChanged', field: 'isAdult', value: true });
    t.actor.send({ type: 'signup.submit' });
    expect(t.snap().context.fieldErrors).toEqual({ acceptTerms: 'MUST_ACCEPT_TERMS' });
    expect(t.session.registrations).toHaveLength(0);
  });
});

describe('signup machine: submission through the session', () => {
  async function submitted(opts: Parameters<typeof start>[0] = {}) {
    const t = start(opts);
    await toConfirm(t);
    t.actor.send({ type: 'signup.fieldChanged', field: 'isAdult', value: true });
    t.actor.send({ type: 'signup.fieldChanged', field: 'acceptTerms', value: true });
    t.actor.send({ type: 'signup.submit' });
    return t;
  }

  it('registered: the welcome (recovery code offered), then she enters the app only once the page she goes to is ready (the welcome stays, busy)', async () => {
    let ready!: () => void;
    const t = await submitted({ arrival: () => new Promise<void>((resolve) => (ready = resolve)) });
    t.session.replyTo().send({ type: 'session.succeeded', user: { id: 'u1', alias: 'jasmine.rain' } });
    await flush();
    expect(flowOf(t.snap())).toBe('welcome');
    expect([t.snap().hasTag('step:welcome'), t.snap().hasTag('busy')]).toEqual([true, false]);
    // the account is made: the address asking for a step reopens none
    t.actor.send({ type: 'signup.goTo', step: 'pin' });
    expect(flowOf(t.snap())).toBe('welcome');
    expect(t.entered).toEqual([]);
    t.actor.send({ type: 'signup.enter' });
    await flush();
    expect(flowOf(t.snap())).toBe('done');
    expect([stepShown(t.snap()), t.snap().hasTag('busy')]).toEqual(['confirm', true]);
    expect(t.entered).toEqual([]);
    ready();
    await flush();
    expect(t.entered).toEqual(['entered']);
    expect(flowOf(t.snap())).toBe('done');
  });

  it('sends session.register with the registration and itself as replyTo; success ends in the welcome', async () => {
    const t = await submitted();
    expect(flowOf(t.snap())).toBe('submitting');
    const sent = t.session.registrations[0];
    expect(sent.registration).toEqual({
      alias: 'jasmine.rain',
      pin: '480317',
      pinConfirm: '480317',
      securityAnswers: [
        { questionId: 'birth_city', answer: 'answer 0' },
        { questionId: 'favourite_food', answer: 'answer 1' },
        { questionId: 'childhood_street', answer: 'answer 2' },
      ],
      country: 'AE',
      avatarId: 'date-palm',
      ageRange: '25-34',
      isAdult: true,
      acceptTerms: true,
    });
    expect(sent.replyTo).toBe(t.actor);
    t.session.replyTo().send({ type: 'session.succeeded', user: { id: 'u1', alias: 'jasmine.rain' } });
    expect(flowOf(t.snap())).toBe('welcome');
    expect(t.snap().context.user).toEqual({ id: 'u1', alias: 'jasmine.rain' });
  });

  it.each([
    [{ alias: 'ALIAS_TAKEN' }, { alias: 'unavailable' }],
    [{ pin: 'PIN_TOO_COMMON' }, 'pin'],
    [{ 'securityAnswers.1.answer': 'ANSWER_TOO_LONG' }, 'security'],
    [{ phone: 'PHONE_INVALID' }, 'profile'],
    [{ avatarId: 'AVATAR_INVALID' }, 'avatar'],
    [{ acceptTerms: 'MUST_ACCEPT_TERMS' }, 'confirm'],
    [{ pin: 'PIN_TOO_COMMON', email: 'EMAIL_INVALID' }, 'pin'],
  ])('field codes %o take her back to %o, keeping what she entered', async (fields, step) => {
    const t = await submitted();
    t.session.replyTo().send({ type: 'session.failed', error: { code: 'VALIDATION_ERROR', fields } });
    expect(flowOf(t.snap())).toEqual(step);
    expect(t.snap().context.fieldErrors).toEqual(fields);
    expect(t.snap().context).toMatchObject({ alias: 'jasmine.rain', pin: '480317', avatarId: 'date-palm' });
  });

  it('a server PIN error must be fixed before the PIN step lets her go on again', async () => {
    const t = await submitted();
    t.session.replyTo().send({
      type: 'session.failed',
      error: { code: 'VALIDATION_ERROR', fields: { pin: 'PIN_TOO_COMMON' } },
    });
    t.actor.send({ type: 'signup.next' });
    expect(flowOf(t.snap())).toBe('pin');
    passPin(t, '493817');
    expect(flowOf(t.snap())).toBe('security');
    expect(t.snap().context.error).toBeNull();
  });

  it('a failure without fields stays on the confirmation with its code', async () => {
    const t = await submitted();
    t.session.replyTo().send({ type: 'session.failed', error: { code: 'SERVER_ERROR' } });
    expect(flowOf(t.snap())).toBe('confirm');
    expect(t.snap().context.error).toEqual({ code: 'SERVER_ERROR' });
    expect(t.snap().context.fieldErrors).toEqual({});
    t.actor.send({ type: 'signup.submit' });
    expect(t.session.registrations).toHaveLength(2);
    expect(t.snap().context.error).toBeNull();
  });
});

describe('signup machine: one change event, and the tags the views read', () => {
  it('each step takes only its own fields', async () => {
    const t = start();
    t.actor.send({ type: 'signup.fieldChanged', field: 'country', value: 'AE' });
    t.actor.send({ type: 'signup.fieldChanged', field: 'isAdult', value: true });
    expect(t.snap().context).toMatchObject({ country: '', isAdult: false });
    expect(flowOf(t.snap())).toEqual({ alias: 'idle' });
    await passAlias(t);
    t.actor.send({ type: 'signup.fieldChanged', field: 'alias', value: 'someone.else' });
    expect(t.snap().context.alias).toBe('jasmine.rain');
    expect(flowOf(t.snap())).toBe('pin');
  });

  it('field and value are checked together: one event, a union over the fields', () => {
    const t = start();
    const send = (event: SignupEvent) => t.actor.send(event);
    // @ts-expect-error a PIN length is a number of boxes
    send({ type: 'signup.fieldChanged', field: 'pinLength', value: 'x' });
    // @ts-expect-error and one of the lengths on offer
    send({ type: 'signup.fieldChanged', field: 'pinLength', value: 7 });
    // @ts-expect-error a confirmation is a yes or a no
    send({ type: 'signup.fieldChanged', field: 'isAdult', value: 'yes' });
    // @ts-expect-error no such field
    send({ type: 'signup.fieldChanged', field: 'realName', value: 'x' });
    // fields of other steps are not taken on the alias step
    send({ type: 'signup.fieldChanged', field: 'pinLength', value: 8 });
    send({ type: 'signup.fieldChanged', field: answerField(2), value: 'x' });
    expect(t.snap().context.pinLength).toBe(6);
    expect(t.snap().context.security[2].answer).toBe('');
  });

  it('says the step, the alias check and the catalogues through tags', async () => {
    const t = start({ check: async () => ({ available: true }) });
    expect(stepShown(t.snap())).toBe('alias');
    expect(catalogStatus(t.snap(), 'questions')).toBe('loading');
    t.actor.send({ type: 'signup.fieldChanged', field: 'alias', value: 'noor.sky' });
    expect(aliasStatus(t.snap())).toBe('checking');
    expect(t.snap().hasTag('busy')).toBe(false);
    t.clock.increment(400);
    await flush();
    expect(aliasStatus(t.snap())).toBe('available');
    expect(catalogStatus(t.snap(), 'avatars')).toBe('ready');
    t.actor.send({ type: 'signup.fieldChanged', field: 'alias', value: 'noor.sky2' });
    t.actor.send({ type: 'signup.next' });
    expect(t.snap().hasTag('busy')).toBe(true);
    await flush();
    for (const step of ['pin', 'security', 'profile', 'avatar', 'confirm'] as const) {
      expect(stepShown(t.snap())).toBe(step);
      expect(t.snap().hasTag(`step:${step}`)).toBe(true);
      if (step === 'pin') passPin(t);
      if (step === 'security') passSecurity(t);
      if (step === 'profile') passProfile(t);
      if (step === 'avatar') {
        t.actor.send({ type: 'signup.fieldChanged', field: 'avatarId', value: 'date-palm' });
        t.actor.send({ type: 'signup.next' });
      }
    }
    t.actor.send({ type: 'signup.fieldChanged', field: 'isAdult', value: true });
    t.actor.send({ type: 'signup.fieldChanged', field: 'acceptTerms', value: true });
    t.actor.send({ type: 'signup.submit' });
    expect([stepShown(t.snap()), t.snap().hasTag('busy'), t.snap().hasTag('step:done')]).toEqual([
      'confirm',
      true,
      false,
    ]);
    t.session.replyTo().send({ type: 'session.succeeded', user: { id: 'u1', alias: 'noor.sky2' } });
    expect([stepShown(t.snap()), t.snap().hasTag('busy'), t.snap().hasTag('step:welcome')]).toEqual([
      'confirm',
      false,
      true,
    ]);
    t.actor.send({ type: 'signup.enter' });
    expect([stepShown(t.snap()), t.snap().hasTag('busy'), t.snap().hasTag('step:done')]).toEqual([
      'confirm',
      true,
      true,
    ]);
  });

  it('a failed check and a failed catalogue have their own tags', async () => {
    const t = start({
      check: () => Promise.reject({ code: 'NETWORK_ERROR' }),
      questions: () => Promise.reject({ code: 'NETWORK_ERROR' }),
    });
    t.actor.send({ type: 'signup.fieldChanged', field: 'alias', value: 'noor.sky' });
    t.clock.increment(400);
    await flush();
    expect(aliasStatus(t.snap())).toBe('checkFailed');
    expect(catalogStatus(t.snap(), 'questions')).toBe('failed');
    expect(catalogStatus(t.snap(), 'avatars')).toBe('ready');
  });
});

describe('signup rules', () => {
  it('maps server field keys to steps', () => {
    expect(
      [
        'alias',
        'pinConfirm',
        'securityAnswers',
        'securityAnswers.2.questionId',
        'email',
        'avatarId',
        '_',
      ].map(stepOfField),
    ).toEqual(['alias', 'pin', 'security', 'security', 'profile', 'avatar', 'confirm']);
  });

  it('checks email and phone like the server', () => {
    expect(emailProblem('')).toBeNull();
    expect(emailProblem('name@example.com')).toBeNull();
    expect(emailProblem('name@example')).toBe('EMAIL_INVALID');
    expect(phoneProblem('+971 50-123 4567')).toBeNull();
    expect(phoneProblem('0501234567')).toBe('PHONE_INVALID');
  });

  it('sends optional fields only when given, digits in ASCII', () => {
    const base = {
      alias: ' noor ',
      pin: '٤٨٠٣١٧',
      pinConfirm: '480317',
      security: [{ questionId: 'a', answer: ' x ' }],
      country: 'SA',
      ageRange: '18-24',
      maritalStatus: '',
      email: ' ',
      phone: '+٩٦٦ 50 123 4567',
      avatarId: 'date-palm',
    } as unknown as SignupContext;
    expect(registrationOf(base)).toEqual({
      alias: 'noor',
      pin: '480317',
      pinConfirm: '480317',
      securityAnswers: [{ questionId: 'a', answer: 'x' }],
      country: 'SA',
      avatarId: 'date-palm',
      ageRange: '18-24',
      phone: '+966 50 123 4567',
      isAdult: true,
      acceptTerms: true,
    });
    expect(localProblems('confirm', { ...base, isAdult: true, acceptTerms: true })).toEqual({});
  });
});
