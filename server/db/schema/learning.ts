/** Courses, lessons and quiz questions (content), and each member's enrolments, progress, attempts and reviews. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  foreignKey,
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
import { memberId } from './accounts.ts';
import { stamps, time } from './columns.ts';
import { experts } from './experts.ts';

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

/** A course from the content files (courses are unpublished, never deleted, while members point at them). */
export const courseRef = () =>
  text()
    .notNull()
    .references(() => courses.id);
/** A lesson's or question's key: its course (it goes with the course) and its id within it. */
export const coursePart = () => ({
  courseId: text()
    .notNull()
    .references(() => courses.id, { onDelete: 'cascade' }),
  id: text().notNull(),
});
/** A member's row in one course needs her enrolment, and goes with it. */
export const ofEnrolment = (name: string, t: { userId: AnyPgColumn; courseId: AnyPgColumn }) =>
  foreignKey({
    name,
    columns: [t.userId, t.courseId],
    foreignColumns: [enrolments.userId, enrolments.courseId],
  }).onDelete('cascade');

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
    // sources and review dates (issue 24, migration 0009_content_review); null dates only in a row
    // stored before them (the loader writes them at start; a course gone from the files keeps its nulls)
    sources: jsonb().$type<{ org: string; title: string }[]>().notNull().default([]),
    reviewedOn: date({ mode: 'string' }),
    nextReview: date({ mode: 'string' }),
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
