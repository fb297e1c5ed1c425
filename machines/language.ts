import { assertEvent, assign, enqueueActions, fromPromise, not, setup } from 'xstate';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './types';

/**
 * Interface language (spec §4). English messages ship with the app; other languages load on
 * demand, and the document switches direction only once their messages are in, so a member
 * never sees Arabic layout with English text. The choice is persisted under `language`.
 *
 * Messages come in bundles: the core (shell, sign-in, errors) loads with the language; a screen
 * that needs more (sign-up, recovery, learning…) asks for its bundle with `language.require`
 * before it renders (`extending`). A language switch loads the core and every bundle already in.
 */
export type Messages = Record<string, unknown>;

export interface LanguageContext {
  locale: Locale;
  pending: Locale | null;
  messages: Messages | null;
  error: string | null;
  /** Bundles whose messages are in `messages`. */
  bundles: string[];
  /** The bundle being added (extending). */
  requested: string | null;
  /** The last bundle that failed to load: its screen offers a retry instead of asking again. */
  failedBundle: string | null;
}

export function parseLocale(value: unknown): Locale | null {
  return LOCALES.includes(value as Locale) ? (value as Locale) : null;
}

export type LanguageEvent =
  | { type: 'language.change'; locale: Locale }
  | { type: 'language.toggle' }
  | { type: 'language.retry' }
  | { type: 'language.require'; bundle: string };

const LOAD_FAILED = 'LANGUAGE_LOAD_FAILED';

/** What the language machine reads of the session's snapshot: whether a member is signed in. */
type SessionLike = { matches?: (state: string) => boolean };

export const languageMachine = setup({
  types: {} as {
    context: LanguageContext;
    input: { saved: string | null };
    events: LanguageEvent;
  },
  actors: {
    /** The language's core messages and those of the given bundles, English layered below. */
    loadMessages: fromPromise<Messages, { locale: Locale; bundles: string[] }>(async () => {
      throw new Error('loadMessages must be provided');
    }),
    /** One more bundle of the current language. */
    loadBundle: fromPromise<Messages, { locale: Locale; bundle: string }>(async () => {
      throw new Error('loadBundle must be provided');
    }),
  },
  actions: {
    /** Sets lang, dir and the font of the page (spec §4). */
    applyDocumentLanguage: (_, _params: { locale: Locale }) => {},
    /** Saves the choice under `language`. */
    persistLanguage: (_, _params: { locale: Locale }) => {},
    /** Keeps her choice on her account (PUT /users/me/preferences), so it follows her to a new device. */
    saveLanguageOnServer: (_, _params: { locale: Locale }) => {},
    /**
     * After a switch: when a member is signed in (the session machine, system id `session`, is in
     * `signedIn`), her account keeps the language too (issue 25). Type arguments spelled out as in
     * the session machine: it enqueues only `saveLanguageOnServer`.
     */
    rememberOnAccount: enqueueActions<
      LanguageContext,
      LanguageEvent,
      undefined,
      LanguageEvent,
      never,
      { type: 'saveLanguageOnServer'; params: { locale: Locale } },
      never,
      never,
      never
    >(({ context, system, enqueue }) => {
      const session = system.get('session')?.getSnapshot() as SessionLike | undefined;
      if (session?.matches?.('signedIn'))
        enqueue({ type: 'saveLanguageOnServer', params: { locale: context.locale } });
    }),
    keepMessages: assign((_, messages: Messages) => ({ messages })),
    fallBackToDefault: assign({ locale: DEFAULT_LOCALE, error: LOAD_FAILED }),
    failLoading: assign({ error: LOAD_FAILED }),
    clearError: assign({ error: null }),
    askToSwitch: assign({
      pending: ({ event }) => {
        assertEvent(event, 'language.change');
        return event.locale;
      },
      error: null,
    }),
    askToToggle: assign({ pending: ({ context }) => (context.locale === 'ar' ? 'en' : 'ar'), error: null }),
    /** The messages of the pending language are in: it is the language now. */
    switchToPending: assign(({ context }, messages: Messages) => ({
      locale: context.pending ?? context.locale,
      messages,
      pending: null,
    })),
    dropPending: assign({ pending: null, error: LOAD_FAILED }),
    askForBundle: assign({
      requested: ({ event }) => {
        assertEvent(event, 'language.require');
        return event.bundle;
      },
      failedBundle: null,
      error: null,
    }),
    addBundle: assign(({ context }, messages: Messages) => ({
      messages: { ...context.messages, ...messages },
      bundles: [...context.bundles, context.requested ?? ''],
      requested: null,
    })),
    /** Its screen offers a retry instead of asking again. */
    noteFailedBundle: assign(({ context }) => ({ failedBundle: context.requested, requested: null })),
  },
  guards: {
    isDefaultLocale: ({ context }) => context.locale === DEFAULT_LOCALE,
    isOtherLocale: ({ context, event }) => {
      assertEvent(event, 'language.change');
      return event.locale !== context.locale;
    },
    isNewBundle: ({ context, event }) => {
      assertEvent(event, 'language.require');
      return !context.bundles.includes(event.bundle);
    },
  },
}).createMachine({
  id: 'language',
  context: ({ input }) => ({
    locale: parseLocale(input.saved) ?? DEFAULT_LOCALE,
    pending: null,
    messages: null,
    error: null,
    bundles: [],
    requested: null,
    failedBundle: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description:
        "Loads the messages of her saved language (the default one if those fail), then sets the page's language and direction.",
      invoke: {
        src: 'loadMessages',
        input: ({ context }) => ({ locale: context.locale, bundles: context.bundles }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'keepMessages', params: ({ event }) => event.output },
            { type: 'applyDocumentLanguage', params: ({ context }) => ({ locale: context.locale }) },
          ],
        },
        onError: [
          // the saved language could not load: fall back to the default one
          { guard: not('isDefaultLocale'), target: 'loading', reenter: true, actions: 'fallBackToDefault' },
          { target: 'failed', actions: 'failLoading' },
        ],
      },
    },
    ready: {
      description: 'The messages are in; she can switch language, and a screen can ask for its bundle.',
      on: {
        'language.change': { guard: 'isOtherLocale', target: 'switching', actions: 'askToSwitch' },
        'language.toggle': { target: 'switching', actions: 'askToToggle' },
        'language.require': { guard: 'isNewBundle', target: 'extending', actions: 'askForBundle' },
      },
    },
    extending: {
      description:
        'Loads one more bundle of messages a screen asked for (its screen offers a retry if it fails).',
      invoke: {
        src: 'loadBundle',
        input: ({ context }) => ({ locale: context.locale, bundle: context.requested ?? '' }),
        onDone: { target: 'ready', actions: { type: 'addBundle', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: 'noteFailedBundle' },
      },
    },
    switching: {
      description:
        "Loads the other language's messages; the page switches only once they are in (and a signed-in member's account keeps the choice).",
      invoke: {
        src: 'loadMessages',
        input: ({ context }) => ({ locale: context.pending ?? context.locale, bundles: context.bundles }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'switchToPending', params: ({ event }) => event.output },
            { type: 'applyDocumentLanguage', params: ({ context }) => ({ locale: context.locale }) },
            { type: 'persistLanguage', params: ({ context }) => ({ locale: context.locale }) },
            'rememberOnAccount',
          ],
        },
        onError: { target: 'ready', actions: 'dropPending' },
      },
    },
    failed: {
      description: 'Not even the default messages could load; she can retry.',
      on: { 'language.retry': { target: 'loading', actions: 'clearError' } },
    },
  },
});
