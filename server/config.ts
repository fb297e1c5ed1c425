/**
 * Configuration from the environment, validated at start. Bad values stop the server with a
 * message naming each variable; the pepper's value is never printed.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_MERCHANT_CHARGE_BASIS_POINTS } from '../contract/consultation-rules.ts';
import {
  type BookingKey,
  bookingKeyFile,
  bookingKeyRing,
  type ConsultationsConfig,
  DEFAULT_JITSI_URL,
  loadOrCreateBookingKeys,
  parseBookingKeys,
} from './domain/consultations-config.ts';
import { ensurePrivateDir } from './lib/data-dir.ts';
import { type HashCost, PRODUCTION_HASH_COST } from './lib/hashing.ts';
import type { LogLevel } from './lib/log.ts';
import { DEFAULT_QUICK_EXIT_URL, type SiteConfig } from './site-meta.ts';

const bool = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' }))
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const int = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { error: 'must be a whole number' })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: `must be at least ${min}` })
        .max(max, { error: `must be at most ${max}` }),
    );

/** The payment providers the server can charge through (PAYMENTS). */
export const PAYMENT_PROVIDERS = ['sandbox'] as const;
export type PaymentsName = (typeof PAYMENT_PROVIDERS)[number];

const EnvSchema = z.object({
  PORT: int(0, 65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1, { error: 'must not be empty' }).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\/\S+$/, { error: 'must be a postgres:// or postgresql:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  AUTH_PEPPER: z
    .string()
    .min(32, { error: 'must be at least 32 characters (e.g. `openssl rand -base64 32`)' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  AUTH_PEPPER_FILE: z
    .string()
    .trim()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  AUTH_RATE_LIMIT: int(1, 1_000_000).default(300),
  AUTH_RATE_WINDOW_MINUTES: int(1, 24 * 60).default(15),
  /** Cards saved per member per 15 minutes (three times as many per address): card-testing defence. */
  CARD_RATE_LIMIT: int(1, 1_000_000).default(10),
  /** Holds and, separately, confirmations per member per 15 minutes (three times as many per address). */
  BOOKING_RATE_LIMIT: int(1, 1_000_000).default(20),
  /** New accounts per address per hour, apart from the other sign-in calls. */
  REGISTER_RATE_LIMIT: int(1, 1_000_000).default(20),
  /** Invoice and credit-note PDFs per member per 15 minutes (each is a costly render). */
  PDF_RATE_LIMIT: int(1, 1_000_000).default(30),
  /** Public pages rendered on the server at once per process; beyond it, the plain shell. */
  SSR_CONCURRENCY: int(1, 64).default(2),
  TRUST_PROXY: bool.default(false),
  /** Public form submissions (contact, programs, partnerships, concern, expert applications) per address per 15 minutes. */
  FORM_RATE_LIMIT: int(1, 1_000_000).default(10),
  /** smtp:// or smtps:// URL of the server that mails each form submission to TEAM_EMAIL; unset: stored only. */
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/\S+$/, { error: 'must be an smtp:// or smtps:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  TEAM_EMAIL: z.email({ error: 'must be an e-mail address' }).default('team@amina.health'),
  MAIL_FROM: z.email({ error: 'must be an e-mail address' }).default('forms@amina.health'),
  /** Shared limits in Redis instead of the PostgreSQL table (several processes or machines). */
  REDIS_URL: z
    .string()
    .trim()
    .regex(/^rediss?:\/\/\S+$/, { error: 'must be a redis:// or rediss:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Worker processes with PostgreSQL (default: one per core); PGlite is always one process. */
  WORKERS: int(1, 256).optional(),
  /** Absolute address of the site for canonical links, the sitemap and Open Graph (default http://localhost:PORT). */
  PUBLIC_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, { error: 'must be an http:// or https:// address' })
    .transform((v) => v.replace(/\/+$/, ''))
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The neutral site Quick exit opens (issue 9). */
  QUICK_EXIT_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s]+$/, { error: 'must be an http:// or https:// address' })
    .default(DEFAULT_QUICK_EXIT_URL),
  // consultations (issue 10)
  /**
   * The keys that encrypt bookings' personal details: 32 bytes (base64 or 64 hex digits), or several
   * `id:key` separated by spaces or commas, the first current (issue 20); default: generated into
   * DATA_DIR/secrets/booking-data-key.
   */
  BOOKING_DATA_KEY: z
    .string()
    .trim()
    .refine((v) => v === '' || typeof parseBookingKeys(v) !== 'string', {
      error: 'must be 32 bytes as base64 or 64 hex digits (or `id:key` entries, the first current)',
    })
    .transform((v) => v || undefined)
    .optional(),
  /** Or read them from this file (one `id:key` per line, the first current), kept apart from the database. */
  BOOKING_DATA_KEY_FILE: z
    .string()
    .trim()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * The payment provider (issue 20). Only the embedded sandbox exists: test cards, no real card is
   * charged. Unset, it is the sandbox, except with NODE_ENV=production, where it must be chosen.
   */
  PAYMENTS: z
    .string()
    .trim()
    .refine((v) => v === '' || (PAYMENT_PROVIDERS as readonly string[]).includes(v), {
      error: 'must be sandbox (the embedded test provider, the only one)',
    })
    .transform((v) => (v || undefined) as PaymentsName | undefined)
    .optional(),
  NODE_ENV: z.string().trim().optional(),
  /** The Jitsi Meet server calls take place on. */
  JITSI_URL: z
    .string()
    .trim()
    .regex(/^https:\/\/[^\s/?#]+$/, { error: 'must be an https:// origin (no path)' })
    .default(DEFAULT_JITSI_URL),
  /** With JITSI_APP_SECRET: signed room tokens (Jitsi token authentication, HS256). */
  JITSI_APP_ID: z
    .string()
    .trim()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  JITSI_APP_SECRET: z
    .string()
    .min(16, { error: 'must be at least 16 characters' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Merchant charges on paid consultations, in basis points of the fee (300 = 3 %). */
  MERCHANT_CHARGE_BASIS_POINTS: int(0, 2000).default(DEFAULT_MERCHANT_CHARGE_BASIS_POINTS),
  HASH_CONCURRENCY: int(1, 64).optional(),
  LOG_LEVEL: z.enum(['info', 'error', 'silent'], { error: 'must be info, error or silent' }).default('info'),
});

export type Env = z.output<typeof EnvSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** What createApp needs. Tests build this directly (see testConfig in tests/server/helpers.ts). */
export interface AppConfig {
  pepper: string;
  rateLimit: { limit: number; windowMs: number };
  trustProxy: boolean;
  hashCost: HashCost;
  hashConcurrency: number;
  logLevel: LogLevel;
  /**
   * Saving cards at /api/sandbox-pay (card testing): `limit` per member and three times that per
   * address in each window; default CARD_RATE_LIMIT in app-limits.ts.
   */
  cardRateLimit?: { limit: number; windowMs: number };
  /** Holds and confirmations of consultations: `limit` each per member, three times that per address. */
  bookingRateLimit?: { limit: number; windowMs: number };
  /** Registrations per address in each window (REGISTER_RATE_LIMIT per hour). */
  registerRateLimit?: { limit: number; windowMs: number };
  /** Invoice and credit-note PDFs per member in each window; default PDF_RATE_LIMIT in routes/member-limit.ts. */
  pdfRateLimit?: { limit: number; windowMs: number };
  /** Server renders of public pages at once per process (server/ssr.ts; default 2). */
  ssrConcurrency?: number;
  /** PUBLIC_URL and QUICK_EXIT_URL (server/site-meta.ts); default: http://localhost and its default exit. */
  site?: SiteConfig;
  /** The public forms (issue 9): their limit, where CVs are kept, and the team's mail. */
  forms?: FormsConfig;
  /** Consultations (issue 10); default: a key derived from the pepper, the public Jitsi server, 3 %. */
  consultations?: ConsultationsConfig;
}

export interface FormsConfig {
  /** Submissions per address per window (FORM_RATE_LIMIT per 15 minutes). */
  rateLimit: { limit: number; windowMs: number };
  /** Where CVs are written (0700, files 0600): DATA_DIR/uploads. Never served. */
  uploadsDir: string;
  /** SMTP_URL: mail each submission to `teamEmail`; undefined: stored only (`npm run forms:list`). */
  smtpUrl?: string;
  teamEmail: string;
  mailFrom: string;
}

export interface ServerConfig extends AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** env: AUTH_PEPPER; pepperFile: AUTH_PEPPER_FILE; dataDir: generated into DATA_DIR/secrets. */
  pepperSource: 'env' | 'pepperFile' | 'dataDir';
  /** The booking data keys': env: BOOKING_DATA_KEY; keyFile: BOOKING_DATA_KEY_FILE; dataDir: generated. */
  bookingKeySource: 'env' | 'keyFile' | 'dataDir';
  /** PAYMENTS: the provider charged (the sandbox: test cards only, every page says so). */
  payments: PaymentsName;
  redisUrl: string | undefined;
  /** Worker processes to serve with: 1 on PGlite; WORKERS or one per core on PostgreSQL. */
  workers: number;
}

export function parseEnv(env: Record<string, string | undefined>): Env {
  const r = EnvSchema.safeParse(env);
  if (!r.success) {
    // never echo values: AUTH_PEPPER or DATABASE_URL may hold secrets
    throw new ConfigError(r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  return r.data;
}

/** Reads DATA_DIR/secrets/auth-pepper, creating it (0600) the first time. */
export function loadOrCreatePepper(dataDir: string): string {
  const dir = join(dataDir, 'secrets');
  const file = join(dir, 'auth-pepper');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length < 32)
      throw new ConfigError([`${file} is shorter than 32 characters; restore it or delete it`]);
    return existing;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  ensurePrivateDir(dataDir);
  ensurePrivateDir(dir);
  const pepper = randomBytes(32).toString('base64url');
  // wx: never overwrite a pepper another process wrote meanwhile (that would orphan every hash)
  try {
    writeFileSync(file, `${pepper}\n`, { mode: 0o600, flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreatePepper(dataDir);
    throw e;
  }
  chmodSync(file, 0o600);
  return pepper;
}

/** Reads AUTH_PEPPER_FILE: an operator's file, kept apart from the database (≥ 32 characters). */
export function readPepperFile(path: string): string {
  let value: string;
  try {
    value = readFileSync(path, 'utf8').trim();
  } catch (e) {
    throw new ConfigError([`AUTH_PEPPER_FILE: cannot read ${path} (${(e as NodeJS.ErrnoException).code})`]);
  }
  if (value.length < 32)
    throw new ConfigError([`AUTH_PEPPER_FILE: ${path} must hold at least 32 characters`]);
  return value;
}

/** Reads BOOKING_DATA_KEY_FILE: an operator's key file, kept apart from the database. */
export function readBookingKeyFile(path: string): BookingKey[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new ConfigError([
      `BOOKING_DATA_KEY_FILE: cannot read ${path} (${(e as NodeJS.ErrnoException).code})`,
    ]);
  }
  const keys = parseBookingKeys(text);
  if (typeof keys === 'string') throw new ConfigError([`BOOKING_DATA_KEY_FILE: ${path} ${keys}`]);
  return keys;
}

function loadBookingKeys(e: Env, dataDir: string): BookingKey[] {
  if (e.BOOKING_DATA_KEY) return parseBookingKeys(e.BOOKING_DATA_KEY) as BookingKey[];
  if (e.BOOKING_DATA_KEY_FILE) return readBookingKeyFile(resolve(e.BOOKING_DATA_KEY_FILE));
  try {
    return loadOrCreateBookingKeys(dataDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code) throw err;
    throw new ConfigError([(err as Error).message]);
  }
}

/**
 * The provider: PAYMENTS, else the sandbox, but a production server (NODE_ENV=production) must name
 * it, so that one deployed as is never takes the test card as payment unknowingly.
 */
function paymentsOf(e: Env): PaymentsName {
  if (e.PAYMENTS) return e.PAYMENTS;
  if (e.NODE_ENV === 'production')
    throw new ConfigError([
      'PAYMENTS: NODE_ENV is production but no payment provider is chosen. The only provider is the embedded sandbox, where the test cards pay and no real card is charged: set PAYMENTS=sandbox to run on it knowingly (every page then shows a "test payments" ribbon).',
    ]);
  return 'sandbox';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const e = parseEnv(env);
  const payments = paymentsOf(e);
  const dataDir = resolve(e.DATA_DIR);
  if (e.AUTH_PEPPER && e.AUTH_PEPPER_FILE)
    throw new ConfigError(['AUTH_PEPPER and AUTH_PEPPER_FILE are both set: keep one']);
  if (e.BOOKING_DATA_KEY && e.BOOKING_DATA_KEY_FILE)
    throw new ConfigError(['BOOKING_DATA_KEY and BOOKING_DATA_KEY_FILE are both set: keep one']);
  if (Boolean(e.JITSI_APP_ID) !== Boolean(e.JITSI_APP_SECRET))
    throw new ConfigError(['JITSI_APP_ID and JITSI_APP_SECRET go together: set both or neither']);
  const pepperSource: ServerConfig['pepperSource'] = e.AUTH_PEPPER
    ? 'env'
    : e.AUTH_PEPPER_FILE
      ? 'pepperFile'
      : 'dataDir';
  const pepper =
    e.AUTH_PEPPER ??
    (e.AUTH_PEPPER_FILE ? readPepperFile(resolve(e.AUTH_PEPPER_FILE)) : loadOrCreatePepper(dataDir));
  const bookingKeySource: ServerConfig['bookingKeySource'] = e.BOOKING_DATA_KEY
    ? 'env'
    : e.BOOKING_DATA_KEY_FILE
      ? 'keyFile'
      : 'dataDir';
  const bookingKeys = loadBookingKeys(e, dataDir);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    workers: e.DATABASE_URL ? (e.WORKERS ?? availableParallelism()) : 1,
    pepper,
    pepperSource,
    bookingKeySource,
    payments,
    rateLimit: { limit: e.AUTH_RATE_LIMIT, windowMs: e.AUTH_RATE_WINDOW_MINUTES * 60_000 },
    cardRateLimit: { limit: e.CARD_RATE_LIMIT, windowMs: 15 * 60_000 },
    bookingRateLimit: { limit: e.BOOKING_RATE_LIMIT, windowMs: 15 * 60_000 },
    registerRateLimit: { limit: e.REGISTER_RATE_LIMIT, windowMs: 60 * 60_000 },
    pdfRateLimit: { limit: e.PDF_RATE_LIMIT, windowMs: 15 * 60_000 },
    ssrConcurrency: e.SSR_CONCURRENCY,
    forms: {
      rateLimit: { limit: e.FORM_RATE_LIMIT, windowMs: 15 * 60_000 },
      uploadsDir: join(dataDir, 'uploads'),
      smtpUrl: e.SMTP_URL,
      teamEmail: e.TEAM_EMAIL,
      mailFrom: e.MAIL_FROM,
    },
    consultations: {
      // a secret of its own (never derived from the pepper); the pepper's key only opens older details
      dataKeys: bookingKeyRing(bookingKeys, pepper),
      jitsiUrl: e.JITSI_URL,
      jitsiAppId: e.JITSI_APP_ID,
      jitsiAppSecret: e.JITSI_APP_SECRET,
      merchantChargeBasisPoints: e.MERCHANT_CHARGE_BASIS_POINTS,
    },
    trustProxy: e.TRUST_PROXY,
    site: {
      publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
      quickExitUrl: e.QUICK_EXIT_URL,
    },
    hashCost: PRODUCTION_HASH_COST,
    hashConcurrency: e.HASH_CONCURRENCY ?? Math.max(1, Math.min(4, availableParallelism())),
    logLevel: e.LOG_LEVEL,
  };
}

/**
 * What start-up should say once about where the pepper lives. A generated pepper beside the
 * embedded database means one copied folder (a backup, a stolen disk) holds both the hashes and
 * the key that protects them: AUTH_PEPPER or AUTH_PEPPER_FILE keeps them apart.
 */
export function pepperWarnings(
  config: Pick<ServerConfig, 'pepperSource' | 'databaseUrl' | 'dataDir'>,
): string[] {
  if (config.pepperSource !== 'dataDir') return [];
  if (config.databaseUrl)
    return [
      'AUTH_PEPPER is not set: using the one generated in DATA_DIR; every instance sharing this database needs the same value',
    ];
  return [
    `warning: the generated AUTH_PEPPER is in ${join(config.dataDir, 'secrets')}, beside the database: a copy of DATA_DIR holds both the hashes and their key. Set AUTH_PEPPER or AUTH_PEPPER_FILE to keep it elsewhere.`,
  ];
}

/**
 * The same about the booking data keys (issue 20): generated beside the embedded database, a copy
 * of DATA_DIR opens the names and dates of birth they seal. BOOKING_DATA_KEY or
 * BOOKING_DATA_KEY_FILE keeps them elsewhere.
 */
export function bookingKeyWarnings(
  config: Pick<ServerConfig, 'bookingKeySource' | 'databaseUrl' | 'dataDir'>,
): string[] {
  if (config.bookingKeySource !== 'dataDir') return [];
  if (config.databaseUrl)
    return [
      `BOOKING_DATA_KEY is not set: using the keys generated in ${bookingKeyFile(config.dataDir)}; every instance sharing this database needs the same keys`,
    ];
  return [
    `warning: the generated BOOKING_DATA_KEY is in ${join(config.dataDir, 'secrets')}, beside the database: a copy of DATA_DIR holds both the bookings' sealed personal details and their key. Set BOOKING_DATA_KEY or BOOKING_DATA_KEY_FILE to keep it elsewhere.`,
  ];
}
