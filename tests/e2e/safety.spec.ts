/**
 * Staying safe in Chromium: Quick exit (button, Shift+Escape, three Escapes) leaves no way Back to
 * the site after several in-app pages; discreet mode's tab title survives a reload; the safety strip
 * fits small phones; axe on /safeguarding in both languages.
 *
 * The neutral site: serve.mjs sets QUICK_EXIT_URL=https://neutral.example/weather (a name no network
 * resolves), and each test answers it with page.route, so leaving needs no network and the test sees
 * exactly when the neutral page is asked for.
 */
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { appReady, expectNoAxeViolations, PHONE, phoneTag, useLanguage } from './support';

const NEUTRAL = 'https://neutral.example/weather';

/** Answers the neutral site, noting when it was asked for. */
async function neutralSite(context: BrowserContext) {
  const requestedAt: number[] = [];
  await context.route('https://neutral.example/**', async (route) => {
    requestedAt.push(Date.now());
    await route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Weather</title><h1>Weather today</h1></html>',
    });
  });
  return { requestedAt };
}

/** Opens the home page and walks through three more pages inside the app (each a history entry). */
async function browseSeveralPages(page: Page, labels: { courses: RegExp; safe: RegExp }) {
  await page.goto('/');
  await appReady(page);
  await page.getByRole('contentinfo').getByRole('link', { name: labels.courses }).click();
  await expect(page).toHaveURL(/\/courses$/);
  await page.getByTestId('catalogue-list').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/courses\/[^/]+$/);
  await page.getByRole('contentinfo').getByRole('link', { name: labels.safe }).click();
  await expect(page).toHaveURL(/\/safeguarding$/);
  expect(await page.evaluate(() => history.length)).toBeGreaterThanOrEqual(4);
}

/** On the neutral site, Back never returns to this site. */
async function expectNoWayBack(page: Page, origin: string) {
  await expect(page).toHaveURL(NEUTRAL);
  await expect(page.getByRole('heading', { name: 'Weather today' })).toBeVisible();
  await page.goBack().catch(() => null);
  expect(page.url().startsWith(origin)).toBe(false);
  // and once more, in case there were two steps to take
  await page.goBack().catch(() => null);
  expect(page.url().startsWith(origin)).toBe(false);
}

