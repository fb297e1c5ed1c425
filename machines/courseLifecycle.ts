import {
  type ActorRefFrom,
  and,
  assertEvent,
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
import type * as Api from '../contract/learning';
import type { cartMachine } from './cart';
import {
  type CourseEmitted,
  type CourseEvent,
  type CourseLifecycleContext,
  type CourseStatusCode,
  cartItemOf,
  courseWithLessonDone,
  draftOf,
  draftProblem,
  type LoadCourseInput,
  openedContext,
  REVIEWS_PAGE_SIZE,
  statusOf,
  withEnrolment,
  withProgress,
} from './courseLifecycle-rules';
import { notProvided, toAppError } from './types';

/**
 * A member's way through one course (spec §3 Course, §4 Course; the design card: not enrolled →
 * pre-quiz → enrolled → post-quiz → completed). Started once at the root (system id
 * `courseLifecycle`); the course page and the learning screens open a course with `course.open`
 * and ask the machine, by tags, what to show. Its types and rules are in courseLifecycle-rules.ts
 * (re-exported here). This file is longer than 300 lines on purpose: the statechart is one literal
 * config of three parallel regions, pasted whole into the Stately editor with the named guards and
 * actions it refers to; everything else already lives beside it.
 *
 * Regions (parallel):
 * - `course`: idle → loading → failed (retry) | notFound | ready. In `ready`, `status` is derived
 *   from the server's `progress.status` (notEnrolled when `enrolment` is null) and `sync` keeps the
 *   data fresh: refreshing (language change, purchase, after a quiz), saving a lesson (optimistic,
 *   then the server's Progress), marking every lesson done.
 *   Free courses enrol at once (`course.enrol`); paid ones go to the cart (`cart.add` to the root
 *   cart actor) and become enrolled when a purchase completes (`course.purchased`, next issue).
 *   A visitor who presses Enrol goes to sign in and comes back (`goToLogin`). A learning screen
 *   opens the course with `requires: 'enrolment'`: a member who is not enrolled goes to the course
 *   page, where she enrols (`goToCoursePage`); the course page itself never is sent away.
 * - `reviews`: the course's public reviews, paged (idle → loading → ready | failed).
 * - `feedback`: her own review (rating 1–5 and text), editable once she has completed the course:
 *   editing → saving → saved | failed.
 *
 * The views read the member (`userId`) from the session and pass it with `course.open`; when she
 * signs in or out they open again and the course reloads in the right view (member or public).
 */
export * from './courseLifecycle-rules';

export const courseLifecycleMachine = setup({
  types: {} as {
    context: CourseLifecycleContext;
    events: CourseEvent;
    emitted: CourseEmitted;
  },
  actors: {
    /** GET /lms/get-course-by-id/{courseId}/{userId} for a member, /p/lms/get-course-by-id/{courseId} otherwise. */
    loadCourse: fromPromise<Api.MemberCourseDetail, LoadCourseInput>(notProvided),
    /** POST /articles/enroll-free-course */
    enrolFree: fromPromise<Api.Enrolment, { courseId: string }>(notProvided),
    /** POST /lms/lesson/complete */
    markLessonDone: fromPromise<Api.Progress, { courseId: string; lessonId: string }>(notProvided),
    /** POST /lms/mark-complete-all */
    markAllDone: fromPromise<Api.Progress, { courseId: string }>(notProvided),
    /** GET /feedback/course/{courseId}/reviews?page&limit */
    loadReviews: fromPromise<Api.ReviewsPage, { courseId: string; page: number; limit: number }>(notProvided),
    /** PUT /feedback/user/{userId} */
    saveReview: fromPromise<Api.MyReview, { userId: string; courseId: string; rating: number; text: string }>(
      notProvided,
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
    /** Takes her from a learning screen to the course page (replacing it in the history): she enrols there. */
    goToCoursePage: (_, _params: { courseId: string }) => {},
    /** `cart.add` to the root cart (system id `cart`). */
    addToCart: sendTo(
      ({ system }) => system.get('cart'),
      ({ context }) => ({ type: 'cart.add', item: cartItemOf(context.course!) }),
    ),
    openCourse: assign(({ event }) => {
      assertEvent(event, 'course.open');
      return openedContext(event.courseId, event.userId, event.requires ?? null);
    }),
    /** The same course, opened by another screen: what that screen needs replaces what the last one did. */
    noteRequirement: assign({
      requires: ({ event }) => {
        assertEvent(event, 'course.open');
        return event.requires ?? null;
      },
    }),
    setCourse: assign((_, { course }: { course: Api.MemberCourseDetail }) => ({ course, error: null })),
    tellLoaded: raise({ type: 'course.loaded' }),
    setError: assign((_, { error }: { error: unknown }) => ({ error: toAppError(error) })),
    clearError: assign({ error: null }),
    /** The status follows the course as it is now. */
    resync: raise({ type: 'course.synced' }),
    /** The member view (lesson bodies, quizzes) comes with the next read. */
    askForRefresh: raise({ type: 'course.refresh' }),
    setInCart: assign((_, { inCart }: { inCart: boolean }) => ({ inCart })),
    keepEnrolment: assign(({ context }, { enrolment }: { enrolment: Api.Enrolment }) => ({
      course: withEnrolment(context.course!, enrolment),
    })),
    tellEnrolled: emit(({ context }) => ({ type: 'course.enrolled', courseId: context.courseId! })),
    tellEnrolFailed: emit((_, { error }: { error: unknown }) => ({
      type: 'course.enrolFailed',
      error: toAppError(error, 'ENROL_FAILED'),
    })),
    applyProgress: assign(({ context }, { progress }: { progress: Api.Progress }) => ({
      course: withProgress(context.course!, progress),
    })),
    /** Ticked at once; saved in turn (the first at once, the others after it). */
    queueLesson: assign(({ context, event }) => {
      assertEvent(event, 'course.lessonDone');
      return {
        lessonQueue: [...context.lessonQueue, event.lessonId],
        error: null,
        course: courseWithLessonDone(context.course!, event.lessonId),
      };
    }),
    nextQueuedLesson: assign({ lessonQueue: ({ context }) => context.lessonQueue.slice(1) }),
    dropLessonQueue: assign({ lessonQueue: [] }),
    setReviewsPage: assign({
      reviewsPage: ({ event }) => {
        assertEvent(event, 'course.reviewsPage');
        return Math.max(1, Math.floor(event.page));
      },
    }),
    keepReviews: assign((_, { reviews }: { reviews: Api.ReviewsPage }) => ({ reviews, reviewsError: null })),
    setReviewsError: assign((_, { error }: { error: unknown }) => ({ reviewsError: toAppError(error) })),
    /** Her saved review, as the course arrives. */
    loadDraft: assign(({ context }) => ({
      draft: draftOf(context.course?.myReview),
      feedbackError: null,
      reviewSavedNow: false,
    })),
    setRating: assign(({ context, event }) => {
      assertEvent(event, 'course.ratingChanged');
      return { draft: { ...context.draft, rating: event.rating }, feedbackError: null };
    }),
    setReviewText: assign(({ context, event }) => {
      assertEvent(event, 'course.reviewTextChanged');
      return { draft: { ...context.draft, text: event.text } };
    }),
    clearFeedbackError: assign({ feedbackError: null }),
    showDraftProblem: assign({ feedbackError: ({ context }) => ({ code: draftProblem(context.draft)! }) }),
    keepReview: assign(({ context }, { review }: { review: Api.MyReview }) => ({
      feedbackError: null,
      reviewSavedNow: true,
      draft: draftOf(review),
      course: context.course ? { ...context.course, myReview: review } : context.course,
    })),
    tellReviewSaved: emit(({ context }) => ({ type: 'course.reviewSaved', courseId: context.courseId! })),
    /** The public list reads again, now with her review. */
    tellReviewsChanged: raise({ type: 'course.reviewsChanged' }),
    setFeedbackError: assign((_, { error }: { error: unknown }) => ({
      feedbackError: toAppError(error, 'REVIEW_SAVE_FAILED'),
    })),
  },
  guards: {
    isSameCourse: ({ context, event }) => {
      assertEvent(event, 'course.open');
      return event.courseId === context.courseId && event.userId === context.userId;
    },
    /** The screen that opens the course is a learning screen: it needs her enrolment. */
    opensForLearning: ({ event }) => {
      assertEvent(event, 'course.open');
      return event.requires === 'enrolment';
    },
    /** The course is open on a learning screen (it needs her enrolment). */
    isOpenForLearning: ({ context }) => context.requires === 'enrolment',
    isNotFound: (_, { error }: { error: unknown }) => toAppError(error).code === 'COURSE_NOT_FOUND',
    isNotEnrolled: ({ context }) => !context.course?.enrolment,
    hasStatus: ({ context }, { status }: { status: CourseStatusCode }) => statusOf(context) === status,
    isVisitor: ({ context }) => context.userId === null,
    isFree: ({ context }) => !!context.course?.isFree,
    isPaid: ({ context }) => !!context.course && !context.course.isFree,
    /** The cart says the course is in it (`inCart: true`) or not. */
    cartSays: ({ event }, { inCart }: { inCart: boolean }) => {
      assertEvent(event, 'course.cartChanged');
      return event.inCart === inCart;
    },
    canMarkLesson: ({ context, event }) => {
      assertEvent(event, 'course.lessonDone');
      return (
        statusOf(context) === 'learning' &&
        !!context.course?.lessons.some((l) => l.id === event.lessonId && !l.done)
      );
    },
    isForThisCourse: ({ context, event }) => {
      assertEvent(event, ['course.quizSubmitted', 'course.purchased']);
      if (event.type === 'course.quizSubmitted') return event.progress.courseId === context.courseId;
      return !event.courseIds || (!!context.courseId && event.courseIds.includes(context.courseId));
    },
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
      // already open (or opening) for the same member: only what the screen needs may change
      {
        guard: and(['isSameCourse', not(stateIn('#courseLifecycle.course.failed'))]),
        actions: 'noteRequirement',
      },
      {
        target: ['.course.loading', '.reviews.idle', '.feedback.editing'],
        reenter: true,
        actions: 'openCourse',
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
                'tellLoaded',
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
                    // a learning screen, and she is not enrolled: the course page is where she enrols
                    {
                      guard: and(['isNotEnrolled', 'isOpenForLearning']),
                      target: 'notEnrolled',
                      actions: {
                        type: 'goToCoursePage',
                        params: ({ context }) => ({ courseId: context.courseId! }),
                      },
                    },
                    { guard: 'isNotEnrolled', target: 'notEnrolled' },
                    { guard: { type: 'hasStatus', params: { status: 'pre_quiz' } }, target: 'preQuiz' },
                    { guard: { type: 'hasStatus', params: { status: 'learning' } }, target: 'learning' },
                    { guard: { type: 'hasStatus', params: { status: 'post_quiz' } }, target: 'postQuiz' },
                    { target: 'completed' },
                  ],
                },
                notEnrolled: {
                  tags: ['status:notEnrolled'],
                  invoke: {
                    src: 'watchCart',
                    input: ({ context }) => ({ courseId: context.courseId! }),
                  },
                  on: {
                    // a learning screen opens this course again: to the course page with her
                    'course.open': {
                      guard: and(['isSameCourse', 'opensForLearning']),
                      actions: [
                        'noteRequirement',
                        { type: 'goToCoursePage', params: ({ event }) => ({ courseId: event.courseId }) },
                      ],
                    },
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
                          actions: ['addToCart', { type: 'setInCart', params: { inCart: true } }],
                        },
                        'course.cartChanged': {
                          guard: { type: 'cartSays', params: { inCart: true } },
                          target: 'inCart',
                          actions: { type: 'setInCart', params: { inCart: true } },
                        },
                      },
                    },
                    inCart: {
                      tags: ['cart:in'],
                      on: {
                        'course.cartChanged': {
                          guard: { type: 'cartSays', params: { inCart: false } },
                          target: 'available',
                          actions: { type: 'setInCart', params: { inCart: false } },
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
                            { type: 'keepEnrolment', params: ({ event }) => ({ enrolment: event.output }) },
                            'tellEnrolled',
                            'askForRefresh',
                          ],
                        },
                        onError: {
                          target: 'available',
                          actions: [
                            { type: 'setError', params: { error: { code: 'ENROL_FAILED' } } },
                            { type: 'tellEnrolFailed', params: ({ event }) => ({ error: event.error }) },
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
                        { type: 'applyProgress', params: ({ event }) => ({ progress: event.progress }) },
                        'resync',
                      ],
                    },
                    'course.lessonDone': {
                      guard: 'canMarkLesson',
                      target: 'savingLesson',
                      actions: ['queueLesson', 'resync'],
                    },
                    'course.markAllDone': {
                      guard: { type: 'hasStatus', params: { status: 'learning' } },
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
                    onError: {
                      target: 'idle',
                      actions: { type: 'setError', params: { error: { code: 'REFRESH_FAILED' } } },
                    },
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
                      // keep the optimistic ticks of the lessons still queued
                      {
                        guard: 'hasQueuedLesson',
                        target: 'savingLesson',
                        reenter: true,
                        actions: 'nextQueuedLesson',
                      },
                      {
                        target: 'idle',
                        actions: [
                          'dropLessonQueue',
                          { type: 'applyProgress', params: ({ event }) => ({ progress: event.output }) },
                          'resync',
                        ],
                      },
                    ],
                    // the tick is taken back: the server's view wins
                    onError: {
                      target: 'refreshing',
                      actions: [
                        'dropLessonQueue',
                        { type: 'setError', params: { error: { code: 'LESSON_SAVE_FAILED' } } },
                      ],
                    },
                  },
                  on: {
                    'course.lessonDone': { guard: 'canMarkLesson', actions: ['queueLesson', 'resync'] },
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
                        { type: 'applyProgress', params: ({ event }) => ({ progress: event.output }) },
                        'resync',
                      ],
                    },
                    onError: {
                      target: 'idle',
                      actions: { type: 'setError', params: { error: { code: 'LESSON_SAVE_FAILED' } } },
                    },
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
              actions: { type: 'keepReviews', params: ({ event }) => ({ reviews: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'setReviewsError', params: ({ event }) => ({ error: event.error }) },
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
      on: { 'course.loaded': { target: '.routing', actions: 'loadDraft' } },
      states: {
        routing: {
          always: [{ guard: 'hasReview', target: 'saved' }, { target: 'editing' }],
        },
        editing: {
          tags: ['feedback:editing'],
          on: {
            'course.ratingChanged': { actions: 'setRating' },
            'course.reviewTextChanged': { actions: 'setReviewText' },
            'course.saveReview': [
              { guard: 'isDraftInvalid', actions: 'showDraftProblem' },
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
                { type: 'keepReview', params: ({ event }) => ({ review: event.output }) },
                'tellReviewSaved',
                'tellReviewsChanged',
              ],
            },
            onError: {
              target: 'failed',
              actions: { type: 'setFeedbackError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        saved: {
          tags: ['feedback:saved'],
          on: {
            'course.ratingChanged': { target: 'editing', actions: 'setRating' },
            'course.reviewTextChanged': { target: 'editing', actions: 'setReviewText' },
          },
        },
        failed: {
          tags: ['feedback:failed'],
          on: {
            'course.ratingChanged': { target: 'editing', actions: 'setRating' },
            'course.reviewTextChanged': {
              target: 'editing',
              actions: ['setReviewText', 'clearFeedbackError'],
            },
            'course.saveReview': { guard: 'canReview', target: 'saving' },
          },
        },
      },
    },
  },
});
