/**
 * `npm run perf`: Lighthouse (mobile: simulated 150 ms RTT, 1.6 Mbps, 4× CPU slowdown) in Debian's
 * Chromium over the public pages a first visit lands on, in English and Arabic, three runs each;
 * prints one table of medians (performance, accessibility and best-practices scores, FCP, LCP, TBT,
 * CLS, bytes) and marks every value off target. Not a test (scores move from run to run): it runs
 * the production build on the real server with a fresh embedded database, and exits 1 when a
 * median misses a target so a person notices.
 *
 * Options (environment): PERF_RUNS (default 3), PERF_SKIP_BUILD=1 (use dist/ as it is),
 * PERF_PAGES (comma-separated paths instead of the default list), PERF_REPORTS (a folder to keep each
 * run's full Lighthouse report in), CHROMIUM_PATH.
 *
 * Lighthouse 12.8: Lighthouse 13 needs Node ≥ 22.19 and these machines run Node 20. The mobile
 * settings and the scoring of the performance category are the same.
 */
import { type ChildProcess, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { LOCALES } from '../../contract/locale.ts';
import { root, spawnApp, stop, waitForPort } from './process.ts';

const runs = Number(process.env.PERF_RUNS ?? 3);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The pages of a first visit, an article among them (a link shared to one is a common way in). */
const DEFAULT_PAGES = [
  '/',
  '/login',
  '/courses',
  '/courses/menopause-care',
  '/articles/emergency-contraception',
];
const pages = process.env.PERF_PAGES ? process.env.PERF_PAGES.split(',') : DEFAULT_PAGES;

/** The issue's targets: every row, median of the runs. */
const TARGET = {
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  lcpMs: 2000,
  cls: 0.02,
  tbtMs: 150,
};

interface Sample {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

async function startServer(): Promise<{ proc: ChildProcess; port: number; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'amina-perf-'));
  const proc = spawnApp({ DATA_DIR: dataDir, DATABASE_URL: '', AUTH_RATE_LIMIT: '100000' });
  return { proc, port: await waitForPort(proc, 'app server'), dataDir };
}

async function audit(url: string): Promise<Sample> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    // PERF_REPORTS=<dir>: keep each run's full report (LCP element, requests, main-thread work)
    if (process.env.PERF_REPORTS) {
      const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${new URL(url).searchParams.get('lang')}-${Date.now()}.json`;
      writeFileSync(join(process.env.PERF_REPORTS, name), result.report as string);
    }
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcpMs: value('first-contentful-paint'),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      bytes: value('total-byte-weight'),
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * Lighthouse sometimes fails to record a trace (NO_NAVSTART, NO_FCP): that run is made again, up
 * to twice, and says so; a page that fails three times in a row stops the run.
 */
async function auditWithRetry(url: string): Promise<Sample> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`  (run again: ${error instanceof Error ? error.message.slice(0, 120) : error})`);
    }
  }
}

function row(cells: string[], widths: number[]) {
  return cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
}

async function main() {
  if (!process.env.PERF_SKIP_BUILD) {
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const server = await startServer();
  const results: { page: string; locale: string; m: Sample }[] = [];
  try {
    for (const page of pages) {
      for (const locale of LOCALES) {
        const url = `http://127.0.0.1:${server.port}${page}${page.includes('?') ? '&' : '?'}lang=${locale}`;
        const samples: Sample[] = [];
        for (let i = 0; i < runs; i++) samples.push(await auditWithRetry(url));
        const m = Object.fromEntries(
          (Object.keys(samples[0]) as (keyof Sample)[]).map((k) => [k, median(samples.map((s) => s[k]))]),
        ) as unknown as Sample;
        results.push({ page, locale, m });
        process.stderr.write(`  ${page} ${locale}: ${samples.map((s) => s.performance).join(', ')}\n`);
      }
    }
  } finally {
    await stop(server.proc);
    rmSync(server.dataDir, { recursive: true, force: true });
  }

  const off = (ok: boolean, text: string) => (ok ? text : `${text}!`);
  const widths = [26, 5, 5, 5, 8, 8, 8, 7, 9];
  const lines = [
    row(['page', 'perf', 'a11y', 'bp', 'FCP', 'LCP', 'TBT', 'CLS', 'KiB'], widths),
    ...results.map(({ page, locale, m }) =>
      row(
        [
          `${page} (${locale})`,
          off(m.performance >= TARGET.performance, String(m.performance)),
          off(m.accessibility >= TARGET.accessibility, String(m.accessibility)),
          off(m.bestPractices >= TARGET.bestPractices, String(m.bestPractices)),
          `${(m.fcpMs / 1000).toFixed(2)} s`,
          off(m.lcpMs <= TARGET.lcpMs, `${(m.lcpMs / 1000).toFixed(2)} s`),
          off(m.tbtMs <= TARGET.tbtMs, `${Math.round(m.tbtMs)} ms`),
          off(m.cls <= TARGET.cls, m.cls.toFixed(3)),
          (m.bytes / 1024).toFixed(0),
        ],
        widths,
      ),
    ),
  ];
  console.log(
    `\nLighthouse ${runs > 1 ? `median of ${runs} runs` : '1 run'}, mobile (150 ms RTT, 1.6 Mbps, 4× CPU); ! = off target\n`,
  );
  console.log(lines.join('\n'));
  const missed = lines.slice(1).filter((l) => l.includes('!')).length;
  console.log(missed ? `\n${missed} of ${results.length} rows off target` : '\nevery row on target');
  process.exitCode = missed ? 1 : 0;
}

await main();
