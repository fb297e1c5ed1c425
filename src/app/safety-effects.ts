/**
 * The side effects of the `safety` machine (machines/safety.ts), implemented against the browser:
 * Quick exit (hide the page, leave without a way Back) and discreet mode (neutral tab title and
 * icon, remembered under `discreet`). Page titles go through `setPageTitle`, so a page that sets
 * its title while discreet mode is on keeps the neutral one in the tab.
 */

import type { SafetyEvent } from '../../machines/safety';

/** What the keyboard sends the safety machine. */
type ExitKeyEvent = Extract<SafetyEvent, { type: `safety.${'quickExit' | 'escape'}` }>;

export const DISCREET_KEY = 'discreet';
/** The neutral icon shown in the tab while discreet mode is on (public/). */
export const NEUTRAL_ICON = '/favicon-neutral.svg';
const PRODUCT_ICON = '/favicon.svg';
const NEUTRAL_THEME = '#F4F4F5';
/** The installed app's touch icons (public/icons/, issue 28). */
const TOUCH_ICON = { product: '/icons/apple-touch-icon.png', neutral: '/icons/apple-touch-icon-neutral.png' };
/**
 * Where Quick exit goes when the page does not say (the server writes QUICK_EXIT_URL into the
 * `quick-exit-url` meta tag of every page it serves; only `npm run dev`'s Vite page lacks it).
 */
export const FALLBACK_EXIT_URL = 'https://www.google.com/search?q=weather';
/** history.state key holding how many of this site's entries precede the current one. */
export const DEPTH_KEY = 'aminaDepth';

let discreet = false;
let pageTitle: string | null = null;
/** Set by the app in its language; until then, the server's `discreet-title` meta tag. */
let neutralTitle: string | null = null;

function meta(name: string): HTMLMetaElement | null {
  return document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
}

export function readStoredDiscreet(): string | null {
  try {
    return localStorage.getItem(DISCREET_KEY);
  } catch {
    return null;
  }
}

export function storeDiscreet(on: boolean) {
  try {
    if (on) localStorage.setItem(DISCREET_KEY, '1');
    else localStorage.removeItem(DISCREET_KEY);
  } catch {
    // storage disabled: discreet mode still holds for this visit
  }
}

function pageNeutralTitle(): string {
  const tag = meta('discreet-title');
  return (document.documentElement.lang === 'ar' ? tag?.dataset.ar : tag?.content) || 'Notes';
}

/** Writes the tab title only when it changes (each write replaces the title element's text). */
function titleIs(text: string) {
  if (document.title !== text) document.title = text;
}

function showTitle() {
  if (discreet) titleIs(neutralTitle ?? pageNeutralTitle());
  else if (pageTitle) titleIs(pageTitle);
}

/** Every page title goes through here: the tab shows it, or the neutral title while discreet. */
export function setPageTitle(text: string) {
  pageTitle = text;
  showTitle();
}

/** The neutral title in the current language (lang id `safety.discreet.tabTitle`). */
export function setNeutralTitle(text: string) {
  neutralTitle = text;
  showTitle();
}

export function isDiscreet(): boolean {
  return discreet;
}

/** Sets a head link's address, leaving it alone when it is already that one (no new fetch). */
function linkTo(selector: string, href: string) {
  const link = document.head.querySelector(selector);
  if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
}

/** The installable app's manifest: in this language, neutral or not (the four the build writes). */
export function manifestHref(neutral: boolean, locale: 'en' | 'ar'): string {
  return `/manifest${neutral ? '.neutral' : ''}${locale === 'ar' ? '.ar' : ''}.webmanifest`;
}

/**
 * The manifest in a new language, neutral or not as the page has it now (discreet mode's own, or
 * the boot script's before the first paint when discreet mode was saved).
 */
export function linkManifestIn(locale: 'en' | 'ar') {
  const href = document.head.querySelector('link[rel="manifest"]')?.getAttribute('href') ?? '';
  linkTo('link[rel="manifest"]', manifestHref(href.includes('.neutral'), locale));
}

/**
 * Tab title, icon and browser colour: neutral while discreet, the product's otherwise; so are the
 * web app manifest (in the page's language) and the touch icon a phone installs the app with
 * (issue 28; where browsers keep the name and icon it was installed with: README, Installable app).
 */
