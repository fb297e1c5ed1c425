/**
 * Consultations' configuration (issue 10): the keys that encrypt bookings' personal details, the
 * Jitsi Meet server (and its token credentials) and the merchant charge. Read by config.ts from
 * BOOKING_DATA_KEY / BOOKING_DATA_KEY_FILE, JITSI_URL, JITSI_APP_ID, JITSI_APP_SECRET and
 * MERCHANT_CHARGE_BASIS_POINTS.
 *
 * The data keys (issue 20): a secret of their own, never derived from the pepper. A key ring: the
 * first key seals every new booking's details, the others still open what they sealed, and each
 * sealed booking stores the id of its key (`bookings.details_key_id`), so a key can be rotated:
 * put a new key first, re-seal (`npm run keys:rotate-booking`, also done at every start), then drop
 * the old one. Where the keys come from: BOOKING_DATA_KEY (environment), BOOKING_DATA_KEY_FILE (an
 * operator's file), else generated once into DATA_DIR/secrets/booking-data-key (0600, beside the
 * pepper's file; start-up warns, as for the pepper: a copy of DATA_DIR then holds the key too).
 * Each entry is `id:key` or a bare key (its id is then a fingerprint of it); a key is 32 bytes as
 * base64 or 64 hex digits. Losing every key makes the stored details unreadable (nothing else
 * depends on them).
 *
 * Details sealed before key ids existed carry none: they were sealed with the key derived from the
 * pepper (or with BOOKING_DATA_KEY), which the ring keeps as `legacy` to open them once; the first
 * start re-seals them under the current key.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MERCHANT_CHARGE_BASIS_POINTS } from '../../contract/consultation-rules.ts';
import { ensurePrivateDir } from '../lib/data-dir.ts';

export const DEFAULT_JITSI_URL = 'https://meet.jit.si';

/** One AES-256-GCM key (32 bytes) of bookings' personal details, and the id stored with what it sealed. */
export interface BookingKey {
  id: string;
  key: Buffer;
}

/** The keys of bookings' personal details. Never logged. */
export interface BookingKeyRing {
  /** Seals every new booking's details (and what a rotation re-seals). */
  current: BookingKey;
  /** Open the details they sealed, until a rotation has re-sealed them under `current`. */
  older: BookingKey[];
  /** Open details sealed before key ids were stored (none stored): the key derived from the pepper. */
  legacy: Buffer[];
}

export interface ConsultationsConfig {
  /** The key ring of bookings' personal details; its keys also key the confirm requests' hashes. */
  dataKeys: BookingKeyRing;
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

/** A key's id when none is given: a fingerprint (48 bits of a labelled SHA-256; says nothing of the key). */
export function bookingKeyId(key: Buffer): string {
  return `k${createHash('sha256').update('amina booking-data-key id\0').update(key).digest('hex').slice(0, 12)}`;
}

const KEY_ID = /^[A-Za-z0-9._-]{1,40}$/;

/**
 * The keys of BOOKING_DATA_KEY or a key file: entries separated by new lines, spaces or commas
 * (`#` starts a comment), each `id:key` or a bare key; the first is the current one. A string
 * describes the problem (never quoting a key).
 */
export function parseBookingKeys(text: string): BookingKey[] | string {
  const entries = text
    .split('\n')
    .map((line) => line.replace(/#.*/, ''))
    .join(' ')
    .split(/[\s,]+/)
    .filter(Boolean);
  if (entries.length === 0) return 'holds no key';
  const keys: BookingKey[] = [];
  for (const [i, entry] of entries.entries()) {
    const colon = entry.indexOf(':');
    const id = colon < 0 ? null : entry.slice(0, colon);
    const key = bookingKeyBytes(colon < 0 ? entry : entry.slice(colon + 1));
    if (!key) return `key ${i + 1} must be 32 bytes as base64 or 64 hex digits (\`id:key\` or the key alone)`;
    if (id !== null && !KEY_ID.test(id))
      return `key ${i + 1}: an id is 1 to 40 letters, digits, dots, dashes or underscores`;
    const k = { id: id ?? bookingKeyId(key), key };
    if (keys.some((o) => o.id === k.id)) return `key id ${k.id} appears twice`;
    keys.push(k);
  }
  return keys;
}

/** The file the keys are generated into when neither BOOKING_DATA_KEY nor BOOKING_DATA_KEY_FILE is set. */
export const bookingKeyFile = (dataDir: string) => join(dataDir, 'secrets', 'booking-data-key');

const KEY_FILE_HEADER =
  "# Amina: the keys of bookings' personal details (names, date of birth). The first seals, every one opens.\n" +
  '# One `id:key` per line. Back this file up apart from the database; `npm run keys:rotate-booking` adds a key.\n';

/** A new random key with its id. */
export function newBookingKey(): BookingKey {
  const key = randomBytes(32);
  return { id: bookingKeyId(key), key };
}

/** Writes a key file (0600) in one rename, so a reader never sees half of it. */
export function writeBookingKeys(file: string, keys: BookingKey[]): void {
  const text = `${KEY_FILE_HEADER}${keys.map((k) => `${k.id}:${k.key.toString('base64')}`).join('\n')}\n`;
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, text, { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, file);
}

/**
 * Reads DATA_DIR/secrets/booking-data-key, generating one key into it (0600) the first time. Throws
 * an Error naming the file when it is unreadable as keys (never replaced: that would orphan them).
 */
export function loadOrCreateBookingKeys(dataDir: string): BookingKey[] {
  const file = bookingKeyFile(dataDir);
  try {
    const keys = parseBookingKeys(readFileSync(file, 'utf8'));
    if (typeof keys === 'string')
      throw new Error(`${file} ${keys}; restore it (deleting it loses every sealed booking's details)`);
    return keys;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  ensurePrivateDir(dataDir);
  ensurePrivateDir(join(dataDir, 'secrets'));
  const key = newBookingKey();
  // wx: never overwrite keys another process wrote meanwhile
  try {
    writeFileSync(file, `${KEY_FILE_HEADER}${key.id}:${key.key.toString('base64')}\n`, {
      mode: 0o600,
      flag: 'wx',
    });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreateBookingKeys(dataDir);
    throw e;
  }
  chmodSync(file, 0o600);
  return [key];
}

/**
 * The key details were sealed with before key ids were stored, when BOOKING_DATA_KEY was not set:
 * HMAC-SHA256 of a fixed label under the pepper. Only opens those old details (and matches confirm
 * requests hashed under it); nothing new is sealed with it.
 */
export function derivedBookingKey(pepper: string): Buffer {
  return createHmac('sha256', pepper).update('amina booking-data-key v1').digest();
}

/** The ring of these keys (the first is current), opening legacy details with the pepper's key. */
export function bookingKeyRing(keys: BookingKey[], pepper: string): BookingKeyRing {
  const [current, ...older] = keys;
  return { current, older, legacy: [derivedBookingKey(pepper)] };
}

/**
 * The defaults createApp uses without a configuration (tests only; the server always reads its
 * keys through config.ts): one key derived from the pepper.
 */
export function defaultConsultationsConfig(pepper: string): ConsultationsConfig {
  const key = createHmac('sha256', pepper).update('amina booking-data-key test default').digest();
  return {
    dataKeys: bookingKeyRing([{ id: bookingKeyId(key), key }], pepper),
    jitsiUrl: DEFAULT_JITSI_URL,
    merchantChargeBasisPoints: DEFAULT_MERCHANT_CHARGE_BASIS_POINTS,
  };
}
