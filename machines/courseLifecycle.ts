import {
  type ActorRefFrom,
  and,
  assign,
  emit,
  fromCallback,
  fromPromise,
  not,
  raise,
  sendTo,
  setup,
  stateIn,
} from 'xstate';
import type {
  Enrolment,
  MemberCourseDetail,
  MyReview,
  Progress,
  ReviewsPage,
} from '../server/contract/learning';
import {
  effectivePrice,
  RATING_MAX,
  RATING_MIN,
  REVIEW_TEXT_MAX,
} from '../server/contract/learning-constants';
import type { cartMachine } from './cart';
import { type AppError, toAppError } from './types';

/**
 * A member's way through one course (spec §3 Course, §4 Course; the design card: not enrolled →
 * pre-quiz → enrolled → post-quiz → completed). Started once at the root (system id
 * `courseLifecycle`); the course page and the learning screens open a course with `course.open`
 * and ask the machine, by tags, what to show.
 *
 * Regions (parallel):
 * - `course`: idle → loading → failed (retry) | notFound | ready. In `ready`, `status` is derived
 *   from the server's `progress.status` (notEnrolled when `enrolment` is null) and `sync` keeps the
 *   data fresh: refreshing (language change, purchase, after a quiz), saving a lesson (optimistic,
 *   then the server's Progress), marking every lesson done.
 *   Free courses enrol at once (`course.enrol`); paid ones go to the cart (`cart.add` to the root
 *   cart actor) and become enrolled when a purchase completes (`course.purchased`, next issue).
 *   A visitor who presses Enrol goes to sign in and comes back (`goToLogin`).
 * - `reviews`: the course's public reviews, paged (idle → loading → ready | failed).
 * - `feedback`: her own review (rating 1–5 and text), editable once she has completed the course:
 *   editing → saving → saved | failed.
 *
 * The views read the member (`userId`) from the session and pass it with `course.open`; when she
 * signs in or out they open again and the course reloads in the right view (member or public).
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

export interface CourseLifecycleContext {
  courseId: string | null;
  /** The signed-in member, or null for a visitor (public view). */
  userId: string | null;
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
  | { type: 'course.open'; courseId: string; userId: string | null }
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

/** Event creators for the views and for other machines' provided actions. */
export const courseEvents = {
  open: (courseId: string, userId: string | null) => ({ type: 'course.open', courseId, userId }) as const,
  retry: () => ({ type: 'course.retry' }) as const,
  refresh: () => ({ type: 'course.refresh' }) as const,
  localeChanged: () => ({ type: 'course.localeChanged' }) as const,
  enrol: () => ({ type: 'course.enrol' }) as const,
  addToCart: () => ({ type: 'course.addToCart' }) as const,
  cartChanged: (inCart: boolean) => ({ type: 'course.cartChanged', inCart }) as const,
  lessonDone: (lessonId: string) => ({ type: 'course.lessonDone', lessonId }) as const,
  markAllDone: () => ({ type: 'course.markAllDone' }) as const,
  quizSubmitted: (progress: Progress) => ({ type: 'course.quizSubmitted', progress }) as const,
  purchased: (courseIds?: string[]) => ({ type: 'course.purchased', courseIds }) as const,
  reviewsPage: (page: number) => ({ type: 'course.reviewsPage', page }) as const,
  reviewsRetry: () => ({ type: 'course.reviewsRetry' }) as const,
  ratingChanged: (rating: number) => ({ type: 'course.ratingChanged', rating }) as const,
  reviewTextChanged: (text: string) => ({ type: 'course.reviewTextChanged', text }) as const,
  saveReview: () => ({ type: 'course.saveReview' }) as const,
} satisfies Record<string, (...args: never[]) => CourseEvent>;

/** The emitted event types, so views subscribe without spelling them. */
export const COURSE_NOTICES = {
  enrolled: 'course.enrolled',
  enrolFailed: 'course.enrolFailed',
  reviewSaved: 'course.reviewSaved',
} as const satisfies Record<string, CourseEmitted['type']>;

export const REVIEWS_PAGE_SIZE = 5;

// ------------------------------------------------------------------ rules (pure)

