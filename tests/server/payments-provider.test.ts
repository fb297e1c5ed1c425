/**
 * A production server says which payment provider it uses (issue 20, finding 12). The embedded
 * sandbox is the only one, and its test card pays for everything: with NODE_ENV=production it runs
 * only when PAYMENTS=sandbox is set, the start-up log names the provider, and every page carries the
 * "test payments" ribbon while it is the sandbox. `npm start` with nothing set still runs, on the
 * sandbox, with the ribbon.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { openPglite } from '../../server/db/index.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import type { PaymentProvider } from '../../server/payments/provider.ts';
import { createSandboxProvider } from '../../server/payments/sandbox.ts';
import { testApp, testConfig } from './helpers.ts';
import { mainProcesses } from './main-process.ts';
import { pgliteTemplate, setupTestDb } from './test-db.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const en = JSON.parse(readFileSync(join(root, 'lang/en.json'), 'utf8')) as Record<string, string>;
const ar = JSON.parse(readFileSync(join(root, 'lang/ar.json'), 'utf8')) as Record<string, string>;
const RIBBON = { en: en['server.meta.testPayments'], ar: ar['server.meta.testPayments'] };

const main = mainProcesses();
const { tempDir } = main;
// the real shell, as the build writes it (its page-meta region: where the server writes each page's head)
const dist = tempDir('amina-dist-');
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), readFileSync(join(root, 'index.html')));

const { db } = await setupTestDb();

/** The ribbon a page starts with: its role, and the words the page's language shows. */
function ribbonOf(html: string) {
  const doc = new JSDOM(html).window.document;
  const note = doc.body.firstElementChild;
  if (note?.getAttribute('data-testid') !== 'test-payments') return null;
  const lang = doc.documentElement.lang as 'en' | 'ar';
  return { role: note.getAttribute('role'), words: note.querySelector(`[lang="${lang}"]`)?.textContent };
}

describe('PAYMENTS', () => {
  it('a production server without PAYMENTS=sandbox refuses to start, and says why, before writing anything', () => {
    const d = join(tempDir('amina-pay-'), 'data');
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: d, NODE_ENV: 'production' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(
      /PAYMENTS: NODE_ENV is production but no payment provider is chosen/,
    );
    expect((error as Error).message).toMatch(/set PAYMENTS=sandbox/);
    expect(() => statSync(d)).toThrow();
    expect(() => loadConfig({ DATA_DIR: d, NODE_ENV: 'production', PAYMENTS: 'stripe' })).toThrow(
      /PAYMENTS: must be sandbox/,
    );
    expect(loadConfig({ DATA_DIR: d, NODE_ENV: 'production', PAYMENTS: 'sandbox' }).payments).toBe('sandbox');
    // the README's `npm start` on a fresh clone: nothing set, the sandbox
    expect(loadConfig({ DATA_DIR: d }).payments).toBe('sandbox');
    expect(loadConfig({ DATA_DIR: d, NODE_ENV: 'development' }).payments).toBe('sandbox');
  });

  it('every page served while payments go to the sandbox starts with the ribbon, in its language', async () => {
    const app = testApp({ db, distDir: dist });
    for (const path of [
      '/',
      '/courses',
      '/experts/rana-aziz',
      '/cart',
      '/checkout',
      '/dashboard',
      '/nowhere',
    ]) {
      for (const lang of ['en', 'ar'] as const) {
        const r = await app.request(`${path}${lang === 'ar' ? '?lang=ar' : ''}`);
        expect(r.status === 200 || r.status === 404, `${path} ${r.status}`).toBe(true);
        expect(ribbonOf(await r.text()), `${path} ${lang}`).toEqual({ role: 'note', words: RIBBON[lang] });
      }
    }
  });

  it('no ribbon when a real provider charges', async () => {
    // a stand-in for another provider (the sandbox's methods under another name): injected, not the default
    const clock = new ManualClock();
    const real: PaymentProvider = { ...createSandboxProvider({ database: db, clock }), name: 'stand-in' };
    const app = createApp({ db, clock, config: testConfig(), distDir: dist, paymentProvider: real });
    const html = await (await app.request('/')).text();
    expect(ribbonOf(html)).toBeNull();
    expect(html).not.toContain(RIBBON.en);
  });
});

/** server/main.ts on a file data dir (a copy of the migrated template) with this environment. */
async function start(extra: NodeJS.ProcessEnv) {
  const dataDir = tempDir('amina-main-');
  const pglite = await openPglite({ dataDir: join(dataDir, 'pglite'), loadDataDir: pgliteTemplate() });
  await pglite.close();
  // nothing of this machine's own configuration but what the test gives
  const unset = Object.fromEntries(
    ['DATABASE_URL', 'AUTH_PEPPER', 'BOOKING_DATA_KEY', 'PAYMENTS', 'NODE_ENV'].map((n) => [n, undefined]),
  );
  const s = main.spawn({ ...unset, DATA_DIR: dataDir, DIST_DIR: dist, ...extra });
  // its exit code, and its "listening" line (null if it exits first)
  return { ...s, exited: s.exited.then((e) => e.code), listening: s.listening() };
}

describe('the real entry point', () => {
  it('NODE_ENV=production without PAYMENTS: exits 1 with the reason, listening on nothing', async () => {
    const s = await start({ NODE_ENV: 'production' });
    expect(await s.exited).toBe(1);
    expect(await s.listening).toBeNull();
    expect(s.output.join('')).toMatch(/PAYMENTS: NODE_ENV is production but no payment provider is chosen/);
  }, 60_000);

  it('NODE_ENV=production with PAYMENTS=sandbox: runs, names the provider at start, and serves the ribbon', async () => {
    const s = await start({ NODE_ENV: 'production', PAYMENTS: 'sandbox' });
    const line = await s.listening;
    expect(line, s.output.join('')).not.toBeNull();
    const listening = JSON.parse(line!);
    expect(listening.payments).toMatch(/^sandbox \(test cards only: no real card is charged\)$/);
    // the key that seals medical details: its own, generated beside the database, and warned about
    expect(listening.bookingKey).toMatch(/^k[0-9a-f]{12} from /);
    expect(s.output.join('')).toContain('the generated BOOKING_DATA_KEY is in');
    const url = `http://127.0.0.1:${listening.port}`;
    expect(ribbonOf(await (await fetch(`${url}/courses?lang=ar`)).text())).toEqual({
      role: 'note',
      words: RIBBON.ar,
    });
    s.proc.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  }, 90_000);

  it('nothing set (the README’s `npm start`): runs on the sandbox, with the ribbon', async () => {
    const s = await start({});
    const line = await s.listening;
    expect(line, s.output.join('')).not.toBeNull();
    const listening = JSON.parse(line!);
    expect(listening.payments).toMatch(/^sandbox/);
    const html = await (await fetch(`http://127.0.0.1:${listening.port}/`)).text();
    expect(ribbonOf(html)).toEqual({ role: 'note', words: RIBBON.en });
    s.proc.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  }, 90_000);
});
