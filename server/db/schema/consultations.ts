/** Expert consultations: availability (content), bookings, confirm requests, credit notes. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Availability } from '../../../contract/consultation-rules.ts';
import { memberId } from './accounts.ts';
import { cents, nonNegative, stamps, time } from './columns.ts';
import { formerMemberId, invoices, orders } from './commerce.ts';
import { experts } from './experts.ts';

// ------------------------------------------------------------------ consultations (issue 10)
// Availability is seeded from content (server/content/availability/<expert-id>.json) by the loader,
// then, once she edits it in the expert portal (issue 26, updated_at), hers alone. A booking is held (10 minutes) → confirmed (paid, invoiced) → cancelled (refund, credit
// note), or expired (unpaid hold). The personal details of a medical consultation are one
// AES-256-GCM ciphertext (`details`); no column holds a name or a date of birth in clear.
// Migration: server/drizzle/0007_consultations.sql (hand-written, as drizzle would).

/** Each expert's hours in her zone, exceptions, buffer, notice and horizon (see server/content/README.md). */
export const expertAvailability = pgTable(
  'expert_availability',
  {
    expertId: text()
      .primaryKey()
      .references(() => experts.id, { onDelete: 'cascade' }),
    timeZone: text().notNull(),
    /** { sun: [["09:00","13:00"], …], mon: … } */
    weekly: jsonb().$type<Availability['weekly']>().notNull(),
    /** [{ date, off?, extra? }] */
    exceptions: jsonb().$type<Availability['exceptions']>().notNull(),
    bufferMinutes: integer().notNull(),
    noticeMinutes: integer().notNull(),
    horizonDays: integer().notNull(),
    /** Where her booking mails go (else TEAM_EMAIL). */
    email: text(),
    hash: text().notNull(),
    /** When she last changed her hours in the portal (issue 26): the loader then leaves the row alone. */
    updatedAt: time(),
  },
  (t) => [
    check('expert_availability_buffer_check', sql`${t.bufferMinutes} between 0 and 240`),
    check('expert_availability_notice_check', sql`${t.noticeMinutes} between 0 and 20160`),
    check('expert_availability_horizon_check', sql`${t.horizonDays} between 1 and 180`),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    id: uuid().primaryKey().defaultRandom(),
    /**
     * Null once she deleted her account: a booking with an invoice stays, without its details, for
     * the invoice's line and its credit note (issue 25); her other bookings are deleted.
     */
    userId: formerMemberId(),
    /** Experts with bookings are never deleted by the loader (only unpublished). */
    expertId: text()
      .notNull()
      .references(() => experts.id),
    offerId: text().notNull(),
    offerKind: text().notNull(),
    minutes: integer().notNull(),
    mode: text().notNull(),
    startsAt: time().notNull(),
    endsAt: time().notNull(),
    status: text().notNull(),
    /** While held: the hold ends here unless paid (read against the injected clock). */
    holdExpiresAt: time(),
    fee: cents(),
    merchantCharges: cents(),
    vat: cents(),
    total: cents(),
    amountPaid: integer().notNull().default(0),
    /** Names and date of birth are required to confirm (contract/consultation-rules.ts). */
    medical: boolean().notNull(),
    /** AES-256-GCM of { firstName, lastName, dateOfBirth }: base64url(iv ‖ tag ‖ ciphertext), AAD = id. */
    details: text(),
    /**
     * The id of the key that sealed `details` (consultations-config.ts key ring), so keys can be
     * rotated; null on details sealed before ids were stored (the key derived from the pepper).
     */
    detailsKeyId: text(),
    /** The invoice line in each language when booked: { en, ar }. */
    titles: jsonb().$type<{ en: string; ar: string }>().notNull(),
    /** The Jitsi room: 160 random bits. */
    roomName: text().notNull(),
    orderId: uuid().references(() => orders.id),
    invoiceId: uuid().references(() => invoices.id),
    chargeId: text(),
    paidBrand: text(),
    paidLast4: text(),
    confirmedAt: time(),
    cancelledAt: time(),
    refundPercent: smallint(),
    refundAmount: integer(),
    /** The provider's refund once made (null while pending, or when nothing is refunded). */
    refundId: text(),
    /** The expert marked the member absent (issue 26). */
    noShowAt: time(),
    ...stamps(),
  },
  (t) => [
    index('bookings_user_idx').on(t.userId, t.startsAt),
    index('bookings_expert_idx').on(t.expertId, t.startsAt),
    uniqueIndex('bookings_room_unique').on(t.roomName),
    // a second guard beside the overlap check: one live booking per expert and start
    uniqueIndex('bookings_slot_unique')
      .on(t.expertId, t.startsAt)
      .where(sql`${t.status} in ('held', 'confirmed')`),
    check('bookings_status_check', sql`${t.status} in ('held', 'confirmed', 'cancelled', 'expired')`),
    check('bookings_mode_check', sql`${t.mode} in ('voice', 'video')`),
    check('bookings_times_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('bookings_total_check', sql`${t.total} = ${t.fee} + ${t.merchantCharges} + ${t.vat}`),
    nonNegative('bookings', 'fee', t.fee),
    nonNegative('bookings', 'merchant_charges', t.merchantCharges),
    nonNegative('bookings', 'vat', t.vat),
    check('bookings_amount_paid_check', sql`${t.amountPaid} >= 0 and ${t.amountPaid} <= ${t.total}`),
    check(
      'bookings_refund_check',
      sql`${t.refundAmount} is null or (${t.refundAmount} >= 0 and ${t.refundAmount} <= ${t.amountPaid})`,
    ),
    check(
      'bookings_refund_percent_check',
      sql`${t.refundPercent} is null or ${t.refundPercent} in (0, 50, 100)`,
    ),
  ],
);

/** confirm requests by (member, Idempotency-Key), as purchase_requests for enroll-multiple. */
export const consultationRequests = pgTable(
  'consultation_requests',
  {
    userId: memberId(),
    idempotencyKey: text().notNull(),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** HMAC-SHA256 of the canonical body (keyed: the body can hold a date of birth). */
    requestHash: text().notNull(),
    state: text().notNull(),
    responseStatus: smallint(),
    responseBody: jsonb(),
    ...stamps(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.idempotencyKey] }),
    check('consultation_requests_state_check', sql`${t.state} in ('started', 'done')`),
  ],
);

