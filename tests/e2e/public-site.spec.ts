import { expect, type Page, test } from '@playwright/test';
import { appReady, expectNoAxeViolations, PHONE, phoneTag, useLanguage } from './support';

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
  test(`every public page in ${locale} at ${width} px: own title, heading, words, no sideways scroll, axe`, {
    tag: phoneTag(width),
  }, async ({ page, context }) => {
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
      // against the screen's width: on a phone window.innerWidth grows with whatever overflows
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
    }
    expect(titles.size, 'each page has its own title').toBe(PAGES.length);
  });
}

const MENU = {
  en: { open: 'Open menu', title: 'Menu', about: 'About us' },
  ar: { open: 'فتح القائمة', title: 'القائمة', about: 'من نحن' },
} as const;

/** What a phone shows with the menu open: the drawer, its title and links, the page behind, body. */
async function openMenuLayout(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element | null) => {
      const r = el?.getBoundingClientRect();
      return r ? { left: r.left, right: r.right, width: r.width, height: r.height } : null;
    };
    const drawer = document.querySelector('[data-testid="site-menu-drawer"]')!;
    const body = getComputedStyle(document.body);
    return {
      screen: document.documentElement.clientWidth,
      scrollWidth: document.documentElement.scrollWidth,
      drawer: box(drawer),
      title: box(drawer.querySelector('h2')),
      titleLineHeight: Number.parseFloat(getComputedStyle(drawer.querySelector('h2')!).lineHeight),
      // a link cut by the drawer's edge, or wrapped to a letter per line, is not fully shown
      cutLinks: [...drawer.querySelectorAll('nav a')]
        .filter((a) => {
          const r = a.getBoundingClientRect();
          const d = drawer.getBoundingClientRect();
          return r.left < d.left - 0.5 || r.right > d.right + 0.5 || a.scrollWidth > a.clientWidth;
        })
        .map((a) => a.textContent),
      links: drawer.querySelectorAll('nav a').length,
      main: box(document.querySelector('main')),
      header: box(document.querySelector('header')),
      padding: [body.paddingInlineStart, body.paddingInlineEnd, body.marginInlineStart, body.marginInlineEnd],
    };
  });
}

/**
 * The phone menu (issue 21), on a real phone (the `phone` project: touch, isMobile, 3 device pixels
 * per CSS pixel), in each language: ☰ is tapped and the drawer covers most of the screen from the
 * inline end, every link whole, the page still drawn behind it, body without a scroll-lock padding;
 * the same at 375 and 412 px; Escape gives the focus back, a link takes her to its page. The footer
 * links every public page as well. In a narrow desktop window the old drawer looked right; on a
 * phone it was 56–92 px wide with body padded by 320 px.
 */
for (const locale of ['en', 'ar'] as const) {
  test(`on a phone the menu opens across the screen and takes her to every page (${locale})`, {
    tag: PHONE,
  }, async ({ page, context }) => {
    await useLanguage(context, locale);
    await page.goto('/');
    await appReady(page);
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    const footer = page.getByRole('contentinfo');
    for (const path of PAGES.filter((p) => p !== '/'))
      await expect(footer.locator(`a[href="${path}"]`), path).toHaveCount(1);

    const open = page.getByTestId('site-menu');
    const drawer = page.getByTestId('site-menu-drawer');
    await expect(open).toHaveAccessibleName(MENU[locale].open);
    for (const width of [375, 412, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await open.tap();
      await expect(drawer).toBeVisible();
      await expect(page.getByRole('dialog', { name: MENU[locale].title })).toBeVisible();
      // at rest once it has slid in: its inline end on the screen's edge
      await expect
        .poll(async () => {
          const b = (await drawer.boundingBox())!;
          return Math.round(locale === 'ar' ? b.x : b.x + b.width);
        })
        .toBe(locale === 'ar' ? 0 : width);
      const at = await openMenuLayout(page);
      const where = `${locale} at ${width} px: ${JSON.stringify(at)}`;
      expect(at.screen, where).toBe(width);
      // designed min(320 px, 85 % of the screen): most of the screen, never wider than it
      expect(at.drawer!.width, where).toBeGreaterThanOrEqual(Math.min(320, 0.85 * width) - 1);
      expect(at.drawer!.width, where).toBeLessThanOrEqual(width);
      expect(at.title!.height, `"${MENU[locale].title}" on one line; ${where}`).toBeLessThan(
        1.5 * at.titleLineHeight,
      );
      expect(at.links, where).toBe(PAGES.length - 1);
      expect(at.cutLinks, where).toEqual([]);
      // the page behind is still laid out across the whole screen, and nothing pads or widens it
      expect(at.main!.width, where).toBeGreaterThanOrEqual(width - 1);
      expect(at.header!.width, where).toBeGreaterThanOrEqual(width - 1);
      expect(at.padding, where).toEqual(['0px', '0px', '0px', '0px']);
      expect(at.scrollWidth, where).toBeLessThanOrEqual(width);
      if (width !== 390) {
        await page.keyboard.press('Escape');
        await expect(drawer).toHaveCount(0);
      }
    }
    for (const path of PAGES.filter((p) => p !== '/'))
      await expect(drawer.locator(`a[href="${path}"]`), path).toHaveCount(1);
    await expectNoAxeViolations(page);
    // Escape closes it and gives the focus back to the button
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(open).toBeFocused();
    expect(await page.evaluate(() => document.body.getAttribute('style') ?? '')).not.toMatch(/padding/);
    await open.tap();
    await drawer.getByRole('link', { name: MENU[locale].about }).tap();
    await expect(page).toHaveURL(/\/about$/);
    await expect(drawer).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(MENU[locale].about);
    // from lg up the header has room for the main links, and the menu button is gone
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(open).toBeHidden();
  });
}
