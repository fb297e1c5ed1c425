/**
 * Her copies are encrypted with her own key (issue 28): AES-GCM 256, made on this device with
 * extractable false (no script, ours included, can read its bytes), kept in IndexedDB as the
 * CryptoKey object itself, and deleted with everything else. Each value gets a fresh random
 * 12-byte IV; the additional data binds it to her id and what it is (a copy cannot be moved to
 * another member or put in another place and still open).
 */
import type { Sealed } from './db';

export function newKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

const text = new TextEncoder();

export async function seal(key: CryptoKey, value: unknown, context: string): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const bytes = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: text.encode(context) },
    key,
    text.encode(JSON.stringify(value)),
  );
  return { iv, bytes };
}

export async function open<T>(key: CryptoKey, sealed: Sealed, context: string): Promise<T> {
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: sealed.iv, additionalData: text.encode(context) },
    key,
    sealed.bytes,
  );
  return JSON.parse(new TextDecoder().decode(plain)) as T;
}
