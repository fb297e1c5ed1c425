import { expect, test } from '@playwright/test';
import { PHONE } from './support';

/**
 * Taking over a server-rendered page (issue 23): the page can be tapped as soon as its HTML is in,
 * and the app's script comes after the first paint. A tap on a button before the app listens is
 * not lost: the inline loader keeps it and the app answers it once it has taken the page over.
 * (A tap on a part the app has not hydrated yet is tests/views/hydration.test.tsx.)
 */
test('a tap on the phone menu before the app has started opens the menu once it has', { tag: PHONE }, async ({
  page,
}) => {
  // the app's entry script is held back until the tap has been made
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  // not until `load`: the held script is the loader's, and a page that paints after its other files
  // have arrived would wait for it (the load event waits for a script inserted before it fires)
  await page.goto('/?lang=en', { waitUntil: 'domcontentloaded' });
  const menu = page.getByTestId('site-menu');
  // the splash leaves by CSS; the page under it is the server's HTML, the app not started
  await expect(page.locator('.app-splash')).toBeHidden({ timeout: 10_000 });
  await expect.poll(() => asked).toBe(true);
  await menu.tap();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  expect(await page.evaluate(() => performance.getEntriesByName('app:start').length)).toBe(0);

  release();
  await expect(page.getByTestId('site-menu-drawer')).toBeVisible({ timeout: 20_000 });
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  expect(await page.evaluate(() => performance.getEntriesByName('app:start').length)).toBe(1);
});
