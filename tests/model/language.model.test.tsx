import en from 'virtual:messages/en';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect } from 'vitest';
import { assign, createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { languageMachine, type Messages } from '../../machines/language';
import type { Locale } from '../../machines/types';
import { loadDocument } from '../support/render-app';
import { controlledActor } from '../support/stub-actors';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based test of the interface language (spec §4) on the real app at `/`: the site header's
 * language switch, `<html lang dir data-font>`, the choice saved under `language` and applied on the
 * next load (index.html's inline script before the first paint, then the machine). Loading the
 * messages is a stub the test settles by hand (MESSAGES_LOADED / LOAD_FAILED); it answers with the
 * same precompiled messages the app ships.
 */
type Saved = Locale | null;
/** Whether the privacy page's bundle (`legal`) is in: never asked, loaded, or failed. */
type Legal = 'no' | 'yes' | 'failed';

const languageModel = createMachine({
  id: 'languageModel',
  types: {} as {
    context: { saved: Saved; legal: Legal };
    events:
      | { type: 'OPEN' }
      | { type: 'OPEN_SAVED_AR' }
      | { type: 'MESSAGES_LOADED' }
      | { type: 'LOAD_FAILED' }
      | { type: 'CLICK_SWITCH' }
      | { type: 'TOGGLE' }
      | { type: 'RETRY' }
      | { type: 'RELOAD' }
      | { type: 'VISIT_LEGAL' }
      | { type: 'BUNDLE_LOADED' }
      | { type: 'BUNDLE_FAILED' };
  },
  context: { saved: null, legal: 'no' },
  initial: 'closed',
  states: {
    closed: {
      on: {
        OPEN: 'loadingEn',
        OPEN_SAVED_AR: { target: 'loadingAr', actions: assign({ saved: 'ar' }) },
      },
    },
    loadingEn: { on: { MESSAGES_LOADED: 'readyEn', LOAD_FAILED: 'failed' } },
    // the saved language cannot load: fall back to English (the saved choice is kept)
    loadingAr: { on: { MESSAGES_LOADED: 'readyAr', LOAD_FAILED: 'loadingEn' } },
    readyEn: {
      on: {
        CLICK_SWITCH: 'switchingToAr',
        TOGGLE: 'switchingToAr',
        RELOAD: [
          {
            guard: ({ context }) => context.saved === 'ar',
            target: 'loadingAr',
            actions: assign({ legal: 'no' as Legal }),
          },
          { target: 'loadingEn', actions: assign({ legal: 'no' as Legal }) },
        ],
        // the privacy page needs its own messages: asked for once, when first opened
        VISIT_LEGAL: { guard: ({ context }) => context.legal === 'no', target: 'extendingEn' },
      },
    },
    extendingEn: {
      on: {
        BUNDLE_LOADED: { target: 'readyEn', actions: assign({ legal: 'yes' as Legal }) },
        BUNDLE_FAILED: { target: 'readyEn', actions: assign({ legal: 'failed' as Legal }) },
      },
    },
    readyAr: {
      on: {
        CLICK_SWITCH: 'switchingToEn',
        RELOAD: { target: 'loadingAr', actions: assign({ legal: 'no' as Legal }) },
      },
    },
    switchingToAr: {
      on: {
        MESSAGES_LOADED: { target: 'readyAr', actions: assign({ saved: 'ar' }) },
        LOAD_FAILED: 'readyEn',
      },
    },
    switchingToEn: {
      on: {
        MESSAGES_LOADED: { target: 'readyEn', actions: assign({ saved: 'en' }) },
        LOAD_FAILED: 'readyAr',
      },
    },
    failed: { on: { RETRY: 'loadingEn' } },
  },
});

const model = createTestModel(languageModel);
// the shortest way into every state through each of its incoming transitions
const paths = model.getShortestPaths();

const coverage = new Coverage('language', languageMachine);
const loader = controlledActor<Messages, { locale: Locale; bundles: string[] }>();
const bundleLoader = controlledActor<Messages, { locale: Locale; bundle: string }>();
// the same loaders across a reload (their calls count from the test's start); the language the browser saved
const ui = modelApp({
  coverage,
  savedLanguage: undefined,
  stubs: { loadMessages: () => loader, loadBundle: () => bundleLoader },
});

async function messagesFor(locale: Locale, bundles: string[] = []): Promise<Messages> {
  // what src/app/effects.ts loadMessages answers: the core (English, or Arabic over English) and bundles
  const core = locale === 'en' ? en : { ...en, ...(await import('virtual:messages/ar')).default };
  if (!bundles.includes('legal')) return core;
  const legal =
    locale === 'en'
      ? (await import('virtual:messages/en/legal')).default
      : {
          ...(await import('virtual:messages/en/legal')).default,
          ...(await import('virtual:messages/ar/legal')).default,
        };
  return { ...core, ...legal };
}

function open() {
  loadDocument();
  // sign-in needs only the core messages (the home page would load a bundle of its own)
  return ui.open('/login');
}

const realLanguage = () => ui.app.system.get('language').getSnapshot();
const html = () => document.documentElement;

beforeEach(() => {
  loader.calls.length = 0;
  bundleLoader.calls.length = 0;
});

/** Nothing but the splash while the first messages load (the app renders once they are in). */
function expectLoading(locale: Locale, saved: Saved) {
  expect(realLanguage().matches('loading')).toBe(true);
  expect(realLanguage().context.locale).toBe(locale);
  expect(loader.last()?.input).toEqual({ locale, bundles: [] });
  expect(screen.queryByTestId('language-switch')).toBeNull();
  // index.html's script already set the saved direction: no flash of the wrong one
  const early = saved === 'ar' ? 'ar' : 'en';
  expect(html()).toHaveAttribute('lang', early);
  expect(html()).toHaveAttribute('dir', early === 'ar' ? 'rtl' : 'ltr');
}

async function expectReady(locale: Locale, saved: Saved, legal: Legal) {
  const other = locale === 'ar' ? 'en' : 'ar';
  const button = await screen.findByTestId('language-switch');
  // the switch names the other language in its own script and language
  const name = within(button).getByText(other === 'ar' ? 'العربية' : 'English');
  expect(name.closest('[lang]')).toHaveAttribute('lang', other);
  expect(button).toBeEnabled();
  // the page speaks the language (the header's sign-in link)
  expect(
    screen.getAllByRole('link', { name: locale === 'ar' ? 'تسجيل الدخول' : 'Sign in' }).length,
  ).toBeGreaterThan(0);
  expect(html()).toHaveAttribute('lang', locale);
  expect(html()).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
  expect(html().dataset.font).toBe(locale === 'ar' ? 'arabic' : 'latin');
  expect(localStorage.getItem('language')).toBe(saved);
  expect(realLanguage().matches('ready')).toBe(true);
  expect(realLanguage().context).toMatchObject({ locale, pending: null });
  // the privacy page: its words once its bundle is in, a retry if it failed
  expect(realLanguage().context.bundles).toEqual(legal === 'yes' ? ['legal'] : []);
  if (legal === 'yes')
    expect(
      await screen.findByRole('heading', { level: 1, name: locale === 'ar' ? 'الخصوصية' : 'Privacy' }),
    ).toBeVisible();
  if (legal === 'failed') {
    expect(realLanguage().context.failedBundle).toBe('legal');
    expect(
      await screen.findByRole('button', { name: locale === 'ar' ? 'حاولي مرة أخرى' : 'Try again' }),
    ).toBeVisible();
  }
}

/** The privacy page waits for its bundle: the loader shows, the rest of the page stays. */
function expectExtending() {
  expect(realLanguage().matches('extending')).toBe(true);
  expect(bundleLoader.last()?.input).toEqual({ locale: 'en', bundle: 'legal' });
  expect(screen.getAllByRole('status').length).toBeGreaterThan(0);
  expect(screen.getByTestId('language-switch')).toBeEnabled();
}

/** While the other language loads: the button is busy, the page keeps its language and direction. */
function expectSwitching(from: Locale, to: Locale, saved: Saved, legal: Legal) {
  const button = screen.getByTestId('language-switch');
  expect(button).toHaveAttribute('aria-busy', 'true');
  expect(button).toBeDisabled();
  expect(html()).toHaveAttribute('lang', from);
  expect(html()).toHaveAttribute('dir', from === 'ar' ? 'rtl' : 'ltr');
  expect(localStorage.getItem('language')).toBe(saved);
  expect(realLanguage().matches('switching')).toBe(true);
  expect(realLanguage().context).toMatchObject({ locale: from, pending: to });
  // a switch brings every bundle already in, in the new language
  expect(loader.last()?.input).toEqual({ locale: to, bundles: legal === 'yes' ? ['legal'] : [] });
}

describe('language model on the real app', () => {
  followPaths(
    paths,
    {
      events: {
        OPEN: () => open(),
        OPEN_SAVED_AR: () => {
          localStorage.setItem('language', 'ar');
          return open();
        },
        MESSAGES_LOADED: async () => {
          const call = loader.last()!;
          await loader.resolve(await messagesFor(call.input.locale, call.input.bundles));
        },
        VISIT_LEGAL: async () => {
          await ui.follow('/privacy');
          await waitFor(() => expect(bundleLoader.calls.length).toBeGreaterThan(0));
        },
        BUNDLE_LOADED: async () => {
          await bundleLoader.resolve((await import('virtual:messages/en/legal')).default);
        },
        BUNDLE_FAILED: async () => {
          await bundleLoader.reject(new Error('offline'));
        },
        LOAD_FAILED: async () => {
          await loader.reject(new Error('offline'));
        },
        CLICK_SWITCH: async () => {
          await ui.app.user.click(screen.getByTestId('language-switch'));
        },
        // no view sends `language.toggle` yet (the switch names its target): the real actor API
        TOGGLE: async () => {
          act(() => ui.app.system.get('language').send({ type: 'language.toggle' }));
        },
        // `failed` renders nothing and offers no retry (English ships in the bundle, so it cannot
        // fail in the browser; only a stub reaches it): the real actor API
        RETRY: async () => {
          act(() => ui.app.system.get('language').send({ type: 'language.retry' }));
        },
        RELOAD: () => {
          ui.close();
          return open();
        },
      },
      states: {
        closed: ui.expectClosed,
        loadingEn: (s) => expectLoading('en', s.context.saved),
        loadingAr: (s) => expectLoading('ar', s.context.saved),
        readyEn: (s) => expectReady('en', s.context.saved, s.context.legal),
        readyAr: (s) => expectReady('ar', s.context.saved, s.context.legal),
        extendingEn: () => expectExtending(),
        switchingToAr: (s) => expectSwitching('en', 'ar', s.context.saved, s.context.legal),
        switchingToEn: (s) => expectSwitching('ar', 'en', s.context.saved, s.context.legal),
        failed: async () => {
          await waitFor(() => expect(realLanguage().matches('failed')).toBe(true));
          expect(realLanguage().context.error).toBe('LANGUAGE_LOAD_FAILED');
          expect(screen.queryByTestId('language-switch')).toBeNull();
        },
      },
    },
    20_000,
  );

  coversEveryTransition(coverage);
});