test.describe('Quick exit', () => {
  test('English, 1280 px: the button hides the page at once and leaves no way Back', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const neutral = await neutralSite(context);
    await browseSeveralPages(page, { courses: /^Courses$/, safe: /^Staying safe$/ });

    const button = page.getByRole('button', { name: 'Quick exit' });
    await expect(button).toHaveAttribute('aria-keyshortcuts', 'Shift+Escape');
    await expect(button).toHaveAccessibleDescription(/Escape three times quickly/);

    // the page says when it went out of sight (a console line with the time)
    const hiddenAt: number[] = [];
    page.on('console', (m) => {
      const at = /^page-hidden:(\d+)$/.exec(m.text());
      if (at) hiddenAt.push(Number(at[1]));
    });
    await page.evaluate(() => {
      new MutationObserver(() => {
        if (document.documentElement.style.visibility === 'hidden') console.log(`page-hidden:${Date.now()}`);
      }).observe(document.documentElement, { attributes: true, attributeFilter: ['style'] });
    });
    await button.click();
    await expect(page).toHaveURL(NEUTRAL);
    // nothing of the page was visible by the time the neutral site was even asked for
    expect(hiddenAt.length).toBeGreaterThan(0);
    expect(neutral.requestedAt).toHaveLength(1);
    expect(hiddenAt[0]).toBeLessThanOrEqual(neutral.requestedAt[0]);
    await expectNoWayBack(page, baseURL!);
  });

  test('Arabic, 390 px: three Escapes leave; the strip fits the phone', { tag: PHONE }, async ({
    page,
    context,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await useLanguage(context, 'ar');
    await neutralSite(context);
    await browseSeveralPages(page, { courses: /^الدورات$/, safe: /^سلامتكِ$/ });
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const bar = page.getByTestId('safety-bar');
    await expect(bar.getByRole('button', { name: 'خروج سريع' })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // one Escape (closing something) does nothing; three in a row leave
    await page.keyboard.press('Escape');
    await page.waitForTimeout(1200);
    await expect(page).toHaveURL(/\/safeguarding$/);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expectNoWayBack(page, baseURL!);
  });

  test('Shift+Escape leaves from a page reached inside the app, even after a reload', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await neutralSite(context);
    await browseSeveralPages(page, { courses: /^Courses$/, safe: /^Staying safe$/ });
    await page.reload();
    await appReady(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await page.keyboard.press('Shift+Escape');
    await expectNoWayBack(page, baseURL!);
  });
});

test.describe('Discreet mode', () => {
  test('English, 1280 px: neutral tab title and icon on every page, kept across a reload, then off', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/safeguarding');
    await appReady(page);
    await expect(page).toHaveTitle('Staying safe · Amina');
    const toggle = page.getByRole('checkbox', { name: 'Discreet mode' });
    await expect(toggle).not.toBeChecked();
    await page.getByTestId('discreet-switch').click();
    await expect(toggle).toBeChecked();
    await expect(page).toHaveTitle('Notes');
    await expect(page.locator('link[rel~="icon"]')).toHaveAttribute('href', '/favicon-neutral.svg');
    // another page sets its own title: the tab keeps the neutral one
    await page
      .getByRole('banner')
      .getByRole('link', { name: /^Courses$/ })
      .click();
    await expect(page.getByTestId('catalogue-list')).toBeVisible();
    await expect(page).toHaveTitle('Notes');
    expect(await page.evaluate(() => localStorage.getItem('discreet'))).toBe('1');

    // before the app starts, the boot script has already made the tab neutral
    const titles: string[] = [];
    page.on('domcontentloaded', async () => titles.push(await page.title()));
    await page.reload();
    await expect.poll(() => titles.length).toBe(1);
    expect(titles[0]).toBe('Notes');
    await appReady(page);
    await expect(page).toHaveTitle('Notes');
    await expect(page.locator('link[rel~="icon"]')).toHaveAttribute('href', '/favicon-neutral.svg');
    await expect(toggle).toBeChecked();

    await page.getByTestId('discreet-switch').click();
    await expect(toggle).not.toBeChecked();
    await expect(page).toHaveTitle('Courses · Amina');
    await expect(page.locator('link[rel~="icon"]')).toHaveAttribute('href', '/favicon.svg');
    expect(await page.evaluate(() => localStorage.getItem('discreet'))).toBeNull();
  });

  test('Arabic, 390 px: the neutral title is Arabic and survives a reload', { tag: PHONE }, async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await useLanguage(context, 'ar');
    await page.goto('/faq');
    await appReady(page);
    await page.getByTestId('discreet-switch').click();
    await expect(page.getByRole('checkbox', { name: 'الوضع الخفيّ' })).toBeChecked();
    await expect(page).toHaveTitle('ملاحظات');
    await page.reload();
    await appReady(page);
    await expect(page).toHaveTitle('ملاحظات');
    await expect(page.getByRole('checkbox', { name: 'الوضع الخفيّ' })).toBeChecked();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test('the safety strip fits a 320 px phone in both languages, Quick exit in view', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  for (const locale of ['en', 'ar'] as const) {
    await context.addInitScript((l) => localStorage.setItem('language', l), locale);
    await page.goto('/safeguarding');
    await appReady(page);
    await expect(page.getByTestId('quick-exit')).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    // still there after scrolling: the strip stays with the header
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await expect(page.getByTestId('quick-exit')).toBeInViewport({ ratio: 1 });
  }
});

test.describe('Safeguarding page', () => {
  for (const [locale, width, title] of [
    ['en', 1280, 'Staying safe'],
    ['ar', 390, 'سلامتكِ وخصوصيتكِ'],
  ] as const) {
    test(`${locale} at ${width} px: the page, its shortcut text and axe`, { tag: phoneTag(width) }, async ({
      page,
      context,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await useLanguage(context, locale);
      await page.goto('/safeguarding');
      await appReady(page);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.locator('#quick-exit')).toContainText('Esc');
      await expect(page.locator('#quick-exit')).toContainText('Shift');
      await expectNoAxeViolations(page);
    });
  }
});
