import en from 'virtual:messages/en';
import Cookies from 'js-cookie';
import { fromPromise } from 'xstate';
import { LANGUAGE_COOKIE } from '../../contract/cookies';
import type { CartState } from '../../machines/cart';
import type { Messages } from '../../machines/language';
import type { StoredSession } from '../../machines/session';
import type { Locale, User } from '../../machines/types';
import { AUTH_COOKIE, setApiLanguage } from '../api/client';
import { DATA_SAVER_KEY } from './data-saver-effects';
import type { MessageBundle } from './message-bundles';
import { linkManifestIn } from './safety-effects';

/**
 * The side effects the machines name, implemented against the browser (spec §3, §4, §9).
 * Every storage access is guarded: private modes and full disks must not break the app.
 */
export const STORAGE_KEYS = { user: 'userData', cart: 'cart', language: 'language' } as const;
export const TOKEN_DAYS = 7;

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function safeSet(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage full or disabled: the in-memory state stays right for this visit
  }
}

function safeRemove(key: string) {
  try {
    localStorage.removeItem(key);
  } catch {}
}

const secureCookie = () => typeof location !== 'undefined' && location.protocol === 'https:';

export const readSavedLanguage = () => safeGet(STORAGE_KEYS.language);
export const readStoredCart = () => safeGet(STORAGE_KEYS.cart);

export const readStoredSession = fromPromise<StoredSession>(async () => ({
  token: Cookies.get(AUTH_COOKIE),
  userData: safeGet(STORAGE_KEYS.user),
}));

export function storeCredentials(token: string, user: User) {
  Cookies.set(AUTH_COOKIE, token, {
    expires: TOKEN_DAYS,
    sameSite: 'strict',
    secure: secureCookie(),
    path: '/',
  });
  safeSet(STORAGE_KEYS.user, JSON.stringify(user));
}

export function storeUser(user: User) {
  safeSet(STORAGE_KEYS.user, JSON.stringify(user));
}

export function removeStoredSession() {
  Cookies.remove(AUTH_COOKIE, { path: '/' });
  safeRemove(STORAGE_KEYS.user);
}

/**
 * Logout (spec §4): every cookie, localStorage and sessionStorage; the data saver's choice (issue 28)
 * stays, as a preference of this device rather than anything of hers.
 */
export function clearEverything() {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  try {
    const dataSaver = localStorage.getItem(DATA_SAVER_KEY);
    localStorage.clear();
    sessionStorage.clear();
    if (dataSaver !== null) localStorage.setItem(DATA_SAVER_KEY, dataSaver);
  } catch {}
}

/** An empty cart is no cart: the key is removed (so logout, which empties it, leaves nothing behind). */
export function persistCart(cart: CartState) {
  if (cart.itemCount === 0) safeRemove(STORAGE_KEYS.cart);
  else safeSet(STORAGE_KEYS.cart, JSON.stringify(cart));
}

/** Saved under `language` (spec §3), and as a cookie so the server renders her next page in it. */
export function persistLanguage(locale: Locale) {
  safeSet(STORAGE_KEYS.language, locale);
  Cookies.set(LANGUAGE_COOKIE, locale, {
    expires: 365,
    sameSite: 'lax',
    secure: secureCookie(),
    path: '/',
  });
}

/** Arabic: right to left, lang=ar and the Arabic font; English: the reverse (spec §4). */
export function applyDocumentLanguage(locale: Locale) {
  const html = document.documentElement;
  // written only when they change: the server's page already says them, and each write makes the
  // browser look at the whole page's style again (issue 23)
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const font = locale === 'ar' ? 'arabic' : 'latin';
  if (html.lang !== locale) html.lang = locale;
  if (html.dir !== dir) html.dir = dir;
  if (html.dataset.font !== font) html.dataset.font = font;
  // the installable app's manifest in her language, neutral or not as it is (issue 28)
  linkManifestIn(locale);
  setApiLanguage(locale);
}

type MessagesModule = Promise<{ default: Messages }>;