/** The cart line for a paid course: prices in cents, as the API gives them. */
export function cartItemOf(course: MemberCourseDetail): CourseCartItem {
  return { id: course.id, price: course.price, sale_price: course.sale_price, title: course.title };
}

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
/** Everything about one course, before it loads: the start, and what opening another course resets. */
export function openedContext(courseId: string | null, userId: string | null): CourseLifecycleContext {
  return {
    courseId,
    userId,
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

export function withProgress(course: MemberCourseDetail, progress: Progress): MemberCourseDetail {
  return {
    ...course,
    progress,
    enrolment: course.enrolment ? { ...course.enrolment, status: progress.status } : course.enrolment,
    lessons: course.lessons.map((l) => ({ ...l, done: progress.completedLessonIds.includes(l.id) })),
  };
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

export function draftProblem(draft: ReviewDraft): string | null {
  if (!Number.isInteger(draft.rating) || draft.rating < RATING_MIN || draft.rating > RATING_MAX)
    return 'RATING_REQUIRED';
  if (draft.text.length > REVIEW_TEXT_MAX) return 'REVIEW_TOO_LONG';
  return null;
}

const draftOf = (review: MyReview | null | undefined): ReviewDraft => ({
  rating: review?.rating ?? 0,
  text: review?.text ?? '',
});

const EMPTY_DRAFT: ReviewDraft = { rating: 0, text: '' };
const statusOf = (c: CourseLifecycleContext) => (c.course?.enrolment ? c.course.progress?.status : null);

// ------------------------------------------------------------------ machine

export const courseLifecycleMachine = setup({
  types: {} as {
    context: CourseLifecycleContext;
    events: CourseEvent;
    emitted: CourseEmitted;
  },
  actors: {
    /** GET /lms/get-course-by-id/{courseId}/{userId} for a member, /p/lms/get-course-by-id/{courseId} otherwise. */
    loadCourse: fromPromise<MemberCourseDetail, LoadCourseInput>(async () => {
      throw { code: 'NOT_PROVIDED' };
    }),
    /** POST /articles/enroll-free-course */
    enrolFree: fromPromise<Enrolment, { courseId: string }>(async () => {
      throw { code: 'NOT_PROVIDED' };
    }),
    /** POST /lms/lesson/complete */
    markLessonDone: fromPromise<Progress, { courseId: string; lessonId: string }>(async () => {
      throw { code: 'NOT_PROVIDED' };
    }),
    /** POST /lms/mark-complete-all */
    markAllDone: fromPromise<Progress, { courseId: string }>(async () => {
      throw { code: 'NOT_PROVIDED' };
    }),
    /** GET /feedback/course/{courseId}/reviews?page&limit */
    loadReviews: fromPromise<ReviewsPage, { courseId: string; page: number; limit: number }>(async () => {
      throw { code: 'NOT_PROVIDED' };
    }),
    /** PUT /feedback/user/{userId} */
    saveReview: fromPromise<MyReview, { userId: string; courseId: string; rating: number; text: string }>(
      async () => {
        throw { code: 'NOT_PROVIDED' };
      },
    ),
    /** Tells the machine whether the course is in the root cart (system id `cart`), now and on every change. */
    watchCart: fromCallback<{ type: 'noop' }, { courseId: string }>(({ input, sendBack, system }) => {
      const cart = system.get('cart') as ActorRefFrom<typeof cartMachine> | undefined;
      if (!cart) return;
      const has = () => cart.getSnapshot().context.items.some((i) => i.id === input.courseId);
      let last = has();
      sendBack({ type: 'course.cartChanged', inCart: last });
      const sub = cart.subscribe(() => {
        if (has() !== last) {
          last = has();
          sendBack({ type: 'course.cartChanged', inCart: last });
        }
      });
      return () => sub.unsubscribe();
    }),
  },
  actions: {
    /** Takes a visitor to /login?next=… so she comes back to the course once signed in. */
    goToLogin: (_, _params: { next: string }) => {},
    /** `cart.add` to the root cart (system id `cart`). */
    addToCart: sendTo(
      ({ system }) => system.get('cart'),
      ({ context }) => ({ type: 'cart.add', item: cartItemOf(context.course!) }),
    ),
    setCourse: assign((_, params: { course: MemberCourseDetail }) => ({
      course: params.course,
      error: null,
    })),
    setError: assign((_, params: { error: unknown }) => ({ error: toAppError(params.error) })),
    clearError: assign({ error: null }),
    resync: raise({ type: 'course.synced' }),
    setReviewsPage: assign(({ event }) => ({
      reviewsPage: event.type === 'course.reviewsPage' ? Math.max(1, Math.floor(event.page)) : 1,
    })),
  },
  guards: {
    isSameCourse: ({ context, event }) =>
      event.type === 'course.open' && event.courseId === context.courseId && event.userId === context.userId,
    isNotFound: (_, params: { error: unknown }) => toAppError(params.error).code === 'COURSE_NOT_FOUND',
    isNotEnrolled: ({ context }) => !context.course?.enrolment,
    isPreQuiz: ({ context }) => statusOf(context) === 'pre_quiz',
    isLearning: ({ context }) => statusOf(context) === 'learning',
    isPostQuiz: ({ context }) => statusOf(context) === 'post_quiz',
    isVisitor: ({ context }) => context.userId === null,
    isFree: ({ context }) => !!context.course?.isFree,
    isPaid: ({ context }) => !!context.course && !context.course.isFree,
    isNowInCart: ({ event }) => event.type === 'course.cartChanged' && event.inCart,
    isNowOutOfCart: ({ event }) => event.type === 'course.cartChanged' && !event.inCart,
    canMarkLesson: ({ context, event }) =>
      event.type === 'course.lessonDone' &&
      statusOf(context) === 'learning' &&
      !!context.course?.lessons.some((l) => l.id === event.lessonId && !l.done),
    canMarkAll: ({ context }) => statusOf(context) === 'learning',
    isForThisCourse: ({ context, event }) =>
      (event.type === 'course.quizSubmitted' && event.progress.courseId === context.courseId) ||
      (event.type === 'course.purchased' &&
        (!event.courseIds || (!!context.courseId && event.courseIds.includes(context.courseId)))),
    hasQueuedLesson: ({ context }) => context.lessonQueue.length > 1,
    hasReview: ({ context }) => !!context.course?.myReview,
    isDraftInvalid: ({ context }) => draftProblem(context.draft) !== null,
    canReview: ({ context }) => statusOf(context) === 'completed' && context.userId !== null,
    hasCourse: ({ context }) => context.courseId !== null,
  },
}).createMachine({
  id: 'courseLifecycle',
  type: 'parallel',
  context: openedContext(null, null),
  on: {
    'course.open': [
      // already open (or opening) for the same member: nothing to do, unless it failed
      { guard: and(['isSameCourse', not(stateIn('#courseLifecycle.course.failed'))]) },
      {
        target: ['.course.loading', '.reviews.idle', '.feedback.editing'],
        reenter: true,
        actions: assign(({ event }) => openedContext(event.courseId, event.userId)),
      },
    ],
  },
  states: {
    course: {
      initial: 'idle',
      states: {
        idle: { tags: ['status:idle'] },
        loading: {
          tags: ['status:loading'],
          invoke: {
            src: 'loadCourse',
            input: ({ context }) => ({ courseId: context.courseId!, userId: context.userId }),
            onDone: {
              target: 'ready',
              actions: [
                { type: 'setCourse', params: ({ event }) => ({ course: event.output }) },
                raise({ type: 'course.loaded' }),
              ],
            },
            onError: [
              {
                guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
                target: 'notFound',
              },
              {
                target: 'failed',
                actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
          on: { 'course.localeChanged': { target: 'loading', reenter: true } },
        },
        failed: {
          tags: ['status:failed'],
          on: {
            'course.retry': { target: 'loading', actions: 'clearError' },
            'course.localeChanged': { target: 'loading', actions: 'clearError' },
          },
        },
        notFound: { tags: ['status:notFound'] },
        ready: {
          type: 'parallel',
          states: {
            status: {
              initial: 'routing',
              on: { 'course.synced': '.routing' },
              states: {
                routing: {
                  always: [
                    { guard: 'isNotEnrolled', target: 'notEnrolled' },
                    { guard: 'isPreQuiz', target: 'preQuiz' },
                    { guard: 'isLearning', target: 'learning' },
                    { guard: 'isPostQuiz', target: 'postQuiz' },
                    { target: 'completed' },
                  ],
                },
                notEnrolled: {
                  tags: ['status:notEnrolled'],
                  invoke: {
                    src: 'watchCart',
                    input: ({ context }) => ({ courseId: context.courseId! }),
                  },
                  initial: 'available',
                  states: {
                    available: {
                      on: {
                        'course.enrol': [
                          {
                            guard: 'isVisitor',
                            actions: {
                              type: 'goToLogin',
                              params: ({ context }) => ({ next: `/courses/${context.courseId}` }),
                            },
                          },
                          { guard: 'isFree', target: 'enrolling', actions: 'clearError' },
                        ],
                        'course.addToCart': {
                          guard: 'isPaid',
                          target: 'inCart',
                          actions: ['addToCart', assign({ inCart: true })],
                        },
                        'course.cartChanged': {
                          guard: 'isNowInCart',
                          target: 'inCart',
                          actions: assign({ inCart: true }),
                        },
                      },
                    },
                    inCart: {
                      tags: ['cart:in'],
                      on: {
                        'course.cartChanged': {
                          guard: 'isNowOutOfCart',
                          target: 'available',
                          actions: assign({ inCart: false }),
                        },
                      },
                    },
                    enrolling: {
                      tags: ['busy:enrolling'],
                      invoke: {
                        src: 'enrolFree',
                        input: ({ context }) => ({ courseId: context.courseId! }),
                        onDone: {
                          target: '#courseLifecycle.course.ready.status.routing',
                          actions: [
                            assign({
                              course: ({ context, event }) => withEnrolment(context.course!, event.output),
                            }),
                            emit(({ context }) => ({ type: 'course.enrolled', courseId: context.courseId! })),
                            // the member view (lesson bodies, quizzes) comes with the next read
                            raise({ type: 'course.refresh' }),
                          ],
                        },
                        onError: {
                          target: 'available',
                          actions: [
                            assign({ error: { code: 'ENROL_FAILED' } }),
                            emit(({ event }) => ({
                              type: 'course.enrolFailed',
                              error: toAppError(event.error, 'ENROL_FAILED'),
                            })),
                          ],
                        },
                      },
                    },
                  },
                },
                preQuiz: { tags: ['status:preQuiz'] },
                learning: { tags: ['status:learning'] },
                postQuiz: { tags: ['status:postQuiz'] },
                completed: { tags: ['status:completed'] },
              },
            },
            sync: {
              initial: 'idle',
              states: {
                idle: {
                  on: {
                    'course.refresh': 'refreshing',
                    'course.localeChanged': 'refreshing',
                    'course.purchased': { guard: 'isForThisCourse', target: 'refreshing' },
                    'course.quizSubmitted': {
                      guard: 'isForThisCourse',
                      target: 'refreshing',
                      actions: [
                        assign({
                          course: ({ context, event }) => withProgress(context.course!, event.progress),
                        }),
                        'resync',
                      ],
                    },
                    'course.lessonDone': {
                      guard: 'canMarkLesson',
                      target: 'savingLesson',
                      actions: [
                        assign(({ context, event }) => ({
                          lessonQueue: [event.lessonId],
                          error: null,
                          course: courseWithLessonDone(context.course!, event.lessonId),
                        })),
                        'resync',
                      ],
                    },
                    'course.markAllDone': {
                      guard: 'canMarkAll',
                      target: 'markingAll',
                      actions: 'clearError',
                    },
                  },
                },
                refreshing: {
                  tags: ['sync:refreshing'],
                  invoke: {
                    src: 'loadCourse',
                    input: ({ context }) => ({ courseId: context.courseId!, userId: context.userId }),
                    onDone: {
                      target: 'idle',
                      actions: [
                        { type: 'setCourse', params: ({ event }) => ({ course: event.output }) },
                        'resync',
                      ],
                    },
                    onError: { target: 'idle', actions: assign({ error: { code: 'REFRESH_FAILED' } }) },
                  },
                  on: {
                    'course.refresh': { target: 'refreshing', reenter: true },
                    'course.localeChanged': { target: 'refreshing', reenter: true },
                  },
                },
                savingLesson: {
                  tags: ['sync:saving'],
                  invoke: {
                    src: 'markLessonDone',
                    input: ({ context }) => ({
                      courseId: context.courseId!,
                      lessonId: context.lessonQueue[0],
                    }),
                    onDone: [
                      {
                        // keep the optimistic ticks of the lessons still queued
                        guard: 'hasQueuedLesson',
                        target: 'savingLesson',
                        reenter: true,
                        actions: assign(({ context }) => ({ lessonQueue: context.lessonQueue.slice(1) })),
                      },
                      {
                        target: 'idle',
                        actions: [
                          assign(({ context, event }) => ({
                            lessonQueue: [],
                            course: withProgress(context.course!, event.output),
                          })),
                          'resync',
                        ],
                      },
                    ],
                    // the tick is taken back: the server's view wins
                    onError: {
                      target: 'refreshing',
                      actions: assign({ lessonQueue: [], error: { code: 'LESSON_SAVE_FAILED' } }),
                    },
                  },
                  on: {
                    'course.lessonDone': {
                      guard: 'canMarkLesson',
                      actions: [
                        assign(({ context, event }) => ({
                          lessonQueue: [...context.lessonQueue, event.lessonId],
                          course: courseWithLessonDone(context.course!, event.lessonId),
                        })),
                        'resync',
                      ],
                    },
                  },
                },
                markingAll: {
                  tags: ['sync:saving'],
                  invoke: {
                    src: 'markAllDone',
                    input: ({ context }) => ({ courseId: context.courseId! }),
                    onDone: {
                      target: 'idle',
                      actions: [
                        assign({
                          course: ({ context, event }) => withProgress(context.course!, event.output),
                        }),
                        'resync',
                      ],
                    },
                    onError: { target: 'idle', actions: assign({ error: { code: 'LESSON_SAVE_FAILED' } }) },
                  },
                },
              },
            },
          },
        },
      },
    },

    reviews: {
      initial: 'idle',
      states: {
        idle: {
          tags: ['reviews:idle'],
          on: { 'course.reviewsPage': { guard: 'hasCourse', target: 'loading', actions: 'setReviewsPage' } },
        },
        loading: {
          tags: ['reviews:loading'],
          invoke: {
            src: 'loadReviews',
            input: ({ context }) => ({
              courseId: context.courseId!,
              page: context.reviewsPage,
              limit: REVIEWS_PAGE_SIZE,
            }),
            onDone: {
              target: 'ready',
              actions: assign({ reviews: ({ event }) => event.output, reviewsError: null }),
            },
            onError: {
              target: 'failed',
              actions: assign({ reviewsError: ({ event }) => toAppError(event.error) }),
            },
          },
          on: { 'course.reviewsPage': { target: 'loading', reenter: true, actions: 'setReviewsPage' } },
        },
        ready: {
          tags: ['reviews:ready'],
          on: {
            'course.reviewsPage': { target: 'loading', actions: 'setReviewsPage' },
            'course.reviewsChanged': 'loading',
          },
        },
        failed: {
          tags: ['reviews:failed'],
          on: {
            'course.reviewsRetry': 'loading',
            'course.reviewsChanged': 'loading',
          },
        },
      },
    },

    feedback: {
      initial: 'editing',
      on: {
        // her saved review, as the course arrives
        'course.loaded': {
          target: '.routing',
          actions: assign({
            draft: ({ context }) => draftOf(context.course?.myReview),
            feedbackError: null,
            reviewSavedNow: false,
          }),
        },
      },
      states: {
        routing: {
          always: [{ guard: 'hasReview', target: 'saved' }, { target: 'editing' }],
        },
        editing: {
          tags: ['feedback:editing'],
          on: {
            'course.ratingChanged': {
              actions: assign(({ context, event }) => ({
                draft: { ...context.draft, rating: event.rating },
                feedbackError: null,
              })),
            },
            'course.reviewTextChanged': {
              actions: assign(({ context, event }) => ({ draft: { ...context.draft, text: event.text } })),
            },
            'course.saveReview': [
              {
                guard: 'isDraftInvalid',
                actions: assign({ feedbackError: ({ context }) => ({ code: draftProblem(context.draft)! }) }),
              },
              { guard: 'canReview', target: 'saving' },
            ],
          },
        },
        saving: {
          tags: ['feedback:saving'],
          invoke: {
            src: 'saveReview',
            input: ({ context }) => ({
              userId: context.userId!,
              courseId: context.courseId!,
              rating: context.draft.rating,
              text: context.draft.text.trim(),
            }),
            onDone: {
              target: 'saved',
              actions: [
                assign(({ context, event }) => ({
                  feedbackError: null,
                  reviewSavedNow: true,
                  draft: draftOf(event.output),
                  course: context.course ? { ...context.course, myReview: event.output } : context.course,
                })),
                emit(({ context }) => ({ type: 'course.reviewSaved', courseId: context.courseId! })),
                raise({ type: 'course.reviewsChanged' }),
              ],
            },
            onError: {
              target: 'failed',
              actions: assign({
                feedbackError: ({ event }) => toAppError(event.error, 'REVIEW_SAVE_FAILED'),
              }),
            },
          },
        },
        saved: {
          tags: ['feedback:saved'],
          on: {
            'course.ratingChanged': {
              target: 'editing',
              actions: assign(({ context, event }) => ({
                draft: { ...context.draft, rating: event.rating },
              })),
            },
            'course.reviewTextChanged': {
              target: 'editing',
              actions: assign(({ context, event }) => ({ draft: { ...context.draft, text: event.text } })),
            },
          },
        },
        failed: {
          tags: ['feedback:failed'],
          on: {
            'course.ratingChanged': {
              target: 'editing',
              actions: assign(({ context, event }) => ({
                draft: { ...context.draft, rating: event.rating },
                feedbackError: null,
              })),
            },
            'course.reviewTextChanged': {
              target: 'editing',
              actions: assign(({ context, event }) => ({
                draft: { ...context.draft, text: event.text },
                feedbackError: null,
              })),
            },
            'course.saveReview': { guard: 'canReview', target: 'saving' },
          },
        },
      },
    },
  },
});

/** The price a member pays (sale price when lower): cents. */
export const coursePrice = (course: { price: number; sale_price: number | null }) => effectivePrice(course);
