/**
 * Configuration from the environment, validated at start. Bad values stop the server with a
 * message naming each variable; the pepper's value is never printed. The variables and their
 * checks are config-env.ts; the pepper's and the booking keys' files config-secrets.ts.
 */
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigError, type Env, type PaymentsName, parseEnv } from './config-env.ts';
import { loadBookingKeys, loadOrCreatePepper, readPepperFile } from './config-secrets.ts';
import { bookingKeyFile, bookingKeyRing, type ConsultationsConfig } from './domain/consultations-config.ts';
import { type HashCost, PRODUCTION_HASH_COST } from './lib/hashing.ts';
import type { LogLevel } from './lib/log.ts';
import type { SiteConfig } from './site-meta.ts';

export {
  ConfigError,
  type Env,
  PAYMENT_PROVIDERS,
  type PaymentsName,
  parseEnv,
} from './config-env.ts';
export { loadOrCreatePepper, readBookingKeyFile, readPepperFile } from './config-secrets.ts';

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
