import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { AccountProfile } from '../../contract/account-settings';
import { accountSettingsMachine, type SettingsPageData } from '../../machines/accountSettings';
import type { ProfileBody } from '../../src/api/settings';
import {
  PROFILE,
  SETTINGS_AVATARS,
  SETTINGS_QUESTIONS,
  settingsData,
  THIS_DEVICE,
} from '../support/settings-fixtures';
import { answers, controlledActor } from '../support/stub-actors';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based test of the Account Settings page's loader (issue 25) on the real page at
 * /dashboard/settings: her settings load (or fail, with a retry), the sections show in the order
 * the brief gives, a language switch reads the questions and avatars again behind the page, and
 * a section's save reaches the page (the header takes her new avatar). Server answers are explicit
 * events; every state check looks at the DOM.
 */
const coverage = new Coverage('accountSettings', accountSettingsMachine);
const ui = modelApp({
  coverage,
  member: true,
  stubs: {
    loadSettings: () => controlledActor<SettingsPageData>(),
    loadDevices: () => answers(async () => ({ devices: [THIS_DEVICE] })),
    saveProfile: () =>
      answers<AccountProfile, ProfileBody>((input) => ({ ...PROFILE, ...input }) as AccountProfile),
    saveAnswers: () => answers(async () => ({ ok: true })),
  },
});
const load = () => ui.stubs.loadSettings;

/** The questions as the server words them in Arabic (a language switch reads them again). */
const ARABIC = settingsData();
ARABIC.questions = SETTINGS_QUESTIONS.map((q) => ({ ...q, text: `${q.text} (بالعربية)` }));

const MY_SECTIONS = ['profile', 'language', 'pin', 'security', 'devices'];

const model = createMachine({
  id: 'accountSettingsModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'loading' } },
    loading: { on: { LOAD_OK: 'loaded', LOAD_FAIL: 'failed', SWITCH_LANGUAGE: 'loadingArabic' } },
    loadingArabic: { on: { LOAD_OK_ARABIC: 'loadedArabic' } },
    failed: { on: { RETRY: 'loadingAgain', SWITCH_LANGUAGE: 'loadingArabic' } },
    loadingAgain: { on: { LOAD_OK: 'loadedAgain' } },
    loadedAgain: {},
    loaded: {
      on: { SWITCH_LANGUAGE: 'refreshing', SAVE_AVATAR: 'avatarSaved', SAVE_QUESTIONS: 'questionsSaved' },
    },
    refreshing: {
      on: { LOAD_OK_ARABIC: 'loadedArabic', LOAD_FAIL: 'refreshFailed', SWITCH_LANGUAGE: 'refreshingAgain' },
    },
    refreshingAgain: { on: { LOAD_OK: 'loadedEnglish' } },
    loadedArabic: {},
    loadedEnglish: {},
    refreshFailed: {},
    avatarSaved: {},
    questionsSaved: {},
  },
});
const paths = createTestModel(model).getSimplePaths();

async function expectLoading(calls: number) {
  const loading = await screen.findByTestId('settings-loading');
  expect(screen.getByTestId('settings')).toHaveAttribute('aria-busy', 'true');
  expect(within(loading).getByRole('status')).toHaveTextContent(ui.t('settings.loading'));
  await waitFor(() => expect(load().calls).toHaveLength(calls));
  expect(screen.queryByTestId('settings-profile')).toBeNull();
}

/** Every section of hers, in order, under the page heading; the "coming soon" state is gone. */
async function expectLoaded(lang: 'en' | 'ar', questionText: (id: string) => string) {
  await screen.findByTestId('settings-profile');
  expect(document.documentElement.lang).toBe(lang);
  expect(screen.getByTestId('settings')).toHaveAttribute('aria-busy', 'false');
  expect(screen.getByRole('heading', { level: 2, name: ui.t('settings.heading') })).toBeInTheDocument();
  expect(screen.getByTestId('page-title')).toHaveTextContent(ui.t('dashboard.sidebar.settings'));
  const sections = [...document.querySelectorAll('[data-testid^="settings-"][aria-labelledby]')].map((s) =>
    s.getAttribute('data-testid')!.replace('settings-', ''),
  );
  expect(sections.filter((s) => MY_SECTIONS.includes(s))).toEqual(MY_SECTIONS);
  for (const name of MY_SECTIONS)
    expect(
      within(screen.getByTestId(`settings-${name}`)).getByRole('heading', { level: 3 }),
    ).toHaveTextContent(ui.t(`settings.${name}.title`));
  expect(screen.queryByText(/coming soon/i)).toBeNull();
  expect(screen.getByTestId('settings-profile')).toHaveTextContent(
    ui.t('settings.profile.intro', { alias: 'noor' }),
  );
  // the security section shows her own questions, in the words of the language she reads
  expect(screen.getByTestId('question-0-trigger')).toHaveTextContent(questionText('birth_city'));
}
const english = (id: string) => SETTINGS_QUESTIONS.find((q) => q.id === id)!.text;
const arabic = (id: string) => ARABIC.questions.find((q) => q.id === id)!.text;

