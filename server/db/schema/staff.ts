/**
 * The staff side (issue 26, migration 0012_staff): staff accounts apart from members (roles, a
 * password, second factors), their sessions, the audit log, the notes on form submissions, experts'
 * profile drafts waiting for an admin, and course-order refunds. Columns added to existing tables for
 * the staff side live beside those tables (experts, expert_availability, bookings, form_submissions,
 * coupons) with a comment naming this issue.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { StaffRole } from '../../../contract/staff.ts';
import type { ProfileTextsBody } from '../../../contract/staff-expert.ts';
import { time } from './columns.ts';
import { orders } from './commerce.ts';
import { experts } from './experts.ts';
import { formSubmissions } from './site.ts';

export const staff = pgTable(
  'staff',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Lower-cased. */
    email: text().notNull(),
    name: text().notNull(),
    roles: jsonb().$type<StaffRole[]>().notNull(),
    /** The expert she is (role expert). */
    expertId: text().references(() => experts.id),
    language: text().notNull().default('en'),
    /** argon2id (the members' hasher); null until she used her set-up link. */
    passwordHash: text(),
    /** The authenticator app's secret, sealed (AES-256-GCM, as booking details); null: none confirmed. */
    totpSecret: text(),
    /** A secret offered but not yet confirmed with a code. */
    totpPending: text(),
    /** The last accepted TOTP step: a code is never accepted twice. */
    totpLastStep: integer(),
    /** SHA-256 of the one-time set-up link's token, and when it stops working. */
    setupTokenHash: text(),
    setupExpiresAt: time(),
    failedAttempts: integer().notNull().default(0),
    lockedUntil: time(),
    disabledAt: time(),
    createdAt: time().notNull(),
  },
  (t) => [
    uniqueIndex('staff_email_unique').on(t.email),
    uniqueIndex('staff_expert_unique').on(t.expertId),
    uniqueIndex('staff_setup_token_unique').on(t.setupTokenHash),
    check('staff_language_check', sql`${t.language} in ('en', 'ar')`),
  ],
);

/** Her passkeys (WebAuthn credentials). */
export const staffPasskeys = pgTable(
  'staff_passkeys',
  {
    /** The credential id, base64url. */
    id: text().primaryKey(),
    staffId: uuid()
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    /** COSE public key, base64url. */
    publicKey: text().notNull(),
    counter: integer().notNull().default(0),
    transports: jsonb().$type<string[]>().notNull().default([]),
    createdAt: time().notNull(),
    lastUsedAt: time(),
  },
  (t) => [index('staff_passkeys_staff_idx').on(t.staffId)],
);

/**
 * Staff sessions: the cookie's token as a SHA-256 digest. 'half': the password passed, the second
 * factor not yet (only the sign-in and enrolment routes); 'full': signed in. `challenge` is the
 * WebAuthn challenge of the ceremony under way.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text().primaryKey(),
    staffId: uuid()
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    stage: text().notNull(),
    challenge: text(),
    createdAt: time().notNull(),
    lastSeenAt: time().notNull(),
    /** Idle expiry (moved by each request) and the absolute end. */
    expiresAt: time().notNull(),
  },
  (t) => [
    index('staff_sessions_staff_idx').on(t.staffId),
    check('staff_sessions_stage_check', sql`${t.stage} in ('half', 'full')`),
  ],
);

/** Every staff action (contract/staff.ts AUDIT_ACTIONS); never personal details in `detail`. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: time().notNull(),
    staffId: uuid().references(() => staff.id, { onDelete: 'set null' }),
    /** Her name and e-mail when she acted (kept if the account goes). */
    staffName: text(),
    staffEmail: text(),
    action: text().notNull(),
    targetType: text(),
    targetId: text(),
    detail: jsonb().$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    requestId: text(),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_target_idx').on(t.targetType, t.targetId)],
);

/** The team's notes on a form submission. */
export const submissionNotes = pgTable(
  'submission_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    submissionId: uuid()
      .notNull()
      .references(() => formSubmissions.id, { onDelete: 'cascade' }),
    staffId: uuid().references(() => staff.id, { onDelete: 'set null' }),
    staffName: text().notNull(),
    body: text().notNull(),
    createdAt: time().notNull(),
  },
  (t) => [index('submission_notes_submission_idx').on(t.submissionId, t.createdAt)],
);

/** An expert's profile texts waiting for an admin (pending), or the last refused (rejected). */
export const expertProfileDrafts = pgTable(
  'expert_profile_drafts',
  {
    expertId: text()
      .primaryKey()
      .references(() => experts.id, { onDelete: 'cascade' }),
    texts: jsonb().$type<ProfileTextsBody>().notNull(),
    status: text().notNull(),
    submittedAt: time().notNull(),
    reviewedAt: time(),
    reviewedBy: uuid().references(() => staff.id, { onDelete: 'set null' }),
    reason: text(),
  },
  (t) => [check('expert_profile_drafts_status_check', sql`${t.status} in ('pending', 'rejected')`)],
);

/**
 * A course order refunded by an admin in an exceptional case: its credit note (numbered in the same
 * CN-year sequence as consultations' credit_notes, through credit_note_counters), the amount, the
 * reason; the enrolments the order bought end.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    orderId: uuid()
      .primaryKey()
      .references(() => orders.id),
    number: text().notNull(),
    year: integer().notNull(),
    sequence: integer().notNull(),
    amount: integer().notNull(),
    reason: text().notNull(),
    /** The provider's refund. */
    refundId: text().notNull(),
    staffId: uuid().references(() => staff.id, { onDelete: 'set null' }),
    issuedAt: time().notNull(),
  },
  (t) => [
    uniqueIndex('order_refunds_number_unique').on(t.number),
    check('order_refunds_amount_check', sql`${t.amount} >= 0`),
  ],
);
