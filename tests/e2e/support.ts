import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type BrowserContext,
  devices,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';

/**
 * A phone journey: `test(title, { tag: PHONE }, …)` (or `phoneTag(width)` in a loop over screens)
 * runs in the `phone` project of ./playwright.config.ts only, on PHONE_PROFILE, and nowhere else.
 */
export const PHONE = '@phone';
/** The tag for a run at `width` px: a phone below 640 px (the Arabic 390 px runs), else none. */
export const phoneTag = (width: number) => (width < 640 ? [PHONE] : []);
/**
 * A real phone, not a narrow window: Android Chrome's user agent, touch, `isMobile` (the viewport
 * meta applies, overlay scrollbars, window.innerWidth follows the page's width) and 3 device
 * pixels per CSS pixel, at 390 × 844. A context a phone journey makes itself starts from this.
 */
export const PHONE_PROFILE = {
  ...devices['Pixel 7'],
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
};

let counter = 0;
/** A fresh alias per call, unique across workers and runs. */
export function uniqueAlias(prefix = 'member') {
  counter += 1;
  return `${prefix}_${process.pid % 10000}_${Date.now() % 1_000_000}_${counter}`;
}

export const GOOD_PIN = '482913';

export const ANSWERS = [
  { questionId: 'birth_city', answer: 'Alexandria' },
  { questionId: 'favourite_food', answer: 'Mansaf' },
  { questionId: 'childhood_street', answer: 'Palm Street' },
];

/** Registers a member through the real API and returns its credentials. */
export async function registerMember(request: APIRequestContext, alias = uniqueAlias(), pin = GOOD_PIN) {
  const avatars = await (await request.get('/api/p/avatar/all')).json();
  const res = await request.post('/api/users/register/standard', {
    data: {
      alias,
      pin,
      pinConfirm: pin,
      securityAnswers: ANSWERS,
      country: 'JO',
      avatarId: avatars.avatars[0].id,
      ageRange: '25-34',
      isAdult: true,
      acceptTerms: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  return { alias, pin, token: body.token as string, user: body.user as { id: string; alias: string } };
}

/** Signs the browser in the way the app stores a session: the authToken cookie and userData. */
export async function storeSession(
  context: BrowserContext,
  baseURL: string,
  member: { token: string; user: object },
) {
  await context.addCookies([{ name: 'authToken', value: member.token, url: baseURL }]);
  await context.addInitScript((user) => {
    if (!localStorage.getItem('userData')) localStorage.setItem('userData', JSON.stringify(user));
  }, member.user);
}

/** Sets the saved language before the app starts. */
export async function useLanguage(context: BrowserContext, locale: 'en' | 'ar') {
  await context.addInitScript((l) => {
    if (!sessionStorage.getItem('e2e-language-set')) {
      localStorage.setItem('language', l);
      sessionStorage.setItem('e2e-language-set', '1');
    }
  }, locale);
}

/**
 * Chooses an option of an Ark Select by its trigger (by its name, or its place in the list): opens
 * the list, clicks the option once it shows, and checks that the trigger names the choice. On a
 * loaded machine a click can land while the list is still opening and go nowhere; then it opens the
 * list again and chooses again.
 */
export async function chooseOption(page: Page, trigger: Locator, option: string | number) {
  await expect(async () => {
    if ((await trigger.getAttribute('data-state')) !== 'open') await trigger.click();
    const item =
      typeof option === 'number'
        ? page.locator('[role=listbox][data-state=open] [role=option]').nth(option)
        : page.getByRole('option', { name: option });
    await expect(item).toBeVisible({ timeout: 3_000 });
    const label = ((await item.textContent()) ?? '').trim();
    await item.click({ timeout: 3_000 });
    await expect(trigger).toContainText(label, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** Types `name` into an Ark Combobox and picks its option, again if a busy machine lost the click. */
export async function typeAndChoose(page: Page, input: Locator, name: string) {
  await expect(async () => {
    await input.fill(name);
    await page.getByRole('option', { name, exact: true }).click({ timeout: 3_000 });
    await expect(input).toHaveValue(name, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** The card's country, typed in her language in the country combobox, then its option picked. */
const CARD_COUNTRY = { en: 'Jordan', ar: 'الأردن' } as const;

/**
 * Fills the card form (checkout and the booking panel share it) with a sandbox card `number`; the
 * security code is always typed (a decline clears it), the country only when it is not chosen yet.
 */
export async function fillCard(page: Page, locale: 'en' | 'ar', number: string) {
  await page.getByTestId('card-number').fill(number);
  await expect(page.getByTestId('card-number')).toHaveValue(number.replace(/(\d{4})(?=\d)/g, '$1 '));
  await page.getByTestId('card-expiry').fill('12/30');
  await page.getByTestId('card-cvc').fill('123');
  const country = page.getByTestId('card-country');
  if ((await country.inputValue()) !== CARD_COUNTRY[locale])
    await typeAndChoose(page, country, CARD_COUNTRY[locale]);
  await page.getByTestId('card-postal').fill('11118');
}

/** Waits until the splash has left the page. */
export async function appReady(page: Page) {
  await expect(page.locator('.app-splash')).toHaveCount(0, { timeout: 5_000 });
}

/**
 * axe-core, WCAG 2.0/2.1/2.2 A and AA, on the page at rest: first every finite animation and
 * transition ends (a toast growing in clips its 44 px close button for 400 ms, which axe would
 * measure as a small target); endless ones (spinners) are not waited for.
 */
export async function expectNoAxeViolations(page: Page) {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}
