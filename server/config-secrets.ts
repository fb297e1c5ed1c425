/**
 * The secrets configuration reads from files: the auth pepper (AUTH_PEPPER_FILE, or generated once
 * into DATA_DIR/secrets) and the booking data keys (BOOKING_DATA_KEY, BOOKING_DATA_KEY_FILE, or
 * generated beside the pepper).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, type Env } from './config-env.ts';
import { type BookingKey, loadOrCreateBookingKeys, parseBookingKeys } from './domain/consultations-config.ts';
import { ensurePrivateDir } from './lib/data-dir.ts';

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

export function loadBookingKeys(e: Env, dataDir: string): BookingKey[] {
  if (e.BOOKING_DATA_KEY) return parseBookingKeys(e.BOOKING_DATA_KEY) as BookingKey[];
  if (e.BOOKING_DATA_KEY_FILE) return readBookingKeyFile(resolve(e.BOOKING_DATA_KEY_FILE));
  try {
    return loadOrCreateBookingKeys(dataDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code) throw err;
    throw new ConfigError([(err as Error).message]);
  }
}
