/**
 * The learning API's shapes of a member's side (contract/learning.ts re-exports them): her course
 * with progress, quizzes and review, the request bodies, and her dashboard's lists and the
 * course's reviews.
 */
import { z } from '@hono/zod-openapi';
import {
  ENROLMENT_STATUSES,
  QUIZ_KINDS,
  RATING_MAX,
  RATING_MIN,
  REVIEW_TEXT_MAX,
} from './learning-constants.ts';
import {
  Block,
  CourseDetail,
  CourseSummary,
  LessonOutline,
  PageMeta,
  PageQuery,
  RatingSummary,
  Slug,
  UserId,
} from './learning-courses.ts';
import { CLIENT_KEY_PATTERN } from './offline.ts';

// ------------------------------------------------------------------ a member's course

export const Progress = z
  .object({
    courseId: z.string(),
    completedLessonIds: z.array(z.string()),
    done: z.number().int(),
    total: z.number().int(),
    /** 0–100, whole number. */
    percent: z.number().int(),
    /** The first lesson (in order) not done yet; null when all are done. */
    nextLessonId: z.string().nullable(),
    status: z.enum(ENROLMENT_STATUSES),
  })
  .openapi('Progress');
export type Progress = z.infer<typeof Progress>;

export const Enrolment = z
  .object({
    courseId: z.string(),
    enrolledAt: z.iso.datetime(),
    completedAt: z.iso.datetime().nullable(),
    source: z.enum(['free', 'purchase']),
    status: z.enum(ENROLMENT_STATUSES),
  })
  .openapi('Enrolment');
export type Enrolment = z.infer<typeof Enrolment>;

/** A question as a member sees it before submitting: never its correct options. */
export const QuizQuestion = z.object({
  id: z.string(),
  prompt: z.string(),
  options: z.array(z.string()),
  multiple: z.boolean(),
});
export type QuizQuestion = z.infer<typeof QuizQuestion>;

export const QuizFeedback = z.object({
  questionId: z.string(),
  isCorrect: z.boolean(),
  /** Her choices (option indexes). */
  chosen: z.array(z.number().int()),
  /** The right options, known only once she has submitted this quiz. */
  correctOptions: z.array(z.number().int()),
  explanation: z.string(),
});
export type QuizFeedback = z.infer<typeof QuizFeedback>;

export const AttemptSummary = z.object({
  /** 0–100, whole number (rounded half up). */
  score: z.number().int(),
  correct: z.number().int(),
  total: z.number().int(),
  submittedAt: z.iso.datetime(),
});
export type AttemptSummary = z.infer<typeof AttemptSummary>;

export const QuizResult = AttemptSummary.extend({
  attemptId: z.string(),
  courseId: z.string(),
  kind: z.enum(QUIZ_KINDS),
  feedback: z.array(QuizFeedback),
  /** Her progress after this submission (a post-quiz makes the course completed). */
  progress: Progress,
}).openapi('QuizResult');
export type QuizResult = z.infer<typeof QuizResult>;

export const MemberQuiz = z.object({
  kind: z.enum(QUIZ_KINDS),
  questions: z.array(QuizQuestion),
  /** Her latest attempt with its feedback (correct options included), or null. */
  lastAttempt: QuizResult.omit({ progress: true }).nullable(),
  attempts: z.number().int(),
  /** pre: false once taken; post: true once every lesson is done. */
  canSubmit: z.boolean(),
});
export type MemberQuiz = z.infer<typeof MemberQuiz>;

export const LessonWithBody = LessonOutline.extend({ body: z.array(Block), done: z.boolean() });
export type LessonWithBody = z.infer<typeof LessonWithBody>;

