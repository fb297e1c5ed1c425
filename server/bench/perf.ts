/**
 * `npm run perf`: Lighthouse (mobile: simulated 150 ms RTT, 1.6 Mbps, 4× CPU slowdown) in Debian's
 * Chromium over the public pages a first visit lands on, in English and Arabic, three runs each;
 * prints one table of medians (performance, accessibility and best-practices scores, FCP, LCP, CLS,
 * bytes, and the main thread's TBT, scripting time and longest task) and marks every value off
 * target. Not a test (scores move from run to run): it runs the production build on the real
 * server with a fresh embedded database, and exits 1 when a median misses a target so a person
 * notices.
 *
 * Main-thread figures move with the machine (a busy or slower one doubles them): beside each row's
 * TBT, scripting time and longest task the table puts the same figures for a reference page made of
 * the fixed libraries alone (server/bench/perf-reference.ts, size:floor's page), served by the same
 * server and measured in the same browser between the page's own runs, and the difference. The
 * scripting target is a ratio to the reference, so it holds from one machine to the next. The first
 * tap after load (the phone menu) is measured in the same browser (server/bench/perf-tap.ts). The
 * front page is then visited again with the service worker installed (server/bench/perf-repeat.ts,
 * issue 28): printed after the table, not held to its targets.
 *
 * Options (environment): PERF_RUNS (default 3), PERF_SKIP_BUILD=1 (use the build as it is),
 * PERF_DIST_DIR (build into and serve another folder than dist/, e.g. while dist/ is in use),
 * PERF_PAGES (comma-separated paths instead of the default list), PERF_REPORTS (a folder to keep each
 * run's full Lighthouse report in), CHROMIUM_PATH.
 *
 * Lighthouse 12.8: Lighthouse 13 needs Node ≥ 22.19 and these machines run Node 20. The mobile
 * settings and the scoring of the performance category are the same.
 */
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../.ci/chromium.ts';
import { LOCALES } from '../../contract/locale.ts';
import { buildReference, REFERENCE_PATH } from './perf-reference.ts';
import { type RepeatSample, repeatVisit } from './perf-repeat.ts';
import { buildTable, legend, median, medianSample, type Row, type Sample, sampleOf } from './perf-table.ts';
import { firstTap } from './perf-tap.ts';
import { root, serveBuild } from './process.ts';

const runs = Number(process.env.PERF_RUNS ?? 3);

/** The pages of a first visit, an article among them (a link shared to one is a common way in). */
const DEFAULT_PAGES = [
  '/',
  '/login',
  '/courses',
  '/courses/menopause-care',
  '/articles/emergency-contraception',
];
const pages = process.env.PERF_PAGES ? process.env.PERF_PAGES.split(',') : DEFAULT_PAGES;

const distDir = process.env.PERF_DIST_DIR || join(root, 'dist');

async function audit(url: string, categories: string[]): Promise<Sample> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_ARGS,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    // PERF_REPORTS=<dir>: keep each run's full report (LCP element, requests, main-thread work)
    if (process.env.PERF_REPORTS) {
      const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${new URL(url).searchParams.get('lang')}-${Date.now()}.json`;
      writeFileSync(join(process.env.PERF_REPORTS, name), result.report as string);
    }
    if (result.lhr.runtimeError)
      throw new Error(`${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return sampleOf(result.lhr as never);
  } finally {
    await chrome.kill();
  }
}

/**
 * Lighthouse sometimes fails to record a trace (NO_NAVSTART, NO_FCP): that run is made again, up
 * to twice, and says so; a page that fails three times in a row stops the run.
 */
async function auditWithRetry(
  url: string,
  categories = ['performance', 'accessibility', 'best-practices'],
): Promise<Sample> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, categories);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`  (run again: ${error instanceof Error ? error.message.slice(0, 120) : error})`);
    }
  }
}

async function main() {
  if (!process.env.PERF_SKIP_BUILD) {
    const outDir = process.env.PERF_DIST_DIR ? ['--outDir', distDir, '--emptyOutDir'] : [];
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', ...outDir], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  await buildReference(distDir);
  const server = await serveBuild(distDir);
  const { base } = server;
  const rows: Row[] = [];
  const repeats: { locale: string; m: RepeatSample }[] = [];
  try {
    for (const page of pages) {
      // the reference's runs between the page's, so both see the machine as it is at that moment
      const ref: Sample[] = [];
      const own = new Map<string, Sample[]>(LOCALES.map((l) => [l, []]));
      const taps = new Map<string, number[]>(LOCALES.map((l) => [l, []]));
      const address = (locale: string) => `${base}${page}${page.includes('?') ? '&' : '?'}lang=${locale}`;
      for (let i = 0; i < runs; i++) {
        ref.push(await auditWithRetry(`${base}${REFERENCE_PATH}`, ['performance']));
        for (const locale of LOCALES) own.get(locale)!.push(await auditWithRetry(address(locale)));
        for (const locale of LOCALES) taps.get(locale)!.push(await firstTap(address(locale)));
      }
      for (const locale of LOCALES) {
        const samples = own.get(locale)!;
        rows.push({
          page,
          locale,
          m: medianSample(samples),
          ref: medianSample(ref),
          tapMs: median(taps.get(locale)!),
        });
        process.stderr.write(
          `  ${page} ${locale}: TBT ${samples.map((s) => Math.round(s.tbtMs)).join(', ')} ms (reference ${ref.map((s) => Math.round(s.tbtMs)).join(', ')})\n`,
        );
      }
    }
    // the front page visited again once the service worker is installed (issue 28): the shell from its cache
    if (pages.includes('/'))
      for (const locale of LOCALES) {
        const samples: RepeatSample[] = [];
        for (let i = 0; i < runs; i++) samples.push(await repeatVisit(`${base}/?lang=${locale}`));
        repeats.push({ locale, m: medianSample(samples) as RepeatSample });
      }
  } finally {
    await server.close();
    rmSync(join(distDir, 'perf-reference'), { recursive: true, force: true });
  }

  const { lines, missed } = buildTable(rows);
  console.log(`\n${legend(runs)}\n`);
  console.log(lines.join('\n'));
  console.log(missed ? `\n${missed} of ${rows.length} rows off target` : '\nevery row on target');
  if (repeats.length) {
    console.log(
      `\nRepeat visit of / (the service worker installed by a first visit; Lighthouse keeps its caches; median of ${runs}):`,
    );
    for (const { locale, m } of repeats)
      console.log(
        `  / ${locale}: performance ${m.performance}, FCP ${Math.round(m.fcpMs)} ms, LCP ${Math.round(m.lcpMs)} ms, TBT ${Math.round(m.tbtMs)} ms, CLS ${m.cls.toFixed(3)}, ${(m.bytes / 1024).toFixed(1)} KiB counted on the wire (${m.fromCache} of ${m.requests} requests with none: the worker's answers, the page's own included, count no bytes)`,
      );
  }
  process.exitCode = missed ? 1 : 0;
}

await main();
