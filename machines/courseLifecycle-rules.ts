import type { Enrolment, MemberCourseDetail, MyReview, Progress, ReviewsPage } from '../contract/learning';
import { effectivePrice, RATING_MAX, RATING_MIN, REVIEW_TEXT_MAX } from '../contract/learning-constants';
import type { AppError } from './types';

/**
 * The course lifecycle's types and rules, beside its machine (machines/courseLifecycle.ts) so that
 * file reads as the statechart: the context and how opening a course fills it, the events the
 * screens send and the notices the machine emits, and the pure rules its actions apply (her
 * progress once a lesson is done, the enrolment, the review draft, the cart line).
 */

/** Cents, as the API gives them. */
export interface CourseCartItem {
  id: string;
  price: number;
  sale_price: number | null;
  title: string;
  [field: string]: unknown;
}

export interface ReviewDraft {
  rating: number;
  text: string;
}

/**
 * What the screen that opened the course needs: the learning screens (lesson list, lessons,
 * completion) need an enrolment, and send a member who has none to the course page.
 */
export type CourseRequirement = 'enrolment';

export interface CourseLifecycleContext {
  courseId: string | null;
  /** The signed-in member, or null for a visitor (public view). */
  userId: string | null;
  /** What the screen that opened the course needs of it (null: the course page, which needs nothing). */
  requires: CourseRequirement | null;
  /** The course as this member sees it (the public view is shaped the same, with no enrolment). */
  course: MemberCourseDetail | null;
  /** Loading, refreshing, enrolling or saving progress went wrong (a code the views translate). */
  error: AppError | null;
  inCart: boolean;
  /** Lessons marked done while an earlier one is still being saved. */
  lessonQueue: string[];
  reviews: ReviewsPage | null;
  reviewsPage: number;
  reviewsError: AppError | null;
  draft: ReviewDraft;
  feedbackError: AppError | null;
  /** True once she saved her review on this visit (the thank-you shows then, not for an old review). */
  reviewSavedNow: boolean;
}

export interface LoadCourseInput {
  courseId: string;
  userId: string | null;
}

export type CourseEvent =
  | { type: 'course.open'; courseId: string; userId: string | null; requires?: CourseRequirement }
  | { type: 'course.retry' }
  | { type: 'course.refresh' }
  | { type: 'course.localeChanged' }
  | { type: 'course.enrol' }
  | { type: 'course.addToCart' }
  | { type: 'course.cartChanged'; inCart: boolean }
  | { type: 'course.lessonDone'; lessonId: string }
  | { type: 'course.markAllDone' }
  | { type: 'course.quizSubmitted'; progress: Progress }
  | { type: 'course.purchased'; courseIds?: string[] }
  | { type: 'course.reviewsPage'; page: number }
  | { type: 'course.reviewsRetry' }
  | { type: 'course.ratingChanged'; rating: number }
  | { type: 'course.reviewTextChanged'; text: string }
  | { type: 'course.saveReview' }
  // raised by the machine itself
  | { type: 'course.synced' }
  | { type: 'course.loaded' }
  | { type: 'course.reviewsChanged' };

/** Told to whoever listens (`actor.on`): the views turn them into toasts. */
export type CourseEmitted =
  | { type: 'course.enrolled'; courseId: string }
  | { type: 'course.enrolFailed'; error: AppError }
  | { type: 'course.reviewSaved'; courseId: string };

/** The emitted event types, so views subscribe without spelling them. */
export const COURSE_NOTICES = {
  enrolled: 'course.enrolled',
  enrolFailed: 'course.enrolFailed',
  reviewSaved: 'course.reviewSaved',
} as const satisfies Record<string, CourseEmitted['type']>;

export const REVIEWS_PAGE_SIZE = 5;

/** Her status in a course she is enrolled in (the server's `progress.status`). */
export type CourseStatusCode = Progress['status'];

