import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Every time column: a moment with its time zone, read as a Date. */
const time = () => timestamp({ withTimezone: true, mode: 'date' });
/** When a row was created and last changed. */
const stamps = () => ({ createdAt: time().notNull(), updatedAt: time().notNull() });
/** The member a row belongs to: it goes when she goes. */
const memberId = () =>
  uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
/** A course from the content files (courses are unpublished, never deleted, while members point at them). */
const courseRef = () =>
  text()
    .notNull()
    .references(() => courses.id);
/** A lesson's or question's key: its course (it goes with the course) and its id within it. */
const coursePart = () => ({
  courseId: text()
    .notNull()
    .references(() => courses.id, { onDelete: 'cascade' }),
  id: text().notNull(),
});
/** A member's row in one course needs her enrolment, and goes with it. */
const ofEnrolment = (name: string, t: { userId: AnyPgColumn; courseId: AnyPgColumn }) =>
  foreignKey({
    name,
    columns: [t.userId, t.courseId],
    foreignColumns: [enrolments.userId, enrolments.courseId],
  }).onDelete('cascade');

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

// ------------------------------------------------------------------ learning (issue 7)
// Content tables are written only by the content loader (server/content/loader.ts) from the files
// in server/content; ids are the files' stable slugs. Texts per locale live in jsonb ({ en, ar }).
// Members' rows (enrolments, progress, attempts, reviews) point at course ids; lesson progress and
// attempts keep working when a lesson or question is later removed from the files.

/** One row: the hash of the content files last loaded (the catalogue's ETag is made from it). */
export const contentState = pgTable(
  'content_state',
  {
    id: smallint().primaryKey(),
    version: text().notNull(),
  },
  (t) => [check('content_state_single_row', sql`${t.id} = 1`)],
);

export const experts = pgTable('experts', {
  id: text().primaryKey(),
  avatarId: text()
    .notNull()
    .references(() => avatars.id),
  specialty: text().notNull(),
  languages: jsonb().$type<string[]>().notNull(),
  /** { en: { name, title, bio, qualifications }, ar: { … } } */
  texts: jsonb().notNull(),
  hash: text().notNull(),
  // ── experts directory (issue 9, migration 0004_experts): display order, published, call modes and
  // consultation offers ([{ id, kind, minutes, price }], price in cents; offer ids are permanent)
  position: integer().notNull().default(0),
  published: boolean().notNull().default(true),
  modes: jsonb().$type<string[]>().notNull().default([]),
  offers: jsonb()
    .$type<{ id: string; kind: string; minutes: number; price: number }[]>()
    .notNull()
    .default([]),
});

export const courses = pgTable(
  'courses',
  {
    id: text().primaryKey(),
    position: integer().notNull(),
    published: boolean().notNull(),
    /** Cents (USD). */
    price: integer().notNull(),
    salePrice: integer(),
    level: text().notNull(),
    expertId: text()
      .notNull()
      .references(() => experts.id),
    /** { en: { title, summary, description, requirements, audience, outcomes }, ar: { … } } */
    texts: jsonb().notNull(),
    hash: text().notNull(),
  },
  (t) => [
    check('courses_price_check', sql`${t.price} >= 0`),
    check('courses_sale_price_check', sql`${t.salePrice} is null or ${t.salePrice} >= 0`),
    check('courses_level_check', sql`${t.level} in ('beginner', 'intermediate', 'advanced')`),
  ],
);

export const lessons = pgTable(
  'lessons',
  {
    ...coursePart(),
    position: integer().notNull(),
    /** { en: { title, minutes, body: Block[] }, ar: { … } } */
    texts: jsonb().notNull(),
    hash: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.id] })],
);

export const quizQuestions = pgTable(
  'quiz_questions',
  {
    ...coursePart(),
    kind: text().notNull(),
    position: integer().notNull(),
    multiple: boolean().notNull(),
    /** Indexes of the right options: server-side only, never sent before a member submits. */
    correct: jsonb().$type<number[]>().notNull(),
    /** { en: { prompt, options, explanation }, ar: { … } } */
    texts: jsonb().notNull(),
    hash: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.id] }),
    check('quiz_questions_kind_check', sql`${t.kind} in ('pre', 'post')`),
  ],
);

export const enrolments = pgTable(
  'enrolments',
  {
    userId: memberId(),
    courseId: courseRef(),
    enrolledAt: time().notNull(),
    source: text().notNull(),
    /** Set by her first post-course quiz. */
    completedAt: time(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    index('enrolments_course_id_idx').on(t.courseId),
    check('enrolments_source_check', sql`${t.source} in ('free', 'purchase')`),
  ],
);

export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: uuid().notNull(),
    courseId: text().notNull(),
    /** No foreign key to lessons: a lesson removed from the files leaves her row harmless. */
    lessonId: text().notNull(),
    completedAt: time().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId, t.lessonId] }),
    ofEnrolment('lesson_progress_enrolment_fk', t),
  ],
);

