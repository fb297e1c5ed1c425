import { type ActorRef, assign, emit, enqueueActions, fromPromise, type Snapshot, setup } from 'xstate';
import { type AppError, toAppError, type User } from './types';

/**
 * Authentication state (spec §3, §4, §6).
 * - Initial state is signed out; the root sends `session.initialise` on start, which restores a
 *   session only when the `authToken` cookie and `userData` both exist and the user has an id or userid.
 *   Stored data that is present but unusable (invalid, or one half without the other, as when the
 *   cookie has expired) is removed, so nothing of hers stays on the device; then signed out.
 * - `session.login` and `session.register` invoke the API; the form that asked may pass `replyTo`
 *   to hear the outcome. Success stores the cookie (7 days) and userData.
 * - `session.logout` revokes the token on the server, then clears cookies and all storage.
 */
export interface StoredSession {
  token: string | undefined;
  userData: string | null;
}

export interface Credentials {
  token: string;
  user: User;
}

export interface LoginInput {
  alias: string;
  pin: string;
}

export type RegistrationInput = Record<string, unknown>;

type Replier = ActorRef<Snapshot<unknown>, SessionReply>;

export type SessionReply =
  | { type: 'session.succeeded'; user: User }
  | { type: 'session.failed'; error: AppError };

export type SessionEvent =
  | { type: 'session.initialise' }
  | { type: 'session.login'; credentials: LoginInput; replyTo?: Replier }
  | { type: 'session.register'; registration: RegistrationInput; replyTo?: Replier }
  | { type: 'session.setCredentials'; token: string; user: User }
  | { type: 'session.updateUser'; user: User }
  | { type: 'session.logout' }
  | { type: 'session.expired' }
  | { type: 'session.dismissError' };

export type SessionEmitted =
  | { type: 'session.signedIn'; via: 'login' | 'register' | 'credentials' }
  | { type: 'session.signedOut'; via: 'logout' | 'expired' };

export interface SessionContext {
  user: User | null;
  token: string | null;
  error: AppError | null;
  replyTo: Replier | null;
}

/** What a valid `userData` record is: JSON of an object with an `id` or `userid`. */
export function parseStoredUser(raw: string | null): User | null {
  if (raw == null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const user = value as User;
    const id = user.id ?? user.userid;
    return (typeof id === 'string' && id.length > 0) || typeof id === 'number' ? user : null;
  } catch {
    return null;
  }
}

