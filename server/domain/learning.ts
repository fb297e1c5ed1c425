/**
 * The learning domain: the catalogue, a member's course, enrolment, lesson progress and quizzes
 * (reviews: learning-reviews.ts; the cached catalogue and its views: learning-catalogue.ts).
 *
 * Rules:
 * - Enrolment: one row per (member, course) (primary key), so concurrent enrolments make one.
 *   Free courses through enrolFree; paid ones through enrolAfterPurchase (the checkout, next issue).
 * - Lesson progress and quiz submissions need an enrolment: 403 NOT_ENROLLED otherwise.
 * - Pre-course quiz: once per member and course (a unique partial index: two parallel submissions
 *   make one attempt, the other gets 409 PRE_QUIZ_ALREADY_TAKEN). Post-course quiz: needs the pre
 *   attempt (409 PRE_QUIZ_REQUIRED) and every lesson done (409 LESSONS_INCOMPLETE); retakes allowed;
 *   the first one completes the enrolment.
 * - Score = round-half-up(100 × correct / total); a multiple-choice question is right only when the
 *   chosen set equals the right set. Correct options appear only in a submitted attempt's feedback.
 * - Progress counts only lessons that still exist (a lesson removed from the files is ignored).
 * - Every time comes from the injected clock.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type {
  CourseDetail,
  CoursesPage,
  EnrolledCourses,
  Enrolment,
  MemberCourseDetail,
  MemberQuiz,
  Progress,
  QuizFeedback,
  QuizResult,
  QuizResults,
  QuizSubmitBody,
} from '../contract/learning.ts';
import type { EnrolmentStatus, QuizKind } from '../contract/learning-constants.ts';
import type { Database, Db, Tx } from '../db/index.ts';
import { sqlState, UNIQUE_VIOLATION } from '../db/index.ts';
import { enrolments, lessonProgress, quizAttempts } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import type { FieldCode, Locale } from '../lib/i18n.ts';
import {
  type CachedCourse,
  type CachedQuestion,
  type Catalogue,
  type CatalogueCache,
  courseDetail,
  courseSummary,
  createCatalogue,
  isFree,
  lessonOutline,
  questionView,
} from './learning-catalogue.ts';
import { createReviews, myReviewView } from './learning-reviews.ts';

type Q = Db | Tx;
type EnrolmentRow = typeof enrolments.$inferSelect;
type AttemptRow = typeof quizAttempts.$inferSelect;

/** round-half-up(100 × correct / total), in integers. */
export function scoreOf(correct: number, total: number): number {
  if (total <= 0) return 0;
  return Math.floor((200 * correct + total) / (2 * total));
}

/** Her enrolment, lessons done (ids) and quiz attempts (newest first) in one course. */
interface MemberState {
  enrolment: EnrolmentRow | null;
  done: Set<string>;
  attempts: AttemptRow[];
}

/** `inTx`: the queries run one after another (a transaction is one connection). */
async function memberState(q: Q, userId: string, courseId: string, inTx = false): Promise<MemberState> {
  const queries = [
    () =>
      q
        .select()
        .from(enrolments)
        .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId))),
    () =>
      q
        .select({ lessonId: lessonProgress.lessonId })
        .from(lessonProgress)
        .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.courseId, courseId))),
    () =>
      q
        .select()
        .from(quizAttempts)
        .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.courseId, courseId)))
        .orderBy(desc(quizAttempts.submittedAt), desc(quizAttempts.id)),
  ] as const;
  let results: [EnrolmentRow[], { lessonId: string }[], AttemptRow[]];
  if (inTx) results = [await queries[0](), await queries[1](), await queries[2]()];
  else results = await Promise.all([queries[0](), queries[1](), queries[2]()]);
  const [e, done, attempts] = results;
  return { enrolment: e[0] ?? null, done: new Set(done.map((d) => d.lessonId)), attempts };
}

export function statusOf(
  course: CachedCourse,
  done: Set<string>,
  hasPre: boolean,
  completed: boolean,
): EnrolmentStatus {
  if (completed) return 'completed';
  if (!hasPre) return 'pre_quiz';
  return course.lessons.every((l) => done.has(l.id)) ? 'post_quiz' : 'learning';
}

export function progressOf(course: CachedCourse, done: Set<string>, status: EnrolmentStatus): Progress {
  const completedLessonIds = course.lessons.filter((l) => done.has(l.id)).map((l) => l.id);
  const total = course.lessons.length;
  return {
    courseId: course.id,
    completedLessonIds,
    done: completedLessonIds.length,
    total,
    percent: total === 0 ? 0 : Math.floor((completedLessonIds.length * 100) / total),
    nextLessonId: course.lessons.find((l) => !done.has(l.id))?.id ?? null,
    status,
  };
}

