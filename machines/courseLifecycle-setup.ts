import {
  type ActorRefFrom,
  assertEvent,
  assign,
  emit,
  fromCallback,
  fromPromise,
  raise,
  sendTo,
  setup,
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
  statusOf,
  withEnrolment,
  withProgress,
} from './courseLifecycle-rules';
import { notProvided, toAppError } from './types';

/**
 * What the course lifecycle's chart (machines/courseLifecycle.ts) names: its actors, actions and
 * guards. The navigation (`goToLogin`, `goToCoursePage`) and the API are provided by the root.
 */
export const courseLifecycleSetup = setup({
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
});

/** A state of the chart in a file of its own (its regions), typed by this setup. */
export type CourseLifecycleState = Parameters<typeof courseLifecycleSetup.createStateConfig>[0];
