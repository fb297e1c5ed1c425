import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../.ci/chromium.ts';
import { PHONE_PROFILE } from './support';

/**
 * End-to-end in Debian's Chromium against the production build served by the real server on a
 * fresh data directory (embedded PGlite). `npm test` builds once before this runs (E2E_SKIP_BUILD=1).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 4173);
/** E2E_RESULTS: another folder for the report and artifacts (two runs at once). */
const results = process.env.E2E_RESULTS ?? `${root}test-results`;
export const chromiumPath = CHROMIUM_PATH;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: `${results}/e2e-artifacts`,
  // whole journeys with axe at every step take 25–55 s on an idle 2-core machine: room for a busy one
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['line'], ['json', { outputFile: `${results}/e2e.json` }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: CHROMIUM_ARGS,
    },
  },
  /**
   * Each test runs once, in one project: no suite runs twice. A phone journey (tagged PHONE in
   * ./support: the Arabic 390 px runs, the phone menu) runs on PHONE_PROFILE, a real phone (touch,
   * `isMobile`, 3 device pixels per CSS pixel), everything else in a desktop Chromium. A narrow
   * desktop window is not a phone: the menu drawer that was 70 px wide on phones looked right in
   * one (issue 21).
   */
  projects: [
    { name: 'desktop', grepInvert: /@phone/ },
    { name: 'phone', grep: /@phone/, use: PHONE_PROFILE },
  ],
  webServer: {
    command: `node tests/e2e/serve.mjs`,
    cwd: root,
    url: `http://127.0.0.1:${port}/api/p/avatar/all`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      E2E_PORT: String(port),
      ...(process.env.E2E_DIST_DIR ? { E2E_DIST_DIR: process.env.E2E_DIST_DIR } : {}),
    },
  },
});
