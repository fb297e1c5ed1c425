/**
 * The environment's variables, each with its check and default (zod): a bad value stops the server
 * with a message naming the variable, never its value (AUTH_PEPPER or DATABASE_URL hold secrets).
 */
import { z } from 'zod';
import { DEFAULT_MERCHANT_CHARGE_BASIS_POINTS } from '../contract/consultation-rules.ts';
import { DEFAULT_JITSI_URL, parseBookingKeys } from './domain/consultations-config.ts';
import { DEFAULT_QUICK_EXIT_URL } from './site-meta.ts';

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

export function parseEnv(env: Record<string, string | undefined>): Env {
  const r = EnvSchema.safeParse(env);
  if (!r.success) {
    // never echo values: AUTH_PEPPER or DATABASE_URL may hold secrets
    throw new ConfigError(r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  return r.data;
}
