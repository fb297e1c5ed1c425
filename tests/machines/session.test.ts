import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, waitFor } from 'xstate';
import { appMachine } from '../../machines/app';
import { languageMachine } from '../../machines/language';
import {
  type Credentials,
  parseStoredUser,
  type StoredSession,
  sessionMachine,
} from '../../machines/session';
import { answers, rejects, resolves } from '../support/stub-actors';

const REGISTERED: Credentials = { token: 'reg-token', user: { id: 'new' } };

function startSession(
  opts: {
    stored?: StoredSession;
    login?: (input: { alias: string; pin: string }) => Promise<Credentials>;
    revoke?: () => Promise<void>;
  } = {},
) {
  const calls: string[] = [];
  const logic = sessionMachine.provide({
    actors: {
      readStoredSession: resolves(opts.stored ?? { token: undefined, userData: null }),
      login: opts.login ? answers(opts.login) : rejects({ code: 'X' }),
      register: resolves(REGISTERED),
      revokeToken: answers(async () => opts.revoke?.()),
    },
    actions: {
      storeCredentials: (_, p) => void calls.push(`store:${p.token}:${p.user.id}`),
      storeUser: (_, p) => void calls.push(`storeUser:${p.user.alias}`),
      removeStoredSession: () => void calls.push('remove'),
      clearEverything: () => void calls.push('clearEverything'),
      saveLanguage: (_, p) => void calls.push(`saveLanguage:${p.locale}`),
      goToLogin: (_, p) => void calls.push(p.rememberPage ? 'goToLogin+next' : 'goToLogin'),
      followAccountLanguage: (_, p) => void calls.push(`followAccountLanguage:${p.locale}`),
    },
  });
  const actor = createActor(logic).start();
  const emitted: string[] = [];
  actor.on('*', (e) => void emitted.push(`${e.type}:${e.via}`));
  return { actor, calls, emitted };
}

describe('parseStoredUser', () => {
  it('accepts JSON objects with an id or userid only', () => {
    expect(parseStoredUser('{"id":"a"}')).toEqual({ id: 'a' });
    expect(parseStoredUser('{"userid":7}')).toEqual({ userid: 7 });
    for (const bad of [null, '', 'nope', '[]', '"x"', '{}', '{"id":""}', '{"name":"x"}', 'null']) {
      expect(parseStoredUser(bad)).toBeNull();
    }
  });
});

