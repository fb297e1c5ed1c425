/** Members, their security answers, sessions and PIN-reset tokens, and the reference data they point at. */
import { sql } from 'drizzle-orm';
import {
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
    /** Wrong PINs and wrong answer sets, counted together; reset by a success. */
    failedAttempts: integer().notNull().default(0),
    lockedUntil: time(),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('users_alias_key_unique').on(t.aliasKey),
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

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 (hex) of the bearer token; the token itself is never stored. */
    tokenHash: text().primaryKey(),
    userId: memberId(),
    createdAt: time().notNull(),
    expiresAt: time().notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
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