export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull(),
    courseId: text().notNull(),
    kind: text().notNull(),
    /** [{ questionId, choices, isCorrect }] as judged when submitted. */
    answers: jsonb().$type<{ questionId: string; choices: number[]; isCorrect: boolean }[]>().notNull(),
    correct: integer().notNull(),
    total: integer().notNull(),
    score: integer().notNull(),
    submittedAt: time().notNull(),
  },
  (t) => [
    ofEnrolment('quiz_attempts_enrolment_fk', t),
    /** The pre-course quiz is taken once: two parallel submissions make one row. */
    uniqueIndex('quiz_attempts_pre_once').on(t.userId, t.courseId).where(sql`${t.kind} = 'pre'`),
    index('quiz_attempts_member_idx').on(t.userId, t.courseId, t.kind, t.submittedAt),
    check('quiz_attempts_kind_check', sql`${t.kind} in ('pre', 'post')`),
    check('quiz_attempts_counts_check', sql`${t.correct} >= 0 and ${t.correct} <= ${t.total}`),
    check('quiz_attempts_score_check', sql`${t.score} between 0 and 100`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: memberId(),
    courseId: courseRef(),
    rating: smallint().notNull(),
    text: text().notNull().default(''),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('reviews_user_course_unique').on(t.userId, t.courseId),
    index('reviews_course_idx').on(t.courseId, t.updatedAt),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

// ------------------------------------------------------------------ buying (issue 8)
// Money is integer cents (USD) with a CHECK >= 0 on every amount. A card number or security code
// has no column anywhere: the sandbox keeps brand, last four digits and expiry only.

/** An amount of cents: whole, never negative. */
const cents = () => integer().notNull();
const nonNegative = (table: string, column: string, c: AnyPgColumn) =>
  check(`${table}_${column}_check`, sql`${c} >= 0`);

/** Promo codes, written only by the content loader from server/content/coupons.json. */
export const coupons = pgTable(
  'coupons',
  {
    /** Normalised (normalizeCouponCode): upper case, ASCII digits, no spaces. */
    code: text().primaryKey(),
    kind: text().notNull(),
    /** percent: 1–100; amount: cents. */
    value: integer().notNull(),
    /** Only these courses; null: every course. */
    courseIds: jsonb().$type<string[]>(),
    startsAt: time(),
    /** Exclusive: the code stops working at this moment. */
    endsAt: time(),
    /** Redemptions by everyone together; null: no limit. */
    maxRedemptions: integer(),
    perMemberLimit: integer(),
    /** false: gone from the file (kept because redemptions point at it); it then reads as unknown. */
    active: boolean().notNull(),
    hash: text().notNull(),
  },
  (t) => [
    check('coupons_kind_check', sql`${t.kind} in ('percent', 'amount')`),
    check('coupons_value_check', sql`${t.value} >= 1 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
    check(
      'coupons_window_check',
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`,
    ),
    check('coupons_max_check', sql`${t.maxRedemptions} is null or ${t.maxRedemptions} >= 1`),
    check('coupons_per_member_check', sql`${t.perMemberLimit} is null or ${t.perMemberLimit} >= 1`),
  ],
);

/** The sandbox provider's saved cards: what a real provider's token stands for, minus the number. */
export const sandboxPaymentMethods = pgTable(
  'sandbox_payment_methods',
  {
    /** pm_… */
    id: text().primaryKey(),
    userId: memberId(),
    brand: text().notNull(),
    last4: text().notNull(),
    expMonth: smallint().notNull(),
    expYear: smallint().notNull(),
    /** What charging this card does (from the test card it was made with). */
    behaviour: text().notNull(),
    createdAt: time().notNull(),
  },
  (t) => [
    index('sandbox_payment_methods_user_idx').on(t.userId),
    check('sandbox_payment_methods_last4_check', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('sandbox_payment_methods_exp_check', sql`${t.expMonth} between 1 and 12`),
    check(
      'sandbox_payment_methods_behaviour_check',
      sql`${t.behaviour} in ('succeed', 'card_declined', 'insufficient_funds', 'challenge', 'processing_error')`,
    ),
  ],
);

/** The sandbox provider's charges: one per provider idempotency key (as Stripe's PaymentIntents). */
export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    /** ch_… */
    id: text().primaryKey(),
    idempotencyKey: text().notNull(),
    userId: memberId(),
    amount: cents(),
    currency: text().notNull(),
    paymentMethodId: text()
      .notNull()
      .references(() => sandboxPaymentMethods.id),
    brand: text().notNull(),
    last4: text().notNull(),
    description: text().notNull(),
    status: text().notNull(),
    declineReason: text(),
    /** chl_…, set when the card asked for a challenge. */
    challengeId: text(),
    challengeStatus: text(),
    refunded: integer().notNull().default(0),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('sandbox_charges_idempotency_key_unique').on(t.idempotencyKey),
    uniqueIndex('sandbox_charges_challenge_unique').on(t.challengeId),
    index('sandbox_charges_user_idx').on(t.userId),
    nonNegative('sandbox_charges', 'amount', t.amount),
    check('sandbox_charges_refunded_check', sql`${t.refunded} >= 0 and ${t.refunded} <= ${t.amount}`),
    check(
      'sandbox_charges_status_check',
      sql`${t.status} in ('succeeded', 'requires_action', 'declined', 'failed')`,
    ),
    check(
      'sandbox_charges_challenge_status_check',
      sql`${t.challengeStatus} is null or ${t.challengeStatus} in ('pending', 'approved', 'denied')`,
    ),
  ],
);

/** The sandbox provider's refunds: one per provider idempotency key. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    /** re_… */
    id: text().primaryKey(),
    idempotencyKey: text().notNull(),
    chargeId: text()
      .notNull()
      .references(() => sandboxCharges.id, { onDelete: 'cascade' }),
    amount: cents(),
    createdAt: time().notNull(),
  },
  (t) => [
    uniqueIndex('sandbox_refunds_idempotency_key_unique').on(t.idempotencyKey),
    check('sandbox_refunds_amount_check', sql`${t.amount} >= 1`),
  ],
);

