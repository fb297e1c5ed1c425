/**
 * More than one process (issue 11): two real servers (server/main.ts) on one PostgreSQL database,
 * as two machines behind a proxy would be, and one server running two workers (WORKERS=2):
 * - a member locked out on one is locked out on the other;
 * - the per-address limit counts the requests both answered, in the PostgreSQL table and, with
 *   REDIS_URL, in Redis;
 * - two workers share one port and one limit.
 * PostgreSQL runs only where this run has one (TEST_DATABASE_URL), like every PostgreSQL test.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { withDatabase } from './global-setup.ts';
import { GOOD_PIN, OTHER_PIN, registration } from './helpers.ts';
import { api, mainProcesses, type Server } from './main-process.ts';

const PEPPER = 'processes-test-pepper-0123456789abcdefghijklmnopqrstuvwxyz';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMIT = 8;
const main = mainProcesses();
const { stop } = main;

/** Starts server/main.ts on a free port; resolves when `listeners` processes say they listen. */
function start(env: Record<string, string>, listeners = 1): Promise<Server> {
  return main.start(
    {
      DATA_DIR: main.tempDir('amina-procs-'),
      AUTH_PEPPER: PEPPER,
      AUTH_RATE_LIMIT: String(LIMIT),
      REDIS_URL: '',
      WORKERS: '1',
      ...env,
    },
    { listeners, timeoutMs: 90_000 },
  );
}

/** A fresh, empty PostgreSQL database (the servers migrate it); dropped after the test. */
async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const { adminUrl } = inject('postgres')!;
  const name = `amina_procs_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  return {
    url: withDatabase(adminUrl, name),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

/** Unknown aliases: each sign-in costs one token of the address's auth budget and nothing else. */
const signInAttempt = (server: Server, i: number) =>
  api(server, 'POST', '/users/login', {
    alias: `nobody_${i}_${randomBytes(3).toString('hex')}`,
    pin: OTHER_PIN,
  });

async function addressLimitCountsBoth(a: Server, b: Server) {
  const statuses: number[] = [];
  for (let i = 0; i < LIMIT + 4; i++) statuses.push((await signInAttempt(i % 2 ? b : a, i)).status);
  // the first LIMIT go through (401: no such member), whichever server answered; the rest are refused
  expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(401));
  expect(statuses.slice(LIMIT)).toEqual(Array(4).fill(429));
}

describe('several processes on one PostgreSQL', () => {
  if (inject('postgres') === null) {
    // the PGlite pass: one process only, and it says so
    it('PGlite stays one process whatever WORKERS says, its limits in memory', async () => {
      const s = await start({ DATABASE_URL: '', WORKERS: '4' });
      const listening = s.output
        .join('')
        .split('\n')
        .filter((l) => l.includes('"listening"'));
      expect(listening).toHaveLength(1);
      expect(JSON.parse(listening[0]).limits).toBe('in memory (one process)');
      await stop(s);
    }, 120_000);
    return;
  }

  it('a member locked on one server is locked on the other; a sign-out on one ends the session on both; the address limit counts both', async () => {
    const db = await freshDatabase();
    try {
      const a = await start({ DATABASE_URL: db.url, AUTH_RATE_LIMIT: '1000' });
      const b = await start({ DATABASE_URL: db.url, AUTH_RATE_LIMIT: '1000' });
      expect(
        JSON.parse(
          a.output
            .join('')
            .split('\n')
            .find((l) => l.includes('"listening"'))!,
        ).limits,
      ).toBe('shared (postgres)');
      const member = registration();
      expect((await api(a, 'POST', '/users/register/standard', member)).status).toBe(201);
      // four wrong PINs on A, the fifth on B: the count is one count
      for (let i = 0; i < 4; i++)
        expect((await api(a, 'POST', '/users/login', { alias: member.alias, pin: OTHER_PIN })).status).toBe(
          401,
        );
      const fifth = await api(b, 'POST', '/users/login', { alias: member.alias, pin: OTHER_PIN });
      expect(fifth.status).toBe(429);
      expect(fifth.body.error.code).toBe('TOO_MANY_ATTEMPTS');
      // now even the right PIN is refused on both
      for (const s of [a, b]) {
        const r = await api(s, 'POST', '/users/login', { alias: member.alias, pin: GOOD_PIN });
        expect(r.status).toBe(429);
      }
      // a session seen on B (so B keeps it for a few seconds) and signed out on A: B refuses it at once
      const other = registration();
      const joined = await api(a, 'POST', '/users/register/standard', other);
      expect(joined.status).toBe(201);
      const auth = { authorization: `Bearer ${joined.body.token}` };
      const profileOn = (s: Server) =>
        fetch(`${s.url}/api/users/profile`, { headers: auth }).then((r) => r.status);
      expect(await profileOn(b)).toBe(200);
      expect(await profileOn(b)).toBe(200);
      const out = await fetch(`${a.url}/api/users/logout`, { method: 'POST', headers: auth });
      expect(out.status).toBeLessThan(300);
      await expect.poll(() => profileOn(b), { timeout: 2_000, interval: 50 }).toBe(401);
      expect(await profileOn(a)).toBe(401);
      await Promise.all([stop(a), stop(b)]);

      // a small address budget: requests to both servers come out of it
      const c = await start({ DATABASE_URL: db.url });
      const d = await start({ DATABASE_URL: db.url });
      await addressLimitCountsBoth(c, d);
      await Promise.all([stop(c), stop(d)]);
    } finally {
      await db.drop();
    }
  }, 180_000);

  it('with REDIS_URL the limit counts both servers in Redis', async () => {
    const db = await freshDatabase();
    try {
      // a prefix of its own per run: the buckets of another run never meet these
      const env = {
        DATABASE_URL: db.url,
        REDIS_URL,
        AUTH_PEPPER: `${PEPPER}-${randomBytes(4).toString('hex')}`,
      };
      const a = await start(env);
      const b = await start(env);
      expect(
        JSON.parse(
          a.output
            .join('')
            .split('\n')
            .find((l) => l.includes('"listening"'))!,
        ).limits,
      ).toBe('shared (redis)');
      await addressLimitCountsBoth(a, b);
      await Promise.all([stop(a), stop(b)]);
    } finally {
      await db.drop();
    }
  }, 180_000);

  it('WORKERS=2: two workers on one port, one limit, and a worker that dies is replaced', async () => {
    const db = await freshDatabase();
    try {
      const s = await start({ DATABASE_URL: db.url, WORKERS: '2' }, 2);
      const workers = s.output
        .join('')
        .split('\n')
        .filter((l) => l.includes('"listening"'))
        .map((l) => JSON.parse(l).worker);
      expect(new Set(workers).size).toBe(2);
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT + 2; i++) statuses.push((await signInAttempt(s, i)).status);
      expect(statuses).toEqual([...Array(LIMIT).fill(401), 429, 429]);

      // SIGKILL one worker: the primary starts another, and the port keeps answering
      const listening = () =>
        s.output
          .join('')
          .split('\n')
          .filter((l) => l.includes('"listening"'));
      process.kill(JSON.parse(listening()[0]).pid, 'SIGKILL');
      await expect.poll(() => listening().length, { timeout: 60_000, interval: 200 }).toBe(3);
      expect((await signInAttempt(s, 99)).status).toBe(429);
      await stop(s);
    } finally {
      await db.drop();
    }
  }, 180_000);
});
