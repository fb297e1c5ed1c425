/**
 * Per-address and per-member limits that hold across processes and machines. The in-memory
 * RateLimiter (rate-limit.ts) is right for one process (PGlite); with several workers or several
 * machines behind a proxy, every process must count into the same bucket, so the bucket lives in
 * PostgreSQL (one atomic upsert per request) or in Redis when REDIS_URL is set (one Lua script).
 *
 * Same token bucket as RateLimiter: `limit` requests per `windowMs`, refilled continuously; `take`
 * answers 0 when allowed, else the seconds to wait. Keys are stored as an HMAC with a server secret,
 * never as the address or member id itself, and a bucket untouched for a whole window is full again,
 * so `sweep` deletes it.
 */
import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import type { Clock } from './clock.ts';

/** What the middleware needs of a limiter: the in-memory RateLimiter and SharedLimiter both fit. */
export interface Limiter {
  take(key: string): number | Promise<number>;
}

export interface LimitStore {
  readonly kind: 'postgres' | 'redis';
  /** Takes one token from bucket `bucket`/`key`; 0 when allowed, else the seconds to wait. */
  take(bucket: string, key: string, limit: number, windowMs: number, nowMs: number): Promise<number>;
  /** Deletes buckets untouched for `olderThanMs` (they are full again). */
  sweep(nowMs: number, olderThanMs: number): Promise<void>;
  close(): Promise<void>;
}

/** A named limit in a shared store (one bucket per key, per name). */
export class SharedLimiter implements Limiter {
  constructor(
    readonly store: LimitStore,
    readonly name: string,
    readonly options: { limit: number; windowMs: number; clock: Clock; secret: string },
  ) {}

  take(key: string): Promise<number> {
    const { limit, windowMs, clock, secret } = this.options;
    const hashed = createHmac('sha256', secret)
      .update(`${this.name}\0${key}`)
      .digest('base64url')
      .slice(0, 32);
    return this.store.take(this.name, hashed, limit, windowMs, clock.now().getTime());
  }
}

const waitSeconds = (tokens: number, rate: number) => Math.max(1, Math.ceil((1 - tokens) / rate / 1000));

/**
 * Buckets in the `rate_limits` table. One statement refills, takes and tells whether it was taken,
 * so two processes taking at once are serialised by the row lock and never both get the last token.
 */
export function postgresLimitStore(database: Database): LimitStore {
  return {
    kind: 'postgres',
    async take(bucket, key, limit, windowMs, nowMs) {
      const rate = limit / windowMs;
      const refill = sql`least(${limit}::float8, r.tokens + greatest(0, ${nowMs}::bigint - r.at_ms) * ${rate}::float8)`;
      const result = await database.db.execute(sql`
        insert into rate_limits as r (bucket, key, tokens, at_ms, granted)
        values (${bucket}, ${key}, ${limit - 1}::float8, ${nowMs}::bigint, true)
        on conflict (bucket, key) do update set
          tokens = case when ${refill} >= 1 then ${refill} - 1 else ${refill} end,
          granted = ${refill} >= 1,
          at_ms = greatest(r.at_ms, ${nowMs}::bigint)
        returning tokens, granted`);
      const row = (result as unknown as { rows: { tokens: number | string; granted: boolean }[] }).rows[0];
      return row.granted ? 0 : waitSeconds(Number(row.tokens), rate);
    },
    async sweep(nowMs, olderThanMs) {
      await database.db.execute(sql`delete from rate_limits where at_ms < ${nowMs - olderThanMs}::bigint`);
    },
    async close() {},
  };
}

/** The smallest part of a Redis client the store uses (ioredis fits). */
export interface RedisLike {
  eval(script: string, keys: number, ...args: (string | number)[]): Promise<unknown>;
  quit(): Promise<unknown>;
}

/** The token bucket as one Lua script: atomic in Redis, whichever process calls it. */
const TAKE_SCRIPT = `
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local rate = limit / window
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(b[1])
local at = tonumber(b[2])
if tokens == nil then tokens = limit; at = now end
tokens = math.min(limit, tokens + math.max(0, now - at) * rate)
local granted = 0
if tokens >= 1 then tokens = tokens - 1; granted = 1 end
redis.call('HSET', KEYS[1], 'tokens', string.format('%.17g', tokens), 'at', string.format('%.17g', math.max(at, now)))
redis.call('PEXPIRE', KEYS[1], window)
return {granted, string.format('%.17g', tokens)}
`;

/** Buckets in Redis, each a hash that expires once it would be full again (no sweep needed). */
export function redisLimitStore(redis: RedisLike, prefix = 'amina:limit:'): LimitStore {
  return {
    kind: 'redis',
    async take(bucket, key, limit, windowMs, nowMs) {
      const [granted, tokens] = (await redis.eval(
        TAKE_SCRIPT,
        1,
        `${prefix}${bucket}:${key}`,
        limit,
        windowMs,
        nowMs,
      )) as [number, string];
      return granted === 1 ? 0 : waitSeconds(Number(tokens), limit / windowMs);
    },
    async sweep() {},
    async close() {
      await redis.quit();
    },
  };
}