export const MyReview = z
  .object({
    courseId: z.string(),
    courseTitle: z.string(),
    rating: z.number().int(),
    text: z.string(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi('MyReview');
export type MyReview = z.infer<typeof MyReview>;

/**
 * The course as one member sees it. Not enrolled: `enrolment`, `progress` and `quizzes` are null
 * and `lessons` carry no bodies (an empty `body`). Enrolled: lesson bodies, progress and both quizzes.
 */
export const MemberCourseDetail = CourseDetail.omit({ lessons: true })
  .extend({
    lessons: z.array(LessonWithBody),
    enrolment: Enrolment.nullable(),
    progress: Progress.nullable(),
    quizzes: z.object({ pre: MemberQuiz, post: MemberQuiz }).nullable(),
    questionCounts: z.object({ pre: z.number().int(), post: z.number().int() }),
    myReview: MyReview.nullable(),
  })
  .openapi('MemberCourseDetail');
export type MemberCourseDetail = z.infer<typeof MemberCourseDetail>;

// ------------------------------------------------------------------ requests

/** An idempotency key made on the device for a request sent later (contract/offline.ts). */
export const ClientKey = z
  .string()
  .regex(CLIENT_KEY_PATTERN, { error: 'INVALID' })
  .openapi({ description: 'A UUID made on the device: the server keeps the first request with it' });

export const CourseIdBody = z.object({ courseId: Slug }).openapi('CourseIdBody');
export type CourseIdBody = z.infer<typeof CourseIdBody>;
export const EnrolBody = CourseIdBody;

/** `clientKey`: a request made offline and sent later (contract/offline.ts): the server keeps the first. */
export const LessonDoneBody = z
  .object({ courseId: Slug, lessonId: Slug, clientKey: ClientKey.optional() })
  .openapi('LessonDoneBody');
export type LessonDoneBody = z.infer<typeof LessonDoneBody>;

export const QuizSubmitBody = z
  .object({
    courseId: Slug,
    kind: z.enum(QUIZ_KINDS, { error: 'INVALID' }),
    answers: z
      .array(
        z.object({
          questionId: Slug,
          /** Option indexes; one for a single-choice question. */
          choices: z.array(z.number().int().min(0).max(9)).max(10),
        }),
      )
      .max(50),
    /** Answers made offline and sent later (contract/offline.ts): a repeat gets the first result. */
    clientKey: ClientKey.optional(),
  })
  .openapi('QuizSubmit');
export type QuizSubmitBody = z.infer<typeof QuizSubmitBody>;

export const ReviewBody = z
  .object({
    courseId: Slug,
    rating: z
      .number({ error: 'RATING_INVALID' })
      .int({ error: 'RATING_INVALID' })
      .min(RATING_MIN, { error: 'RATING_INVALID' })
      .max(RATING_MAX, { error: 'RATING_INVALID' }),
    text: z.string().max(REVIEW_TEXT_MAX, { error: 'REVIEW_TOO_LONG' }).optional().default(''),
  })
  .openapi('Review');
export type ReviewBodyInput = z.input<typeof ReviewBody>;

export const ReviewsQuery = PageQuery.extend({ excludeUserId: UserId.optional() });

// ------------------------------------------------------------------ dashboard lists

export const EnrolledCourse = z
  .object({
    course: CourseSummary,
    enrolment: Enrolment,
    progress: Progress,
    /** Her last step in the course: enrolling, a lesson done or a quiz taken (the latest of them). */
    lastActivityAt: z.iso.datetime(),
  })
  .openapi('EnrolledCourse');
export type EnrolledCourse = z.infer<typeof EnrolledCourse>;
export const EnrolledCourses = z.object({ items: z.array(EnrolledCourse) }).openapi('EnrolledCourses');
export type EnrolledCourses = z.infer<typeof EnrolledCourses>;

export const CourseScores = z
  .object({
    courseId: z.string(),
    courseTitle: z.string(),
    pre: AttemptSummary.nullable(),
    /** Her latest post-course attempt. */
    post: AttemptSummary.nullable(),
    postAttempts: z.number().int(),
    /** post.correct − pre.correct when both exist (questions counted, not percent). */
    gain: z.number().int().nullable(),
  })
  .openapi('CourseScores');
export type CourseScores = z.infer<typeof CourseScores>;
export const QuizResults = z.object({ items: z.array(CourseScores) }).openapi('QuizResults');
export type QuizResults = z.infer<typeof QuizResults>;

export const MyReviews = z.object({ items: z.array(MyReview) }).openapi('MyReviews');
export type MyReviews = z.infer<typeof MyReviews>;

/** A review as other members see it: never her alias, e-mail or id (spec §6). */
export const PublicReview = z
  .object({
    id: z.string(),
    rating: z.number().int(),
    text: z.string(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    avatar: z.object({ id: z.string(), url: z.string(), label: z.string() }).nullable(),
  })
  .openapi('PublicReview');
export type PublicReview = z.infer<typeof PublicReview>;

export const ReviewsPage = PageMeta.extend({
  items: z.array(PublicReview),
  summary: RatingSummary.extend({
    /** Count per star, keys "1"–"5". */
    distribution: z.record(z.enum(['1', '2', '3', '4', '5']), z.number().int()),
  }),
}).openapi('ReviewsPage');
export type ReviewsPage = z.infer<typeof ReviewsPage>;
