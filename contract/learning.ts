/**
 * The learning API's shapes: one home for the server (which validates with these schemas) and the
 * app (which imports only their inferred types: `import type`). Money is integer minor units
 * (cents); `price` and `sale_price` keep the spec's names (§3). Texts arrive in the request's
 * Accept-Language. Paths are the spec's (§7):
 *
 * GET  /lms/courses/all?page&limit                         → CoursesPage (public, ETag)
 * GET  /p/lms/get-course-by-id/{courseId}                  → CourseDetail (public)
 * GET  /lms/get-course-by-id/{courseId}/{userId}           → MemberCourseDetail (403 unless userId is hers)
 * POST /articles/enroll-free-course         EnrolBody      → Enrolment (201 new, 200 already enrolled)
 * POST /lms/lesson/complete                 LessonDoneBody → Progress
 * POST /lms/mark-complete-all               CourseIdBody   → Progress
 * POST /lms/quiz/submit                     QuizSubmitBody → QuizResult (400 QUIZ_INCOMPLETE …)
 * GET  /lms/user/courses/{userId}                          → EnrolledCourses
 * GET  /lms/user/{userId}/quiz-results                     → QuizResults
 * PUT  /feedback/user/{userId}              ReviewBody     → MyReview (only after completing the course)
 * GET  /feedback/user/{userId}                             → MyReviews
 * GET  /feedback/course/{courseId}/reviews?page&limit&excludeUserId → ReviewsPage
 */
import { z } from '@hono/zod-openapi';
import { SOURCE_ORGS } from './content-rules.ts';
import {
  COURSE_LEVELS,
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  ENROLMENT_STATUSES,
  MAX_PAGE_SIZE,
  QUIZ_KINDS,
  RATING_MAX,
  RATING_MIN,
  REVIEW_TEXT_MAX,
} from './learning-constants.ts';

// ------------------------------------------------------------------ paging

/** `page` and `limit` query values: whole numbers (ASCII), page ≥ 1, 1 ≤ limit ≤ 50; bad → 400. */
const pageParam = z
  .string()
  .regex(/^[0-9]{1,6}$/, { error: 'PAGE_INVALID' })
  .transform(Number)
  .pipe(z.number().int().min(1, { error: 'PAGE_INVALID' }))
  .optional()
  .default(DEFAULT_PAGE);
const limitParam = z
  .string()
  .regex(/^[0-9]{1,3}$/, { error: 'LIMIT_INVALID' })
  .transform(Number)
  .pipe(z.number().int().min(1, { error: 'LIMIT_INVALID' }).max(MAX_PAGE_SIZE, { error: 'LIMIT_INVALID' }))
  .optional()
  .default(DEFAULT_PAGE_SIZE);

export const PageQuery = z.object({ page: pageParam, limit: limitParam });
export type PageQueryInput = z.input<typeof PageQuery>;

export const PageMeta = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type PageMeta = z.infer<typeof PageMeta>;

// ------------------------------------------------------------------ ids

/** Course, lesson and question ids are stable slugs from the content files. */
export const Slug = z
  .string({ error: 'REQUIRED' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'INVALID' })
  .max(80, { error: 'INVALID' });
export const UserId = z.uuid({ error: 'INVALID' });

// ------------------------------------------------------------------ rich text (lesson bodies)

/**
 * Lesson bodies are a safe, tiny document tree made from the educator's Markdown at load time. A
 * link (`t: 'link'`) only ever goes to a page of this site (`href` passes `isSitePath`,
 * contract/content-rules.ts).
 */
export const Inline = z.union([
  z.object({ t: z.enum(['text', 'strong', 'em']), v: z.string() }),
  z.object({ t: z.literal('link'), v: z.string(), href: z.string() }),
]);
export type Inline = z.infer<typeof Inline>;
export const Block = z.union([
  z.object({ t: z.enum(['h2', 'h3', 'p', 'note']), c: z.array(Inline) }),
  z.object({ t: z.enum(['ul', 'ol']), items: z.array(z.array(Inline)) }),
]);
export type Block = z.infer<typeof Block>;

// ------------------------------------------------------------------ experts, courses

export const ExpertSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    title: z.string(),
    specialty: z.string(),
    bio: z.string(),
    languages: z.array(z.string()),
    avatar: z.object({ id: z.string(), url: z.string(), label: z.string() }).nullable(),
  })
  .openapi('ExpertSummary');
export type ExpertSummary = z.infer<typeof ExpertSummary>;

export const RatingSummary = z.object({
  /** Mean of the ratings, one decimal; null when there are none. */
  average: z.number().nullable(),
  count: z.number().int(),
});
export type RatingSummary = z.infer<typeof RatingSummary>;

export const CourseSummary = z
  .object({
    id: z.string().openapi({ example: 'menopause-care' }),
    title: z.string(),
    summary: z.string(),
    /** Cents. 0 for a free course. */
    price: z.number().int(),
    /** Cents, or null; effective only when lower than price. */
    sale_price: z.number().int().nullable(),
    currency: z.literal('USD'),
    isFree: z.boolean(),
    durationMinutes: z.number().int(),
    level: z.enum(COURSE_LEVELS),
    lessonCount: z.number().int(),
    rating: RatingSummary,
    expert: ExpertSummary.pick({ id: true, name: true, title: true, avatar: true }),
  })
  .openapi('CourseSummary');
export type CourseSummary = z.infer<typeof CourseSummary>;

export const CoursesPage = PageMeta.extend({ items: z.array(CourseSummary) }).openapi('CoursesPage');
export type CoursesPage = z.infer<typeof CoursesPage>;

export const LessonOutline = z.object({
  id: z.string(),
  position: z.number().int(),
  title: z.string(),
  minutes: z.number().int(),
});
export type LessonOutline = z.infer<typeof LessonOutline>;

/** A named piece of guidance a page was checked against (its published title, in English). */
export const ContentSource = z.object({ org: z.enum(SOURCE_ORGS), title: z.string() });
export type ContentSource = z.infer<typeof ContentSource>;

/** Who checked a course or an article, when, and against what (server/content/README.md). */
export const ContentReview = z
  .object({
    sources: z.array(ContentSource),
    /** YYYY-MM-DD: the day the health content team last reviewed the page. */
    reviewedOn: z.string().openapi({ format: 'date', example: '2026-11-28' }),
    /** YYYY-MM-DD: when it is to be reviewed again. */
    nextReview: z.string().openapi({ format: 'date', example: '2027-11-28' }),
  })
  .openapi('ContentReview');
export type ContentReview = z.infer<typeof ContentReview>;

export const CourseDetail = CourseSummary.extend({
  description: z.string(),
  requirements: z.array(z.string()),
  audience: z.array(z.string()),
  outcomes: z.array(z.string()),
  expert: ExpertSummary,
  lessons: z.array(LessonOutline),
  quizzes: z.object({
    pre: z.object({ questionCount: z.number().int() }),
    post: z.object({ questionCount: z.number().int() }),
  }),
  /** Its sources and review dates; null only for a course retired before they were recorded. */
  review: ContentReview.nullable(),
}).openapi('CourseDetail');
export type CourseDetail = z.infer<typeof CourseDetail>;

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

export const CourseIdBody = z.object({ courseId: Slug }).openapi('CourseIdBody');
export type CourseIdBody = z.infer<typeof CourseIdBody>;
export const EnrolBody = CourseIdBody;

export const LessonDoneBody = z.object({ courseId: Slug, lessonId: Slug }).openapi('LessonDoneBody');
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
