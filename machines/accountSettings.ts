import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { AccountProfile, AccountSettings } from '../contract/account-settings';
import { LOADING_STEP } from './load-step';
import type { Avatar, SecurityQuestion } from './signup-rules';
import { type AppError, notProvided, toAppError } from './types';

/**
 * Account Settings, /dashboard/settings (issue 25): the page's loader. It reads her settings
 * (GET /users/me/settings) with what the sections choose from (the avatars, the security
 * questions in her language); the sections (profile, language and documents, PIN, questions,
 * recovery code, devices, her data, deleting the account) read the loaded settings and each runs
 * its own machine. A section that saves tells this one (`settings.profileSaved`,
 * `settings.questionsSaved`), so the others read what the server now holds. A language switch
 * reads the lists again behind the page (their words are in the request's language).
 */
export interface SettingsPageData {
  settings: AccountSettings;
  avatars: Avatar[];
  questions: SecurityQuestion[];
}

export interface AccountSettingsContext {
  data: SettingsPageData | null;
  error: AppError | null;
}

export type AccountSettingsEvent =
  | { type: 'settings.retry' }
  | { type: 'settings.localeChanged' }
  | { type: 'settings.profileSaved'; profile: AccountProfile }
  | { type: 'settings.questionsSaved'; questionIds: string[] };

export const accountSettingsMachine = setup({
  types: {} as { context: AccountSettingsContext; events: AccountSettingsEvent },
  actors: {
    /** GET /users/me/settings, with the avatars and the security questions to choose from. */
    loadSettings: fromPromise<SettingsPageData>(notProvided),
  },
  actions: {
    clearError: assign({ error: null }),
    keepData: assign((_, data: SettingsPageData) => ({ data })),
    setError: assign((_, { error }: { error: unknown }) => ({ error: toAppError(error, 'NETWORK_ERROR') })),
    keepProfile: assign(({ context, event }) => {
      assertEvent(event, 'settings.profileSaved');
      return context.data
        ? { data: { ...context.data, settings: { ...context.data.settings, profile: event.profile } } }
        : {};
    }),
    keepQuestionIds: assign(({ context, event }) => {
      assertEvent(event, 'settings.questionsSaved');
      return context.data
        ? {
            data: {
              ...context.data,
              settings: { ...context.data.settings, questionIds: event.questionIds },
            },
          }
        : {};
    }),
  },
}).createMachine({
  id: 'accountSettings',
  description: 'Her account settings, loaded once for every section of the page.',
  context: { data: null, error: null },
  // a section's save, in whatever state the page is (kept once the settings are in)
  on: {
    'settings.profileSaved': { actions: 'keepProfile' },
    'settings.questionsSaved': { actions: 'keepQuestionIds' },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /users/me/settings, the avatars and the questions; the page shows placeholders.',
      ...LOADING_STEP,
      invoke: {
        src: 'loadSettings',
        onDone: { target: 'loaded', actions: { type: 'keepData', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { 'settings.localeChanged': { target: 'loading', reenter: true } },
    },
    failed: {
      description: 'The settings could not be read: what went wrong, and a retry.',
      tags: ['step:failed'],
      on: { 'settings.retry': 'loading', 'settings.localeChanged': 'loading' },
    },
    loaded: {
      description: 'Every section reads the settings; a section that saves updates them here.',
      tags: ['step:loaded'],
      on: { 'settings.localeChanged': 'refreshing' },
    },
    refreshing: {
      description:
        'The language changed: the questions and avatars are read again in it, the sections staying on the page (a failure keeps the words of before).',
      tags: ['step:loaded'],
      invoke: {
        src: 'loadSettings',
        onDone: { target: 'loaded', actions: { type: 'keepData', params: ({ event }) => event.output } },
        onError: { target: 'loaded' },
      },
      on: { 'settings.localeChanged': { target: 'refreshing', reenter: true } },
    },
  },
});
