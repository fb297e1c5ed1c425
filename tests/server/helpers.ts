/** Shared test plumbing: an app factory, request helpers and member fixtures (the database: test-db.ts). */
import { randomBytes } from 'node:crypto';
import { createApp } from '../../server/app.ts';
import type { AppConfig } from '../../server/config.ts';
import type { Database } from '../../server/db/index.ts';
import { type Clock, ManualClock } from '../../server/lib/clock.ts';
import { createHasher, type HashCost, type Hasher } from '../../server/lib/hashing.ts';
import type { LimitStore } from '../../server/lib/limit-store.ts';
import { createLogger, type Logger } from '../../server/lib/log.ts';
import type { PaymentProvider } from '../../server/payments/provider.ts';

/** Tests may use a cheap argon2 cost; config.test.ts proves production uses m=19456,t=2,p=1. */
export const TEST_HASH_COST: HashCost = { memoryCost: 256, timeCost: 1, parallelism: 1 };
export const TEST_PEPPER = 'test-pepper-0123456789abcdefghijklmnopqrstuvwxyz';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    pepper: TEST_PEPPER,
    rateLimit: { limit: 100_000, windowMs: 15 * 60_000 },
    trustProxy: false,
    hashCost: TEST_HASH_COST,
    hashConcurrency: 4,
    logLevel: 'silent',
    cardRateLimit: { limit: 100_000, windowMs: 15 * 60_000 },
    bookingRateLimit: { limit: 100_000, windowMs: 15 * 60_000 },
    registerRateLimit: { limit: 100_000, windowMs: 60 * 60_000 },
    ...overrides,
  };
}

export interface TestAppOptions {
  db: Database;
  clock?: Clock;
  config?: Partial<AppConfig>;
  logger?: Logger;
  distDir?: string;
  hasher?: Hasher;
  /**
   * Where the limits count. Default: each app's own memory, so every test starts with full buckets
   * on either database; the shared stores are tested by limit-store.test.ts and processes.test.ts.
   */
  limitStore?: LimitStore | null;
}

export function testApp({
  db,
  clock = new ManualClock(),
  config,
  logger,
  distDir,
  hasher,
  limitStore = null,
}: TestAppOptions) {
  const cfg = testConfig(config);
  const app = createApp({
    db,
    clock,
    config: cfg,
    logger,
    distDir: distDir ?? '/nonexistent-dist',
    hasher,
    limitStore,
  });
  return Object.assign(app, { clock });
}
export type TestApp = ReturnType<typeof testApp>;

/** An app that charges through `paymentProvider` (a double over the sandbox), its log silent. */
export function appWithProvider(db: Database, clock: Clock, paymentProvider: PaymentProvider) {
  return Object.assign(
    createApp({
      db,
      clock,
      config: testConfig(),
      logger: createLogger({ level: 'silent' }),
      distDir: '/nonexistent-dist',
      hasher: cheapHasher(),
      limitStore: null,
      paymentProvider,
      bookingMailer: null,
    }),
    { clock },
  );
}

export function cheapHasher(pepper = TEST_PEPPER, concurrency = 4): Hasher {
  return createHasher({ pepper, cost: TEST_HASH_COST, concurrency });
}

/** A cheap hasher that counts its checks: `verifies` (against a stored hash) and `dummies` (dummyVerify). */
export function countingHasher(): Hasher & { verifies: number; dummies: number } {
  const inner = cheapHasher();
  const h = {
    verifies: 0,
    dummies: 0,
    cost: inner.cost,
    stats: inner.stats,
    hash: inner.hash,
    needsRehash: inner.needsRehash,
    dummyVerify() {
      h.dummies++;
      return inner.dummyVerify();
    },
    verify(...args: Parameters<Hasher['verify']>) {
      h.verifies++;
      return inner.verify(...args);
    },
  };
  return h;
}

// ---------------------------------------------------------------- requests

// biome-ignore lint/suspicious/noExplicitAny: response bodies are asserted field by field in the tests
type Body = any;