function stateStatus(course: CachedCourse, s: MemberState): EnrolmentStatus {
  const hasPre = s.attempts.some((a) => a.kind === 'pre');
  const completed = s.enrolment?.completedAt != null || s.attempts.some((a) => a.kind === 'post');
  return statusOf(course, s.done, hasPre, completed);
}

export function enrolmentView(e: EnrolmentRow, status: EnrolmentStatus): Enrolment {
  return {
    courseId: e.courseId,
    enrolledAt: e.enrolledAt.toISOString(),
    completedAt: e.completedAt?.toISOString() ?? null,
    source: e.source as Enrolment['source'],
    status,
  };
}

function feedbackOf(course: CachedCourse, a: AttemptRow, locale: Locale): QuizFeedback[] {
  const byId = new Map(course.quiz[a.kind as QuizKind].map((q) => [q.id, q]));
  return a.answers.flatMap((ans) => {
    const q = byId.get(ans.questionId);
    if (!q) return []; // removed from the files since
    return [
      {
        questionId: q.id,
        isCorrect: ans.isCorrect,
        chosen: ans.choices,
        correctOptions: q.correct,
        explanation: q.texts[locale].explanation,
      },
    ];
  });
}

function attemptView(course: CachedCourse, a: AttemptRow, locale: Locale): Omit<QuizResult, 'progress'> {
  return {
    attemptId: a.id,
    courseId: a.courseId,
    kind: a.kind as QuizKind,
    score: a.score,
    correct: a.correct,
    total: a.total,
    submittedAt: a.submittedAt.toISOString(),
    feedback: feedbackOf(course, a, locale),
  };
}

/** Judges answers against the questions: 400 VALIDATION_ERROR / QUIZ_INCOMPLETE, or the marks. */
export function judge(questions: CachedQuestion[], answers: QuizSubmitBody['answers']) {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const unknown: Record<string, FieldCode> = {};
  const given = new Map<string, number[]>();
  for (const a of answers) {
    if (!byId.has(a.questionId)) unknown[`answers.${a.questionId}`] = 'QUIZ_QUESTION_UNKNOWN';
    else if (given.has(a.questionId)) unknown[`answers.${a.questionId}`] = 'INVALID';
    else given.set(a.questionId, a.choices);
  }
  if (Object.keys(unknown).length > 0) throw new ApiError('VALIDATION_ERROR', { fields: unknown });
  const incomplete: Record<string, FieldCode> = {};
  for (const q of questions) {
    const choices = given.get(q.id);
    const options = q.texts.en.options.length;
    if (!choices || choices.length === 0) incomplete[`answers.${q.id}`] = 'ANSWER_REQUIRED';
    else if (
      choices.some((c) => c >= options) ||
      new Set(choices).size !== choices.length ||
      (!q.multiple && choices.length !== 1)
    )
      incomplete[`answers.${q.id}`] = 'CHOICE_INVALID';
  }
  if (Object.keys(incomplete).length > 0) throw new ApiError('QUIZ_INCOMPLETE', { fields: incomplete });
  const marks = questions.map((q) => {
    const chosen = [...given.get(q.id)!].sort((a, b) => a - b);
    const isCorrect = chosen.length === q.correct.length && chosen.every((c, i) => c === q.correct[i]);
    return { questionId: q.id, choices: chosen, isCorrect };
  });
  const correct = marks.filter((m) => m.isCorrect).length;
  return { marks, correct, total: questions.length, score: scoreOf(correct, questions.length) };
}

/**
 * For the checkout (next issue): enrols a member in purchased courses, inside the purchase's
 * transaction. Idempotent: an existing enrolment (free or bought) is kept as it is.
 */
export async function enrolAfterPurchase(
  tx: Q,
  userId: string,
  courseIds: readonly string[],
  clock: Clock,
): Promise<string[]> {
  if (courseIds.length === 0) return [];
  const now = clock.now();
  const rows = await tx
    .insert(enrolments)
    .values(
      [...new Set(courseIds)].map((courseId) => ({ userId, courseId, enrolledAt: now, source: 'purchase' })),
    )
    .onConflictDoNothing()
    .returning({ courseId: enrolments.courseId });
  return rows.map((r) => r.courseId);
}

