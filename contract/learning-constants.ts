/**
 * Learning constants shared by the server and the app (zod-free, so the app may import them as
 * values without shipping a schema library): levels, quiz kinds, paging, review limits and the
 * lifecycle statuses a member's enrolment can be in.
 */
export const COURSE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type CourseLevel = (typeof COURSE_LEVELS)[number];

export const QUIZ_KINDS = ['pre', 'post'] as const;
export type QuizKind = (typeof QUIZ_KINDS)[number];

/** Spec §9: first page 1, page size 10 for courses, reviews and articles. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const REVIEW_TEXT_MAX = 2000;

/**
 * Where a member stands in a course (design card: not enrolled → pre-quiz → enrolled → post-quiz →
 * completed). Derived by the server from her enrolment, quiz attempts and lesson progress:
 * - `pre_quiz`: enrolled, pre-course quiz not yet taken (it comes before the lessons);
 * - `learning`: pre-course quiz taken, some lessons not done;
 * - `post_quiz`: every lesson done, post-course quiz not yet taken;
 * - `completed`: post-course quiz submitted at least once (it can be retaken).
 */
export const ENROLMENT_STATUSES = ['pre_quiz', 'learning', 'post_quiz', 'completed'] as const;
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];

export const CURRENCY = 'USD';

/** Error codes of the learning endpoints (top-level `error.code`), beside the account ones. */
export const LEARNING_ERROR_CODES = [
  'COURSE_NOT_FOUND',
  'LESSON_NOT_FOUND',
  'QUIZ_NOT_FOUND',
  'FORBIDDEN',
  'COURSE_NOT_FREE',
  'NOT_ENROLLED',
  'PRE_QUIZ_REQUIRED',
  'PRE_QUIZ_ALREADY_TAKEN',
  'LESSONS_INCOMPLETE',
  'QUIZ_INCOMPLETE',
  'REVIEW_NOT_ALLOWED',
  'CLIENT_KEY_REUSED',
] as const;
export type LearningErrorCode = (typeof LEARNING_ERROR_CODES)[number];

/** The effective price (spec §3): sale_price only when it is set and lower than price. */
export function effectivePrice(item: { price: number; sale_price?: number | null }): number {
  return item.sale_price != null && item.sale_price < item.price ? item.sale_price : item.price;
}
