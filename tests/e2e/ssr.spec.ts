import { expect, type Page, test } from '@playwright/test';

/**
 * Public pages arrive as HTML (issue 11, part 3): with JavaScript off, a visitor (and a search
 * engine, a link preview) reads the page's own words in its language; with JavaScript on, the app
 * takes the page over without rendering it again (no hydration error) and without asking the API
 * for what the page already shows. Members' pages stay the browser's.
 */
const PAGES = [
  { path: '/', heading: /Learn about your body/, arabic: /تعرّفي على جسدك/ },
  { path: '/courses', heading: /^Courses$/, arabic: /الدورات/ },
  { path: '/courses/menopause-care', heading: /^Menopause/, arabic: /انقطاع الطمث/ },
  {
    path: '/articles/emergency-contraception',
    heading: /^Emergency contraception/,
    arabic: /منع الحمل الطارئ/,
  },
  { path: '/experts', heading: /^Our experts$/, arabic: /^خبيراتنا وخبراؤنا$/ },
] as const;

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  for (const page of PAGES) {
    test(`${page.path} is readable in English and Arabic from the HTML alone`, async ({ browser }) => {
      for (const locale of ['en', 'ar'] as const) {
        const context = await browser.newContext({ javaScriptEnabled: false });
        const tab = await context.newPage();
        await tab.goto(`${page.path}${locale === 'ar' ? '?lang=ar' : ''}`);
        await expect(tab.locator('html')).toHaveAttribute('lang', locale);
        await expect(tab.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
        const h1 = tab.getByRole('heading', { level: 1 });
        await expect(h1).toHaveText(locale === 'ar' ? page.arabic : page.heading);
        // the splash leaves by CSS at 1.5 s even with no script at all
        await expect(tab.locator('.app-splash')).toBeHidden({ timeout: 5_000 });
        await expect(h1).toBeVisible();
        // nothing of the app's is hidden behind a script the CSP would refuse
        expect(await tab.locator('[hidden][id^="S:"]').count()).toBe(0);
        await context.close();
      }
    });
  }

  test('the course list and a course show their content, not a loader', async ({ page }) => {
    await page.goto('/courses');
    await expect(page.getByTestId('catalogue').getByRole('listitem').first()).toBeVisible();
    await page.goto('/courses/menopause-care');
    await expect(page.getByText('This is education, not medical advice.').first()).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
  });
});

async function watch(page: Page) {
  const errors: string[] = [];
  const reads: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) reads.push(new URL(r.url()).pathname);
  });
  return { errors, reads };
}

test('the app takes over the HTML without rendering it again or asking for it again', async ({ page }) => {
  const seen = await watch(page);
  for (const { path } of PAGES.slice(0, 4)) {
    await page.goto(path);
    await expect(page.locator('#ssr-state')).toHaveCount(1);
    await expect(page.locator('.app-splash')).toHaveCount(0, { timeout: 10_000 });
    // interactive: the language switch works (the page is the app's now)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(seen.errors).toEqual([]);
  expect(seen.reads).toEqual([]);
  // a link inside the app still loads the next page's data as the app always did
  await page.getByRole('link', { name: 'Courses' }).first().click();
  await expect(page).toHaveURL(/\/courses$/);
  await expect(page.getByTestId('catalogue').getByRole('listitem').first()).toBeVisible();
  expect(seen.errors).toEqual([]);
});

test('a saved Arabic choice renders the next page in Arabic on the server', async ({ page }) => {
  await page.goto('/about?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // the choice is mirrored in a cookie: the next page comes in Arabic with no ?lang
  const html = await (await page.request.get('/courses')).text();
  expect(html).toMatch(/<html lang="ar" dir="rtl">/);
  expect(html).toContain('id="ssr-state"');
  const seen = await watch(page);
  await page.goto('/courses');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('الدورات');
  await expect(page.locator('.app-splash')).toHaveCount(0, { timeout: 10_000 });
  expect(seen.errors).toEqual([]);
});

test('members and their pages are rendered by the browser, not the server', async ({ page, baseURL }) => {
  expect(await (await page.request.get('/courses')).text()).toContain('id="ssr-state"');
  for (const path of ['/dashboard', '/cart', '/checkout']) {
    expect(await (await page.request.get(path)).text()).not.toContain('id="ssr-state"');
  }
  await page.context().addCookies([{ name: 'authToken', value: 'x'.repeat(43), url: baseURL! }]);
  expect(await (await page.request.get('/courses')).text()).not.toContain('id="ssr-state"');
});
