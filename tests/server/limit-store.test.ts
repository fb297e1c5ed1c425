/**
 * The shared limit stores (server/lib/limit-store.ts) give the same answers as the in-memory token
 * bucket, never hand out more tokens under concurrency, keep no address in clear, and sweep.
 * The PostgreSQL store runs on this run's database (PGlite or PostgreSQL); Redis with PostgreSQL runs.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ManualClock } from '../../server/lib/clock.ts';
import {
  type LimitStore,
  postgresLimitStore,
  redisLimitStore,
  SharedLimiter,
} from '../../server/lib/limit-store.ts';
import { RateLimiter } from '../../server/lib/rate-limit.ts';
import { setupTestDb } from './test-db.ts';

const { db } = await setupTestDb();
const secret = 'limit-store-test-secret-0123456789abcdef';
const redis =
  inject('postgres') === null ? null : new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
afterAll(async () => {
  await redis?.quit();
});

const stores: [string, () => LimitStore][] = [['postgres table', () => postgresLimitStore(db)]];
if (redis)
  stores.push(['redis', () => redisLimitStore(redis, `amina-test:${randomBytes(4).toString('hex')}:`)]);

describe.each(stores)('shared limits in the %s', (_name, makeStore) => {
  it('answers as the in-memory bucket does, step by step (burst, refill, wait seconds)', async () => {
    const store = makeStore();
    const clock = new ManualClock(1_000_000);
    const options = { limit: 4, windowMs: 60_000, clock };
    const shared = new SharedLimiter(store, `same-${randomBytes(3).toString('hex')}`, { ...options, secret });
    const memory = new RateLimiter(options);
    const gaps = [0, 0, 0, 0, 0, 1_000, 14_000, 0, 0, 30_000, 5_000, 0, 0, 0, 60_000, 0];
    for (const gap of gaps) {
      clock.advance(gap);
      expect(await shared.take('10.1.2.3')).toBe(memory.take('10.1.2.3'));
    }
  });

  it('20 takes at once from a bucket of 5: exactly 5 allowed', async () => {
    const store = makeStore();
    const clock = new ManualClock(5_000_000);
    const limiter = new SharedLimiter(store, `race-${randomBytes(3).toString('hex')}`, {
      limit: 5,
      windowMs: 60_000,
      clock,
      secret,
    });
    const waits = await Promise.all(Array.from({ length: 20 }, () => limiter.take('10.9.9.9')));
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
    expect(waits.filter((w) => w > 0).every((w) => w >= 1 && w <= 12)).toBe(true);
  });

  it('names and keys are separate buckets', async () => {
    const store = makeStore();
    const clock = new ManualClock(9_000_000);
    const name = `sep-${randomBytes(3).toString('hex')}`;
    const a = new SharedLimiter(store, name, { limit: 1, windowMs: 60_000, clock, secret });
    const b = new SharedLimiter(store, `${name}-other`, { limit: 1, windowMs: 60_000, clock, secret });
    expect(await a.take('10.0.0.1')).toBe(0);
    expect(await a.take('10.0.0.1')).toBeGreaterThan(0);
    expect(await a.take('10.0.0.2')).toBe(0);
    expect(await b.take('10.0.0.1')).toBe(0);
  });
});

describe('the PostgreSQL table', () => {
  it('stores no address in clear, and sweeps buckets idle for a window', async () => {
    const store = postgresLimitStore(db);
    const clock = new ManualClock(20_000_000);
    const name = `sweep-${randomBytes(3).toString('hex')}`;
    const limiter = new SharedLimiter(store, name, { limit: 2, windowMs: 60_000, clock, secret });
    await limiter.take('203.0.113.77');
    const rows = async () =>
      (
        (await db.db.execute(sql`select key from rate_limits where bucket = ${name}`)) as unknown as {
          rows: { key: string }[];
        }
      ).rows;
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0].key).not.toContain('203.0.113');
    await store.sweep(clock.now().getTime() + 30_000, 60_000);
    expect(await rows()).toHaveLength(1);
    await store.sweep(clock.now().getTime() + 61_000, 60_000);
    expect(await rows()).toHaveLength(0);
  });
});