export function applyIdentity(on: boolean) {
  discreet = on;
  if (!on && pageTitle === null) pageTitle = document.title;
  linkTo('link[rel~="icon"]', on ? NEUTRAL_ICON : PRODUCT_ICON);
  linkTo('link[rel="manifest"]', manifestHref(on, document.documentElement.lang === 'ar' ? 'ar' : 'en'));
  linkTo('link[rel="apple-touch-icon"]', on ? TOUCH_ICON.neutral : TOUCH_ICON.product);
  const theme = meta('theme-color');
  if (theme) {
    theme.dataset.product ??= theme.content;
    const colour = on ? NEUTRAL_THEME : theme.dataset.product;
    if (theme.content !== colour) theme.content = colour;
  }
  showTitle();
}

/** The neutral site Quick exit opens (QUICK_EXIT_URL, from the server's meta tag). */
export function quickExitUrl(): string {
  const url = meta('quick-exit-url')?.content;
  return url && /^(https?:|data:|about:)/i.test(url) ? url : FALLBACK_EXIT_URL;
}

/** Nothing of the page stays on screen while the neutral site loads. */
export function hidePage() {
  const html = document.documentElement;
  html.style.visibility = 'hidden';
  html.style.background = '#fff';
  document.title = '';
}

function depthOf(state: unknown): number | null {
  const depth = (state as Record<string, unknown> | null)?.[DEPTH_KEY];
  return typeof depth === 'number' && Number.isInteger(depth) && depth >= 0 ? depth : null;
}

/** How many of this site's in-app entries precede the current one in this tab's history. */
export function historyDepth(): number {
  return depthOf(history.state) ?? 0;
}

/**
 * Replaces the site with the neutral one so that Back does not lead into it: the app's own
 * entries (each in-app page is a history entry) are stepped back over first, to the entry the
 * site was opened with, and that one is replaced. Forward entries cannot be reached with Back.
 */
export function leaveSite(url = quickExitUrl()) {
  const depth = historyDepth();
  if (depth === 0) {
    location.replace(url);
    return;
  }
  let gone = false;
  const go = () => {
    if (gone) return;
    gone = true;
    window.removeEventListener('popstate', go);
    location.replace(url);
  };
  window.addEventListener('popstate', go);
  // history.go is asynchronous; if its popstate never comes, leave from wherever we are
  setTimeout(go, 500);
  history.go(-depth);
}

/**
 * Stamps every history entry of the app with its depth (0 for the entry the site was opened
 * with), through wouter's pushState/replaceState events and popstate. A reload keeps the stamp
 * (history.state survives it). Returns the clean-up.
 */
export function trackHistoryDepth(): () => void {
  let depth = depthOf(history.state) ?? 0;
  const stamp = () => {
    // an entry with no stamp is read as depth 0 (historyDepth): the first one needs no write at start
    if ((depthOf(history.state) ?? 0) === depth) return;
    const state = history.state && typeof history.state === 'object' ? history.state : {};
    // replaceState is wouter-patched and dispatches `replaceState`: the check above stops the loop
    history.replaceState({ ...state, [DEPTH_KEY]: depth }, '');
  };
  const onPush = () => {
    depth += 1;
    stamp();
  };
  const onPop = () => {
    depth = depthOf(history.state) ?? 0;
  };
  stamp();
  window.addEventListener('pushState', onPush);
  window.addEventListener('replaceState', stamp);
  window.addEventListener('popstate', onPop);
  return () => {
    window.removeEventListener('pushState', onPush);
    window.removeEventListener('replaceState', stamp);
    window.removeEventListener('popstate', onPop);
  };
}

/**
 * Keyboard: Shift+Escape leaves at once; each plain Escape is counted by the machine (three in a
 * row leave). Listens in the capture phase, so a dialog that stops Escape still lets it be counted;
 * nothing is prevented, so that dialog still closes.
 */
export function listenForExitKeys(send: (event: ExitKeyEvent) => void) {
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || e.repeat || e.isComposing) return;
    if (e.shiftKey) send({ type: 'safety.quickExit' });
    else send({ type: 'safety.escape' });
  };
  window.addEventListener('keydown', onKey, true);
  return () => window.removeEventListener('keydown', onKey, true);
}
