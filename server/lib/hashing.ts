/**
 * Secrets (PINs, security answers, recovery codes, staff passwords) are hashed as argon2id(HMAC-SHA256(pepper, purpose ‖ secret)):
 * the pepper lives outside the database, so a leaked table alone cannot be brute-forced offline.
 * How many hashes run at once is capped (each argon2 run holds 19 MiB and a thread-pool thread).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { ApiError } from './errors.ts';
import { QueueFullError, Semaphore } from './semaphore.ts';

export interface HashCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP's argon2id baseline: m=19 MiB, t=2, p=1. */
export const PRODUCTION_HASH_COST: HashCost = Object.freeze({
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
});

const ARGON2ID = 2 as Algorithm;

/** What a secret is: each purpose keys its HMAC apart (a staff password is not a PIN, issue 26). */
export type SecretPurpose = 'pin' | 'answer' | 'recovery' | 'staff-password';

export interface Hasher {
  hash(purpose: SecretPurpose, secret: string): Promise<string>;
  verify(purpose: SecretPurpose, encoded: string, secret: string): Promise<boolean>;
  /** True when the stored hash was made with other parameters than the current ones. */
  needsRehash(encoded: string): boolean;
  /** A hash of nothing, verified for unknown aliases so both paths cost the same. */
  dummyVerify(): Promise<void>;
  readonly cost: HashCost;
  /** Hashes running now and waiting for a slot. */
  stats(): { active: number; waiting: number };
}

export interface HasherOptions {
  pepper: string;
  cost?: HashCost;
  concurrency: number;
  maxQueue?: number;
}

export function createHasher({
  pepper,
  cost = PRODUCTION_HASH_COST,
  concurrency,
  maxQueue = 256,
}: HasherOptions): Hasher {
  const limiter = new Semaphore(concurrency, maxQueue);
  const options = { ...cost, algorithm: ARGON2ID };
  const prefix = `$argon2id$v=19$m=${cost.memoryCost},t=${cost.timeCost},p=${cost.parallelism}$`;
  // base64 text, not raw bytes: @node-rs/argon2's verify() rejects passwords that are not UTF-8
  const keyed = (purpose: SecretPurpose, secret: string) =>
    createHmac('sha256', pepper).update(`${purpose}\0${secret}`, 'utf8').digest('base64');

  const limited = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await limiter.run(fn);
    } catch (e) {
      if (e instanceof QueueFullError) throw new ApiError('SERVER_BUSY', { retryAfter: 1 });
      throw e;
    }
  };

  let dummy: Promise<string> | undefined;
  const hasher: Hasher = {
    cost,
    stats: () => ({ active: limiter.active, waiting: limiter.waiting }),
    hash: (purpose, secret) => limited(() => hash(keyed(purpose, secret), options)),
    // a malformed stored hash throws: a bug to surface (500, logged), never a silent mismatch
    verify: (purpose, encoded, secret) => limited(() => verify(encoded, keyed(purpose, secret))),
    needsRehash: (encoded) => !encoded.startsWith(prefix),
    async dummyVerify() {
      dummy ??= hash(randomBytes(32).toString('base64'), options);
      await hasher.verify('pin', await dummy, 'x');
    },
  };
  return hasher;
}

/** 256-bit random token, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as SHA-256: they are random, so a fast hash is enough. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