/**
 * enroll-multiple requests by (member, Idempotency-Key): claimed before the charge (`started`, with
 * the priced plan the charge is for), `done` with the final response once answered for good.
 */
export const purchaseRequests = pgTable(
  'purchase_requests',
  {
    userId: memberId(),
    idempotencyKey: text().notNull(),
    /** SHA-256 of the canonical body: the same key with another body is refused. */
    requestHash: text().notNull(),
    state: text().notNull(),
    /** The lines, coupon and totals decided when the key was claimed (see commerce-pricing.ts). */
    plan: jsonb().notNull(),
    responseStatus: smallint(),
    responseBody: jsonb(),
    ...stamps(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.idempotencyKey] }),
    check('purchase_requests_state_check', sql`${t.state} in ('started', 'done')`),
    check(
      'purchase_requests_done_check',
      sql`${t.state} <> 'done' or (${t.responseStatus} is not null and ${t.responseBody} is not null)`,
    ),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: memberId(),
    idempotencyKey: text().notNull(),
    subtotal: cents(),
    discount: cents(),
    vat: cents(),
    total: cents(),
    currency: text().notNull(),
    couponCode: text().references(() => coupons.code),
    /** The provider's charge (null when the total was 0 and nothing was charged). */
    chargeId: text(),
    paidBrand: text(),
    paidLast4: text(),
    createdAt: time().notNull(),
  },
  (t) => [
    uniqueIndex('orders_user_key_unique').on(t.userId, t.idempotencyKey),
    uniqueIndex('orders_charge_unique').on(t.chargeId),
    index('orders_user_idx').on(t.userId, t.createdAt),
    nonNegative('orders', 'subtotal', t.subtotal),
    nonNegative('orders', 'discount', t.discount),
    nonNegative('orders', 'vat', t.vat),
    nonNegative('orders', 'total', t.total),
    check('orders_totals_check', sql`${t.total} = ${t.subtotal} - ${t.discount} + ${t.vat}`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    courseId: courseRef(),
    position: smallint().notNull(),
    /** The list price and what the line cost (the effective price), when bought. */
    listPrice: cents(),
    amount: cents(),
    /** The course's title in each language when bought: { en, ar }. */
    titles: jsonb().$type<{ en: string; ar: string }>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.courseId] }),
    nonNegative('order_lines', 'list_price', t.listPrice),
    nonNegative('order_lines', 'amount', t.amount),
  ],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    couponCode: text()
      .notNull()
      .references(() => coupons.code),
    userId: memberId(),
    orderId: uuid()
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    redeemedAt: time().notNull(),
  },
  (t) => [index('coupon_redemptions_coupon_user_idx').on(t.couponCode, t.userId)],
);