export const sessionMachine = setup({
  types: {} as {
    context: SessionContext;
    events: SessionEvent;
    emitted: SessionEmitted;
  },
  actors: {
    readStoredSession: fromPromise<StoredSession>(async () => ({ token: undefined, userData: null })),
    login: fromPromise<Credentials, LoginInput>(async () => {
      throw { code: 'NOT_PROVIDED' };
    }),
    register: fromPromise<Credentials, RegistrationInput>(async () => {
      throw { code: 'NOT_PROVIDED' };
    }),
    revokeToken: fromPromise<void, { token: string | null }>(async () => {}),
  },
  actions: {
    /** Writes the `authToken` cookie (7 days) and `userData`. */
    storeCredentials: (_, _params: Credentials) => {},
    /** Rewrites `userData` only. */
    storeUser: (_, _params: { user: User }) => {},
    /** Removes the `authToken` cookie and `userData` (used when the stored record is invalid). */
    removeStoredSession: () => {},
    /** Clears every cookie, local storage and session storage (spec §4). */
    clearEverything: () => {},
    /** Takes the member to /login; after an expiry, remembering the page to come back to. */
    goToLogin: (_, _params: { rememberPage: boolean }) => {},
  },
  guards: {
    hasValidStoredSession: ({ event }) => {
      const stored = (event as unknown as { output: StoredSession }).output;
      return !!stored.token && parseStoredUser(stored.userData) !== null;
    },
    /**
     * Anything left over that cannot make a session: an invalid record, or one half without the
     * other (an expired cookie leaves `userData` behind). Nothing of hers stays on the device.
     */
    hasUnusableLeftovers: ({ event }) => {
      const stored = (event as unknown as { output: StoredSession }).output;
      return !!stored.token || stored.userData != null;
    },
  },
}).createMachine({
  id: 'session',
  context: { user: null, token: null, error: null, replyTo: null },
  initial: 'signedOut',
  states: {
    signedOut: {
      on: {
        'session.initialise': 'loading',
        'session.login': {
          target: 'authenticating',
          actions: assign({ error: null, replyTo: ({ event }) => event.replyTo ?? null }),
        },
        'session.register': {
          target: 'registering',
          actions: assign({ error: null, replyTo: ({ event }) => event.replyTo ?? null }),
        },
        'session.setCredentials': {
          target: 'signedIn',
          actions: [
            assign({ token: ({ event }) => event.token, user: ({ event }) => event.user, error: null }),
            { type: 'storeCredentials', params: ({ event }) => ({ token: event.token, user: event.user }) },
            emit({ type: 'session.signedIn', via: 'credentials' }),
          ],
        },
        'session.dismissError': { actions: assign({ error: null }) },
      },
    },
    loading: {
      invoke: {
        src: 'readStoredSession',
        onDone: [
          {
            guard: 'hasValidStoredSession',
            target: 'signedIn',
            actions: assign({
              token: ({ event }) => event.output.token ?? null,
              user: ({ event }) => parseStoredUser(event.output.userData),
            }),
          },
          { guard: 'hasUnusableLeftovers', target: 'signedOut', actions: 'removeStoredSession' },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut', actions: 'removeStoredSession' },
      },
    },
    authenticating: {
      invoke: {
        src: 'login',
        input: ({ event }) => (event.type === 'session.login' ? event.credentials : { alias: '', pin: '' }),
        onDone: {
          target: 'signedIn',
          actions: [
            assign({ token: ({ event }) => event.output.token, user: ({ event }) => event.output.user }),
            { type: 'storeCredentials', params: ({ event }) => event.output },
            enqueueActions(({ context, enqueue }) => {
              if (context.replyTo && context.user) {
                enqueue.sendTo(context.replyTo, { type: 'session.succeeded', user: context.user });
              }
            }),
            emit({ type: 'session.signedIn', via: 'login' }),
          ],
        },
        onError: {
          target: 'signedOut',
          actions: [
            assign({ error: ({ event }) => toAppError(event.error, 'LOGIN_FAILED') }),
            enqueueActions(({ context, enqueue }) => {
              if (context.replyTo && context.error) {
                enqueue.sendTo(context.replyTo, { type: 'session.failed', error: context.error });
              }
            }),
          ],
        },
      },
    },
    registering: {
      invoke: {
        src: 'register',
        input: ({ event }) => (event.type === 'session.register' ? event.registration : {}),
        onDone: {
          target: 'signedIn',
          actions: [
            assign({ token: ({ event }) => event.output.token, user: ({ event }) => event.output.user }),
            { type: 'storeCredentials', params: ({ event }) => event.output },
            enqueueActions(({ context, enqueue }) => {
              if (context.replyTo && context.user) {
                enqueue.sendTo(context.replyTo, { type: 'session.succeeded', user: context.user });
              }
            }),
            emit({ type: 'session.signedIn', via: 'register' }),
          ],
        },
        onError: {
          target: 'signedOut',
          actions: [
            assign({ error: ({ event }) => toAppError(event.error, 'REGISTER_FAILED') }),
            enqueueActions(({ context, enqueue }) => {
              if (context.replyTo && context.error) {
                enqueue.sendTo(context.replyTo, { type: 'session.failed', error: context.error });
              }
            }),
          ],
        },
      },
    },
    signedIn: {
      entry: assign({ replyTo: null }),
      on: {
        'session.setCredentials': {
          actions: [
            assign({ token: ({ event }) => event.token, user: ({ event }) => event.user }),
            { type: 'storeCredentials', params: ({ event }) => ({ token: event.token, user: event.user }) },
          ],
        },
        'session.updateUser': {
          actions: [
            assign({ user: ({ event }) => event.user }),
            { type: 'storeUser', params: ({ event }) => ({ user: event.user }) },
          ],
        },
        'session.logout': 'signingOut',
        'session.expired': {
          target: 'signedOut',
          actions: [
            assign({ token: null, user: null, error: { code: 'SESSION_EXPIRED' } }),
            'removeStoredSession',
            emit({ type: 'session.signedOut', via: 'expired' }),
            { type: 'goToLogin', params: { rememberPage: true } },
          ],
        },
      },
    },
    signingOut: {
      invoke: {
        src: 'revokeToken',
        input: ({ context }) => ({ token: context.token }),
        // the member leaves either way: a failed revocation must not keep them signed in here
        onDone: 'signedOut',
        onError: 'signedOut',
      },
      exit: [
        assign({ token: null, user: null, error: null }),
        'clearEverything',
        emit({ type: 'session.signedOut', via: 'logout' }),
        { type: 'goToLogin', params: { rememberPage: false } },
      ],
    },
  },
});
