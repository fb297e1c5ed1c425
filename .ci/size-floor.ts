/**
 * `npm run size:floor`: the smallest first visit the fixed stack allows. It builds, with the
 * project's own build settings, three pages made of the fixed libraries and nothing of ours, each
 * adding to the one before (.ci/size-floor-pages.ts: React; + xstate; + react-intl, wouter and
 * Panda's css()), and prints each one's gzip JavaScript beside the budgets in package.json. What is
 * left between the third line and a budget is all the room the app (root machines, shell, API client, the screen) has.
 * Evidence for the size budgets, not a gate: it is not part of `npm run check`.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { FLOOR_BUILD, FLOOR_PAGES, floorPageFiles } from './size-floor-pages.ts';

const root = new URL('..', import.meta.url).pathname;
const work = join(root, 'node_modules/.cache/size-floor');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
rmSync(work, { recursive: true, force: true });
const rows: [string, number][] = [];
for (const [i, page] of FLOOR_PAGES.entries()) {
  const dir = join(work, String(i));
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(floorPageFiles(page, root))) writeFileSync(join(dir, name), text);
  const out = await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    resolve: FLOOR_BUILD.resolve,
    build: { ...FLOOR_BUILD.build, write: false },
  });
  const outputs = (Array.isArray(out) ? out : [out]) as { output: { type: string; code?: string }[] }[];
  const js = outputs.flatMap((o) => o.output).filter((f) => f.type === 'chunk');
  rows.push([page.name, js.reduce((n, c) => n + gzipSync(c.code ?? '', { level: 9 }).length, 0)]);
}
rmSync(work, { recursive: true, force: true });

for (const [name, bytes] of rows) console.log(`size floor: ${kib(bytes).padStart(5)} KiB gzip  ${name}`);
const floor = rows.at(-1)![1];
for (const [route, limit] of Object.entries(pkg.sizeBudget.firstVisitJsGzipKiB as Record<string, number>))
  console.log(
    `size floor: first visit to ${route}: ceiling ${limit} KiB; the fixed libraries leave ${kib(limit * 1024 - floor)} KiB of it to the app`,
  );
const issue = { '/': 100, '/login': 110 };
for (const [route, limit] of Object.entries(issue))
  console.log(
    `size floor: the issue's budget for ${route}, ${limit} KiB, would leave the app ${kib(limit * 1024 - floor)} KiB`,
  );