export function createLearning({ database, clock }: { database: Database; clock: Clock }) {
  const db = database.db;
  const catalogue: CatalogueCache = createCatalogue(db);
  const reviews = createReviews({ database, clock, catalogue });

  /** A course a member may act on: published, or one she is already enrolled in (retired later). */
  const courseOr404 = (cat: Catalogue, id: string, allowUnpublished = false): CachedCourse => {
    const c = cat.byId.get(id);
    if (!c || (!c.published && !allowUnpublished)) throw new ApiError('COURSE_NOT_FOUND');
    return c;
  };

  const requireEnrolment = async (q: Q, userId: string, course: CachedCourse, inTx = false) => {
    const s = await memberState(q, userId, course.id, inTx);
    if (!s.enrolment) throw new ApiError('NOT_ENROLLED');
    return s;
  };

  const progressNow = async (q: Q, userId: string, course: CachedCourse, inTx = false) => {
    const s = await memberState(q, userId, course.id, inTx);
    return progressOf(course, s.done, stateStatus(course, s));
  };

  return {
    catalogue,
    reviews,

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
      const candidate = cat.byId.get(id);
      if (!candidate) throw new ApiError('COURSE_NOT_FOUND');
      const [s, mine] = await Promise.all([memberState(db, userId, id), reviews.mine(db, userId, id)]);
      const course = courseOr404(cat, id, s.enrolment !== null);
      const { lessons: _outline, quizzes: _counts, ...detail } = courseDetail(course, locale, ratings);
      const enrolled = s.enrolment !== null;
      const status = stateStatus(course, s);
      const quiz = (kind: QuizKind): MemberQuiz => {
        const mineOfKind = s.attempts.filter((a) => a.kind === kind);
        const hasPre = s.attempts.some((a) => a.kind === 'pre');
        const allDone = course.lessons.every((l) => s.done.has(l.id));
        return {
          kind,
          questions: course.quiz[kind].map((q) => questionView(q, locale)),
          lastAttempt: mineOfKind[0] ? attemptView(course, mineOfKind[0], locale) : null,
          attempts: mineOfKind.length,
          canSubmit: kind === 'pre' ? !hasPre : hasPre && allDone,
        };
      };
      return {
        ...detail,
        lessons: course.lessons.map((l) => ({
          ...lessonOutline(l, locale),
          body: enrolled ? l.texts[locale].body : [],
          done: enrolled && s.done.has(l.id),
        })),
        enrolment: s.enrolment ? enrolmentView(s.enrolment, status) : null,
        progress: enrolled ? progressOf(course, s.done, status) : null,
        quizzes: enrolled ? { pre: quiz('pre'), post: quiz('post') } : null,
        questionCounts: { pre: course.quiz.pre.length, post: course.quiz.post.length },
        myReview: mine ? myReviewView(mine, course, locale) : null,
      };
    },

    /** Free courses only. created: false when she was already enrolled (the same enrolment). */
    async enrolFree(userId: string, courseId: string): Promise<{ enrolment: Enrolment; created: boolean }> {
      const course = courseOr404(await catalogue.get(), courseId);
      if (!isFree(course)) throw new ApiError('COURSE_NOT_FREE');
      const inserted = await db
        .insert(enrolments)
        .values({ userId, courseId, enrolledAt: clock.now(), source: 'free' })
        .onConflictDoNothing()
        .returning();
      const s = await memberState(db, userId, courseId);
      return { enrolment: enrolmentView(s.enrolment!, stateStatus(course, s)), created: inserted.length > 0 };
    },

    async completeLesson(userId: string, courseId: string, lessonId: string): Promise<Progress> {
      const cat = await catalogue.get();
      const course = courseOr404(cat, courseId, true);
      if (!course.lessons.some((l) => l.id === lessonId)) {
        if (!course.published) throw new ApiError('COURSE_NOT_FOUND');
        throw new ApiError('LESSON_NOT_FOUND');
      }
      await requireEnrolment(db, userId, course);
      await db
        .insert(lessonProgress)
        .values({ userId, courseId, lessonId, completedAt: clock.now() })
        .onConflictDoNothing();
      return progressNow(db, userId, course);
    },

    async completeAll(userId: string, courseId: string): Promise<Progress> {
      const course = courseOr404(await catalogue.get(), courseId, true);
      await requireEnrolment(db, userId, course);
      const now = clock.now();
      if (course.lessons.length > 0) {
        await db
          .insert(lessonProgress)
          .values(course.lessons.map((l) => ({ userId, courseId, lessonId: l.id, completedAt: now })))
          .onConflictDoNothing();
      }
      return progressNow(db, userId, course);
    },

    async submitQuiz(userId: string, body: QuizSubmitBody, locale: Locale): Promise<QuizResult> {
      const course = courseOr404(await catalogue.get(), body.courseId, true);
      const questions = course.quiz[body.kind];
      try {
        return await database.transaction(async (tx) => {
          const s = await requireEnrolment(tx, userId, course, true);
          if (questions.length === 0) throw new ApiError('QUIZ_NOT_FOUND');
          const hasPre = s.attempts.some((a) => a.kind === 'pre');
          if (body.kind === 'pre' && hasPre) throw new ApiError('PRE_QUIZ_ALREADY_TAKEN');
          if (body.kind === 'post') {
            if (!hasPre) throw new ApiError('PRE_QUIZ_REQUIRED');
            if (!course.lessons.every((l) => s.done.has(l.id))) throw new ApiError('LESSONS_INCOMPLETE');
          }
          const { marks, correct, total, score } = judge(questions, body.answers);
          const now = clock.now();
          const [attempt] = await tx
            .insert(quizAttempts)
            .values({
              userId,
              courseId: course.id,
              kind: body.kind,
              answers: marks,
              correct,
              total,
              score,
              submittedAt: now,
            })
            .returning();
          if (body.kind === 'post') {
            await tx
              .update(enrolments)
              .set({ completedAt: now })
              .where(
                and(
                  eq(enrolments.userId, userId),
                  eq(enrolments.courseId, course.id),
                  sql`${enrolments.completedAt} is null`,
                ),
              );
          }
          return {
            ...attemptView(course, attempt, locale),
            progress: await progressNow(tx, userId, course, true),
          };
        });
      } catch (e) {
        if (sqlState(e) === UNIQUE_VIOLATION) throw new ApiError('PRE_QUIZ_ALREADY_TAKEN');
        throw e;
      }
    },

    async enrolledCourses(userId: string, locale: Locale): Promise<EnrolledCourses> {
      const { catalogue: cat, ratings } = await catalogue.withRatings();
      const [rows, done, attempts] = await Promise.all([
        db
          .select()
          .from(enrolments)
          .where(eq(enrolments.userId, userId))
          .orderBy(desc(enrolments.enrolledAt)),
        db
          .select({ courseId: lessonProgress.courseId, lessonId: lessonProgress.lessonId })
          .from(lessonProgress)
          .where(eq(lessonProgress.userId, userId)),
        db
          .selectDistinct({ courseId: quizAttempts.courseId, kind: quizAttempts.kind })
          .from(quizAttempts)
          .where(eq(quizAttempts.userId, userId)),
      ]);
      const items = rows.flatMap((e) => {
        const course = cat.byId.get(e.courseId);
        if (!course) return [];
        const doneHere = new Set(done.filter((d) => d.courseId === e.courseId).map((d) => d.lessonId));
        const kinds = new Set(attempts.filter((a) => a.courseId === e.courseId).map((a) => a.kind));
        const status = statusOf(
          course,
          doneHere,
          kinds.has('pre'),
          e.completedAt !== null || kinds.has('post'),
        );
        return [
          {
            course: courseSummary(course, locale, ratings),
            enrolment: enrolmentView(e, status),
            progress: progressOf(course, doneHere, status),
          },
        ];
      });
      return { items };
    },

    async quizResults(userId: string, locale: Locale): Promise<QuizResults> {
      const cat = await catalogue.get();
      const [rows, attempts] = await Promise.all([
        db
          .select()
          .from(enrolments)
          .where(eq(enrolments.userId, userId))
          .orderBy(desc(enrolments.enrolledAt)),
        db
          .select({
            courseId: quizAttempts.courseId,
            kind: quizAttempts.kind,
            score: quizAttempts.score,
            correct: quizAttempts.correct,
            total: quizAttempts.total,
            submittedAt: quizAttempts.submittedAt,
          })
          .from(quizAttempts)
          .where(eq(quizAttempts.userId, userId))
          .orderBy(desc(quizAttempts.submittedAt), desc(quizAttempts.id)),
      ]);
      const summary = (a: (typeof attempts)[number] | undefined) =>
        a
          ? { score: a.score, correct: a.correct, total: a.total, submittedAt: a.submittedAt.toISOString() }
          : null;
      const items = rows.flatMap((e) => {
        const course = cat.byId.get(e.courseId);
        if (!course) return [];
        const mine = attempts.filter((a) => a.courseId === e.courseId);
        const pre = mine.find((a) => a.kind === 'pre');
        const posts = mine.filter((a) => a.kind === 'post');
        return [
          {
            courseId: course.id,
            courseTitle: course.texts[locale].title,
            pre: summary(pre),
            post: summary(posts[0]),
            postAttempts: posts.length,
            gain: pre && posts[0] ? posts[0].correct - pre.correct : null,
          },
        ];
      });
      return { items };
    },
  };
}
export type Learning = ReturnType<typeof createLearning>;

function hashText(s: string): string {
  // FNV-1a, 32 bits: enough to tell review states apart in an ETag
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}
