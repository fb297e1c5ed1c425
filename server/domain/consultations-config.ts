/**
 * Consultations' configuration (issue 10): the key that encrypts bookings' personal details, the
 * Jitsi Meet server (and its token credentials) and the merchant charge. Read by config.ts from
 * BOOKING_DATA_KEY, JITSI_URL, JITSI_APP_ID, JITSI_APP_SECRET and MERCHANT_CHARGE_BASIS_POINTS.
 *
 * The data key: BOOKING_DATA_KEY (32 bytes as base64 or 64 hex digits), else derived from the pepper
 * (so it lives wherever the pepper lives: AUTH_PEPPER, AUTH_PEPPER_FILE, or generated into
 * DATA_DIR/secrets). Losing it makes the stored details unreadable (nothing else depends on it);
 * keep it apart from the database for the same reason as the pepper: a copy of DATA_DIR then holds
 * ciphertext only.
 */
import { createHmac } from 'node:crypto';
import { DEFAULT_MERCHANT_CHARGE_BASIS_POINTS } from '../contract/consultation-rules.ts';

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

/**
 * The key when BOOKING_DATA_KEY is not set: HMAC-SHA256 of a fixed label under the pepper, so it is
 * kept wherever the pepper is (AUTH_PEPPER, AUTH_PEPPER_FILE, or DATA_DIR/secrets) and start-up
 * writes nothing more. Changing the pepper (which already ends every PIN) makes stored details
 * unreadable: set BOOKING_DATA_KEY to keep them apart and rotate them on their own.
 */
export function derivedBookingKey(pepper: string): Buffer {
  return createHmac('sha256', pepper).update('amina booking-data-key v1').digest();
}

/** The defaults createApp uses without a configuration (tests): the key derived from the pepper. */
export function defaultConsultationsConfig(pepper: string): ConsultationsConfig {
  return {
    dataKey: derivedBookingKey(pepper),
    jitsiUrl: DEFAULT_JITSI_URL,
    merchantChargeBasisPoints: DEFAULT_MERCHANT_CHARGE_BASIS_POINTS,
  };
}
