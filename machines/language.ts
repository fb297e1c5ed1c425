import { assign, fromPromise, setup } from 'xstate';
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

export const languageMachine = setup({
  types: {} as {
    context: LanguageContext;
    input: { saved: string | null };
    events:
      | { type: 'language.change'; locale: Locale }
      | { type: 'language.toggle' }
      | { type: 'language.retry' }
      | { type: 'language.require'; bundle: string };
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
  },
  guards: {
    isOtherLocale: ({ context, event }) =>
      event.type === 'language.change' && event.locale !== context.locale,
    isNewBundle: ({ context, event }) =>
      event.type === 'language.require' && !context.bundles.includes(event.bundle),
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
      invoke: {
        src: 'loadMessages',
        input: ({ context }) => ({ locale: context.locale, bundles: context.bundles }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ messages: ({ event }) => event.output }),
            { type: 'applyDocumentLanguage', params: ({ context }) => ({ locale: context.locale }) },
          ],
        },
        onError: [
          {
            // the saved language could not load: fall back to the default one
            guard: ({ context }) => context.locale !== DEFAULT_LOCALE,
            target: 'loading',
            reenter: true,
            actions: assign({ locale: DEFAULT_LOCALE, error: 'LANGUAGE_LOAD_FAILED' }),
          },
          { target: 'failed', actions: assign({ error: 'LANGUAGE_LOAD_FAILED' }) },
        ],
      },
    },
    ready: {
      on: {
        'language.change': {
          guard: 'isOtherLocale',
          target: 'switching',
          actions: assign({ pending: ({ event }) => event.locale, error: null }),
        },
        'language.toggle': {
          target: 'switching',
          actions: assign({ pending: ({ context }) => (context.locale === 'ar' ? 'en' : 'ar'), error: null }),
        },
        'language.require': {
          guard: 'isNewBundle',
          target: 'extending',
          actions: assign({
            requested: ({ event }) => event.bundle,
            failedBundle: null,
            error: null,
          }),
        },
      },
    },
    extending: {
      invoke: {
        src: 'loadBundle',
        input: ({ context }) => ({ locale: context.locale, bundle: context.requested ?? '' }),
        onDone: {
          target: 'ready',
          actions: assign({
            messages: ({ context, event }) => ({ ...context.messages, ...event.output }),
            bundles: ({ context }) => [...context.bundles, context.requested ?? ''],
            requested: null,
          }),
        },
        onError: {
          target: 'ready',
          actions: assign({
            failedBundle: ({ context }) => context.requested,
            requested: null,
          }),
        },
      },
    },
    switching: {
      invoke: {
        src: 'loadMessages',
        input: ({ context }) => ({ locale: context.pending ?? context.locale, bundles: context.bundles }),
        onDone: {
          target: 'ready',
          actions: [
            assign({
              locale: ({ context }) => context.pending ?? context.locale,
              messages: ({ event }) => event.output,
              pending: null,
            }),
            { type: 'applyDocumentLanguage', params: ({ context }) => ({ locale: context.locale }) },
            { type: 'persistLanguage', params: ({ context }) => ({ locale: context.locale }) },
          ],
        },
        onError: { target: 'ready', actions: assign({ pending: null, error: 'LANGUAGE_LOAD_FAILED' }) },
      },
    },
    failed: {
      on: { 'language.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
  },
});
