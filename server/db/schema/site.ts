/** What the public site keeps: shared rate-limit buckets and the forms people sent. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { time } from './columns.ts';

// ── Shared rate limits (issue 11: several processes count into one bucket; server/lib/limit-store.ts)
/** Token buckets by limit name and HMAC'd key (never an address or member id in clear). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: text().notNull(),
    key: text().notNull(),
    tokens: doublePrecision().notNull(),
    atMs: bigint({ mode: 'number' }).notNull(),
    granted: boolean().notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] }), index('rate_limits_at_idx').on(t.atMs)],
);

// ------------------------------------------------------------------ public forms (issue 9)
// Contact, programs, partnerships, concern and expert applications as they came in. `fields` holds
// what the person typed (per FORM_FIELDS in contract/forms-rules.ts); the CV is a file under
// DATA_DIR/uploads with a random name (0600), never served: only its path and size are here.
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: uuid().primaryKey(),
    kind: text().notNull(),
    locale: text().notNull(),
    fields: jsonb().$type<Record<string, string>>().notNull(),
    cvPath: text(),
    cvSize: integer(),
    createdAt: time().notNull(),
    /** When the team's mail went out (null: no SMTP_URL, or the mail failed; the row is kept either way). */
    mailedAt: time(),
    // ── the team inbox (issue 26, migration 0012_staff): concerns are urgent and listed first
    status: text().notNull().default('new'),
    urgent: boolean().notNull().default(false),
    updatedAt: time(),
  },
  (t) => [
    index('form_submissions_created_idx').on(t.createdAt),
    index('form_submissions_kind_created_idx').on(t.kind, t.createdAt),
    check(
      'form_submissions_kind_check',
      sql`${t.kind} in ('contact', 'programs', 'partnerships', 'concern', 'expert-application')`,
    ),
    check('form_submissions_status_check', sql`${t.status} in ('new', 'in-progress', 'closed')`),
    index('form_submissions_inbox_idx').on(t.urgent, t.createdAt),
    check('form_submissions_locale_check', sql`${t.locale} in ('en', 'ar')`),
    check('form_submissions_cv_size_check', sql`${t.cvSize} is null or ${t.cvSize} > 0`),
  ],
);
