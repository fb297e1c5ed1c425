/**
 * Reading courses: the catalogue page (with its ETag), a course for visitors, and a course as a
 * member sees it (enrolment, progress, lesson bodies and quizzes once enrolled, her review).
 */
import type { CourseDetail, CoursesPage, MemberCourseDetail } from '../../contract/learning.ts';
import { ApiError } from '../lib/errors.ts';
import type { Locale } from '../lib/i18n.ts';
import { courseDetail, courseOr404, courseSummary, lessonOutline } from './learning-catalogue.ts';
import { enrolmentView } from './learning-enrolments.ts';
import { type LearningDeps, memberState, progressOf, stateStatus } from './learning-progress.ts';
import { memberQuiz } from './learning-quizzes.ts';
import { myReviewView, type Reviews } from './learning-reviews.ts';

export function createCourseReads({ database, catalogue, reviews }: LearningDeps & { reviews: Reviews }) {
  const db = database.db;

  return {
    async coursesPage(
      locale: Locale,
      page: number,
      limit: number,
    ): Promise<{ body: CoursesPage; etag: string }> {
      const { catalogue: cat, ratings } = await catalogue.withRatings();
      const total = cat.published.length;
      const items = cat.published
        .slice((page - 1) * limit, page * limit)
        .map((c) => courseSummary(c, locale, ratings));
      const tag = `${cat.version}.${ratings.fingerprint.length ? hashText(ratings.fingerprint) : '0'}.${locale}.${page}.${limit}`;
      return {
        body: { items, page, limit, total, totalPages: Math.ceil(total / limit) },
        etag: `W/"${tag}"`,
      };
    },

    async publicCourse(id: string, locale: Locale): Promise<CourseDetail> {
      const { catalogue: cat, ratings } = await catalogue.withRatings();
      return courseDetail(courseOr404(cat, id), locale, ratings);
    },

    async memberCourse(id: string, userId: string, locale: Locale): Promise<MemberCourseDetail> {
      const { catalogue: cat, ratings } = await catalogue.withRatings();
      if (!cat.byId.has(id)) throw new ApiError('COURSE_NOT_FOUND');
      const [s, mine] = await Promise.all([memberState(db, userId, id), reviews.mine(db, userId, id)]);
      const course = courseOr404(cat, id, s.enrolment !== null);
      const { lessons: _outline, quizzes: _counts, ...detail } = courseDetail(course, locale, ratings);
      const enrolled = s.enrolment !== null;
      const status = stateStatus(course, s);
      return {
        ...detail,
        lessons: course.lessons.map((l) => ({
          ...lessonOutline(l, locale),
          body: enrolled ? l.texts[locale].body : [],
          done: enrolled && s.done.has(l.id),
        })),
        enrolment: s.enrolment ? enrolmentView(s.enrolment, status) : null,
        progress: enrolled ? progressOf(course, s.done, status) : null,
        quizzes: enrolled
          ? { pre: memberQuiz(course, s, 'pre', locale), post: memberQuiz(course, s, 'post', locale) }
          : null,
        questionCounts: { pre: course.quiz.pre.length, post: course.quiz.post.length },
        myReview: mine ? myReviewView(mine, course, locale) : null,
      };
    },
  };
}

function hashText(s: string): string {
  // FNV-1a, 32 bits: enough to tell review states apart in an ETag
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}
