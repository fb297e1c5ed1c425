/**
 * Rotating the keys of bookings' personal details (issue 20). Every sealed booking stores the id of
 * its key (`bookings.details_key_id`; null: sealed before ids were stored, with the key derived
 * from the pepper). `resealDetails` opens every booking sealed under another key than the ring's
 * current one and seals it again under the current one, so that the older key can then be dropped.
 * It runs at every start (server/main.ts) and from `npm run keys:rotate-booking`
 * (server/booking-keys-rotate.ts), which first puts a new key in front of the generated key file.
 *
 * Each row is written only if its sealed value is still the one read (a confirm or a sweep that
 * changed it meanwhile wins); details no key of the ring opens are counted and left as they are,
 * never dropped. Nothing here logs or returns a detail.
 */
import { and, eq, isNotNull, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { bookings } from '../db/schema.ts';
import { openDetails, sealDetails } from './consultations-calls.ts';
import type { BookingKeyRing } from './consultations-config.ts';

export interface ResealResult {
  /** Re-sealed under the current key. */
  resealed: number;
  /** Sealed under a key the ring lacks (by id; `legacy`: none stored and no key opens them). */
  unreadable: Record<string, number>;
}

export async function resealDetails(db: Db, ring: BookingKeyRing): Promise<ResealResult> {
  const rows = await db
    .select({ id: bookings.id, details: bookings.details, keyId: bookings.detailsKeyId })
    .from(bookings)
    .where(
      and(
        isNotNull(bookings.details),
        or(isNull(bookings.detailsKeyId), ne(bookings.detailsKeyId, ring.current.id)),
      ),
    );
  const result: ResealResult = { resealed: 0, unreadable: {} };
  for (const row of rows) {
    const sealed = row.details as string;
    let sealedAgain: ReturnType<typeof sealDetails>;
    try {
      sealedAgain = sealDetails(ring, row.id, openDetails(ring, row.id, sealed, row.keyId));
    } catch {
      const id = row.keyId ?? 'legacy';
      result.unreadable[id] = (result.unreadable[id] ?? 0) + 1;
      continue;
    }
    const changed = await db
      .update(bookings)
      .set(sealedAgain)
      .where(and(eq(bookings.id, row.id), eq(bookings.details, sealed)))
      .returning({ id: bookings.id });
    result.resealed += changed.length;
  }
  return result;
}

/** How many sealed bookings each key id holds (`legacy`: none stored): what a key still opens. */
export async function detailsByKey(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .select({ keyId: bookings.detailsKeyId })
    .from(bookings)
    .where(isNotNull(bookings.details));
  const counts: Record<string, number> = {};
  for (const r of rows) counts[r.keyId ?? 'legacy'] = (counts[r.keyId ?? 'legacy'] ?? 0) + 1;
  return counts;
}
