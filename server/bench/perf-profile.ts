/**
 * `npm run perf:profile`: where a first visit's main thread goes (issue 23). Builds the app with
 * source maps into its own folder, serves it on the real server with a fresh embedded database,
 * loads each page in Debian's Chromium at Lighthouse's mobile 4× CPU slowdown with the V8 sampling
 * profiler on from before the navigation until the page has been still for a while, and prints the
 * self time of what ran, by source (a package of node_modules, or the app's own folder) and by
 * function, each mapped back through the build's source maps. Several runs are added together.
 *
 * Options (environment): PROFILE_PAGES (comma-separated paths, default `/?lang=en`), PROFILE_RUNS
 * (default 3), PROFILE_SKIP_BUILD=1 (profile the last profile build as it is), PROFILE_TOP (rows of
 * the function table, default 30).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { buildReference, REFERENCE_PATH } from './perf-reference.ts';
import { slowPhone } from './phone.ts';
import { root, serveBuild } from './process.ts';

/** The reference page first (server/bench/perf-reference.ts: the fixed libraries alone), then the app's. */
const pages = [REFERENCE_PATH, ...(process.env.PROFILE_PAGES ?? '/?lang=en').split(',')];
const runs = Number(process.env.PROFILE_RUNS ?? 3);
const top = Number(process.env.PROFILE_TOP ?? 30);
// not under a dot folder: the server does not serve paths through one
const distDir = join(tmpdir(), 'amina-perf-profile');
/** How long the profile goes on after the app's start: its hydration in parts and the splash are over by then. */
const QUIET_MS = 4000;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
/** A run of samples with no idle one between them: close to one of the browser's tasks. */
interface Stretch {
  run: number;
  ms: number;
  what: Map<string, number>;
}
/** Stretches this long or longer are listed (Lighthouse's long tasks start at 50 ms). */
const LONG_MS = 50;

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

async function profileOnce(url: string): Promise<Profile> {
  const { browser, page, cdp } = await slowPhone();
  try {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'load' });
    // the app's entry arrives after the first paint (src/main.tsx marks its start), then hydrates in parts
    if (!url.includes(REFERENCE_PATH))
      await page.waitForFunction(() => performance.getEntriesByName('app:start').length > 0, null, {
        timeout: 30_000,
      });
    await page.waitForTimeout(QUIET_MS);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    return profile;
  } finally {
    await browser.close();
  }
}

const consumers = new Map<string, SourceMapConsumer | null>();
function consumerFor(url: string): SourceMapConsumer | null {
  if (consumers.has(url)) return consumers.get(url)!;
  let consumer: SourceMapConsumer | null = null;
  const path = new URL(url).pathname;
  const mapFile = join(distDir, `${path}.map`);
  if (path.endsWith('.js') && existsSync(mapFile))
    consumer = new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8')));
  consumers.set(url, consumer);
  return consumer;
}

/** The app's own code (not a package's): its total time is worth a table of its own. */
const OWN = /^(src|machines|contract)(\/|$)/;

