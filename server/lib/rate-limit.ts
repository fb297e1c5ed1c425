/**
 * Per-client-address limit (token bucket): `limit` requests per `windowMs`, refilled continuously,
 * so a burst of `limit` is allowed and then one request every windowMs/limit. In memory, per process;
 * limit-store.ts keeps the same buckets in PostgreSQL or Redis when several processes must share them.
 */
import { isIP } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import type { Clock } from './clock.ts';
import { ApiError } from './errors.ts';
import type { Limiter } from './limit-store.ts';

export interface RateLimitOptions {
  limit: number;
  windowMs: number;
  clock: Clock;
  /** Upper bound on tracked addresses; full buckets are dropped first when it is reached. */
  maxKeys?: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  readonly #buckets = new Map<string, Bucket>();
  readonly #rate: number; // tokens per ms
  constructor(readonly options: RateLimitOptions) {
    this.#rate = options.limit / options.windowMs;
  }

  get size(): number {
    return this.#buckets.size;
  }

  /** Takes one token; returns 0 when allowed, else the seconds to wait. */
  take(key: string): number {
    const now = this.options.clock.now().getTime();
    const { limit } = this.options;
    const b = this.#buckets.get(key) ?? { tokens: limit, at: now };
    b.tokens = Math.min(limit, b.tokens + Math.max(0, now - b.at) * this.#rate);
    b.at = now;
    if (b.tokens >= 1) {
      b.tokens -= 1;
      this.#set(key, b, now);
      return 0;
    }
    this.#set(key, b, now);
    return Math.max(1, Math.ceil((1 - b.tokens) / this.#rate / 1000));
  }

  #set(key: string, b: Bucket, now: number) {
    this.#buckets.delete(key); // re-insert: Map order becomes least-recently-used first
    this.#buckets.set(key, b);
    const max = this.options.maxKeys ?? 100_000;
    if (this.#buckets.size <= max) return;
    for (const [k, v] of this.#buckets) {
      const full = v.tokens + (now - v.at) * this.#rate >= this.options.limit;
      if (full || this.#buckets.size > max * 1.1) this.#buckets.delete(k);
      if (this.#buckets.size <= max * 0.9) break;
    }
  }
}

/**
 * The client's address: the socket peer, or with trustProxy the address the (one) trusted proxy
 * appended last to X-Forwarded-For. IPv6 addresses are grouped by /64 (one subscriber's prefix).
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  let addr: string | undefined;
  if (trustProxy) {
    const xff = c.req.header('x-forwarded-for');
    const last = xff?.split(',').at(-1)?.trim();
    if (last && isIP(last)) addr = last;
  }
  addr ??= (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket
    ?.remoteAddress;
  return addressKey(addr ?? 'unknown');
}

export function addressKey(addr: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(addr);
  if (mapped) return mapped[1];
  if (isIP(addr) !== 6) return addr;
  return `${expandV6(addr).slice(0, 4).join(':')}::/64`;
}

function expandV6(addr: string): string[] {
  const [head, tail] = addr.split('%')[0].split('::');
  const h = head ? head.split(':') : [];
  const t = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - h.length - t.length).fill('0');
  return [...h, ...fill, ...t].map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''));
}

export function rateLimit(limiter: Limiter, trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    const wait = await limiter.take(clientAddress(c, trustProxy));
    if (wait > 0) throw new ApiError('RATE_LIMITED', { retryAfter: wait });
    await next();
  };
}

/**
 * One bucket per member and one per address, both taken, so neither many requests from one member
 * nor from one address get through (cards saved, slots held, bookings confirmed). After sessionAuth.
 */
export function memberAndAddressLimit(
  limiters: { member: Limiter; address: Limiter },
  trustProxy: boolean,
): MiddlewareHandler {
  return async (c, next) => {
    const memberId = (c.var as { session?: { user: { id: string } } }).session?.user.id ?? 'visitor';
    const [member, address] = await Promise.all([
      limiters.member.take(memberId),
      limiters.address.take(clientAddress(c, trustProxy)),
    ]);
    const wait = Math.max(member, address);
    if (wait > 0) throw new ApiError('RATE_LIMITED', { retryAfter: wait });
    await next();
  };
}
