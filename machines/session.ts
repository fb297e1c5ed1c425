/**
 * One statechart pasted whole into the Stately editor (about 300 lines; its types and rules are already
 * in session-rules.ts). Authentication state (spec §3, §4, §6). Each state's `description` says what it stands for;
 * docs/machines/session.md draws the chart. The root sends `session.initialise` on start. Stored
 * data that is present but unusable (invalid, or one half without the other, as when the cookie has
 * expired) is removed, so nothing of hers stays on the device. The form that asks to sign in or
 * register may pass `replyTo` to hear the outcome. Signing out keeps the language she was using
 * (`language` and its cookie), so the sign-in page that follows, a reload of it and the server's next
 * render stay in her language. Its types and rules are in session-rules.ts (re-exported here).
 */
import { assertEvent, assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import {
  type Credentials,
  type LoginInput,
  parseStoredUser,
  type RegistrationInput,
  type SessionContext,
  type SessionEmitted,
  type SessionEvent,
  type StoredSession,
} from './session-rules';
import {
  type AppError,
  type ErrorCode,
  LOCALES,
  type Locale,
  notProvided,
  toAppError,
  type User,
} from './types';

export * from './session-rules';

/**
 * Signing in and registering end the same way: signed in with the credentials stored, or the
 * failure kept (with the code of its kind when it has none of its own); the form that asked is
 * told either way.
 */
const credentialsOf = ({ event }: { event: { output: Credentials } }) => event.output;
/** The language her account keeps (issue 25), when it is one the app speaks. */
const accountLanguageOf = ({ event }: { event: { output: Credentials } }) => {
  const locale = event.output.user.language;
  return { locale: LOCALES.includes(locale as Locale) ? (locale as Locale) : null };
};
const signedInVia = (via: 'login' | 'register') =>
  ({
    target: 'signedIn',
    actions: [
      { type: 'keepCredentials', params: credentialsOf },
      { type: 'storeCredentials', params: credentialsOf },
      { type: 'reply', params: credentialsOf },
      { type: 'tellSignedIn', params: { via } },
      ...(via === 'login' ? [{ type: 'followAccountLanguage', params: accountLanguageOf } as const] : []),
    ],
  }) as const;
const refusedAs = (fallback: ErrorCode) => {
  const failure = ({ event }: { event: { error: unknown } }) => ({
    error: toAppError(event.error, fallback),
  });
  return {
    target: 'signedOut',
    actions: [
      { type: 'keepError', params: failure },
      { type: 'reply', params: failure },
    ],
  } as const;
};

export const sessionMachine = setup({
  types: {} as {
    context: SessionContext;
    events: SessionEvent;
    emitted: SessionEmitted;
  },
  actors: {
    readStoredSession: fromPromise<StoredSession>(async () => ({ token: undefined, userData: null })),
    login: fromPromise<Credentials, LoginInput>(notProvided),
    register: fromPromise<Credentials, RegistrationInput>(notProvided),
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
    /** Saves the language under `language` and in its cookie (what the language machine saves on a switch). */
    saveLanguage: (_, _params: { locale: Locale }) => {},
    /**
     * After `clearEverything`: saves again the language she is using, read from the language
     * machine (system id `language`), so signing out does not turn the site back to English.
     * Without a language machine in the system (a session on its own) there is nothing to keep.
     * Type arguments spelled out as for `reply`: it enqueues only `saveLanguage`.
     */
    keepLanguage: enqueueActions<
      SessionContext,
      SessionEvent,
      undefined,
      SessionEvent,
      never,
      { type: 'saveLanguage'; params: { locale: Locale } },
      never,
      never,
      never
    >(({ system, enqueue }) => {
      const locale = system.get('language')?.getSnapshot().context?.locale as Locale | undefined;
      if (locale && LOCALES.includes(locale)) enqueue({ type: 'saveLanguage', params: { locale } });
    }),
    /**
     * After a sign-in: a device where she never chose a language takes the one her account keeps,
     * so her language follows her to a new device (a choice made on this device stays).
     */
    followAccountLanguage: (_, _params: { locale: Locale | null }) => {},
    /** After her account is deleted: the home page (the section that deleted it says so). */
    goHome: () => {},
    /** Takes the member to /login; after an expiry, remembering the page to come back to. */
    goToLogin: (_, _params: { rememberPage: boolean }) => {},
    /** A form asks (sign-in, sign-up): no error from before, and who to tell how it went. */
    startAsking: assign(({ event }) => {
      assertEvent(event, ['session.login', 'session.register']);
      return { error: null, replyTo: event.replyTo ?? null };
    }),
    restore: assign((_, stored: StoredSession) => ({
      token: stored.token ?? null,
      user: parseStoredUser(stored.userData),
    })),
    keepCredentials: assign((_, { token, user }: Credentials) => ({ token, user })),
    keepUser: assign((_, { user }: { user: User }) => ({ user })),
    keepError: assign((_, { error }: { error: AppError }) => ({ error })),
    clearError: assign({ error: null }),
    /**
     * Tells the form that asked (if any) how it went: signed in as `user`, or refused with `error`.
     * Its type arguments are spelled out because an enqueueActions inside setup() cannot infer the
     * actions being defined; it enqueues none of them.
     */
    reply: enqueueActions<
      SessionContext,
      SessionEvent,
      { user: User } | { error: AppError },
      SessionEvent,
      never,
      never,
      never,
      never,
      never
    >(({ context, enqueue }, outcome) => {
      if (!context.replyTo) return;
      enqueue.sendTo(
        context.replyTo,
        'user' in outcome
          ? { type: 'session.succeeded', user: outcome.user }
          : { type: 'session.failed', error: outcome.error },
      );
    }),
    forgetAsker: assign({ replyTo: null }),
    expire: assign({ token: null, user: null, error: { code: 'SESSION_EXPIRED' } }),
    forget: assign({ token: null, user: null, error: null }),
    tellSignedIn: emit((_, { via }: { via: 'login' | 'register' | 'credentials' }) => ({
      type: 'session.signedIn' as const,
      via,
    })),
    tellSignedOut: emit((_, { via }: { via: 'logout' | 'expired' | 'deleted' }) => ({
      type: 'session.signedOut' as const,
      via,
    })),
  },
  guards: {
    hasValidStoredSession: (_, stored: StoredSession) =>
      !!stored.token && parseStoredUser(stored.userData) !== null,
    /**
     * Anything left over that cannot make a session: an invalid record, or one half without the
     * other (an expired cookie leaves `userData` behind). Nothing of hers stays on the device.
     */
    hasUnusableLeftovers: (_, stored: StoredSession) => !!stored.token || stored.userData != null,
  },
}).createMachine({
  id: 'session',
  context: { user: null, token: null, error: null, replyTo: null },
  initial: 'signedOut',
  states: {
    signedOut: {
      description: 'No member signed in (also the state on start, before the stored session is read).',
      on: {
        'session.initialise': 'loading',
        'session.login': { target: 'authenticating', actions: 'startAsking' },
        'session.register': { target: 'registering', actions: 'startAsking' },
        'session.setCredentials': {
          target: 'signedIn',
          actions: [
            { type: 'keepCredentials', params: ({ event }) => event },
            { type: 'storeCredentials', params: ({ event }) => ({ token: event.token, user: event.user }) },
            'clearError',
            { type: 'tellSignedIn', params: { via: 'credentials' } },
          ],
        },
        'session.dismissError': { actions: 'clearError' },
      },
    },
    loading: {
      description:
        'Reads the stored session: restored only when the authToken cookie and userData both exist and name a user; unusable leftovers are removed.',
      invoke: {
        src: 'readStoredSession',
        onDone: [
          {
            guard: { type: 'hasValidStoredSession', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: { type: 'restore', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'hasUnusableLeftovers', params: ({ event }) => event.output },
            target: 'signedOut',
            actions: 'removeStoredSession',
          },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut', actions: 'removeStoredSession' },
      },
    },
    authenticating: {
      description: 'The server checks her alias and PIN; the form that asked hears the outcome.',
      invoke: {
        src: 'login',
        input: ({ event }) => {
          assertEvent(event, 'session.login');
          return event.credentials;
        },
        onDone: signedInVia('login'),
        onError: refusedAs('LOGIN_FAILED'),
      },
    },
    registering: {
      description: 'The server creates her account; the form that asked hears the outcome.',
      invoke: {
        src: 'register',
        input: ({ event }) => {
          assertEvent(event, 'session.register');
          return event.registration;
        },
        onDone: signedInVia('register'),
        onError: refusedAs('REGISTER_FAILED'),
      },
    },
    signedIn: {
      description:
        'Signed in, the token stored (cookie, 7 days) with her user data; an expired session or a deleted account signs her out.',
      entry: 'forgetAsker',
      on: {
        'session.setCredentials': {
          actions: [
            { type: 'keepCredentials', params: ({ event }) => event },
            { type: 'storeCredentials', params: ({ event }) => ({ token: event.token, user: event.user }) },
          ],
        },
        'session.updateUser': {
          actions: [
            { type: 'keepUser', params: ({ event }) => event },
            { type: 'storeUser', params: ({ event }) => ({ user: event.user }) },
          ],
        },
        'session.logout': 'signingOut',
        // nothing to revoke: the server ended every session of hers with the account
        'session.accountDeleted': {
          target: 'signedOut',
          actions: [
            'forget',
            'clearEverything',
            'keepLanguage',
            { type: 'tellSignedOut', params: { via: 'deleted' } },
            'goHome',
          ],
        },
        'session.expired': {
          target: 'signedOut',
          actions: [
            'expire',
            'removeStoredSession',
            { type: 'tellSignedOut', params: { via: 'expired' } },
            { type: 'goToLogin', params: { rememberPage: true } },
          ],
        },
      },
    },
    signingOut: {
      description:
        'Revokes the token on the server, then, whatever the answer, clears every cookie and stored key but her language.',
      invoke: {
        src: 'revokeToken',
        input: ({ context }) => ({ token: context.token }),
        // the member leaves either way: a failed revocation must not keep them signed in here
        onDone: 'signedOut',
        onError: 'signedOut',
      },
      exit: [
        'forget',
        'clearEverything',
        'keepLanguage',
        { type: 'tellSignedOut', params: { via: 'logout' } },
        { type: 'goToLogin', params: { rememberPage: false } },
      ],
    },
  },
});