describe('account settings page model on the real page', () => {
  // the page's chunk (its sections, machines and the sign-up parts) compiled once, before the first path
  beforeAll(() => import('../../src/views/settings/SettingsView'), 60_000);

  it('generates paths through every model state', () => expect(paths.length).toBeGreaterThan(7));

  followPaths(
    paths,
    {
      events: {
        OPEN: () => ui.open('/dashboard/settings', { ready: 'settings' }),
        LOAD_OK: () => load().resolve(settingsData()),
        LOAD_OK_ARABIC: () => load().resolve(ARABIC),
        LOAD_FAIL: () => load().reject({ code: 'NETWORK_ERROR' }),
        RETRY: () => ui.press('common.retry'),
        SWITCH_LANGUAGE: () => ui.switchLanguage(),
        SAVE_AVATAR: async () => {
          await ui.app.user.click(screen.getByText(SETTINGS_AVATARS[1].label));
          await ui.press('settings.profile.save');
        },
        SAVE_QUESTIONS: async () => {
          const form = screen.getByTestId('settings-security');
          await ui.app.user.type(within(form).getByTestId('answers-current-pin-input'), '48031759');
          for (const i of [0, 1, 2])
            await ui.app.user.type(
              within(screen.getByTestId(`question-${i}`)).getByRole('textbox'),
              `answer ${i}`,
            );
          await ui.press('settings.security.save');
        },
      },
      states: {
        closed: ui.expectClosed,
        loading: () => expectLoading(1),
        loadingAgain: () => expectLoading(2),
        loadingArabic: async () => {
          await waitFor(() => expect(document.documentElement.lang).toBe('ar'));
          await expectLoading(2);
        },
        failed: async () => {
          const alert = await screen.findByTestId('settings-error');
          expect(alert).toHaveAttribute('role', 'alert');
          expect(alert).toHaveTextContent(ui.t('settings.loadFailed'));
          expect(alert).toHaveTextContent(ui.t('errors.network'));
          expect(within(alert).getByRole('button', { name: ui.t('common.retry') })).toBeEnabled();
          expect(screen.queryByTestId('settings-profile')).toBeNull();
        },
        loaded: () => expectLoaded('en', english),
        loadedAgain: () => expectLoaded('en', english),
        refreshing: async () => {
          // the sections stay while the lists are read again in Arabic
          await waitFor(() => expect(load().calls).toHaveLength(2));
          expect(document.documentElement.lang).toBe('ar');
          expect(screen.getByTestId('settings-profile')).toBeInTheDocument();
          expect(screen.queryByTestId('settings-loading')).toBeNull();
        },
        refreshingAgain: async () => {
          await waitFor(() => expect(load().calls).toHaveLength(3));
          // the first read in Arabic was dropped for the one in English
          expect(load().calls[1].signal.aborted).toBe(true);
          expect(screen.getByTestId('settings-profile')).toBeInTheDocument();
        },
        loadedArabic: () => expectLoaded('ar', arabic),
        loadedEnglish: () => expectLoaded('en', english),
        // the words of before stay, no error where nothing is missing
        refreshFailed: async () => {
          await expectLoaded('ar', english);
          expect(screen.queryByTestId('settings-error')).toBeNull();
        },
        avatarSaved: async () => {
          expect(await screen.findByTestId('profile-saved')).toHaveTextContent(
            ui.t('settings.profile.saved'),
          );
          // the header shows her new avatar at once
          await waitFor(() =>
            expect(
              document.querySelector(`img[src="${SETTINGS_AVATARS[1].url}"][width="36"]`),
            ).not.toBeNull(),
          );
          expect(JSON.parse(localStorage.getItem('userData')!).avatar.id).toBe(SETTINGS_AVATARS[1].id);
        },
        questionsSaved: async () => {
          expect(await screen.findByTestId('answers-saved')).toHaveTextContent(
            ui.t('settings.security.saved'),
          );
          expect(screen.getByTestId('settings-profile')).toBeInTheDocument();
        },
      },
    },
    60_000,
  );

  coversEveryTransition(coverage);
});
