/**
 * The first tap of `npm run perf` (issue 23, target 4): a phone-sized page in the same Chromium,
 * its CPU slowed 4× as Lighthouse's mobile run simulates it, loaded; then the phone menu's button
 * is tapped as soon as it can be (Playwright waits until nothing covers it: the start-up splash
 * does, for about a second) and the interaction's duration is read from the page's Event Timing
 * entries: from the tap to the next paint after React has handled it (what INP counts). A tap
 * the page never answers (no entry) counts as the time waited, so it shows as off target.
 */
import { slowPhone } from './phone.ts';

const MENU = '[data-testid="site-menu"]';
const WAIT_MS = 2000;

export async function firstTap(url: string): Promise<number> {
  const { browser, page } = await slowPhone();
  try {
    await page.addInitScript(() => {
      const w = window as unknown as { __taps: number[] };
      w.__taps = [];
      new PerformanceObserver((list) => {
        // interactionId: a tap's entries carry one (not yet in TypeScript's DOM types)
        for (const e of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[])
          if (e.interactionId) w.__taps.push(e.duration);
      }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.tap(MENU, { timeout: 30_000 });
    // the entry is written once the next frame is painted
    await page.waitForTimeout(WAIT_MS);
    const taps = await page.evaluate(() => (window as unknown as { __taps: number[] }).__taps);
    // under 16 ms the browser writes no entry: a tap answered that fast counts as 16
    const answered = await page.locator(MENU).getAttribute('aria-expanded');
    if (answered !== 'true') return WAIT_MS;
    return taps.length ? Math.max(...taps) : 16;
  } finally {
    await browser.close();
  }
}
