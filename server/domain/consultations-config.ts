/**
 * Consultations' configuration (issue 10): the key that encrypts bookings' personal details, the
 * Jitsi Meet server (and its token credentials) and the merchant charge. Read by config.ts from
 * BOOKING_DATA_KEY, JITSI_URL, JITSI_APP_ID, JITSI_APP_SECRET and MERCHANT_CHARGE_BASIS_POINTS.
 *
 * The data key: BOOKING_DATA_KEY (32 bytes as base64 or 64 hex digits), else generated once into
 * DATA_DIR/secrets/booking-data-key (0600), like the pepper. Losing it makes the stored details
 * unreadable (nothing else depends on it); keep it apart from the database for the same reason as
 * the pepper: a copy of DATA_DIR then holds ciphertext only.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MERCHANT_CHARGE_BASIS_POINTS } from '../contract/consultation-rules.ts';
import { ensurePrivateDir } from '../lib/data-dir.ts';

export const DEFAULT_JITSI_URL = 'https://meet.jit.si';

export interface ConsultationsConfig {
  /** 32 bytes: AES-256-GCM key of bookings' personal details. Never logged. */
  dataKey: Buffer;
  /** The Jitsi Meet origin (https://…, no path). */
  jitsiUrl: string;
  /** Both set: signed room tokens (HS256 JWT, Jitsi's token authentication). */
  jitsiAppId?: string;
  jitsiAppSecret?: string;
  /** Basis points of the fee (300 = 3 %). */
  merchantChargeBasisPoints: number;
}

/** 32 key bytes from base64 / base64url or 64 hex digits; null when it is not that. */
export function bookingKeyBytes(value: string): Buffer | null {
  const v = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Buffer.from(v, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(v)) {
    const b = Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return b.length === 32 ? b : null;
  }
  return null;
}

/** Reads DATA_DIR/secrets/booking-data-key, creating it (0600) the first time. */
export function loadOrCreateBookingKey(dataDir: string): Buffer {
  const dir = join(dataDir, 'secrets');
  const file = join(dir, 'booking-data-key');
  try {
    const key = bookingKeyBytes(readFileSync(file, 'utf8'));
    if (!key) throw new Error(`${file} does not hold a 32-byte key; restore it (stored details need it)`);
    return key;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  ensurePrivateDir(dataDir);
  ensurePrivateDir(dir);
  const key = randomBytes(32);
  try {
    // wx: never overwrite a key another process wrote meanwhile (that would orphan stored details)
    writeFileSync(file, `${key.toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreateBookingKey(dataDir);
    throw e;
  }
  chmodSync(file, 0o600);
  return key;
}

/** The defaults createApp uses without a configuration (tests): a key derived from the pepper. */
export function defaultConsultationsConfig(pepper: string): ConsultationsConfig {
  return {
    dataKey: createHmac('sha256', pepper).update('booking-data-key').digest(),
    jitsiUrl: DEFAULT_JITSI_URL,
    merchantChargeBasisPoints: DEFAULT_MERCHANT_CHARGE_BASIS_POINTS,
  };
}
