/**
 * Reviews: one per member and course (a unique index; writing again edits it), rating 1–5 and an
 * optional text, only from members whose enrolment is completed (403 REVIEW_NOT_ALLOWED). Other
 * members see rating, text, dates and the avatar: never the alias, e-mail or member id (spec §6).
 */
import { and, asc, desc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { MyReview, MyReviews, PublicReview, ReviewsPage } from '../../contract/learning.ts';
import type { Db, Tx } from '../db/index.ts';
import { enrolments, reviews, users } from '../db/schema.ts';
import { avatarView } from '../lib/catalog.ts';
import { ApiError } from '../lib/errors.ts';
import type { Locale } from '../lib/i18n.ts';
import { type CachedCourse, ratingSummary } from './learning-catalogue.ts';
import type { LearningDeps } from './learning-progress.ts';

type ReviewRow = typeof reviews.$inferSelect;

export function myReviewView(r: ReviewRow, course: CachedCourse, locale: Locale): MyReview {
  return {
    courseId: r.courseId,
    courseTitle: course.texts[locale].title,
    rating: r.rating,
    text: r.text,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Review text as stored: NFC, trimmed, line ends unified, control characters (but newlines) removed. */
export function cleanReviewText(text: string): string {
  return (
    text
      .normalize('NFC')
      .replace(/\r\n?/g, '\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '')
      .trim()
  );
}

export function createReviews({ database, clock, catalogue }: LearningDeps) {
  const db = database.db;

  return {
    async mine(q: Db | Tx, userId: string, courseId: string): Promise<ReviewRow | null> {
      const rows = await q
        .select()
        .from(reviews)
        .where(and(eq(reviews.userId, userId), eq(reviews.courseId, courseId)));
      return rows[0] ?? null;
    },

    /** Creates or edits her review. created: true the first time. */
    async put(
      userId: string,
      input: { courseId: string; rating: number; text: string },
      locale: Locale,
    ): Promise<{ review: MyReview; created: boolean }> {
      const cat = await catalogue.get();
      const course = cat.byId.get(input.courseId);
      if (!course) throw new ApiError('COURSE_NOT_FOUND');
      const [e] = await db
        .select({ completedAt: enrolments.completedAt })
        .from(enrolments)
        .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, course.id)));
      if (!e && !course.published) throw new ApiError('COURSE_NOT_FOUND');
      if (!e?.completedAt) throw new ApiError('REVIEW_NOT_ALLOWED');
      const now = clock.now();
      const text = cleanReviewText(input.text);
      const [row] = await db
        .insert(reviews)
        .values({ userId, courseId: course.id, rating: input.rating, text, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [reviews.userId, reviews.courseId],
          set: { rating: input.rating, text, updatedAt: now },
        })
        .returning({ ...getTableColumns(reviews), inserted: sql<boolean>`(xmax = 0)` });
      catalogue.invalidate();
      return { review: myReviewView(row, course, locale), created: row.inserted === true };
    },

    async listMine(userId: string, locale: Locale): Promise<MyReviews> {
      const cat = await catalogue.get();
      const rows = await db
        .select()
        .from(reviews)
        .where(eq(reviews.userId, userId))
        .orderBy(desc(reviews.updatedAt), asc(reviews.id));
      return {
        items: rows.flatMap((r) => {
          const course = cat.byId.get(r.courseId);
          return course ? [myReviewView(r, course, locale)] : [];
        }),
      };
    },

    async forCourse(
      courseId: string,
      { page, limit, excludeUserId }: { page: number; limit: number; excludeUserId?: string },
      locale: Locale,
    ): Promise<ReviewsPage> {
      const cat = await catalogue.get();
      const course = cat.byId.get(courseId);
      if (!course?.published) throw new ApiError('COURSE_NOT_FOUND');
      const visible = excludeUserId
        ? and(eq(reviews.courseId, courseId), ne(reviews.userId, excludeUserId))
        : eq(reviews.courseId, courseId);
      const [stars, rows] = await Promise.all([
        db
          .select({
            rating: reviews.rating,
            n: sql<number>`count(*)::int`,
            shown: excludeUserId
              ? sql<number>`(count(*) filter (where ${reviews.userId} <> ${excludeUserId}))::int`
              : sql<number>`count(*)::int`,
          })
          .from(reviews)
          .where(eq(reviews.courseId, courseId))
          .groupBy(reviews.rating),
        db
          .select({
            id: reviews.id,
            rating: reviews.rating,
            text: reviews.text,
            createdAt: reviews.createdAt,
            updatedAt: reviews.updatedAt,
            avatarId: users.avatarId,
          })
          .from(reviews)
          .innerJoin(users, eq(users.id, reviews.userId))
          .where(visible)
          .orderBy(desc(reviews.updatedAt), asc(reviews.id))
          .limit(limit)
          .offset((page - 1) * limit),
      ]);
      const distribution = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
      let count = 0;
      let sum = 0;
      let total = 0;
      for (const s of stars) {
        const n = Number(s.n);
        distribution[String(s.rating) as keyof typeof distribution] = n;
        count += n;
        sum += n * s.rating;
        total += Number(s.shown);
      }
      const items: PublicReview[] = rows.map((r) => ({
        id: r.id,
        rating: r.rating,
        text: r.text,
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
        avatar: avatarView(r.avatarId, locale),
      }));
      return {
        items,
        page,
        limit,
        total,
        totalPages: Math.ceil(total / limit),
        summary: { ...ratingSummary({ count, sum }), distribution },
      };
    },
  };
}
export type Reviews = ReturnType<typeof createReviews>;