/** `react-dom`, `@formatjs/intl`, `machines`, `src/views/home`…: where a frame's code came from. */
function sourceOf(file: string): string {
  const modules = file.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = file.slice(modules + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const own = file.split('/');
  if (own[0] === 'src' && own.length > 2) return `${own[0]}/${own[1]}${own.length > 3 ? `/${own[2]}` : ''}`;
  return own.length > 1 ? own[0]! : file;
}

function frameOf(node: ProfileNode, parent: ProfileNode | undefined): { source: string; fn: string } {
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  if (!url) {
    // a native call (appendChild, addEventListener…) counts where the script that made it is
    if (parent && !functionName.startsWith('(')) {
      const caller = frameOf(parent, undefined);
      return { source: caller.source, fn: `${functionName} ← ${caller.fn}` };
    }
    return { source: functionName || '(native)', fn: functionName || '(native)' };
  }
  const consumer = consumerFor(url);
  if (!consumer) {
    const where = new URL(url).pathname === '/' ? '(inline in the page)' : new URL(url).pathname;
    return { source: where, fn: functionName || '(anonymous)' };
  }
  const at = consumer.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
  if (!at.source) return { source: new URL(url).pathname, fn: functionName || '(anonymous)' };
  const file = relative(root, resolve(dirname(join(distDir, new URL(url).pathname)), at.source));
  const source = sourceOf(file);
  return {
    source,
    fn: `${at.name || functionName || '(anonymous)'} ${file.split('node_modules/').at(-1)}:${at.line}`,
  };
}

function add(into: Map<string, number>, key: string, ms: number) {
  into.set(key, (into.get(key) ?? 0) + ms);
}

function print(title: string, totals: Map<string, number>, all: number, rows: number) {
  console.log(`\n${title}`);
  for (const [key, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, rows))
    console.log(`${ms.toFixed(1).padStart(9)} ms ${((100 * ms) / all).toFixed(1).padStart(5)} %  ${key}`);
}

/** What the loads of one page add up to. */
interface Totals {
  /** Milliseconds running scripts (not the browser's own work). */
  busy: number;
  bySource: Map<string, number>;
  byFunction: Map<string, number>;
  /** `(program)` and `(garbage collector)`: the browser's own work, counted apart. */
  native: Map<string, number>;
  /** The app's own functions with what they call, each once per sample. */
  ownTotal: Map<string, number>;
  stretches: Stretch[];
}

const noTotals = (): Totals => ({
  busy: 0,
  bySource: new Map(),
  byFunction: new Map(),
  native: new Map(),
  ownTotal: new Map(),
  stretches: [],
});

/** Adds one load's profile (the `run`-th) to the page's totals. */
function addProfile(totals: Totals, profile: Profile, run: number) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map<number, ProfileNode>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parents.set(c, n);
  const frames = new Map<number, { source: string; fn: string }>();
  const frame = (n: ProfileNode) => {
    if (!frames.has(n.id)) frames.set(n.id, frameOf(n, parents.get(n.id)));
    return frames.get(n.id)!;
  };
  let stretch: Stretch = { run, ms: 0, what: new Map() };
  const endStretch = () => {
    if (stretch.ms >= LONG_MS) totals.stretches.push(stretch);
    stretch = { run, ms: 0, what: new Map() };
  };
  profile.samples.forEach((id, index) => {
    const node = nodes.get(id)!;
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const name = node.callFrame.functionName;
    if (name === '(idle)') {
      endStretch();
      return;
    }
    stretch.ms += ms;
    // the browser's own work (style, layout, paint, parsing the HTML): counted apart
    if (name === '(program)' || name === '(garbage collector)') {
      add(totals.native, name, ms);
      add(stretch.what, name, ms);
      return;
    }
    const { source, fn } = frame(node);
    totals.busy += ms;
    add(totals.bySource, source, ms);
    add(totals.byFunction, fn, ms);
    // total time: the app's own functions on the stack, each once per sample
    const onStack = new Set<string>();
    let outermost: string | undefined;
    for (let n: ProfileNode | undefined = node; n; n = parents.get(n.id)) {
      const f = frame(n);
      if (OWN.test(f.source)) {
        onStack.add(f.fn);
        outermost = f.fn;
      }
    }
    for (const key of onStack) add(totals.ownTotal, key, ms);
    // what a long stretch was busy with: the outermost of the app's functions, or the package
    add(stretch.what, outermost ? `${outermost} > ${source}` : source, ms);
  });
  endStretch();
}

function report(path: string, t: Totals) {
  console.log(
    `\n${path}: ${runs} run(s); per run (4× CPU): ${(t.busy / runs).toFixed(0)} ms running scripts, ${[...t.native].map(([k, v]) => `${(v / runs).toFixed(0)} ms ${k}`).join(', ')}; below, self time summed over the runs`,
  );
  print('By source', t.bySource, t.busy, 25);
  print('By function', t.byFunction, t.busy, top);
  print("The app's own functions, with what they call (total time)", t.ownTotal, t.busy, top);
  console.log(
    `\nBusy stretches of ${LONG_MS} ms or more (no idle sample between; close to the browser's tasks), longest first:`,
  );
  for (const { run, ms, what } of t.stretches.sort((a, b) => b.ms - a.ms).slice(0, 12)) {
    const parts = [...what].sort((a, b) => b[1] - a[1]).slice(0, 6);
    console.log(
      `${ms.toFixed(0).padStart(6)} ms (run ${run}): ${parts.map(([k, v]) => `${k} ${v.toFixed(0)}`).join('; ')}`,
    );
  }
}

async function main() {
  if (!process.env.PROFILE_SKIP_BUILD) {
    const build = spawnSync(
      'npx',
      ['vite', 'build', '--logLevel', 'warn', '--sourcemap', '--outDir', distDir, '--emptyOutDir'],
      { cwd: root, stdio: 'inherit' },
    );
    if (build.status !== 0) process.exit(build.status ?? 1);
    await buildReference(distDir, { sourcemap: true });
  }
  const server = await serveBuild(distDir);
  try {
    for (const path of pages) {
      const totals = noTotals();
      for (let run = 1; run <= runs; run++)
        addProfile(totals, await profileOnce(`${server.base}${path}`), run);
      report(path, totals);
    }
  } finally {
    await server.close();
  }
}

await main();
