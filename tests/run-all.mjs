// `npm test`: every suite, with one closing line "tests: N passed, N failed".
// 1. vitest: machines, views and model-based tests (jsdom), server API tests on embedded PGlite;
// 2. the server suite again on PostgreSQL when TEST_DATABASE_URL is set (.ci/run sets it);
// 3. end-to-end in Chromium against the production build and the real server (required in CI).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

const root = new URL('..', import.meta.url).pathname;
const results = `${root}test-results`;
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const ci = !!process.env.CI;
const tally = { passed: 0, failed: 0, skipped: 0 };
const notes = [];
/** the failing tests by name, printed last: a CI log is often read from its tail only */
const failures = [];
let exitCode = 0;

function run(title, cmd, args, env = {}) {
  console.log(`\n=== ${title}\n`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) exitCode = 1;
  return r.status;
}

function fail(note) {
  exitCode = 1;
  notes.push(note);
}

function countVitest(file) {
  if (!existsSync(file)) return fail(`no report at ${file}`);
  const r = JSON.parse(readFileSync(file, 'utf8'));
  tally.passed += r.numPassedTests;
  tally.failed += r.numFailedTests;
  tally.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  if (r.numTotalTests === 0) fail(`${file}: no tests ran`);
  for (const f of r.testResults ?? [])
    for (const t of f.assertionResults ?? [])
      if (t.status === 'failed')
        failures.push(`${f.name.replace(root, '')} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
}

function firstLine(message = '') {
  return stripVTControlCharacters(message).split('\n')[0].slice(0, 300);
}

/** Playwright's JSON report nests suites; a test failed when its last result did not pass. */
function playwrightFailures(suite, path = []) {
  const here = suite.title ? [...path, suite.title] : path;
  for (const spec of suite.specs ?? [])
    for (const t of spec.tests ?? []) {
      const last = t.results?.[t.results.length - 1];
      if (t.status === 'unexpected')
        failures.push(`${[...here, spec.title].join(' › ')}: ${firstLine(last?.error?.message)}`);
    }
  for (const s of suite.suites ?? []) playwrightFailures(s, here);
}

run(
  'vitest: machines, views, model-based, server on PGlite',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${results}/vitest.json`],
  // this pass is the embedded database's, whatever the environment says
  { TEST_DATABASE_URL: '' },
);
countVitest(`${results}/vitest.json`);

if (process.env.TEST_DATABASE_URL) {
  run('vitest: server suite on PostgreSQL', 'npx', [
    'vitest',
    'run',
    '--project',
    'server',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${results}/vitest-pg.json`,
  ]);
  countVitest(`${results}/vitest-pg.json`);
} else {
  notes.push(
    'server suite on PostgreSQL not run: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)',
  );
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) {
  const build = run('build for the browser tests', 'npx', ['vite', 'build', '--logLevel', 'warn']);
  if (build === 0) {
    run('playwright: end to end in Chromium', 'npx', ['playwright', 'test', '-c', 'tests/e2e'], {
      E2E_SKIP_BUILD: '1',
    });
    const file = `${results}/e2e.json`;
    if (existsSync(file)) {
      const report = JSON.parse(readFileSync(file, 'utf8'));
      const s = report.stats;
      for (const suite of report.suites ?? []) playwrightFailures(suite);
      tally.passed += s.expected + (s.flaky ?? 0);
      tally.failed += s.unexpected;
      tally.skipped += s.skipped;
      if (s.expected + s.unexpected === 0) fail('playwright ran no test');
    } else {
      fail('playwright wrote no report');
    }
  }
} else if (ci) {
  fail(`browser tests required in CI, but no Chromium at ${chromium}`);
} else {
  notes.push(
    `browser tests SKIPPED: no Chromium at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH)`,
  );
}

console.log('');
for (const n of notes) console.log(`note: ${n}`);
for (const f of failures) console.log(`failed: ${f}`);
if (tally.failed > 0) exitCode = 1;
console.log(
  `tests: ${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ''}`,
);
process.exit(exitCode);
