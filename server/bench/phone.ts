/**
 * The phone the benchmarks load pages in (`npm run perf`'s first tap, `npm run perf:profile`):
 * Debian's Chromium as every tool here starts it (.ci/chromium.ts), a phone-sized touch screen, and
 * the CPU slowed 4× as Lighthouse's mobile run simulates it.
 */
import { type Browser, type CDPSession, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../.ci/chromium.ts';

export async function slowPhone(): Promise<{ browser: Browser; page: Page; cdp: CDPSession }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { browser, page, cdp };
}
