import { expect, test } from '@playwright/test';
import { appReady, expectNoAxeViolations, useLanguage } from './support';

/**
 * The whole public site (issue 9): every page a visitor can reach renders in English at 1280 px and
 * in Arabic at 390 px, with its own title, its heading, no message id showing where words should
 * be, no sideways scroll, and no WCAG 2.2 AA violation; the footer and the phone menu reach them all.
 */
const PAGES = [
  '/',
  '/about',
  '/programs',
  '/partnerships',
  '/faq',
  '/contact',
  '/terms',
  '/privacy',
  '/safeguarding',
  '/careers',
  '/report-a-concern',
  '/community',
  '/menopause',
  '/courses',
  '/articles',
  '/experts',
  '/experts/apply',
] as const;

// a message id shown instead of its words: three or more dotted segments (`site.links.faq`)
const MESSAGE_ID = /\b(?:[a-z][a-zA-Z0-9]*\.){2,}[a-zA-Z0-9_+-]+\b/;

for (const [locale, width] of [
  ['en', 1280],
  ['ar', 390],
] as const) {
  test(`every public page in ${locale} at ${width} px: own title, heading, words, no sideways scroll, axe`, async ({
    page,
    context,
  }) => {
    test.setTimeout(240_000);
    await useLanguage(context, locale);
    await page.setViewportSize({ width, height: 900 });
    const titles = new Set<string>();
    for (const path of PAGES) {
      await page.goto(path);
      await appReady(page);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
      // lazy sections and bundles settle before the words are read
      await page.waitForLoadState('networkidle');
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered words as she reads them, hidden markup excluded
      const text = await page.locator('body').innerText();
      expect(text.match(MESSAGE_ID)?.[0] ?? null, `${path}: a message id instead of words`).toBeNull();
      if (locale === 'ar') expect(text, path).toMatch(/[\u0600-\u06FF]{3,}/);
      const title = await page.title();
      expect(title, path).not.toBe('');
      titles.add(title);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
    }
    expect(titles.size, 'each page has its own title').toBe(PAGES.length);
  });
}

test('the footer links every public page; on a phone the menu does too, and takes her there', async ({
  page,
  context,
}) => {
  await useLanguage(context, 'ar');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await appReady(page);
  const footer = page.getByRole('contentinfo');
  for (const path of PAGES.filter((p) => p !== '/'))
    await expect(footer.locator(`a[href="${path}"]`), path).toHaveCount(1);

  const open = page.getByTestId('site-menu');
  await expect(open).toHaveAccessibleName('فتح القائمة');
  await open.click();
  const drawer = page.getByTestId('site-menu-drawer');
  await expect(drawer).toBeVisible();
  for (const path of PAGES.filter((p) => p !== '/'))
    await expect(drawer.locator(`a[href="${path}"]`), path).toHaveCount(1);
  await expectNoAxeViolations(page);
  // Escape closes it and gives the focus back to the button
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(open).toBeFocused();
  await open.click();
  await page.getByTestId('site-menu-drawer').getByRole('link', { name: 'من نحن' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByTestId('site-menu-drawer')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('من نحن');
  // from lg up the header has room for the main links, and the menu button is gone
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(open).toBeHidden();
});
