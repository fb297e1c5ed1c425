/**
 * `npm run size` (part of `npm run check`): the gzip JavaScript a first visit to /login loads,
 * measured by the build (dist/size-report.json), against the one budget in package.json.
 */
import { readFileSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const budget: number = pkg.sizeBudget.loginFirstVisitJsGzipKiB;
const report = JSON.parse(readFileSync(new URL('dist/size-report.json', root), 'utf8'));
const line = `first visit to /login: ${report.totalGzipKiB} KiB gzip JavaScript in ${report.files.length} files (budget ${budget} KiB; all JS ${report.allJsGzipKiB} KiB)`;
if (report.totalGzipKiB > budget) {
  console.error(`size: OVER BUDGET: ${line}`);
  for (const f of report.files)
    console.error(`  ${(f.gzipBytes / 1024).toFixed(1).padStart(6)} KiB  ${f.file}`);
  process.exit(1);
}
console.log(`size: ${line}`);
