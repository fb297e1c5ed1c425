import type { MemberCourseDetail, QuizQuestion, QuizResult } from '../contract/learning';
import type { QuizKind } from '../contract/learning-constants';
import { type AppError, type ErrorCode, toAppError } from './types';

/**
 * The quiz's types and pure rules, beside its chart (machines/quiz.ts): what it is opened with and
 * keeps, the events the screen sends, its error codes, and the rules its guards and actions apply.
 */
export type AttemptResult = Omit<QuizResult, 'progress'>;

export interface QuizInput {
  courseId: string;
  kind: QuizKind;
  userId: string;
  /** Answers kept for this tab (questionId → choices), restored when the quiz opens. */
  saved?: Record<string, number[]>;
  /** Her answers to this quiz already waiting in the device's queue under this key (issue 28). */
  queuedKey?: string | null;
}

export interface QuizContext extends Omit<QuizInput, 'saved' | 'queuedKey'> {
  courseTitle: string;
  questions: QuizQuestion[];
  /** questionId → chosen option indexes. */
  answers: Record<string, number[]>;
  /** Questions left unanswered at the last submit (marked on screen). */
  missing: string[];
  result: AttemptResult | null;
  error: AppError | null;
  /** The queue key of her answers kept on this device while there is no network (issue 28). */
  queuedKey: string | null;
}

/** Her answers could not be sent (no network): they wait in the device's queue under this key. */
export interface QueuedQuiz {
  queued: true;
  key: string;
}

/** What a submission gives: her result, or her answers queued on this device. */
export type QuizSubmission = QuizResult | QueuedQuiz;

export function isQueued(output: QuizSubmission): output is QueuedQuiz {
  return 'queued' in output && output.queued === true;
}

export type QuizEvent =
  | { type: 'quiz.choose'; questionId: string; choices: number[] }
  | { type: 'quiz.submit' }
  | { type: 'quiz.retry' }
  | { type: 'quiz.retake' };

/** Error codes the quiz keeps (views translate them). */
export const QUIZ_ERRORS = {
  notFound: 'QUIZ_NOT_FOUND',
  noQuestions: 'NO_QUESTIONS',
  lessonsIncomplete: 'LESSONS_INCOMPLETE',
  load: 'QUIZ_LOAD_FAILED',
  submit: 'QUIZ_SUBMIT_FAILED',
} as const;

export const NOT_FOUND_CODES = new Set(['COURSE_NOT_FOUND', 'QUIZ_NOT_FOUND', 'NOT_FOUND', 'NOT_ENROLLED']);

/** The questions not answered yet, in order. */
export function unanswered(questions: QuizQuestion[], answers: Record<string, number[]>): string[] {
  return questions.filter((q) => !(answers[q.id]?.length > 0)).map((q) => q.id);
}

/** Her choices for one question: option indexes in range, once each; one for a single-choice question. */
export function cleanChoices(question: QuizQuestion | undefined, choices: number[]): number[] {
  if (!question) return [];
  const valid = [...new Set(choices)].filter(
    (c) => Number.isInteger(c) && c >= 0 && c < question.options.length,
  );
  return question.multiple ? valid.sort((a, b) => a - b) : valid.slice(-1);
}

export function quizOf(course: MemberCourseDetail, kind: QuizKind) {
  return course.quizzes?.[kind] ?? null;
}

/** The quiz before it loads: no questions, no answers, no result. */
export const quizContext = ({ saved, queuedKey, ...input }: QuizInput): QuizContext => ({
  ...input,
  courseTitle: '',
  questions: [],
  answers: saved ?? {},
  missing: [],
  result: null,
  error: null,
  queuedKey: queuedKey ?? null,
});

/** Her course as it loaded, as the guards and actions below take it (`params`). */
export type CourseParams = { course: MemberCourseDetail };
export const courseOf = ({ event }: { event: { output: MemberCourseDetail } }): CourseParams => ({
  course: event.output,
});

/** Refusals of a queued submission the screen explains as they are; any other is a failed submission. */
const REFUSALS_SHOWN = new Set<ErrorCode>([
  'QUIZ_NOT_FOUND',
  'PRE_QUIZ_ALREADY_TAKEN',
  'PRE_QUIZ_REQUIRED',
  'LESSONS_INCOMPLETE',
]);

/** The code kept when the server refuses answers that waited in the queue. */
export function refusalCode(error: unknown): ErrorCode {
  const { code } = toAppError(error, QUIZ_ERRORS.submit);
  return REFUSALS_SHOWN.has(code) ? code : QUIZ_ERRORS.submit;
}

/**
 * Her saved copy of a course as the server would show it now (issue 28): lessons done offline open
 * the post-course quiz there too (the server's rule: the pre-course quiz taken, every lesson done).
 */
export function withQuizzesOpened(course: MemberCourseDetail): MemberCourseDetail {
  const quizzes = course.quizzes;
  if (!quizzes || quizzes.post.canSubmit) return course;
  const preTaken = quizzes.pre.attempts > 0 || quizzes.pre.lastAttempt !== null;
  const allDone = course.lessons.length > 0 && course.lessons.every((l) => l.done);
  return preTaken && allDone
    ? { ...course, quizzes: { ...quizzes, post: { ...quizzes.post, canSubmit: true } } }
    : course;
}
