// Builds the app (unless E2E_SKIP_BUILD=1) and serves it with the real server on a fresh data dir.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
// E2E_DIST_DIR: build and serve from another folder (two people running the browser tests at once)
const distDir = process.env.E2E_DIST_DIR;
if (process.env.E2E_SKIP_BUILD !== '1') {
  const outDir = distDir ? ['--outDir', distDir, '--emptyOutDir'] : [];
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', ...outDir], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const dataDir = mkdtempSync(join(tmpdir(), 'amina-e2e-'));
// the staff accounts of the specs (issue 26), in one process before the server opens the data dir
// (tests/e2e/staff-support.ts: staffAccount(role, locale) reads the file)
mkdirSync(join(root, 'test-results'), { recursive: true });
const accounts = spawnSync(
  'npx',
  [
    'tsx',
    'tests/e2e/staff-support.ts',
    join(root, 'test-results', `staff-accounts-${process.env.E2E_PORT ?? '4173'}.json`),
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
);
if (accounts.status !== 0) process.exit(accounts.status ?? 1);
const server = spawn('npx', ['tsx', 'server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '4173',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ...(distDir ? { DIST_DIR: distDir } : {}),
    // the browser tests sign in many times from one address
    AUTH_RATE_LIMIT: '100000',
    REGISTER_RATE_LIMIT: '100000',
    BOOKING_RATE_LIMIT: '100000',
    // Quick exit's neutral site: a name no network resolves; safety.spec.ts answers it with page.route
    QUICK_EXIT_URL: process.env.QUICK_EXIT_URL ?? 'https://neutral.example/weather',
  },
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