export interface Reply<T = Body> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export async function call<T = Body>(
  app: TestApp,
  method: string,
  path: string,
  options: {
    json?: unknown;
    body?: string;
    headers?: Record<string, string>;
    token?: string;
    ip?: string;
  } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  if (body !== undefined) headers['content-length'] ??= String(Buffer.byteLength(body));
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const env = { incoming: { socket: { remoteAddress: options.ip ?? '203.0.113.7' } } };
  const res = await app.request(path, { method, headers, body }, env);
  const text = await res.text();
  let parsed: unknown = text;
  if (res.headers.get('content-type')?.includes('json') && text) parsed = JSON.parse(text);
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

export const post = <T = Body>(
  app: TestApp,
  path: string,
  json: unknown,
  options: Parameters<typeof call>[3] = {},
) => call<T>(app, 'POST', `/api${path}`, { ...options, json });
export const get = <T = Body>(app: TestApp, path: string, options: Parameters<typeof call>[3] = {}) =>
  call<T>(app, 'GET', `/api${path}`, options);

// ---------------------------------------------------------------- fixtures

export function uniqueAlias(prefix = 'member'): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`;
}

export const GOOD_PIN = '480317';
export const OTHER_PIN = '739264';
export const ANSWERS = [
  { questionId: 'birth_city', answer: 'Al Ain' },
  { questionId: 'favourite_food', answer: 'Maqluba' },
  { questionId: 'childhood_street', answer: 'شارع الأمير' },
];

export function registration(overrides: Record<string, unknown> = {}) {
  return {
    alias: uniqueAlias(),
    pin: GOOD_PIN,
    pinConfirm: GOOD_PIN,
    securityAnswers: ANSWERS,
    country: 'AE',
    avatarId: 'date-palm',
    ageRange: '25-34',
    maritalStatus: 'prefer_not_to_say',
    isAdult: true,
    acceptTerms: true,
    ...overrides,
  };
}

/** Registers a member; returns alias, token and the created user. */
export async function registerMember(app: TestApp, overrides: Record<string, unknown> = {}, ip?: string) {
  const body = registration(overrides);
  const r = await post(app, '/users/register/standard', body, { ip });
  if (r.status !== 201) throw new Error(`register failed: ${r.status} ${r.text}`);
  return {
    alias: body.alias as string,
    pin: body.pin as string,
    token: r.body.token as string,
    user: r.body.user,
  };
}

/** Answers a member's security questions (ANSWERS unless given); `body.resetToken` when they match. */
export const answerQuestions = (
  app: TestApp,
  alias: string,
  answers: unknown = ANSWERS,
  options: Parameters<typeof call>[3] = {},
) => post(app, '/security-questions/verify-by-alias', { alias, answers }, options);

/** Sets a new PIN (OTHER_PIN unless given) with a reset token; the confirmation repeats it unless given. */
export const resetPin = (
  app: TestApp,
  resetToken: string,
  pin = OTHER_PIN,
  pinConfirm: unknown = pin,
  options: Parameters<typeof call>[3] = {},
) => post(app, '/users/forgot-pin/reset', { resetToken, pin, pinConfirm }, options);

export function expectEnvelope(r: Reply, code?: string): void {
  const e = r.body?.error;
  if (!e || typeof e.code !== 'string' || typeof e.message !== 'string' || !/^[A-Z_]+$/.test(e.code)) {
    throw new Error(`not an error envelope (${r.status}): ${r.text.slice(0, 300)}`);
  }
  if (code && e.code !== code)
    throw new Error(`expected ${code}, got ${e.code} (${r.status}): ${r.text.slice(0, 300)}`);
  if (e.fields) {
    if (!e.fieldCodes) throw new Error('fields without fieldCodes');
    if (Object.keys(e.fields).sort().join() !== Object.keys(e.fieldCodes).sort().join()) {
      throw new Error('fields and fieldCodes name different fields');
    }
  }
}

// ---------------------------------------------------------------- buying (issue 8)

/** A card the sandbox accepts as valid input (expiry far ahead of every test clock). */
export function card(number: string, overrides: Record<string, unknown> = {}) {
  return { number, expiry: '12/35', cvc: '123', country: 'AE', postalCode: '00000', ...overrides };
}

/** Saves a sandbox card for the member; its payment method id. */
export async function addCard(app: TestApp, token: string, number: string): Promise<string> {
  const r = await post(app, '/sandbox-pay/payment-methods', card(number), { token });
  if (r.status !== 201) throw new Error(`card failed: ${r.status} ${r.text}`);
  return r.body.id as string;
}

/** A new Idempotency-Key. */
export const newKey = () => `key_${randomBytes(9).toString('base64url')}`;

/** POST /course-purchase/enroll-multiple with a key. */
export const buy = (app: TestApp, token: string, key: string | null, body: Record<string, unknown>) =>
  post(app, '/course-purchase/enroll-multiple', body, {
    token,
    headers: key === null ? {} : { 'idempotency-key': key },
  });

/** The server's total for these courses (and code), as the checkout shows it. */
export async function totalFor(app: TestApp, courseIds: string[], code?: string, token?: string) {
  const r = await post(app, '/course-purchase/quote', { courseIds, code }, { token });
  if (r.status !== 200) throw new Error(`quote failed: ${r.status} ${r.text}`);
  return r.body.totals.total as number;
}
