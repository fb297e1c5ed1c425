import { describe, expect, it } from 'vitest';
import { type ActorRefFrom, createActor, SimulatedClock, waitFor } from 'xstate';
import { loginMachine } from '../../machines/login';
import { type Credentials, type LoginInput, sessionMachine } from '../../machines/session';
import { answers, rejects } from '../support/stub-actors';

/** The sign-in form against the real session machine, whose `login` call the test answers. */
function start(opts: { login?: (input: LoginInput) => Promise<Credentials>; alias?: string } = {}) {
  const logins: LoginInput[] = [];
  const stored: string[] = [];
  const session = createActor(
    sessionMachine.provide({
      actors: {
        login: answers((input: LoginInput) => {
          logins.push(input);
          return opts.login ? opts.login(input) : { token: 'tok', user: { id: 'u1', alias: input.alias } };
        }),
      },
      actions: { storeCredentials: (_, p) => void stored.push(p.token) },
    }),
  ).start();
  // the views pass the system's session the same way: as an ActorRef
  const ref: ActorRefFrom<typeof sessionMachine> = session;
  // what the screen is asked to do: take her on, or open recovery with her alias
  const asked: string[] = [];
  const logic = loginMachine.provide({
    actions: {
      enterApp: () => void asked.push('enterApp'),
      startRecovery: (_, { alias }) => void asked.push(`startRecovery ${alias}`),
    },
  });
  const login = createActor(logic, { input: { session: ref, alias: opts.alias } }).start();
  const send = login.send.bind(login);
  return {
    login,
    session,
    send,
    logins,
    stored,
    asked,
    tags: () => [...login.getSnapshot().tags].sort(),
    /** The top-level state ('editing' whatever its sub-state). */
    value: () => {
      const v = login.getSnapshot().value;
      return typeof v === 'string' ? v : Object.keys(v)[0];
    },
    ctx: () => login.getSnapshot().context,
  };
}

