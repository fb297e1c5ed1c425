import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { appMachine } from '../../machines/app';
import { languageMachine } from '../../machines/language';
import { sessionMachine } from '../../machines/session';
import { resolves } from '../support/stub-actors';

function start(stored: { token?: string; userData: string | null }) {
  const logic = appMachine.provide({
    actors: {
      session: sessionMachine.provide({
        actors: {
          readStoredSession: resolves({ token: stored.token, userData: stored.userData }),
        },
      }),
      language: languageMachine.provide({ actors: { loadMessages: resolves({}) } }),
    },
  });
  return createActor(logic, {
    input: { savedLanguage: 'ar', storedCart: '{"items":[{"id":1,"price":50}]}' },
  }).start();
}

describe('app root', () => {
  it('starts every machine under its system id and initialises the session on start', async () => {
    const app = start({ token: 't', userData: '{"id":"u1"}' });
    const session = app.system.get('session');
    expect(session.getSnapshot().value).toBe('loading');
    await new Promise((r) => setTimeout(r, 0));
    expect(session.getSnapshot().value).toBe('signedIn');
    expect(app.system.get('splash').getSnapshot().value).toEqual({ visible: 'waitingForFonts' });
    expect(app.system.get('cart').getSnapshot().context.itemCount).toBe(1);
    expect(app.system.get('language').getSnapshot().context.locale).toBe('ar');
    app.stop();
  });

  it('ends signed out when nothing is stored', async () => {
    const app = start({ userData: null });
    await new Promise((r) => setTimeout(r, 0));
    expect(app.system.get('session').getSnapshot().value).toBe('signedOut');
    app.stop();
  });

  it('empties the cart and tells the open course when a purchase completes (app.purchased)', () => {
    const heard: unknown[] = [];
    const app = createActor(appMachine, {
      input: { savedLanguage: 'en', storedCart: '{"items":[{"id":"a","price":50}]}' },
      inspect: (e) => {
        if (e.type === '@xstate.event' && (e.actorRef as { id?: string }).id === 'courseLifecycle')
          heard.push(e.event);
      },
    }).start();
    expect(app.system.get('cart').getSnapshot().context.itemCount).toBe(1);
    app.send({ type: 'app.purchased', courseIds: ['a'] });
    expect(app.system.get('cart').getSnapshot().context).toEqual({ items: [], total: 0, itemCount: 0 });
    expect(heard).toContainEqual({ type: 'course.purchased', courseIds: ['a'] });
    app.stop();
  });
});