describe('session machine', () => {
  it('starts signed out', () => {
    expect(startSession().actor.getSnapshot().value).toBe('signedOut');
  });

  it('restores only when the cookie and a valid userData both exist', async () => {
    const ok = startSession({ stored: { token: 'tok', userData: '{"userid":"u1"}' } });
    ok.actor.send({ type: 'session.initialise' });
    expect(ok.actor.getSnapshot().value).toBe('loading');
    await waitFor(ok.actor, (s) => !s.matches('loading'));
    expect(ok.actor.getSnapshot().value).toBe('signedIn');
    expect(ok.actor.getSnapshot().context).toMatchObject({ token: 'tok', user: { userid: 'u1' } });
    expect(ok.calls).toEqual([]);
  });

  it('removes invalid or unparsable stored data', async () => {
    for (const userData of ['{not json', '{"name":"no id"}']) {
      const s = startSession({ stored: { token: 'tok', userData } });
      s.actor.send({ type: 'session.initialise' });
      await waitFor(s.actor, (x) => !x.matches('loading'));
      expect(s.actor.getSnapshot().value).toBe('signedOut');
      expect(s.calls).toEqual(['remove']);
    }
  });

  it('is signed out when either part is missing, and removes the half left behind (an expired cookie leaves userData)', async () => {
    for (const stored of [
      { token: undefined, userData: '{"id":"a"}' },
      { token: 'tok', userData: null },
    ]) {
      const s = startSession({ stored });
      s.actor.send({ type: 'session.initialise' });
      await waitFor(s.actor, (x) => !x.matches('loading'));
      expect(s.actor.getSnapshot().value).toBe('signedOut');
      expect(s.calls).toEqual(['remove']);
    }
  });

  it('removes nothing when nothing is stored', async () => {
    const s = startSession({ stored: { token: undefined, userData: null } });
    s.actor.send({ type: 'session.initialise' });
    await waitFor(s.actor, (x) => !x.matches('loading'));
    expect(s.actor.getSnapshot().value).toBe('signedOut');
    expect(s.calls).toEqual([]);
  });

  it('logs in through the login actor, stores credentials and replies to the asking form', async () => {
    const replies: unknown[] = [];
    const form = createActor(
      createMachine({ on: { '*': { actions: ({ event }) => replies.push(event) } } }),
    ).start();
    const { actor, calls, emitted } = startSession({
      login: async ({ alias, pin }) => ({ token: `t-${alias}-${pin}`, user: { id: 'u1', alias } }),
    });
    actor.send({ type: 'session.login', credentials: { alias: 'noor', pin: '482913' }, replyTo: form });
    expect(actor.getSnapshot().value).toBe('authenticating');
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(calls).toEqual(['store:t-noor-482913:u1', 'followAccountLanguage:null']);
    expect(emitted).toEqual(['session.signedIn:login']);
    expect(replies).toEqual([{ type: 'session.succeeded', user: { id: 'u1', alias: 'noor' } }]);
  });

  it('after a sign-in, hands on the language her account keeps (one the app speaks); not after sign-up', async () => {
    for (const [language, expected] of [
      ['ar', 'ar'],
      ['en', 'en'],
      ['fr', 'null'],
    ] as const) {
      const { actor, calls } = startSession({
        login: async () => ({ token: 't', user: { id: 'u1', language } }),
      });
      actor.send({ type: 'session.login', credentials: { alias: 'noor', pin: '482913' } });
      await waitFor(actor, (s) => s.matches('signedIn'));
      expect(calls).toContain(`followAccountLanguage:${expected}`);
    }
    const { actor, calls } = startSession();
    actor.send({ type: 'session.register', registration: { alias: 'noor' } });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(calls.some((c) => c.startsWith('followAccountLanguage'))).toBe(false);
  });

  it('keeps the error code when login fails and clears it on the next attempt', async () => {
    const login = vi.fn().mockRejectedValueOnce({ code: 'TOO_MANY_ATTEMPTS', retryAfter: 60 });
    login.mockRejectedValueOnce(new Error('network'));
    const { actor } = startSession({ login });
    actor.send({ type: 'session.login', credentials: { alias: 'a', pin: '1' } });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actor.getSnapshot().context.error).toEqual({ code: 'TOO_MANY_ATTEMPTS', retryAfter: 60 });
    actor.send({ type: 'session.login', credentials: { alias: 'a', pin: '1' } });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actor.getSnapshot().context.error).toEqual({ code: 'LOGIN_FAILED' });
    actor.send({ type: 'session.dismissError' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('registers through the register actor', async () => {
    const { actor, calls, emitted } = startSession();
    actor.send({ type: 'session.register', registration: { alias: 'noor' } });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(calls).toEqual(['store:reg-token:new']);
    expect(emitted).toEqual(['session.signedIn:register']);
  });

  it('logout revokes the token, then clears everything and goes to /login even if revocation fails', async () => {
    for (const revoke of [async () => {}, async () => Promise.reject(new Error('offline'))]) {
      const { actor, calls, emitted } = startSession({ revoke });
      actor.send({ type: 'session.setCredentials', token: 'tok', user: { id: 'u' } });
      expect(actor.getSnapshot().value).toBe('signedIn');
      actor.send({ type: 'session.logout' });
      expect(actor.getSnapshot().value).toBe('signingOut');
      await waitFor(actor, (s) => s.matches('signedOut'));
      expect(actor.getSnapshot().context).toMatchObject({ token: null, user: null });
      expect(calls).toEqual(['store:tok:u', 'clearEverything', 'goToLogin']);
      expect(emitted).toEqual(['session.signedIn:credentials', 'session.signedOut:logout']);
    }
  });

  it('logout clears everything, then saves the language she was using (Arabic stays Arabic) before /login', async () => {
    for (const saved of ['ar', 'en'] as const) {
      const calls: string[] = [];
      const app = createActor(
        appMachine.provide({
          actors: {
            session: sessionMachine.provide({
              actions: {
                storeCredentials: () => {},
                clearEverything: () => void calls.push('clearEverything'),
                saveLanguage: (_, p) => void calls.push(`saveLanguage:${p.locale}`),
                goToLogin: () => void calls.push('goToLogin'),
              },
            }),
            language: languageMachine.provide({
              actors: { loadMessages: resolves({}) },
              actions: { persistLanguage: (_, p) => void calls.push(`persistLanguage:${p.locale}`) },
            }),
          },
        }),
        { input: { savedLanguage: saved, storedCart: null } },
      ).start();
      const session = app.system.get('session');
      await waitFor(app.system.get('language'), (s) => s.matches('ready'));
      await waitFor(session, (s) => s.matches('signedOut'));
      session.send({ type: 'session.setCredentials', token: 'tok', user: { id: 'u' } });
      session.send({ type: 'session.logout' });
      await waitFor(session, (s) => s.matches('signedOut'));
      // the language she was using is written back after the clearing, not before
      expect(calls).toEqual(['clearEverything', `saveLanguage:${saved}`, 'goToLogin']);
      expect(app.system.get('language').getSnapshot().context.locale).toBe(saved);
      app.stop();
    }
  });

  it('an expired token signs the member out with a reason', () => {
    const { actor, calls } = startSession();
    actor.send({ type: 'session.setCredentials', token: 'tok', user: { id: 'u' } });
    actor.send({ type: 'session.updateUser', user: { id: 'u', alias: 'renamed' } });
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.error).toEqual({ code: 'SESSION_EXPIRED' });
    expect(calls).toEqual(['store:tok:u', 'storeUser:renamed', 'remove', 'goToLogin+next']);
  });
});
