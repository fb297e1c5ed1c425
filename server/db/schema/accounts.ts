/**
 * Members, their security answers, recovery code, sessions and PIN-reset tokens, the aliases kept
 * reserved after a deletion, and the reference data they point at.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { stamps, time } from './columns.ts';

/** The member a row belongs to: it goes when she goes. */
export const memberId = () =>
  uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Reference data, seeded idempotently at start (see seed.ts); texts live in server/lib/catalog.ts. */
export const avatars = pgTable('avatars', {
  id: text().primaryKey(),
  sortOrder: smallint().notNull(),
});

export const securityQuestions = pgTable('security_questions', {
  id: text().primaryKey(),
  sortOrder: smallint().notNull(),
});

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Printed on her invoices and kept on them after she deletes her account (issue 25); from a sequence. */
    memberNumber: integer().notNull().generatedAlwaysAsIdentity({ startWith: 1001 }),
    /** NFKC-normalised, as the member typed it. */
    alias: text().notNull(),
    /** Case-folded comparison key: unique, so aliases are unique without regard to case. */
    aliasKey: text().notNull(),
    pinHash: text().notNull(),
    avatarId: text()
      .notNull()
      .references(() => avatars.id),
    country: text().notNull(),
    ageRange: text().notNull(),
    maritalStatus: text(),
    email: text(),
    phone: text(),
    language: text().notNull().default('en'),
    /** Invoices and credit notes print "Online course" and a course code, with neutral file names. */
    discreetDocuments: boolean().notNull().default(true),
    /** Wrong PINs and wrong answer sets, counted together; reset by a success. */
    failedAttempts: integer().notNull().default(0),
    lockedUntil: time(),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('users_alias_key_unique').on(t.aliasKey),
    uniqueIndex('users_member_number_unique').on(t.memberNumber),
    check('users_language_check', sql`${t.language} in ('en', 'ar')`),
    check('users_failed_attempts_check', sql`${t.failedAttempts} >= 0`),
  ],
);

export const securityAnswers = pgTable(
  'security_answers',
  {
    userId: memberId(),
    position: smallint().notNull(),
    questionId: text()
      .notNull()
      .references(() => securityQuestions.id),
    answerHash: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.position] }),
    uniqueIndex('security_answers_user_question_unique').on(t.userId, t.questionId),
    check('security_answers_position_check', sql`${t.position} between 1 and 3`),
  ],
);

/** Her one live recovery code (issue 25), as an argon2id hash only; a new one replaces it, using it removes it. */
export const recoveryCodes = pgTable('recovery_codes', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text().notNull(),
  createdAt: time().notNull(),
});

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 (hex) of the bearer token; the token itself is never stored. */
    tokenHash: text().primaryKey(),
    /** The opaque id her devices list shows and signs out by (never the token). */
    id: uuid().notNull().defaultRandom(),
    userId: memberId(),
    /** In words only ("Firefox", "Android"), read from the User-Agent at sign-in; nothing else about the device is kept. */
    browser: text(),
    system: text(),
    createdAt: time().notNull(),
    /** Moved forward by her signed-in requests, at most once a minute. */
    lastSeenAt: time().notNull(),
    expiresAt: time().notNull(),
  },
  (t) => [
    uniqueIndex('sessions_id_unique').on(t.id),
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/** A deleted member's alias key, which neither sign-up nor the alias check hands out until `reservedUntil`. */
export const retiredAliases = pgTable(
  'retired_aliases',
  {
    aliasKey: text().primaryKey(),
    reservedUntil: time().notNull(),
  },
  (t) => [index('retired_aliases_reserved_until_idx').on(t.reservedUntil)],
);

export const resetTokens = pgTable(
  'reset_tokens',
  {
    /** SHA-256 (hex) of the reset token. */
    tokenHash: text().primaryKey(),
    userId: memberId(),
    createdAt: time().notNull(),
    expiresAt: time().notNull(),
    usedAt: time(),
  },
  (t) => [index('reset_tokens_user_id_idx').on(t.userId)],
);
