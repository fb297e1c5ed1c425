/**
 * The community circle (issue 27, migration 0013_circle): spaces (from content files), threads,
 * posts (a thread's opening post and its replies), "this helped me" marks, reports, and each
 * member's standing in the circle (rules accepted, warnings, suspension, replies seen).
 *
 * A post written as "a member" keeps its author's id here (moderation acts on the account through
 * the post) and never lets it out: answers carry `{ kind: 'member' }` (contract/circle.ts).
 * Counters (threads per space, replies and helpful marks) are kept on the rows so a space's list
 * and a thread answer from one index each at 100,000 posts.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { QueueReason, ReportReason } from '../../../contract/circle.ts';
import { users } from './accounts.ts';
import { time } from './columns.ts';
import { staff } from './staff.ts';

export const circleSpaces = pgTable('circle_spaces', {
  id: text().primaryKey(),
  position: integer().notNull(),
  titleEn: text().notNull(),
  titleAr: text().notNull(),
  descriptionEn: text().notNull(),
  descriptionAr: text().notNull(),
  /** Published threads. */
  threadCount: integer().notNull().default(0),
  lastActivityAt: time(),
});

export const circleThreads = pgTable(
  'circle_threads',
  {
    id: uuid().primaryKey().defaultRandom(),
    spaceId: text()
      .notNull()
      .references(() => circleSpaces.id),
    title: text().notNull(),
    /** The member who opened it (deleting her account deletes her threads). */
    authorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The opening post's status (contract POST_STATUSES): lists show published threads. */
    status: text().notNull(),
    /** Published replies. */
    replyCount: integer().notNull().default(0),
    /** The opening post's "this helped me" marks. */
    helpful: integer().notNull().default(0),
    expertAnswered: boolean().notNull().default(false),
    /** Title and opening post through the articles' normaliser (server/lib/search-text.ts). */
    searchText: text().notNull().default(''),
    createdAt: time().notNull(),
    lastActivityAt: time().notNull(),
  },
  (t) => [
    index('circle_threads_space_newest_idx').on(t.spaceId, t.status, t.lastActivityAt.desc(), t.id.desc()),
    index('circle_threads_space_helpful_idx').on(t.spaceId, t.status, t.helpful.desc(), t.id.desc()),
    index('circle_threads_newest_idx').on(t.status, t.lastActivityAt.desc(), t.id.desc()),
    index('circle_threads_author_idx').on(t.authorId),
    check('circle_threads_status_check', sql`${t.status} in ('published', 'pending', 'hidden', 'removed')`),
  ],
);

export const circlePosts = pgTable(
  'circle_posts',
  {
    id: uuid().primaryKey().defaultRandom(),
    threadId: uuid()
      .notNull()
      .references(() => circleThreads.id, { onDelete: 'cascade' }),
    /** The thread's opening post (one per thread), or a reply. */
    opening: boolean().notNull(),
    /** A member's post … */
    authorId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    /** … or an expert's reply (staff with role expert). */
    staffId: uuid().references(() => staff.id),
    /** Shown as "a member": nothing of her alias or avatar ever leaves with it. */
    anonymous: boolean().notNull().default(false),
    body: text().notNull(),
    status: text().notNull(),
    /** Why it is (or was) in the moderation queue. */
    queueReasons: jsonb().$type<QueueReason[]>().notNull().default([]),
    /** The watched words it matched. */
    watchedWords: jsonb().$type<string[]>().notNull().default([]),
    crisis: boolean().notNull().default(false),
    helpful: integer().notNull().default(0),
    reportCount: integer().notNull().default(0),
    removedReason: text(),
    reviewedAt: time(),
    reviewedBy: uuid(),
    createdAt: time().notNull(),
    editedAt: time(),
  },
  (t) => [
    index('circle_posts_thread_idx').on(t.threadId, t.createdAt, t.id),
    index('circle_posts_author_idx').on(t.authorId, t.createdAt),
    // the moderation queue: what waits for a moderator, crisis first
    index('circle_posts_queue_idx')
      .on(t.crisis.desc(), t.createdAt, t.id)
      .where(sql`${t.status} in ('pending', 'hidden')`),
    check('circle_posts_status_check', sql`${t.status} in ('published', 'pending', 'hidden', 'removed')`),
    check('circle_posts_author_check', sql`(${t.authorId} is null) <> (${t.staffId} is null)`),
  ],
);

/** "This helped me": one per member and post; only counts ever leave. */
export const circleHelpful = pgTable(
  'circle_helpful',
  {
    postId: uuid()
      .notNull()
      .references(() => circlePosts.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: time().notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

export const circleReports = pgTable(
  'circle_reports',
  {
    postId: uuid()
      .notNull()
      .references(() => circlePosts.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text().$type<ReportReason>().notNull(),
    note: text(),
    createdAt: time().notNull(),
    /** Set when a moderator decided on the post. */
    resolvedAt: time(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

/** A member's standing in the circle; a row from her first visit. */
export const circleMembers = pgTable('circle_members', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  rulesAcceptedAt: time(),
  /** Replies to her threads by e-mail (only with an address in Account Settings). */
  emailReplies: boolean().notNull().default(false),
  /** Replies to her threads up to here are seen. */
  repliesSeenAt: time(),
  /** Posts a moderator let through or that were published: after three, hers are not held. */
  approvedPosts: integer().notNull().default(0),
  removedPosts: integer().notNull().default(0),
  warnings: integer().notNull().default(0),
  warningMessage: text(),
  warnedAt: time(),
  suspendedUntil: time(),
});
