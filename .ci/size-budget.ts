/**
 * `npm run size` (part of `npm run check`): what a first visit loads, measured by the build
 * (dist/size-report.json, see vite.config.ts), against the budgets in package.json: gzip JavaScript
 * per first visit, and the stylesheet. Each budget is one number; a build over any of them fails.
 */
import { readFileSync } from 'node:fs';

interface Visit {
  route: string;
  jsGzipKiB: number;
  jsBrotliKiB: number;
  files: { file: string; gzipBytes: number }[];
}

const root = new URL('..', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const budget: { firstVisitJsGzipKiB: Record<string, number>; cssGzipKiB: number } = pkg.sizeBudget;
const report: { visits: Visit[]; cssGzipKiB: number; cssBrotliKiB: number; allJsGzipKiB: number } =
  JSON.parse(readFileSync(new URL('dist/size-report.json', root), 'utf8'));

let over = false;
for (const v of report.visits) {
  const limit = budget.firstVisitJsGzipKiB[v.route];
  if (limit === undefined)
    throw new Error(`size: no budget for the first visit to ${v.route} in package.json`);
  const line = `first visit to ${v.route}: ${v.jsGzipKiB} KiB gzip JavaScript in ${v.files.length} files, ${v.jsBrotliKiB} KiB sent as Brotli (budget ${limit} KiB gzip)`;
  if (v.jsGzipKiB > limit) {
    over = true;
    console.error(`size: OVER BUDGET: ${line}`);
    for (const f of v.files) console.error(`  ${(f.gzipBytes / 1024).toFixed(1).padStart(6)} KiB  ${f.file}`);
  } else console.log(`size: ${line}`);
}
const css = `stylesheet: ${report.cssGzipKiB} KiB gzip, ${report.cssBrotliKiB} KiB sent as Brotli (budget ${budget.cssGzipKiB} KiB gzip)`;
if (report.cssGzipKiB > budget.cssGzipKiB) {
  over = true;
  console.error(`size: OVER BUDGET: ${css}`);
} else console.log(`size: ${css}`);
console.log(`size: all JavaScript of the build: ${report.allJsGzipKiB} KiB gzip`);
if (over) process.exit(1);
