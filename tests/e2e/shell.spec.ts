import { expect, test } from '@playwright/test';
import { appReady, expectNoAxeViolations, PHONE, registerMember, storeSession, useLanguage } from './support';

test.describe('guard and dashboard shell', () => {
  test('a signed-out visit to /dashboard/invoices lands on /login and returns there after sign-in', async ({
    page,
    request,
  }) => {
    const member = await registerMember(request);
    await page.goto('/dashboard/invoices');
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%2Finvoices$/);
    await appReady(page);
    await page.getByLabel('Alias').fill(member.alias);
    await page.getByLabel('PIN', { exact: true }).fill(member.pin);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/invoices$/);
    await expect(page.getByTestId('page-title')).toHaveText('Invoices');
  });

  test('signed in at 1280 px: the 280 px sidebar follows the path and titles follow the rules', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await storeSession(context, baseURL!, await registerMember(request));
    await page.goto('/dashboard');
    await appReady(page);
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toBeVisible();
    expect((await sidebar.boundingBox())?.width).toBe(280);
    const entries = sidebar.getByRole('link').filter({ hasNotText: 'Amina' });
    await expect(entries).toHaveText([
      'Enrolled Courses',
      'My Test Scores',
      'Ratings & Reviews',
      'Invoices',
      /Account Settings/,
    ]);
    await expect(page.getByTestId('page-title')).toHaveText('Dashboard');
    await expect(sidebar.getByRole('link', { name: 'Enrolled Courses' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    for (const [path, title] of [
      ['/dashboard/test-scores', 'My Test Scores'],
      ['/dashboard/ratings', 'Ratings & Reviews'],
      ['/dashboard/invoices', 'Invoices'],
      ['/dashboard/settings', 'Account Settings'],
      ['/dashboard/course/intro-to-menopause', 'Test Your Knowledge'],
      ['/dashboard/quiz', 'Test Your Knowledge'],
      ['/dashboard/something-else', 'Dashboard'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId('page-title')).toHaveText(title);
    }
    await sidebar.getByRole('link', { name: 'Invoices' }).click();
    await expect(page).toHaveURL(/\/dashboard\/invoices$/);
    await expect(sidebar.getByRole('link', { name: 'Invoices' })).toHaveAttribute('aria-current', 'page');
    await sidebar.getByRole('link', { name: /Amina/ }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('signed in at 390 px: the Menu drawer slides from the inline end and closes on navigation', {
    tag: PHONE,
  }, async ({ page, context, request, baseURL }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await storeSession(context, baseURL!, await registerMember(request));
    await page.goto('/dashboard');
    await appReady(page);
    await expect(page.getByTestId('sidebar')).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).tap();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    // anchored to the right edge in English (polled: it slides in)
    await expect
      .poll(async () => {
        const b = (await drawer.boundingBox())!;
        return Math.round(b.x + b.width);
      })
      .toBe(390);
    await drawer.getByRole('link', { name: 'My Test Scores' }).tap();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/test-scores$/);
    await expect(page.getByTestId('page-title')).toHaveText('My Test Scores');
  });

  test('in Arabic the drawer is mirrored to the left edge', { tag: PHONE }, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await useLanguage(context, 'ar');
    await storeSession(context, baseURL!, await registerMember(request));
    await page.goto('/dashboard');
    await appReady(page);
    await page.getByRole('button', { name: 'فتح القائمة' }).tap();
    const drawer = page.getByRole('dialog', { name: 'القائمة' });
    await expect(drawer).toBeVisible();
    await expect.poll(async () => Math.round((await drawer.boundingBox())!.x)).toBe(0);
  });

  test('Log out revokes the token, clears storage and cookies and goes to /login', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const member = await registerMember(request);
    await storeSession(context, baseURL!, member);
    await page.goto('/dashboard');
    await appReady(page);
    await page.evaluate(() =>
      localStorage.setItem('cart', JSON.stringify({ items: [{ id: 'c1', price: 5000 }] })),
    );
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/login$/);
    // everything is cleared, then the language she was using is saved again (storage and cookie)
    const cookies = await context.cookies();
    expect(cookies.filter((c) => c.name !== 'language')).toEqual([]);
    expect(cookies.find((c) => c.name === 'language')?.value).toBe('en');
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k !== 'language'))).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    const profile = await request.get('/api/users/profile', {
      headers: { Authorization: `Bearer ${member.token}` },
    });
    expect(profile.status()).toBe(401);
  });
});

test.describe('language, splash and storage', () => {
  test('switching to Arabic sets dir=rtl and lang=ar, and it stays after a reload', async ({ page }) => {
    await page.goto('/login');
    await appReady(page);
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await page.getByTestId('language-switch').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { name: 'أهلًا بعودتك' })).toBeVisible();
    await page.reload();
    // applied before the first paint, by the inline script, then by the language machine
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await appReady(page);
    await expect(page.getByRole('heading', { name: 'أهلًا بعودتك' })).toBeVisible();
    const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(font).toMatch(/Noto Sans Arabic/);
    await page.getByTestId('language-switch').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('the splash is in the HTML and leaves by itself once the app has started', async ({ page }) => {
    await page.addInitScript(() => {
      new MutationObserver(() => {
        const w = window as unknown as { splashGoneAt?: number };
        if (
          w.splashGoneAt == null &&
          document.readyState !== 'loading' &&
          !document.querySelector('.app-splash')
        ) {
          w.splashGoneAt = performance.now();
        }
      }).observe(document, { childList: true, subtree: true });
      // the splash is in the HTML itself: there when the document is parsed (the app may remove it
      // before the test could look, so the page notes it)
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { splashAtLoad?: boolean }).splashAtLoad =
          !!document.querySelector('.app-splash');
      });
    });
    await page.goto('/');
    await appReady(page);
    const { goneAt, startedAt, splashAtLoad } = await page.evaluate(() => ({
      goneAt: (window as unknown as { splashGoneAt: number }).splashGoneAt,
      startedAt: performance.getEntriesByName('app:start')[0].startTime,
      splashAtLoad: (window as unknown as { splashAtLoad?: boolean }).splashAtLoad,
    }));
    expect(splashAtLoad).toBe(true);
    // the exact 1.5 s cap is proven on a simulated clock (tests/machines/splash.test.ts). Here, in a
    // real browser on a shared 2-core machine running two browsers and the server, timers and renders
    // lag by hundreds of milliseconds: this checks that the splash leaves by itself, never stays
    expect(goneAt - startedAt).toBeLessThanOrEqual(1500 + 1500);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the cart is restored from storage after a reload', async ({ page }) => {
    await page.goto('/');
    await appReady(page);
    const stored = {
      items: [
        { id: 'menopause', price: 6500, sale_price: 4500 },
        { id: 'cycle', price: 3200 },
      ],
      total: 0,
      itemCount: 0,
    };
    await page.evaluate((c) => localStorage.setItem('cart', JSON.stringify(c)), stored);
    await page.reload();
    await appReady(page);
    const badge = page.getByTestId('cart-badge');
    await expect(badge).toHaveAttribute('aria-label', 'Cart: 2 items, total $77');
  });
});

for (const locale of ['en', 'ar'] as const) {
  test(`axe finds no WCAG 2.2 AA violation on /login and /dashboard in ${locale}`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await useLanguage(context, locale);
    await page.goto('/login');
    await appReady(page);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expectNoAxeViolations(page);
    await storeSession(context, baseURL!, await registerMember(request));
    await page.goto('/dashboard');
    await appReady(page);
    await expect(page.getByTestId('page-title')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page);
  });
}
