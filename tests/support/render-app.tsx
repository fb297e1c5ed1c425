import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ActorLogic, type AnyActorLogic, fromPromise, type InspectionEvent } from 'xstate';
import { appMachine } from '../../machines/app';
import { cartMachine } from '../../machines/cart';
import { forgotPinMachine } from '../../machines/forgotPin';
import { languageMachine } from '../../machines/language';
import { sessionMachine } from '../../machines/session';
import { App } from '../../src/app/App';
import { RootProvider, startAppActor } from '../../src/app/actors';
import * as effects from '../../src/app/effects';

/**
 * Renders the real app (real machines, real views, real routes) in jsdom with the side effects
 * that leave the page replaced by stubs, supplied with `.provide()` exactly as the root does.
 * Browser storage, cookies and the document language are jsdom's own, so they work for real.
 */
export interface Stubs {
  readStoredSession?: AnyActorLogic;
  login?: AnyActorLogic;
  register?: AnyActorLogic;
  revokeToken?: AnyActorLogic;
  loadMessages?: AnyActorLogic;
  fetchQuestions?: AnyActorLogic;
  verifyAnswers?: AnyActorLogic;
  resetPin?: AnyActorLogic;
}

const notProvided = fromPromise(async () => {
  throw { code: 'NETWORK_ERROR' };
});

export function navigateTo(path: string) {
  window.history.pushState(null, '', path);
}

export function renderApp(
  options: {
    path?: string;
    stubs?: Stubs;
    inspect?: (e: InspectionEvent) => void;
    savedLanguage?: string | null;
  } = {},
) {
  const s = options.stubs ?? {};
  navigateTo(options.path ?? '/');
  const logic = appMachine.provide({
    actors: {
      session: sessionMachine.provide({
        actors: {
          readStoredSession: (s.readStoredSession ?? effects.readStoredSession) as never,
          login: (s.login ?? notProvided) as never,
          register: (s.register ?? notProvided) as never,
          revokeToken: (s.revokeToken ?? fromPromise(async () => {})) as never,
        },
        actions: {
          storeCredentials: (_, p) => effects.storeCredentials(p.token, p.user),
          storeUser: (_, p) => effects.storeUser(p.user),
          removeStoredSession: () => effects.removeStoredSession(),
          clearEverything: () => effects.clearEverything(),
          goToLogin: () => navigateTo('/login'),
        },
      }),
      language: languageMachine.provide({
        actors: { loadMessages: (s.loadMessages ?? effects.loadMessages) as never },
        actions: {
          applyDocumentLanguage: (_, p) => effects.applyDocumentLanguage(p.locale),
          persistLanguage: (_, p) => effects.persistLanguage(p.locale),
        },
      }),
      cart: cartMachine.provide({ actions: { persistCart: (_, p) => effects.persistCart(p) } }),
      forgotPin: forgotPinMachine.provide({
        actors: {
          fetchQuestions: (s.fetchQuestions ?? notProvided) as never,
          verifyAnswers: (s.verifyAnswers ?? notProvided) as never,
          resetPin: (s.resetPin ?? notProvided) as never,
        },
      }),
    },
  });
  const actor = startAppActor(
    logic,
    {
      savedLanguage:
        options.savedLanguage !== undefined ? options.savedLanguage : effects.readSavedLanguage(),
      storedCart: effects.readStoredCart(),
    },
    options.inspect,
  );
  const user = userEvent.setup();
  const view = render(
    <RootProvider actor={actor}>
      <App />
    </RootProvider>,
  );
  return { actor, system: actor.system, user, view, unmount: () => (view.unmount(), actor.stop()) };
}

/** A promise the test settles by hand: the way a model-test event says "the server answered". */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** An actor whose every call waits for the test to settle it: `next()` gives the pending call. */
export function controlledActor<TOutput, TInput = unknown>() {
  const calls: { input: TInput; settle: ReturnType<typeof deferred<TOutput>> }[] = [];
  const logic = fromPromise<TOutput, TInput>(({ input }) => {
    const settle = deferred<TOutput>();
    calls.push({ input, settle });
    return settle.promise;
  });
  return {
    logic: logic as ActorLogic<never, never> as AnyActorLogic,
    calls,
    last: () => calls.at(-1),
    resolve: async (output: TOutput) => {
      await act(async () => calls.at(-1)!.settle.resolve(output));
    },
    reject: async (error: unknown) => {
      await act(async () => calls.at(-1)!.settle.reject(error));
    },
  };
}

/** Clears what a previous test left in jsdom's storage, cookies and document. */
export function resetBrowserState() {
  localStorage.clear();
  sessionStorage.clear();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
}