/** The last credit note sequence of each year (UTC), like invoice_counters. */
export const creditNoteCounters = pgTable(
  'credit_note_counters',
  {
    year: integer().primaryKey(),
    last: integer().notNull(),
  },
  (t) => [nonNegative('credit_note_counters', 'last', t.last)],
);

/** A refund's credit note (CN-2026-000001), beside the booking's invoice; amounts are what was refunded. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    number: text().notNull(),
    year: integer().notNull(),
    sequence: integer().notNull(),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** Null once she deleted her account (kept, as the invoice, issue 25). */
    userId: formerMemberId(),
    alias: text().notNull(),
    /** Her member number, copied at issue. */
    memberNumber: integer().notNull(),
    refundPercent: smallint().notNull(),
    fee: cents(),
    merchantCharges: cents(),
    vat: cents(),
    total: cents(),
    refundId: text().notNull(),
    issuedAt: time().notNull(),
  },
  (t) => [
    uniqueIndex('credit_notes_number_unique').on(t.number),
    uniqueIndex('credit_notes_year_sequence_unique').on(t.year, t.sequence),
    uniqueIndex('credit_notes_booking_unique').on(t.bookingId),
    index('credit_notes_user_idx').on(t.userId, t.issuedAt),
    check('credit_notes_sequence_check', sql`${t.sequence} >= 1`),
    check('credit_notes_total_check', sql`${t.total} = ${t.fee} + ${t.merchantCharges} + ${t.vat}`),
    nonNegative('credit_notes', 'fee', t.fee),
    nonNegative('credit_notes', 'merchant_charges', t.merchantCharges),
    nonNegative('credit_notes', 'vat', t.vat),
  ],
);
