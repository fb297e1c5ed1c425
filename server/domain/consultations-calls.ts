/**
 * What a consultation needs beyond the database, with node:crypto only (no new dependency):
 * - the personal details of a medical consultation, sealed with AES-256-GCM (a random 96-bit IV,
 *   the booking's id as associated data, so a ciphertext copied onto another booking does not open)
 *   under the key ring's current key, whose id is stored beside them (consultations-config.ts);
 * - the Jitsi Meet room: an unguessable name (160 random bits), the join address (her alias as the
 *   display name, never her real name; a voice call starts with the camera off) and, when
 *   JITSI_APP_ID / JITSI_APP_SECRET are set, a room token in the form Jitsi's token authentication
 *   expects (HS256 JWT: aud "jitsi", iss the app id, sub the server's host, room, nbf, exp, context.user);
 * - the expert's invite: an iCalendar (RFC 5545) VEVENT written by hand (escaped text, CRLF line
 *   ends, lines folded at 75 octets), sent by SMTP when SMTP_URL is set.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type { CallMode } from '../../contract/experts-constants.ts';
import type { BookingKeyRing, ConsultationsConfig } from './consultations-config.ts';

// ------------------------------------------------------------------ personal details

export interface PersonalDetails {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
}

/** base64url(iv ‖ tag ‖ ciphertext) of the details under one key, bound to the booking id. */
function seal(key: Buffer, bookingId: string, details: PersonalDetails): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(bookingId, 'utf8'));
  const body = Buffer.concat([cipher.update(JSON.stringify(details), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function open(key: Buffer, bookingId: string, sealed: string): PersonalDetails {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(bookingId, 'utf8'));
  decipher.setAuthTag(raw.subarray(12, 28));
  const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  return JSON.parse(text) as PersonalDetails;
}

/**
 * The details sealed under the ring's current key, with that key's id: the two columns a booking
 * stores (`details`, `details_key_id`), so a later rotation knows which key opens them.
 */
export function sealDetails(
  ring: BookingKeyRing,
  bookingId: string,
  details: PersonalDetails,
): { details: string; detailsKeyId: string } {
  return { details: seal(ring.current.key, bookingId, details), detailsKeyId: ring.current.id };
}

/**
 * The details back (for the team's tools and the rotation), by the key id stored with them; details
 * stored without one were sealed before ids existed and open with a legacy key. Throws when no key of
 * the ring opens them for this booking.
 */
export function openDetails(
  ring: BookingKeyRing,
  bookingId: string,
  sealed: string,
  keyId: string | null,
): PersonalDetails {
  if (keyId !== null) {
    const key = [ring.current, ...ring.older].find((k) => k.id === keyId);
    if (!key) throw new Error(`no booking data key with id ${keyId}`);
    return open(key.key, bookingId, sealed);
  }
  const keys = [...ring.legacy, ring.current.key, ...ring.older.map((k) => k.key)];
  for (const key of keys) {
    try {
      return open(key, bookingId, sealed);
    } catch {}
  }
  throw new Error('no booking data key opens these details');
}

const requestHash = (key: Buffer, value: string) =>
  createHmac('sha256', key).update('confirm-body\0').update(value).digest('hex');

/** A keyed hash (the request hash of a confirm body, which can hold a date of birth): the current key. */
export function keyedHash(ring: BookingKeyRing, value: string): string {
  return requestHash(ring.current.key, value);
}

/**
 * Whether a stored request hash is this body's under any key of the ring: a request claimed before
 * a rotation (her bank's challenge still open) is still the same request after it.
 */
export function sameRequestHash(ring: BookingKeyRing, stored: string, value: string): boolean {
  const keys = [ring.current.key, ...ring.older.map((k) => k.key), ...ring.legacy];
  return keys.some((key) => requestHash(key, value) === stored);
}

// ------------------------------------------------------------------ Jitsi

/** A private room name: "amina-" and 160 random bits in hex. */
export const newRoomName = () => `amina-${randomBytes(20).toString('hex')}`;

const b64url = (value: object) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/** An HS256 JWT for Jitsi's token authentication (prosody `token` auth with app id and secret). */
export function jitsiToken(
  config: Pick<ConsultationsConfig, 'jitsiUrl' | 'jitsiAppId' | 'jitsiAppSecret'>,
  input: { room: string; name: string; notBefore: Date; expires: Date; moderator?: boolean },
): string | null {
  if (!config.jitsiAppId || !config.jitsiAppSecret) return null;
  const header = b64url({ alg: 'HS256', typ: 'JWT' });
  const payload = b64url({
    aud: 'jitsi',
    iss: config.jitsiAppId,
    sub: new URL(config.jitsiUrl).host,
    room: input.room,
    nbf: Math.floor(input.notBefore.getTime() / 1000),
    exp: Math.floor(input.expires.getTime() / 1000),
    context: { user: { name: input.name, moderator: input.moderator ?? false } },
  });
  const signature = createHmac('sha256', config.jitsiAppSecret)
    .update(`${header}.${payload}`)
    .digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/**
 * The address that opens the room: `<server>/<room>?jwt=…#config.…&userInfo.displayName="…"`
 * (Jitsi reads JSON values from the fragment, which never reaches its server).
 */
export function jitsiUrl(
  server: string,
  input: { room: string; jwt: string | null; displayName: string; mode: CallMode },
): string {
  const hash = [
    `config.startWithVideoMuted=${input.mode === 'voice'}`,
    'config.prejoinConfig.enabled=true',
    'config.disableDeepLinking=true',
    `userInfo.displayName=${encodeURIComponent(JSON.stringify(input.displayName))}`,
  ].join('&');
  const query = input.jwt ? `?jwt=${encodeURIComponent(input.jwt)}` : '';
  return `${server.replace(/\/+$/, '')}/${encodeURIComponent(input.room)}${query}#${hash}`;
}

// ------------------------------------------------------------------ iCalendar

/** TEXT value escaping (RFC 5545 §3.3.11). */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line at 75 octets (never inside a UTF-8 sequence), CRLF + space (§3.1). */
export function icsFold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const n = Buffer.byteLength(ch, 'utf8');
    if (octets + n > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += n;
  }
  out.push(current);
  return out.join('\r\n ');
}

const icsTime = (d: Date) => `${d.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

export interface InviteInput {
  bookingId: string;
  method: 'REQUEST' | 'CANCEL';
  stamp: Date;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description: string;
  url: string;
  organizer: string;
  attendee: string;
}

/** A one-event calendar (METHOD REQUEST, or CANCEL with SEQUENCE 1), CRLF line ends. */
export function icsInvite(i: InviteInput): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Amina//Consultations//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${i.method}`,
    'BEGIN:VEVENT',
    `UID:${i.bookingId}@amina.health`,
    `DTSTAMP:${icsTime(i.stamp)}`,
    `DTSTART:${icsTime(i.startsAt)}`,
    `DTEND:${icsTime(i.endsAt)}`,
    `SEQUENCE:${i.method === 'CANCEL' ? 1 : 0}`,
    `STATUS:${i.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    `SUMMARY:${icsText(i.summary)}`,
    `DESCRIPTION:${icsText(i.description)}`,
    `LOCATION:${icsText(i.url)}`,
    `URL:${i.url}`,
    `ORGANIZER:mailto:${i.organizer}`,
    `ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION:mailto:${i.attendee}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(icsFold).join('\r\n')}\r\n`;
}

// ------------------------------------------------------------------ the expert's mail

export interface BookingMail {
  to: string;
  subject: string;
  text: string;
  ics: string;
  method: 'REQUEST' | 'CANCEL';
}

export interface BookingMailer {
  send(mail: BookingMail): Promise<unknown>;
}

export function createBookingMailer(transport: Transporter, from: string): BookingMailer {
  return {
    send(mail) {
      return transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        icalEvent: { method: mail.method, filename: 'consultation.ics', content: mail.ics },
      });
    },
  };
}
