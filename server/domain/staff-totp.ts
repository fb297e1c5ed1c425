/**
 * Authenticator-app codes (issue 26) with otplib: RFC 6238, SHA-1, TOTP_DIGITS digits, 30-second steps,
 * one step either side accepted, and never a step at or before the last one accepted (a code is used
 * once). The secret is sealed at rest (AES-256-GCM, a random IV, her staff id as associated data) under
 * a key derived from the pepper, which lives outside the database. The QR code is drawn here as SVG
 * (qrcode): the secret never goes to a third party.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { TOTP_DIGITS, type TotpEnrolment } from '../../contract/staff.ts';

const PERIOD = 30;
const ISSUER = 'Amina Health';

/** The key sealing TOTP secrets: the pepper's, for this purpose alone. */
export function totpKey(pepper: string): Buffer {
  return createHmac('sha256', pepper).update('amina staff-totp-key v1').digest();
}

/** base64url(iv ‖ tag ‖ ciphertext), bound to her id. */
export function sealSecret(key: Buffer, staffId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(staffId, 'utf8'));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function openSecret(key: Buffer, staffId: string, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(staffId, 'utf8'));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** A new secret for her, its otpauth:// address and its QR code. */
export async function newEnrolment(email: string): Promise<TotpEnrolment> {
  const secret = generateSecret();
  const uri = generateURI({ issuer: ISSUER, label: email, secret, digits: TOTP_DIGITS, period: PERIOD });
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrSvg };
}

/**
 * The step a code matched (now, one step before or after), or null: wrong, malformed, or at or
 * before `lastStep` (already used).
 */
export async function codeStep(
  secret: string,
  code: string,
  now: Date,
  lastStep: number | null,
): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      digits: TOTP_DIGITS,
      period: PERIOD,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: PERIOD,
      ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}
