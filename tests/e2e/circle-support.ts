import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createIntl } from '@formatjs/intl';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import type { ReportReason } from '../../contract/circle';
import { signInStaff, staffAccount, staffUrl } from './staff-support';
import {
  appReady,
  expectNoAxeViolations,
  PHONE_PROFILE,
  phoneTag,
  registerMember,
  useLanguage as savedLanguage,
  storeSession,
} from './support';

/**
 * Shared set-up of the circle's browser journey (tests/e2e/circle.spec.ts, issue 27): members in
 * their own browser contexts (a real phone for the 390 px runs), the moderator of tests/e2e/
 * staff-support.ts (the `moderator-<locale>` account serve.mjs already creates: no second account),
 * and the few steps other members take through the API to keep a journey short.
 */
export type Locale = 'en' | 'ar';

const root = fileURLToPath(new URL('../..', import.meta.url));
const messages = (locale: Locale) =>
  JSON.parse(readFileSync(`${root}lang/${locale}.json`, 'utf8')) as Record<string, string>;
const intls = {
  en: createIntl({ locale: 'en', messages: messages('en') }),
  ar: createIntl({ locale: 'ar', messages: messages('ar') }),
};
/** A sentence as lang/<locale>.json words it (the screens' own words, so the spec follows them). */
export function t(locale: Locale, id: string, values?: Record<string, string | number>): string {
  if (!(id in intls[locale].messages)) throw new Error(`no message ${id} in ${locale}`);
  return intls[locale].formatMessage({ id }, values);
}

export interface Member {
  alias: string;
  token: string;
  context: BrowserContext;
  page: Page;
}

/** The context's options for a run at `width` px: a phone under 640 px, a desktop window else. */
export function contextOptions(baseURL: string, width: number) {
  const phone = phoneTag(width).length > 0 ? PHONE_PROFILE : {};
  return { ...phone, baseURL, viewport: { width, height: phone === PHONE_PROFILE ? 844 : 900 } };
}

/** A new member (registered through the API, as the other specs do), signed in in her own context. */
export async function newMember(
  browser: Browser,
  request: APIRequestContext,
  baseURL: string,
  locale: Locale,
  width: number,
  prefix: string,
): Promise<Member> {
  const registered = await registerMember(request, uniqueCircleAlias(prefix));
  const context = await browser.newContext(contextOptions(baseURL, width));
  await savedLanguage(context, locale);
  await storeSession(context, baseURL, registered);
  const page = await context.newPage();
  return { alias: registered.alias, token: registered.token, context, page };
}

let counter = 0;
/** Aliases are 3–30 characters: short, unique per run. */
function uniqueCircleAlias(prefix: string) {
  counter += 1;
  return `${prefix}${Date.now() % 1_000_000}${process.pid % 100}${counter}`.slice(0, 30);
}

/** The moderator of this language, signed in, in her own context. */
export async function moderator(browser: Browser, baseURL: string, locale: Locale, width: number) {
  const context = await browser.newContext(contextOptions(baseURL, width));
  const page = await context.newPage();
  await signInStaff(page, staffAccount('moderator', locale));
  return { context, page };
}

export const staffQueueUrl = () => staffUrl('/staff/circle/queue');

/** axe on a circle page once the app has settled. */
export async function axe(page: Page) {
  await appReady(page);
  await expectNoAxeViolations(page);
}

// ------------------------------------------------------------------ other members, through the API

const bearer = (token: string, locale: Locale) => ({
  Authorization: `Bearer ${token}`,
  'Accept-Language': locale,
});

/** A member created only to act through the API (the circle's rules accepted). */
export async function apiMember(request: APIRequestContext, locale: Locale, prefix: string) {
  const member = await registerMember(request, uniqueCircleAlias(prefix));
  const rules = await request.put('/api/circle/me/rules', { headers: bearer(member.token, locale) });
  expect(rules.status(), await rules.text()).toBe(200);
  return member;
}

/** The thread with this title among the newest of a space, as this member sees the list. */
export async function findThread(
  request: APIRequestContext,
  token: string,
  locale: Locale,
  space: string,
  title: string,
) {
  const res = await request.get(`/api/circle/threads?space=${encodeURIComponent(space)}&order=newest`, {
    headers: bearer(token, locale),
  });
  expect(res.status(), await res.text()).toBe(200);
  const page = (await res.json()) as { items: { id: string; title: string }[] };
  return page.items.find((t) => t.title === title) ?? null;
}

/** Reports a post through the API; the server answers 202 { received: true }. */
export async function reportPost(
  request: APIRequestContext,
  token: string,
  locale: Locale,
  postId: string,
  reason: ReportReason,
) {
  const res = await request.post(`/api/circle/posts/${postId}/reports`, {
    headers: bearer(token, locale),
    data: { reason },
  });
  expect(res.status(), await res.text()).toBe(202);
}

// ------------------------------------------------------------------ Quick exit's neutral site

export const NEUTRAL = 'https://neutral.example/weather';

/** Answers the neutral site serve.mjs points Quick exit at (no network needed), as safety.spec.ts does. */
export async function neutralSite(context: BrowserContext) {
  await context.route('https://neutral.example/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Weather</title><h1>Weather today</h1></html>',
    }),
  );
}

/** On the neutral site, and Back does not return to the circle. */
export async function expectLeft(page: Page, origin: string) {
  await expect(page).toHaveURL(NEUTRAL);
  await page.goBack().catch(() => null);
  expect(page.url().startsWith(origin)).toBe(false);
}

/**
 * Clicks a control after bringing it to the middle of the screen: a phone's sticky header (the
 * safety strip and the page's header) covers the top of the page, where an in-app navigation that
 * kept the scroll position may leave the control.
 */
export async function press(target: Locator) {
  await target.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'nearest' }));
  await target.click();
}
