/**
 * The repeat visit of `npm run perf` (issue 28): the same page a second time in the same browser
 * profile, once the service worker (src/sw.ts) has installed on the first visit and taken the page.
 * The first visit is a plain load (Playwright over the DevTools protocol, waiting until the worker
 * controls the page and a second more for it to cache what the page loaded); the second is a
 * Lighthouse run with `disableStorageReset`, so it keeps the worker, its caches and the HTTP cache:
 * the shell (entry, stylesheet, fonts) comes from the worker's precache, the page's HTML from the
 * network (pages are network first). Same mobile settings as the first visits.
 */
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../.ci/chromium.ts';
import { type Sample, sampleOf } from './perf-table.ts';

export interface RepeatSample extends Sample {
  /** Requests of the repeat visit that moved no byte over the network (the worker's or the HTTP cache). */
  fromCache: number;
  requests: number;
}

interface NetworkItem {
  url: string;
  transferSize?: number;
}

export async function repeatVisit(url: string): Promise<RepeatSample> {
  // chrome-launcher's own temporary profile, kept for both visits
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    try {
      const page = await browser.contexts()[0].newPage();
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, {
        timeout: 30_000,
      });
      await page.waitForTimeout(1000);
      await page.close();
    } finally {
      await browser.close();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: true,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (result.lhr.runtimeError)
      throw new Error(`${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    const requests =
      (result.lhr.audits['network-requests']?.details as { items?: NetworkItem[] })?.items ?? [];
    return {
      ...sampleOf(result.lhr as never),
      fromCache: requests.filter((r) => !r.transferSize).length,
      requests: requests.length,
    };
  } finally {
    chrome.kill();
  }
}
