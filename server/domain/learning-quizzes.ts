/**
 * Quizzes: judging answers, submitting an attempt, the attempt with its feedback, and a member's
 * scores per course.
 *
 * Rules:
 * - Submissions need an enrolment: 403 NOT_ENROLLED otherwise.
 * - Pre-course quiz: once per member and course (a unique partial index: two parallel submissions
 *   make one attempt, the other gets 409 PRE_QUIZ_ALREADY_TAKEN). Post-course quiz: needs the pre
 *   attempt (409 PRE_QUIZ_REQUIRED) and every lesson done (409 LESSONS_INCOMPLETE); retakes allowed;
 *   the first one completes the enrolment.
 * - A submission with a `clientKey` (answers made offline, sent later) counts once per key: a
 *   repeat answers the first result (offline-receipts.ts).
 * - Score = round-half-up(100 × correct / total); a multiple-choice question is right only when the
 *   chosen set equals the right set. Correct options appear only in a submitted attempt's feedback.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type {
  MemberQuiz,
  QuizFeedback,
  QuizResult,
  QuizResults,
  QuizSubmitBody,
} from '../../contract/learning.ts';
import type { QuizKind } from '../../contract/learning-constants.ts';
import { sqlState, type Tx, UNIQUE_VIOLATION } from '../db/index.ts';
import { enrolments, quizAttempts } from '../db/schema.ts';
import { ApiError } from '../lib/errors.ts';
import type { FieldCode, Locale } from '../lib/i18n.ts';
import { type CachedCourse, type CachedQuestion, courseOr404, questionView } from './learning-catalogue.ts';
import {
  type AttemptRow,
  allLessonsDone,
  enrolmentsOf,
  type LearningDeps,
  type MemberState,
  progressNow,
  requireEnrolment,
} from './learning-progress.ts';
import { once } from './offline-receipts.ts';

/** round-half-up(100 × correct / total), in integers. */
export function scoreOf(correct: number, total: number): number {
  if (total <= 0) return 0;
  return Math.floor((200 * correct + total) / (2 * total));
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

/** One quiz of a course as an enrolled member sees it: questions, her last attempt, whether she may submit. */
export function memberQuiz(course: CachedCourse, s: MemberState, kind: QuizKind, locale: Locale): MemberQuiz {
  const mineOfKind = s.attempts.filter((a) => a.kind === kind);
  const hasPre = s.attempts.some((a) => a.kind === 'pre');
  return {
    kind,
    questions: course.quiz[kind].map((q) => questionView(q, locale)),
    lastAttempt: mineOfKind[0] ? attemptView(course, mineOfKind[0], locale) : null,
    attempts: mineOfKind.length,
    canSubmit: kind === 'pre' ? !hasPre : hasPre && allLessonsDone(course, s.done),
  };
}

export function createQuizzes({ database, clock, catalogue }: LearningDeps) {
  const db = database.db;

  return {
    /** A submission with a `clientKey` (answers made offline) is carried out once per key (offline-receipts.ts). */
    async submitQuiz(userId: string, body: QuizSubmitBody, locale: Locale): Promise<QuizResult> {
      const cat = await catalogue.get();
      const work = async (tx: Tx): Promise<QuizResult> => {
        // checked inside: a repeat of the key answers the first answer even if the course changed since
        const course = courseOr404(cat, body.courseId, true);
        const questions = course.quiz[body.kind];
        const s = await requireEnrolment(tx, userId, course, true);
        if (questions.length === 0) throw new ApiError('QUIZ_NOT_FOUND');
        const hasPre = s.attempts.some((a) => a.kind === 'pre');
        if (body.kind === 'pre' && hasPre) throw new ApiError('PRE_QUIZ_ALREADY_TAKEN');
        if (body.kind === 'post') {
          if (!hasPre) throw new ApiError('PRE_QUIZ_REQUIRED');
          if (!allLessonsDone(course, s.done)) throw new ApiError('LESSONS_INCOMPLETE');
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
      };
      const { clientKey } = body;
      try {
        if (!clientKey) return await database.transaction(work);
        return await once(database, clock, { userId, clientKey, kind: 'quiz.submit' }, work);
      } catch (e) {
        if (sqlState(e) === UNIQUE_VIOLATION) throw new ApiError('PRE_QUIZ_ALREADY_TAKEN');
        throw e;
      }
    },

    /** Her scores per course she is enrolled in (newest enrolment first): pre, latest post, gain. */
    async quizResults(userId: string, locale: Locale): Promise<QuizResults> {
      const cat = await catalogue.get();
      const [rows, attempts] = await Promise.all([
        enrolmentsOf(db, userId),
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