/** The last invoice sequence of each year (UTC): taken inside the purchase's transaction, so gapless. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    year: integer().primaryKey(),
    last: integer().notNull(),
  },
  (t) => [nonNegative('invoice_counters', 'last', t.last)],
);

export const invoices = pgTable(
  'invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** INV-2026-000001 */
    number: text().notNull(),
    year: integer().notNull(),
    sequence: integer().notNull(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: memberId(),
    /** Billed to: her alias when the invoice was issued. */
    alias: text().notNull(),
    subtotal: cents(),
    discount: cents(),
    couponCode: text(),
    vat: cents(),
    total: cents(),
    amountPaid: cents(),
    /** Consultations (later): shown on the invoice when set. */
    consultationFee: integer(),
    merchantCharges: integer(),
    currency: text().notNull(),
    issuedAt: time().notNull(),
  },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.number),
    uniqueIndex('invoices_year_sequence_unique').on(t.year, t.sequence),
    uniqueIndex('invoices_order_unique').on(t.orderId),
    index('invoices_user_idx').on(t.userId, t.issuedAt),
    check('invoices_sequence_check', sql`${t.sequence} >= 1`),
    nonNegative('invoices', 'subtotal', t.subtotal),
    nonNegative('invoices', 'discount', t.discount),
    nonNegative('invoices', 'vat', t.vat),
    nonNegative('invoices', 'total', t.total),
    nonNegative('invoices', 'amount_paid', t.amountPaid),
    check('invoices_consultation_fee_check', sql`${t.consultationFee} is null or ${t.consultationFee} >= 0`),
    check('invoices_merchant_charges_check', sql`${t.merchantCharges} is null or ${t.merchantCharges} >= 0`),
  ],
);

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
  },
  (t) => [
    index('form_submissions_created_idx').on(t.createdAt),
    index('form_submissions_kind_created_idx').on(t.kind, t.createdAt),
    check(
      'form_submissions_kind_check',
      sql`${t.kind} in ('contact', 'programs', 'partnerships', 'concern', 'expert-application')`,
    ),
    check('form_submissions_locale_check', sql`${t.locale} in ('en', 'ar')`),
    check('form_submissions_cv_size_check', sql`${t.cvSize} is null or ${t.cvSize} > 0`),
  ],
);

// ------------------------------------------------------------------ articles (issue 9)
// Written only by the content loader (server/content/articles.ts) from server/content/articles/.
// Search: the `search_*` columns hold each language's title and text (summary + body) through the
// one normaliser (server/lib/search-text.ts); `tsv_*` are their weighted tsvectors (title A,
// summary B, body D) in the `english` and `arabic` configurations, ranked with ts_rank; pg_trgm over
// `article_words` (each article's distinct words) catches partial words and typos.

/** PostgreSQL's tsvector (drizzle has no column type for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const articles = pgTable(
  'articles',
  {
    id: text().primaryKey(),
    published: boolean().notNull(),
    publishedOn: date({ mode: 'string' }).notNull(),
    topic: text().notNull(),
    /** Course ids suggested after the article, in the file's order. */
    relatedCourses: jsonb().$type<string[]>().notNull(),
    /** { en: { title, summary, minutes, body: Block[] }, ar: { … } } */
    texts: jsonb().notNull(),
    searchTitleEn: text().notNull(),
    searchTextEn: text().notNull(),
    searchTitleAr: text().notNull(),
    searchTextAr: text().notNull(),
    tsvEn: tsvector().notNull(),
    tsvAr: tsvector().notNull(),
    hash: text().notNull(),
  },
  (t) => [
    index('articles_published_on_idx').on(t.publishedOn),
    index('articles_tsv_en_idx').using('gin', t.tsvEn),
    index('articles_tsv_ar_idx').using('gin', t.tsvAr),
    check(
      'articles_topic_check',
      sql`${t.topic} in ('periods', 'contraception', 'pregnancy', 'menopause', 'sexual-health', 'intimate-health', 'emotional-wellbeing', 'body-and-health')`,
    ),
  ],
);

/**
 * The distinct normalised words of each article and language (three letters or more), for the
 * fuzzy match: a trigram GIN index finds the words near a query word (`<%`, word_similarity ≥ 0.6)
 * without reading every body. Rewritten with its article by the loader.
 */
export const articleWords = pgTable(
  'article_words',
  {
    articleId: text()
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    locale: text().notNull(),
    word: text().notNull(),
    /** The word is in the title (a title match ranks above one in the text). */
    inTitle: boolean().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.locale, t.word] }),
    index('article_words_word_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
    check('article_words_locale_check', sql`${t.locale} in ('en', 'ar')`),
  ],
);

// ------------------------------------------------------------------ consultations (issue 10)
// Availability is content (server/content/availability/<expert-id>.json), written only by the
// loader. A booking is held (10 minutes) → confirmed (paid, invoiced) → cancelled (refund, credit
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
    weekly: jsonb().notNull(),
    /** [{ date, off?, extra? }] */
    exceptions: jsonb().notNull(),
    bufferMinutes: integer().notNull(),
    noticeMinutes: integer().notNull(),
    horizonDays: integer().notNull(),
    /** Where her booking mails go (else TEAM_EMAIL). */
    email: text(),
    hash: text().notNull(),
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
    userId: memberId(),
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
    userId: memberId(),
    alias: text().notNull(),
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
