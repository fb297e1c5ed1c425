/** Configuration from the environment, the generated pepper, and production hashing parameters. */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { ConfigError, loadConfig, loadOrCreatePepper, parseEnv } from '../../server/config.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import { ApiError } from '../../server/lib/errors.ts';
import { createHasher, PRODUCTION_HASH_COST } from '../../server/lib/hashing.ts';
import { GOOD_PIN, post, registerMember, registration, TEST_PEPPER, testApp } from './helpers.ts';
import { setupTestDb } from './test-db.ts';

/** For the hashing tests: the server as configured from the environment, on a database of the file's own. */
const { db } = await setupTestDb();

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'amina-config-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('environment', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({
      port: 3000,
      dataDir: dir,
      databaseUrl: undefined,
      rateLimit: { limit: 300, windowMs: 15 * 60_000 },
      trustProxy: false,
      logLevel: 'info',
      pepperSource: 'dataDir',
    });
    expect(parseEnv({}).DATA_DIR).toBe('./data');
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      DATA_DIR: dir,
      DATABASE_URL: 'postgres://u@db:5432/app',
      AUTH_PEPPER: 'p'.repeat(40),
      AUTH_RATE_LIMIT: '1000',
      AUTH_RATE_WINDOW_MINUTES: '5',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'silent',
    });
    expect(c).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u@db:5432/app',
      pepper: 'p'.repeat(40),
      pepperSource: 'env',
      rateLimit: { limit: 1000, windowMs: 5 * 60_000 },
      trustProxy: true,
      logLevel: 'silent',
    });
  });

  it('refuses bad values with a message naming each variable, never echoing secrets', () => {
    const secret = 'short-pepper-value';
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATA_DIR: dir,
        DATABASE_URL: 'mysql://x',
        AUTH_PEPPER: secret,
        AUTH_RATE_LIMIT: '0',
        TRUST_PROXY: 'maybe',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'DATABASE_URL', 'AUTH_PEPPER', 'AUTH_RATE_LIMIT', 'TRUST_PROXY']) {
      expect(message).toContain(name);
    }
    expect(message).not.toContain(secret);
    expect(message).toMatch(/PORT: must be a whole number/);
    expect(() => parseEnv({ PORT: '70000' })).toThrow(/PORT: must be at most 65535/);
  });
});

describe('pepper', () => {
  it('is generated once into DATA_DIR/secrets (0600) and reused', () => {
    const d = mkdtempSync(join(tmpdir(), 'amina-pepper-'));
    const first = loadOrCreatePepper(d);
    const file = join(d, 'secrets', 'auth-pepper');
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: d }).pepper).toBe(first);
    expect(loadOrCreatePepper(d)).toBe(first);
    rmSync(d, { recursive: true, force: true });
  });

  it('refuses a truncated pepper file rather than silently replacing it', () => {
    const d = mkdtempSync(join(tmpdir(), 'amina-pepper-'));
    loadOrCreatePepper(d);
    writeFileSync(join(d, 'secrets', 'auth-pepper'), 'short');
    expect(() => loadOrCreatePepper(d)).toThrow(ConfigError);
    rmSync(d, { recursive: true, force: true });
  });
});

describe('hashing', () => {
  it('uses argon2id m=19456 t=2 p=1 by default: the server as configured from the environment stores such hashes', async () => {
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
    expect(config.hashCost).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(PRODUCTION_HASH_COST).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const app = createApp({ db, clock: new ManualClock(), config, distDir: '/nonexistent' });
    const body = registration();
    const r = await app.request('/api/users/register/standard', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(r.status).toBe(201);
    const rows = (await db.db.execute(
      sql`select u.pin_hash, a.answer_hash from users u join security_answers a on a.user_id = u.id where u.alias = ${body.alias}`,
    )) as unknown as { rows: { pin_hash: string; answer_hash: string }[] };
    expect(rows.rows).toHaveLength(3);
    for (const row of rows.rows) {
      expect(row.pin_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row.answer_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    }
  });

  it('rehashes an older, cheaper PIN hash at the next successful sign-in', async () => {
    const cheap = testApp({ db });
    const m = await registerMember(cheap);
    const config = { ...loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), pepper: TEST_PEPPER };
    const production = Object.assign(
      createApp({ db, clock: new ManualClock(), config, distDir: '/nonexistent' }),
      {
        clock: new ManualClock(),
      },
    );
    const r = await post(production, '/users/login', { alias: m.alias, pin: GOOD_PIN });
    expect(r.status).toBe(200);
    const rows = (await db.db.execute(
      sql`select pin_hash from users where alias = ${m.alias}`,
    )) as unknown as {
      rows: { pin_hash: string }[];
    };
    expect(rows.rows[0].pin_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // and the new hash still verifies
    expect((await post(production, '/users/login', { alias: m.alias, pin: GOOD_PIN })).status).toBe(200);
  });

  it('never runs more hashes at once than the configured cap, and sheds load when the queue is full', async () => {
    const cost = { memoryCost: 2048, timeCost: 2, parallelism: 1 };
    const hasher = createHasher({ pepper: 'x'.repeat(32), cost, concurrency: 2 });
    let peak = 0;
    const poll = setInterval(() => {
      peak = Math.max(peak, hasher.stats().active);
    }, 0);
    const all = Promise.all(Array.from({ length: 12 }, () => hasher.hash('pin', '480317')));
    expect(hasher.stats()).toEqual({ active: 2, waiting: 10 });
    await all;
    clearInterval(poll);
    expect(peak).toBe(2);
    expect(hasher.stats()).toEqual({ active: 0, waiting: 0 });

    const small = createHasher({ pepper: 'x'.repeat(32), cost, concurrency: 1, maxQueue: 1 });
    const results = await Promise.allSettled([1, 2, 3].map(() => small.hash('pin', '480317')));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    const reason = (results[2] as PromiseRejectedResult).reason;
    expect(reason).toBeInstanceOf(ApiError);
    expect(reason.code).toBe('SERVER_BUSY');
  });

  it('keys every hash with the pepper and separates PINs from answers', async () => {
    const cost = { memoryCost: 256, timeCost: 1, parallelism: 1 };
    const a = createHasher({ pepper: 'a'.repeat(32), cost, concurrency: 1 });
    const b = createHasher({ pepper: 'b'.repeat(32), cost, concurrency: 1 });
    const h = await a.hash('pin', '480317');
    expect(await a.verify('pin', h, '480317')).toBe(true);
    expect(await a.verify('answer', h, '480317')).toBe(false);
    expect(await b.verify('pin', h, '480317')).toBe(false);
    expect(a.needsRehash(h)).toBe(false);
    expect(createHasher({ pepper: 'a'.repeat(32), concurrency: 1 }).needsRehash(h)).toBe(true);
  });
});
