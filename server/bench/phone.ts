/**
 * The phone the benchmarks load pages in (`npm run perf`'s first tap, `npm run perf:profile`): Debian's
 * Chromium with a phone-sized touch screen, its CPU slowed 4× as Lighthouse's mobile run simulates it.
 */
import { type Browser, type CDPSession, chromium, type Page } from '@playwright/test';

export async function slowPhone(
  executablePath: string,
): Promise<{ browser: Browser; page: Page; cdp: CDPSession }> {
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
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