describe('login machine', () => {
  it('starts editing, empty or with the alias it is given (e.g. after a PIN reset)', () => {
    expect(start().ctx()).toMatchObject({ alias: '', pin: '', fieldErrors: {}, error: null, user: null });
    const m = start({ alias: 'noor.rain' });
    expect(m.value()).toBe('editing');
    expect(m.ctx().alias).toBe('noor.rain');
  });

  it('submit with empty fields marks both and asks nobody', () => {
    const m = start();
    m.send({ type: 'login.submit' });
    expect(m.value()).toBe('editing');
    expect(m.ctx().fieldErrors).toEqual({ alias: 'ALIAS_REQUIRED', pin: 'PIN_REQUIRED' });
    expect(m.logins).toHaveLength(0);
  });

  it('a blank alias or a malformed PIN are refused field by field', () => {
    const m = start();
    m.send({ type: 'login.aliasChanged', value: '   ' });
    m.send({ type: 'login.pinChanged', value: '12a' });
    m.send({ type: 'login.submit' });
    expect(m.ctx().fieldErrors).toEqual({ alias: 'ALIAS_REQUIRED', pin: 'PIN_FORMAT' });
    m.send({ type: 'login.aliasChanged', value: 'noor' });
    expect(m.ctx().fieldErrors).toEqual({ alias: undefined, pin: 'PIN_FORMAT' });
    m.send({ type: 'login.pinChanged', value: '1234567890123' });
    m.send({ type: 'login.submit' });
    expect(m.ctx().fieldErrors).toEqual({ alias: undefined, pin: 'PIN_FORMAT' });
    m.send({ type: 'login.pinChanged', value: '482913' });
    expect(m.ctx().fieldErrors.pin).toBeUndefined();
    expect(m.logins).toHaveLength(0);
  });

  it('signs in through the session with the trimmed alias and ASCII digits, then ends signedIn', async () => {
    const m = start();
    m.send({ type: 'login.aliasChanged', value: '  noor.rain ' });
    m.send({ type: 'login.pinChanged', value: '٤٨٢٩١٣' });
    m.send({ type: 'login.submit' });
    expect(m.value()).toBe('submitting');
    expect(m.tags()).toEqual(['busy']);
    expect(m.session.getSnapshot().value).toBe('authenticating');
    await waitFor(m.login, (s) => s.status === 'done');
    expect(m.logins).toEqual([{ alias: 'noor.rain', pin: '482913' }]);
    expect(m.value()).toBe('signedIn');
    expect(m.tags()).toEqual(['busy']);
    expect(m.asked).toEqual(['enterApp']);
    expect(m.ctx().user).toEqual({ id: 'u1', alias: 'noor.rain' });
    expect(m.session.getSnapshot().value).toBe('signedIn');
    expect(m.stored).toEqual(['tok']);
  });

  it('a refused sign-in returns to editing with the error and the PIN cleared, alias kept', async () => {
    const m = start({
      login: () => Promise.reject({ code: 'INVALID_CREDENTIALS', attemptsRemaining: 3 }),
    });
    m.send({ type: 'login.aliasChanged', value: 'noor.rain' });
    m.send({ type: 'login.pinChanged', value: '482913' });
    m.send({ type: 'login.submit' });
    await waitFor(m.login, (s) => s.matches('editing'));
    expect(m.ctx()).toMatchObject({
      alias: 'noor.rain',
      pin: '',
      error: { code: 'INVALID_CREDENTIALS', attemptsRemaining: 3 },
    });
    expect(m.tags()).toEqual([]);
    expect(m.asked).toEqual([]);
    // typing clears the error
    m.send({ type: 'login.pinChanged', value: '4' });
    expect(m.ctx().error).toBeNull();
  });

  it('a locked account keeps retryAfter for the wait message; an unknown failure is LOGIN_FAILED', async () => {
    const locked = start({ login: () => Promise.reject({ code: 'TOO_MANY_ATTEMPTS', retryAfter: 300 }) });
    locked.send({ type: 'login.aliasChanged', value: 'noor.rain' });
    locked.send({ type: 'login.pinChanged', value: '482913' });
    locked.send({ type: 'login.submit' });
    await waitFor(locked.login, (s) => s.matches('editing'));
    expect(locked.ctx().error).toEqual({ code: 'TOO_MANY_ATTEMPTS', retryAfter: 300 });

    const broken = start({ login: () => Promise.reject(new Error('socket hang up')) });
    broken.send({ type: 'login.aliasChanged', value: 'noor.rain' });
    broken.send({ type: 'login.pinChanged', value: '482913' });
    broken.send({ type: 'login.submit' });
    await waitFor(broken.login, (s) => s.matches('editing'));
    expect(broken.ctx().error).toEqual({ code: 'LOGIN_FAILED' });
  });

  /** Signs in against a session that answers with a lock of `retryAfter` seconds, on a simulated clock. */
  async function lockedFor(retryAfter: number) {
    const clock = new SimulatedClock();
    const session = createActor(
      sessionMachine.provide({ actors: { login: rejects({ code: 'TOO_MANY_ATTEMPTS', retryAfter }) } }),
    ).start();
    const ref: ActorRefFrom<typeof sessionMachine> = session;
    const login = createActor(loginMachine, { input: { session: ref }, clock }).start();
    login.send({ type: 'login.aliasChanged', value: 'noor.rain' });
    login.send({ type: 'login.pinChanged', value: '482913' });
    login.send({ type: 'login.submit' });
    await waitFor(login, (s) => s.matches({ editing: 'locked' }));
    return { login, clock };
  }

  it('a lock counts down each second, survives typing a PIN, and ends by clearing the message', async () => {
    const { login, clock } = await lockedFor(3);
    expect(login.getSnapshot().hasTag('locked')).toBe(true);
    expect(login.getSnapshot().context.error?.retryAfter).toBe(3);
    clock.increment(1000);
    expect(login.getSnapshot().context.error?.retryAfter).toBe(2);
    login.send({ type: 'login.pinChanged', value: '4' });
    expect(login.getSnapshot().context.error?.code).toBe('TOO_MANY_ATTEMPTS');
    clock.increment(1000);
    expect(login.getSnapshot().context.error?.retryAfter).toBe(1);
    clock.increment(1000);
    expect(login.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    expect(login.getSnapshot().context.error).toBeNull();
  });

  it('another alias ends the countdown: a lock is for one alias', async () => {
    const { login } = await lockedFor(60);
    login.send({ type: 'login.aliasChanged', value: 'huda' });
    expect(login.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    expect(login.getSnapshot().context.error).toBeNull();
  });

  it('submitting again after an error clears it while waiting', async () => {
    let n = 0;
    const m = start({
      login: async (input) => {
        if (++n === 1) throw { code: 'NETWORK_ERROR' };
        return { token: 't2', user: { id: 'u1', alias: input.alias } };
      },
    });
    m.send({ type: 'login.aliasChanged', value: 'noor.rain' });
    m.send({ type: 'login.pinChanged', value: '482913' });
    m.send({ type: 'login.submit' });
    await waitFor(m.login, (s) => s.matches('editing'));
    m.send({ type: 'login.pinChanged', value: '482913' });
    m.send({ type: 'login.submit' });
    expect(m.ctx().error).toBeNull();
    await waitFor(m.login, (s) => s.status === 'done');
    expect(m.value()).toBe('signedIn');
  });

  it('ignores typing and Forgot PIN while submitting', () => {
    const m = start({ login: () => new Promise(() => {}) });
    m.send({ type: 'login.aliasChanged', value: 'noor.rain' });
    m.send({ type: 'login.pinChanged', value: '482913' });
    m.send({ type: 'login.submit' });
    m.send({ type: 'login.aliasChanged', value: 'changed' });
    m.send({ type: 'login.forgotPin' });
    expect(m.value()).toBe('submitting');
    expect(m.ctx().alias).toBe('noor.rain');
  });

  it('Forgot PIN? with an empty alias opens Alias Required; dismissing returns to editing', () => {
    const m = start();
    m.send({ type: 'login.aliasChanged', value: '  ' });
    m.send({ type: 'login.forgotPin' });
    expect(m.value()).toBe('aliasRequired');
    expect(m.tags()).toEqual(['aliasRequired']);
    // the form underneath is inert while the dialog is open
    m.send({ type: 'login.submit' });
    expect(m.value()).toBe('aliasRequired');
    m.send({ type: 'login.dismissDialog' });
    expect(m.value()).toBe('editing');
    expect(m.ctx().fieldErrors).toEqual({});
  });

  it('Forgot PIN? with an alias ends in recovering with the trimmed alias as output', () => {
    const m = start();
    m.send({ type: 'login.aliasChanged', value: ' noor.rain  ' });
    m.send({ type: 'login.forgotPin' });
    expect(m.value()).toBe('recovering');
    expect(m.login.getSnapshot().status).toBe('done');
    expect(m.login.getSnapshot().output).toEqual({ alias: 'noor.rain' });
    expect(m.logins).toHaveLength(0);
    // and hands the alias to recovery, once
    expect(m.asked).toEqual(['startRecovery noor.rain']);
  });
});
