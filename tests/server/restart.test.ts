/**
 * Durability of the embedded database: the real entry point (server/main.ts) on a file-backed
 * DATA_DIR, stopped gracefully or killed with SIGKILL mid-traffic, then started again.
 * (This uses PGlite in every run: it is the file-backed data dir that is under test.)
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/index.ts';
import { ANSWERS, GOOD_PIN, registration } from './helpers.ts';
import { api, mainProcesses } from './main-process.ts';
import { pgliteTemplate } from './test-db.ts';

const main = mainProcesses();

/** server/main.ts on `dataDir`: its own PGlite there, and the pepper it generates and keeps there. */
const start = (dataDir: string) =>
  main.start({ DATA_DIR: dataDir, DATABASE_URL: undefined, AUTH_PEPPER: undefined });

const dataDir = () => main.tempDir('amina-restart-');

/** A data dir that already holds the migrated template (saves creating a cluster, ~5 s). */
async function preparedDataDir(): Promise<string> {
  const d = dataDir();
  mkdirSync(join(d, 'pglite'));
  const db = await openPglite({ dataDir: join(d, 'pglite'), loadDataDir: pgliteTemplate() });
  await db.close();
  return d;
}

describe('restart on a file-backed data dir (PGlite)', () => {
  it('a fresh data dir is created and migrated; a member registered before a graceful restart can still sign in, and her session survives', async () => {
    const dir = dataDir();
    const first = await start(dir);
    const body = registration();
    const created = await api(first, 'POST', '/users/register/standard', body);
    expect(created.status).toBe(201);

    // SIGTERM while a request is in flight: it completes, then the process exits cleanly
    const inFlight = api(first, 'POST', '/users/login', { alias: body.alias, pin: GOOD_PIN });
    await new Promise((r) => setTimeout(r, 20));
    first.proc.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(first.output.join('')).toContain('"stopped"');

    const second = await start(dir);
    const login = await api(second, 'POST', '/users/login', { alias: body.alias, pin: GOOD_PIN });
    expect(login.status).toBe(200);
    expect(login.body.user.id).toBe(created.body.user.id);
    expect((await api(second, 'GET', '/users/profile', undefined, created.body.token)).status).toBe(200);
    // the generated pepper was reused (otherwise the PIN would not verify), and never printed
    expect(second.output.join('')).not.toMatch(/pepper"?\s*:\s*"[A-Za-z0-9_-]{32,}/);
    second.proc.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
  }, 120_000);

  it('every member whose sign-up got 201 before a SIGKILL mid-traffic can sign in afterwards; none is half-written', async () => {
    const dir = await preparedDataDir();
    const first = await start(dir);
    const confirmed: string[] = [];
    const attempted: string[] = [];
    let stop = false;
    const worker = async () => {
      while (!stop) {
        const body = registration();
        attempted.push(body.alias);
        try {
          const r = await api(first, 'POST', '/users/register/standard', body);
          if (r.status === 201) confirmed.push(body.alias);
        } catch {
          return; // connection cut by the kill
        }
      }
    };
    const workers = Array.from({ length: 6 }, worker);
    // kill once some sign-ups are confirmed and others are surely in flight
    while (confirmed.length < 12) await new Promise((r) => setTimeout(r, 10));
    first.proc.kill('SIGKILL');
    stop = true;
    await Promise.all(workers);
    expect((await first.exited).signal).toBe('SIGKILL');
    expect(confirmed.length).toBeGreaterThanOrEqual(12);

    const second = await start(dir);
    for (const alias of confirmed) {
      const r = await api(second, 'POST', '/users/login', { alias, pin: GOOD_PIN });
      expect(r.status, alias).toBe(200);
    }
    // an unconfirmed sign-up either never happened or happened completely
    for (const alias of attempted.filter((a) => !confirmed.includes(a))) {
      const q = await api(second, 'GET', `/security-questions/user?alias=${alias}`);
      expect([200, 404]).toContain(q.status);
      if (q.status === 200) {
        expect(q.body.questions.map((x: { id: string }) => x.id)).toEqual(ANSWERS.map((a) => a.questionId));
      }
    }
    second.proc.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
  }, 180_000);
});