/** Each bundle of each language is its own chunk (see src/app/message-bundles.ts). */
const BUNDLES: Record<Locale, Record<MessageBundle, () => MessagesModule>> = {
  en: {
    signup: () => import('virtual:messages/en/signup'),
    forgot: () => import('virtual:messages/en/forgot'),
    legal: () => import('virtual:messages/en/legal'),
    learning: () => import('virtual:messages/en/learning'),
    home: () => import('virtual:messages/en/home'),
    commerce: () => import('virtual:messages/en/commerce'),
    about: () => import('virtual:messages/en/about'),
    programs: () => import('virtual:messages/en/programs'),
    partnerships: () => import('virtual:messages/en/partnerships'),
    faq: () => import('virtual:messages/en/faq'),
    safeguarding: () => import('virtual:messages/en/safeguarding'),
    careers: () => import('virtual:messages/en/careers'),
    circle: () => import('virtual:messages/en/circle'),
    menopause: () => import('virtual:messages/en/menopause'),
    contact: () => import('virtual:messages/en/contact'),
    concern: () => import('virtual:messages/en/concern'),
    expertApply: () => import('virtual:messages/en/expertApply'),
    experts: () => import('virtual:messages/en/experts'),
    articles: () => import('virtual:messages/en/articles'),
    settings: () => import('virtual:messages/en/settings'),
    staff: () => import('virtual:messages/en/staff'),
    community: () => import('virtual:messages/en/community'),
  },
  ar: {
    signup: () => import('virtual:messages/ar/signup'),
    forgot: () => import('virtual:messages/ar/forgot'),
    legal: () => import('virtual:messages/ar/legal'),
    learning: () => import('virtual:messages/ar/learning'),
    home: () => import('virtual:messages/ar/home'),
    commerce: () => import('virtual:messages/ar/commerce'),
    about: () => import('virtual:messages/ar/about'),
    programs: () => import('virtual:messages/ar/programs'),
    partnerships: () => import('virtual:messages/ar/partnerships'),
    faq: () => import('virtual:messages/ar/faq'),
    safeguarding: () => import('virtual:messages/ar/safeguarding'),
    careers: () => import('virtual:messages/ar/careers'),
    circle: () => import('virtual:messages/ar/circle'),
    menopause: () => import('virtual:messages/ar/menopause'),
    contact: () => import('virtual:messages/ar/contact'),
    concern: () => import('virtual:messages/ar/concern'),
    expertApply: () => import('virtual:messages/ar/expertApply'),
    experts: () => import('virtual:messages/ar/experts'),
    articles: () => import('virtual:messages/ar/articles'),
    settings: () => import('virtual:messages/ar/settings'),
    staff: () => import('virtual:messages/ar/staff'),
    community: () => import('virtual:messages/ar/community'),
  },
};

const isBundle = (name: string): name is MessageBundle => name in BUNDLES.en;

/** A bundle in a language, layered over its English (a missing id shows English, not a raw id). */
export async function bundleMessages(locale: Locale, bundle: string): Promise<Messages> {
  if (!isBundle(bundle)) throw new Error(`Unknown message bundle ${bundle}`);
  const english = (await BUNDLES.en[bundle]()).default;
  return locale === 'en' ? english : { ...english, ...(await BUNDLES[locale][bundle]()).default };
}

/** English core ships with the app; Arabic loads on demand, layered over English; then the bundles. */
export const loadMessages = fromPromise<Messages, { locale: Locale; bundles: string[] }>(
  async ({ input }) => {
    const core = input.locale === 'en' ? en : { ...en, ...(await import('virtual:messages/ar')).default };
    const bundles = await Promise.all(input.bundles.map((b) => bundleMessages(input.locale, b)));
    return Object.assign({}, core, ...bundles);
  },
);

export const loadBundle = fromPromise<Messages, { locale: Locale; bundle: string }>(async ({ input }) =>
  bundleMessages(input.locale, input.bundle),
);

/** /login, with the current page as `next` when the member should come back to it. */
export function loginPath(rememberPage: boolean): string {
  const here = `${location.pathname}${location.search}`;
  return rememberPage && !here.startsWith('/login') ? `/login?next=${encodeURIComponent(here)}` : '/login';
}