const EMPTY_DRAFT: ReviewDraft = { rating: 0, text: '' };

/** Everything about one course, before it loads: the start, and what opening another course resets. */
export function openedContext(
  courseId: string | null,
  userId: string | null,
  requires: CourseRequirement | null = null,
): CourseLifecycleContext {
  return {
    courseId,
    userId,
    requires,
    course: null,
    error: null,
    inCart: false,
    lessonQueue: [],
    reviews: null,
    reviewsPage: 1,
    reviewsError: null,
    draft: EMPTY_DRAFT,
    feedbackError: null,
    reviewSavedNow: false,
  };
}

export const statusOf = (c: CourseLifecycleContext): CourseStatusCode | null =>
  c.course?.enrolment ? (c.course.progress?.status ?? null) : null;

/** The cart line for a paid course: prices in cents, as the API gives them. */
export function cartItemOf(course: MemberCourseDetail): CourseCartItem {
  return { id: course.id, price: course.price, sale_price: course.sale_price, title: course.title };
}

/** The price a member pays (sale price when lower): cents. */
export const coursePrice = (course: { price: number; sale_price: number | null }) => effectivePrice(course);

/** Her progress once `lessonId` is done, before the server confirms it. */
export function withLessonDone(progress: Progress, lessonIds: string[], lessonId: string): Progress {
  if (progress.completedLessonIds.includes(lessonId) || !lessonIds.includes(lessonId)) return progress;
  const completed = lessonIds.filter((id) => id === lessonId || progress.completedLessonIds.includes(id));
  const total = lessonIds.length;
  const done = completed.length;
  return {
    ...progress,
    completedLessonIds: completed,
    done,
    total,
    percent: total ? Math.round((done / total) * 100) : 0,
    nextLessonId: lessonIds.find((id) => !completed.includes(id)) ?? null,
    status: progress.status === 'learning' && done === total ? 'post_quiz' : progress.status,
  };
}

/** The course with a new Progress: lesson ticks and the enrolment status follow it. */
export function withProgress(course: MemberCourseDetail, progress: Progress): MemberCourseDetail {
  return {
    ...course,
    progress,
    enrolment: course.enrolment ? { ...course.enrolment, status: progress.status } : course.enrolment,
    lessons: course.lessons.map((l) => ({ ...l, done: progress.completedLessonIds.includes(l.id) })),
  };
}

/** The course as it reads once `lessonId` is done, before the server confirms it. */
export function courseWithLessonDone(course: MemberCourseDetail, lessonId: string): MemberCourseDetail {
  return withProgress(
    course,
    withLessonDone(
      course.progress!,
      course.lessons.map((l) => l.id),
      lessonId,
    ),
  );
}

/** Just enrolled: the enrolment, and a fresh progress until the server's full view arrives. */
export function withEnrolment(course: MemberCourseDetail, enrolment: Enrolment): MemberCourseDetail {
  const progress: Progress = course.progress ?? {
    courseId: course.id,
    completedLessonIds: [],
    done: 0,
    total: course.lessons.length,
    percent: 0,
    nextLessonId: course.lessons[0]?.id ?? null,
    status: enrolment.status,
  };
  return { ...course, enrolment, progress: { ...progress, status: enrolment.status } };
}

/** What is wrong with her review before it is sent (the server's rules), or null. */
export function draftProblem(draft: ReviewDraft): 'RATING_REQUIRED' | 'REVIEW_TOO_LONG' | null {
  if (!Number.isInteger(draft.rating) || draft.rating < RATING_MIN || draft.rating > RATING_MAX)
    return 'RATING_REQUIRED';
  if (draft.text.length > REVIEW_TEXT_MAX) return 'REVIEW_TOO_LONG';
  return null;
}

/** The draft her saved review starts from (empty when she has none). */
export const draftOf = (review: MyReview | null | undefined): ReviewDraft => ({
  rating: review?.rating ?? 0,
  text: review?.text ?? '',
});
