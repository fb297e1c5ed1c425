import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { MemberCourseDetail, MyReview, Progress, ReviewsPage } from '../../contract/learning';
import { courseLifecycleMachine } from '../../machines/courseLifecycle';
import { navigateTo } from '../support/render-app';
import { controlledActor } from '../support/stub-actors';
import {
  ENROLMENT,
  LESSON_IDS,
  memberCourse,
  progressOf,
  REVIEW,
  reviewsPage,
} from '../views/course-fixtures';
import { Coverage } from './coverage';
import { followPaths, modelApp } from './harness';

/**
 * Model-based test of the course lifecycle (design card: not enrolled → pre-quiz → enrolled →
 * post-quiz → completed) through the REAL views: the course page (/courses/:id), the lesson list,
 * the lesson reader and the completion screen, in the real app with the root provider. The API is
 * a set of stub actors the test settles by hand (…_OK / …_FAIL events). What has no screen of its
 * own here is sent as the real event by whoever sends it in the app: the quiz screen's provided
 * action (`course.quizSubmitted`), the checkout of the next issue (`course.purchased`), the cart
 * (`cart.remove`) and the language machine (`language.toggle`, which the root wires to the course).
 * A learning screen opened by a member who is not enrolled takes her to the course page: the
 * machine's `goToCoursePage` (provided by the app, and by the test harness the same way).
 */
const ID = 'menstrual-cycle';
const COURSE_PATH = `/courses/${ID}`;
const LEARN_PATH = `/dashboard/course/${ID}`;
const CART_ITEM = { id: 'pregnancy-care', price: 6500, sale_price: 5200, title: 'Pregnancy care' };
const lessonUrl = (n: number) => `${LEARN_PATH}/lesson/${LESSON_IDS[n - 1]}`;

const model = createMachine({
  id: 'courseModel',
  initial: 'closed',
  states: {
    closed: {
      on: {
        OPEN_VISITOR: 'visitorLoading',
        OPEN: 'loading',
        OPEN_PAID: 'paidLoading',
        OPEN_PAID_IN_CART: 'paidInCartLoading',
        OPEN_COMPLETION_REVIEWED: 'completionLoading',
        OPEN_LESSONS_NOT_ENROLLED: 'lessonsLoading',
      },
    },
    // the learning screens need an enrolment: the course page is where she enrols
    lessonsLoading: { on: { LOADED_NOT_ENROLLED: 'sentToCoursePage' } },
    sentToCoursePage: { on: { LESSONS_AGAIN: 'sentBackToCoursePage' } },
    sentBackToCoursePage: {},
    visitorLoading: { on: { LOADED_NOT_ENROLLED: 'visitorFree' } },
    visitorFree: { on: { ENROL_AS_VISITOR: 'loginPage' } },
    loginPage: {},
    loading: {
      on: {
        LOAD_FAIL: 'failed',
        LOAD_NOT_FOUND: 'notFound',
        LOADED_NOT_ENROLLED: 'notEnrolled',
        LANGUAGE_WHILE_LOADING: 'loadingAgain',
      },
    },
    loadingAgain: { on: { LOADED_NOT_ENROLLED: 'notEnrolled' } },
    failed: { on: { RETRY: 'loading', LANGUAGE_WHEN_FAILED: 'loading' } },
    notFound: {},
    notEnrolled: { on: { ENROL: 'enrolling' } },
    enrolling: { on: { ENROL_FAIL: 'enrolFailed', ENROL_OK: 'enrolledRefreshing' } },
    enrolFailed: { on: { ENROL: 'enrolling' } },
    enrolledRefreshing: { on: { REFRESH_PRE_QUIZ: 'preQuiz' } },
    paidLoading: { on: { LOADED_PAID: 'paidAvailable' } },
    paidInCartLoading: { on: { LOADED_PAID: 'inCart' } },
    paidAvailable: { on: { ADD_TO_CART: 'inCart' } },
    inCart: { on: { REMOVE_FROM_CART: 'paidAvailable', PURCHASED: 'purchaseRefreshing' } },
    purchaseRefreshing: { on: { REFRESH_PAID_PRE_QUIZ: 'paidPreQuiz' } },
    paidPreQuiz: {},
    preQuiz: { on: { OPEN_REVIEWS: 'reviewsLoading', PRE_QUIZ_SUBMITTED: 'learningRefreshing' } },
    reviewsLoading: { on: { REVIEWS_OK: 'reviewsReady', REVIEWS_FAIL: 'reviewsFailed' } },
    reviewsReady: { on: { REVIEWS_PAGE_2: 'reviewsPage2' } },
    reviewsPage2: { on: { REVIEWS_OK: 'reviewsReady2', REVIEWS_PAGE_1_WHILE_LOADING: 'reviewsPage1Again' } },
    reviewsPage1Again: { on: { REVIEWS_OK: 'reviewsReady1Again' } },
    reviewsReady1Again: {},
    reviewsReady2: {},
    reviewsFailed: { on: { REVIEWS_RETRY: 'reviewsLoading' } },
    learningRefreshing: {
      on: {
        REFRESH_LEARNING: 'learning',
        REFRESH_FAIL: 'learningStale',
        LANGUAGE_WHILE_REFRESHING: 'learningRefreshing2',
      },
    },
    learningRefreshing2: { on: { REFRESH_LEARNING: 'learning' } },
    learningStale: { on: { RETRY_REFRESH: 'learningRetrying' } },
    learningRetrying: { on: { RETRY_REFRESH_AGAIN: 'learningRefreshing2' } },
    learning: { on: { LANGUAGE: 'learningRefreshing2', CONTINUE: 'lesson1' } },
    lesson1: { on: { MARK_DONE: 'saving1' } },
    saving1: {
      on: { LESSON_OK: 'lesson2', MARK_DONE_AGAIN: 'saving12', LESSON_FAIL: 'lessonFailRefreshing' },
    },
    saving12: { on: { LESSON_OK: 'saving2' } },
    saving2: { on: { LESSON_OK: 'lesson3' } },
    lesson3: { on: { MARK_LAST_DONE: 'savingLast' } },
    savingLast: { on: { LESSON_OK: 'postQuizList' } },
    lessonFailRefreshing: { on: { REFRESH_LEARNING: 'lesson2' } },
    lesson2: { on: { BACK_TO_LIST: 'learningList' } },
    learningList: { on: { MARK_ALL: 'markingAll' } },
    markingAll: { on: { MARK_ALL_FAIL: 'learningList', MARK_ALL_OK: 'postQuizList' } },
    postQuizList: { on: { POST_QUIZ_SUBMITTED: 'completedRefreshing' } },
    completedRefreshing: { on: { REFRESH_COMPLETED: 'completedList' } },
    completedList: { on: { COURSE_DETAILS: 'completedCourse' } },
    completedCourse: { on: { OPEN_COMPLETED_REVIEWS: 'completedReviewsLoading' } },
    completedReviewsLoading: {
      on: { REVIEWS_OK: 'completedReviewsReady', REVIEWS_FAIL: 'completedReviewsFailed' },
    },
    completedReviewsReady: { on: { VIEW_RESULTS: 'reviewEditing' } },
    completedReviewsFailed: { on: { VIEW_RESULTS: 'reviewEditingAfterFailedList' } },
    reviewEditingAfterFailedList: { on: { RATE_AND_SAVE: 'reviewSavingAfterFailedList' } },
    reviewSavingAfterFailedList: { on: { SAVE_OK: 'reviewSavedListReloading' } },
    reviewSavedListReloading: {},
    reviewEditing: {
      on: {
        SAVE_WITHOUT_RATING: 'reviewRatingError',
        RATE: 'reviewRated',
        RATE_AND_SAVE: 'reviewSavingWithList',
      },
    },
    reviewSavingWithList: { on: { SAVE_OK: 'reviewSavedWithList' } },
    reviewSavedWithList: {},
    reviewRatingError: { on: { RATE: 'reviewRated' } },
    reviewRated: { on: { TYPE: 'reviewTyped' } },
    reviewTyped: { on: { SAVE: 'reviewSaving' } },
    reviewSaving: { on: { SAVE_OK: 'reviewSaved', SAVE_FAIL: 'reviewFailed' } },
    reviewFailed: {
      on: { SAVE_AGAIN: 'reviewSaving', TYPE_AFTER_FAIL: 'reviewTyped', RATE_AFTER_FAIL: 'reviewTyped' },
    },
    reviewSaved: { on: { RATE_AGAIN: 'reviewTyped', TYPE_AGAIN: 'reviewTyped' } },
    reviewOnFile: { on: { RATE_AGAIN: 'reviewTyped', TYPE_AGAIN: 'reviewTyped' } },
    completionLoading: { on: { LOADED_REVIEWED: 'reviewOnFile' } },
  },
});

const testModel = createTestModel(model, {
  serializeState: (state, event) => `${JSON.stringify(state.value)} via ${event?.type ?? 'start'}`,
});
const paths = testModel.getShortestPaths();

const coverage = new Coverage('courseLifecycle', courseLifecycleMachine);

/** Where the machine sent her (`goToCoursePage`), recorded through the inspection API. */
let sentTo: { courseId: string }[] = [];

function signIn() {
  document.cookie = 'authToken=tok; path=/';
  localStorage.setItem('userData', JSON.stringify({ id: 'u1', alias: 'noor' }));
}

const ui = modelApp({
  coverage,
  inspect: (e) => {
    if (e.type === '@xstate.action' && e.action.type === 'goToCoursePage') {
      sentTo.push(e.action.params as { courseId: string });
    }
  },
  stubs: {
    loadCourse: () => controlledActor<MemberCourseDetail>(),
    enrolFree: () => controlledActor<typeof ENROLMENT>(),
    markLessonDone: () => controlledActor<Progress>(),
    markAllDone: () => controlledActor<Progress>(),
    loadReviews: () => controlledActor<ReviewsPage>(),
    saveReview: () => controlledActor<MyReview>(),
  },
});
const load = () => ui.stubs.loadCourse;
const enrol = () => ui.stubs.enrolFree;
const lesson = () => ui.stubs.markLessonDone;
const all = () => ui.stubs.markAllDone;
const reviews = () => ui.stubs.loadReviews;
const save = () => ui.stubs.saveReview;

function open(path: string) {
  sentTo = [];
  return ui.open(path);
}

const course = () => ui.app.system.get('courseLifecycle');
const tags = () => [...course().getSnapshot().tags];
const send = (event: Parameters<ReturnType<typeof course>['send']>[0]) => act(() => course().send(event));

/** The member read was asked for (by a member) and answers with this course. */
async function answerLoad(detail: MemberCourseDetail) {
  await waitFor(() => expect(load().calls.length).toBeGreaterThan(0));
  await load().resolve(detail);
}

async function primary() {
  return screen.findByTestId('primary-action');
}

async function toggleLanguageTwice() {
  const language = ui.app.system.get('language');
  for (const locale of ['ar', 'en']) {
    act(() => language.send({ type: 'language.toggle' }));
    await waitFor(() => expect(language.getSnapshot().context.locale).toBe(locale), { timeout: 5000 });
  }
}

async function clickTab(name: RegExp) {
  await ui.app.user.click(await screen.findByRole('tab', { name }));
}

describe('course lifecycle model on the real views', () => {
  it('generates a path for each way into each state', () => {
    expect(paths.length).toBeGreaterThan(20);
  });

  followPaths(
    paths,
    {
      events: {
        OPEN_VISITOR: async () => open(COURSE_PATH),
        OPEN: async () => {
          signIn();
          open(COURSE_PATH);
        },
        OPEN_PAID: async () => {
          signIn();
          open('/courses/pregnancy-care');
        },
        OPEN_PAID_IN_CART: async () => {
          signIn();
          // put there on an earlier visit
          localStorage.setItem('cart', JSON.stringify({ items: [CART_ITEM], total: 5200, itemCount: 1 }));
          open('/courses/pregnancy-care');
        },
        OPEN_LESSONS_NOT_ENROLLED: async () => {
          signIn();
          open(LEARN_PATH);
        },
        // she comes back to the lesson list (a bookmark, the address bar) still not enrolled
        LESSONS_AGAIN: async () => {
          await act(async () => navigateTo(LEARN_PATH));
        },
        OPEN_COMPLETION_REVIEWED: async () => {
          signIn();
          open(`${LEARN_PATH}/complete`);
        },
        LOADED_NOT_ENROLLED: async () => {
          await answerLoad(memberCourse(null));
        },
        LOADED_PAID: async () => {
          await answerLoad({ ...memberCourse(null, { paid: true }) });
        },
        LOADED_REVIEWED: async () => answerLoad(memberCourse('completed', { review: REVIEW })),
        LOAD_FAIL: async () => {
          await waitFor(() => expect(load().calls.length).toBe(1));
          await load().reject({ code: 'SERVER_ERROR' });
        },
        LOAD_NOT_FOUND: async () => {
          await waitFor(() => expect(load().calls.length).toBe(1));
          await load().reject({ code: 'COURSE_NOT_FOUND' });
        },
        LANGUAGE_WHILE_LOADING: async () => {
          await waitFor(() => expect(load().calls.length).toBe(1));
          await toggleLanguageTwice();
          expect(load().calls.length).toBe(3);
        },
        LANGUAGE_WHEN_FAILED: async () => {
          await toggleLanguageTwice();
          // the first change leaves failed, the second reloads again
          expect(load().calls.length).toBe(3);
        },
        RETRY: async () => {
          await ui.app.user.click(screen.getByRole('button', { name: 'Try again' }));
          expect(load().calls.length).toBe(2);
        },
        ENROL_AS_VISITOR: async () => {
          await ui.app.user.click(await primary());
        },
        ENROL: async () => {
          await ui.app.user.click(await primary());
        },
        ENROL_OK: async () => enrol().resolve(ENROLMENT),
        ENROL_FAIL: async () => enrol().reject({ code: 'SERVER_ERROR' }),
        REFRESH_PRE_QUIZ: async () => load().resolve(memberCourse('pre_quiz')),
        REFRESH_PAID_PRE_QUIZ: async () => load().resolve(memberCourse('pre_quiz', { paid: true })),
        ADD_TO_CART: async () => ui.app.user.click(await primary()),
        REMOVE_FROM_CART: async () =>
          act(() => ui.app.system.get('cart').send({ type: 'cart.remove', id: 'pregnancy-care' })),
        PURCHASED: async () => send({ type: 'course.purchased', courseIds: ['pregnancy-care'] }),
        OPEN_REVIEWS: async () => clickTab(/Reviews/),
        REVIEWS_OK: async () =>
          reviews().resolve(reviewsPage((reviews().last()!.input as { page: number }).page)),
        REVIEWS_FAIL: async () => reviews().reject({ code: 'SERVER_ERROR' }),
        REVIEWS_RETRY: async () =>
          ui.app.user.click(within(await screen.findByTestId('reviews-error')).getByRole('button')),
        REVIEWS_PAGE_2: async () => ui.app.user.click(await screen.findByRole('button', { name: /Page 2/ })),
        REVIEWS_PAGE_1_WHILE_LOADING: async () =>
          ui.app.user.click(await screen.findByRole('button', { name: /^Page 1/ })),
        PRE_QUIZ_SUBMITTED: async () =>
          send({ type: 'course.quizSubmitted', progress: progressOf('learning') }),
        REFRESH_LEARNING: async () => load().resolve(memberCourse('learning')),
        REFRESH_FAIL: async () => load().reject({ code: 'NETWORK_ERROR' }),
        LANGUAGE_WHILE_REFRESHING: async () => toggleLanguageTwice(),
        LANGUAGE: async () => toggleLanguageTwice(),
        RETRY_REFRESH: async () =>
          ui.app.user.click(await screen.findByRole('button', { name: 'Try again' })),
        RETRY_REFRESH_AGAIN: async () =>
          ui.app.user.click(await screen.findByRole('button', { name: 'Try again' })),
        CONTINUE: async () => ui.app.user.click(await primary()),
        MARK_DONE: async () => ui.app.user.click(await screen.findByTestId('mark-done')),
        MARK_DONE_AGAIN: async () => {
          await waitFor(() => expect(window.location.pathname).toBe(lessonUrl(2)));
          await ui.app.user.click(await screen.findByTestId('mark-done'));
        },
        MARK_LAST_DONE: async () => ui.app.user.click(await screen.findByTestId('mark-done')),
        LESSON_OK: async () => {
          const lessonId = (lesson().last()!.input as { lessonId: string }).lessonId;
          const done = LESSON_IDS.slice(0, LESSON_IDS.indexOf(lessonId as (typeof LESSON_IDS)[number]) + 1);
          await lesson().resolve(
            progressOf(done.length === LESSON_IDS.length ? 'post_quiz' : 'learning', done),
          );
        },
        LESSON_FAIL: async () => lesson().reject({ code: 'NETWORK_ERROR' }),
        BACK_TO_LIST: async () =>
          ui.app.user.click(await screen.findByRole('link', { name: /Back to the lessons/ })),
        MARK_ALL: async () =>
          ui.app.user.click(await screen.findByRole('button', { name: 'Mark all lessons as done' })),
        MARK_ALL_FAIL: async () => all().reject({ code: 'SERVER_ERROR' }),
        MARK_ALL_OK: async () => all().resolve(progressOf('post_quiz', [...LESSON_IDS])),
        POST_QUIZ_SUBMITTED: async () =>
          send({ type: 'course.quizSubmitted', progress: progressOf('completed', [...LESSON_IDS]) }),
        REFRESH_COMPLETED: async () => load().resolve(memberCourse('completed')),
        COURSE_DETAILS: async () =>
          ui.app.user.click(await screen.findByRole('link', { name: 'Course details' })),
        OPEN_COMPLETED_REVIEWS: async () => clickTab(/Reviews/),
        VIEW_RESULTS: async () => ui.app.user.click(await primary()),
        SAVE_WITHOUT_RATING: async () => ui.app.user.click(await screen.findByTestId('review-save')),
        RATE: async () => ui.app.user.click(await screen.findByRole('radio', { name: '5 stars' })),
        RATE_AND_SAVE: async () => {
          await ui.app.user.click(await screen.findByRole('radio', { name: '4 stars' }));
          await ui.app.user.click(await screen.findByTestId('review-save'));
        },
        TYPE: async () => ui.app.user.type(await screen.findByTestId('review-text'), 'Clear and kind'),
        TYPE_AFTER_FAIL: async () => ui.app.user.type(await screen.findByTestId('review-text'), '!'),
        TYPE_AGAIN: async () => ui.app.user.type(await screen.findByTestId('review-text'), ' Thanks'),
        RATE_AFTER_FAIL: async () => ui.app.user.click(await screen.findByRole('radio', { name: '3 stars' })),
        RATE_AGAIN: async () => ui.app.user.click(await screen.findByRole('radio', { name: '2 stars' })),
        SAVE: async () => ui.app.user.click(await screen.findByTestId('review-save')),
        SAVE_AGAIN: async () => ui.app.user.click(await screen.findByTestId('review-save')),
        SAVE_OK: async () => {
          const input = save().last()!.input as { rating: number; text: string };
          await save().resolve({ ...REVIEW, rating: input.rating, text: input.text });
        },
        SAVE_FAIL: async () => save().reject({ code: 'SERVER_ERROR' }),
      },
      states: {
        closed: ui.expectClosed,
        visitorLoading: async () => {
          await screen.findByTestId('course-loading');
          await waitFor(() => expect(load().last()?.input).toEqual({ courseId: ID, userId: null }));
        },
        visitorFree: async () => {
          expect(await primary()).toHaveTextContent('Enrol for free');
          expect(screen.getByText(/sign in or create an anonymous account/)).toBeInTheDocument();
          expect(screen.getByTestId('disclaimer')).toHaveTextContent(
            'This is education, not medical advice.',
          );
        },
        loginPage: async () => {
          await waitFor(() => expect(window.location.pathname).toBe('/login'));
          expect(new URLSearchParams(window.location.search).get('next')).toBe(COURSE_PATH);
          expect(enrol().calls).toHaveLength(0);
        },
        loading: async () => {
          await screen.findByTestId('course-loading');
          await waitFor(() => expect(load().last()?.input).toEqual({ courseId: ID, userId: 'u1' }));
        },
        loadingAgain: async () => {
          await screen.findByTestId('course-loading');
          expect(tags()).toContain('status:loading');
        },
        failed: async () => {
          const box = await screen.findByTestId('course-error');
          expect(within(box).getByRole('heading', { level: 1 })).toHaveTextContent(
            'We could not load this course',
          );
          expect(within(box).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
        },
        notFound: async () => {
          const box = await screen.findByTestId('course-not-found');
          expect(within(box).getByRole('heading', { level: 1 })).toHaveTextContent(
            'This course could not be found',
          );
          expect(within(box).getByRole('link', { name: 'Browse courses' })).toHaveAttribute(
            'href',
            '/courses',
          );
        },
        notEnrolled: async () => {
          expect(await primary()).toHaveTextContent('Enrol for free');
          expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your menstrual cycle');
          expect(screen.getByTestId('price-free')).toHaveTextContent('Free');
          await clickTab(/Content/);
          expect(screen.getAllByRole('img', { name: 'Locked until you enrol' })).toHaveLength(3);
        },
        enrolling: async () => {
          await waitFor(() =>
            expect(screen.getByTestId('primary-action')).toHaveAttribute('aria-busy', 'true'),
          );
          expect(enrol().last()?.input).toEqual({ courseId: ID });
        },
        enrolFailed: async () => {
          expect(await screen.findByRole('alert')).toHaveTextContent('Failed to enroll in course');
          expect(await primary()).toHaveTextContent('Enrol for free');
        },
        enrolledRefreshing: async () => {
          expect(await primary()).toHaveTextContent('Start the pre-course quiz');
          expect((await screen.findAllByText('Successfully enrolled in free course')).length).toBeGreaterThan(
            0,
          );
          expect(tags()).toContain('sync:refreshing');
        },
        paidInCartLoading: async () => {
          await screen.findByTestId('course-loading');
        },
        paidLoading: async () => {
          await screen.findByTestId('course-loading');
        },
        paidAvailable: async () => {
          expect(await primary()).toHaveTextContent('Add to cart');
          expect(screen.getByTestId('price-sale')).toHaveTextContent('$52');
          expect(screen.queryByTestId('cart-badge')).toBeNull();
        },
        inCart: async () => {
          expect(await primary()).toHaveTextContent('In your cart');
          expect(await screen.findByTestId('cart-badge')).toHaveAccessibleName(/1/);
          expect(ui.app.system.get('cart').getSnapshot().context.items).toEqual([CART_ITEM]);
        },
        purchaseRefreshing: async () => {
          expect(tags()).toContain('sync:refreshing');
          expect(load().calls).toHaveLength(2);
        },
        paidPreQuiz: async () => {
          const link = await primary();
          expect(link).toHaveTextContent('Start the pre-course quiz');
          expect(link).toHaveAttribute('href', '/dashboard/course/pregnancy-care/quiz/pre');
        },
        preQuiz: async () => {
          const link = await primary();
          expect(link).toHaveTextContent('Start the pre-course quiz');
          expect(link).toHaveAttribute('href', `${LEARN_PATH}/quiz/pre`);
        },
        reviewsLoading: async () => {
          await screen.findByTestId('reviews-loading');
          expect(tags()).toContain('reviews:loading');
        },
        reviewsReady: async () => {
          const list = await screen.findByTestId('reviews');
          expect(within(list).getAllByTestId('review')).toHaveLength(5);
          expect(within(screen.getByTestId('reviews-summary')).getByText('4.5')).toBeInTheDocument();
          expect(list).not.toHaveTextContent('noor');
        },
        reviewsPage2: async () => {
          expect(tags()).toContain('reviews:loading');
          expect(reviews().last()?.input).toMatchObject({ page: 2 });
        },
        reviewsReady2: async () => {
          await waitFor(() => expect(screen.getAllByTestId('review')).toHaveLength(2));
          expect(screen.getByRole('button', { name: /Page 2, current page/ })).toBeInTheDocument();
        },
        reviewsPage1Again: async () => {
          expect(tags()).toContain('reviews:loading');
          expect(reviews().calls).toHaveLength(3);
          expect(reviews().last()?.input).toMatchObject({ page: 1 });
        },
        reviewsReady1Again: async () => {
          await waitFor(() => expect(screen.getAllByTestId('review')).toHaveLength(5));
          expect(screen.getByRole('button', { name: /Page 1, current page/ })).toBeInTheDocument();
        },
        reviewsFailed: async () => {
          expect(await screen.findByTestId('reviews-error')).toHaveTextContent('could not load the reviews');
        },
        learningRefreshing: async () => {
          expect(await primary()).toHaveTextContent('Continue learning');
          expect(tags()).toContain('sync:refreshing');
        },
        learningRefreshing2: async () => {
          expect(tags()).toContain('status:learning');
          expect(tags()).toContain('sync:refreshing');
        },
        learningStale: async () => {
          expect(await screen.findByTestId('sync-error')).toHaveTextContent(
            'We could not update this course',
          );
          expect(await primary()).toHaveTextContent('Continue learning');
        },
        learningRetrying: async () => {
          expect(tags()).toContain('sync:refreshing');
        },
        learning: async () => {
          const link = await primary();
          expect(link).toHaveTextContent('Continue learning');
          expect(link).toHaveAttribute('href', lessonUrl(1));
          expect(tags()).not.toContain('sync:refreshing');
        },
        lesson1: async () => {
          await waitFor(() => expect(window.location.pathname).toBe(lessonUrl(1)));
          expect(
            await screen.findByRole('heading', { level: 2, name: 'Lesson title 1' }),
          ).toBeInTheDocument();
          const body = screen.getByTestId('lesson-body');
          expect(within(body).getByText('strong words').tagName).toBe('STRONG');
          expect(within(body).getByText('a stressed one').tagName).toBe('EM');
          expect(body).toHaveTextContent('<b>never HTML</b>');
          expect(body.querySelector('b')).toBeNull();
          expect(within(body).getByRole('complementary', { name: 'Note' })).toBeInTheDocument();
          expect(screen.getByRole('link', { name: /Next lesson/ })).toHaveAttribute('href', lessonUrl(2));
        },
        saving1: async () => {
          await waitFor(() => expect(window.location.pathname).toBe(lessonUrl(2)));
          expect(tags()).toContain('sync:saving');
          expect(course().getSnapshot().context.course?.lessons[0].done).toBe(true);
          expect(lesson().last()?.input).toEqual({ courseId: ID, lessonId: LESSON_IDS[0] });
        },
        saving12: async () => {
          await waitFor(() => expect(window.location.pathname).toBe(lessonUrl(3)));
          expect(course().getSnapshot().context.lessonQueue).toEqual([LESSON_IDS[0], LESSON_IDS[1]]);
        },
        saving2: async () => {
          await waitFor(() =>
            expect(lesson().last()?.input).toEqual({ courseId: ID, lessonId: LESSON_IDS[1] }),
          );
        },
        lesson3: async () => {
          expect(tags()).not.toContain('sync:saving');
          expect(
            await screen.findByRole('heading', { level: 2, name: 'Lesson title 3' }),
          ).toBeInTheDocument();
          expect(screen.getByRole('link', { name: /Previous lesson/ })).toHaveAttribute('href', lessonUrl(2));
        },
        savingLast: async () => {
          await waitFor(() => expect(window.location.pathname).toBe(LEARN_PATH));
          // all lessons ticked at once: the post-course quiz is next
          expect(tags()).toContain('status:postQuiz');
        },
        lessonFailRefreshing: async () => {
          expect(tags()).toContain('sync:refreshing');
          expect(course().getSnapshot().context.error).toEqual({ code: 'LESSON_SAVE_FAILED' });
        },
        lesson2: async () => {
          expect(
            await screen.findByRole('heading', { level: 2, name: 'Lesson title 2' }),
          ).toBeInTheDocument();
          expect(tags()).not.toContain('sync:saving');
          expect(screen.getByTestId('mark-done')).toBeInTheDocument();
        },
        learningList: async () => {
          await waitFor(() => expect(window.location.pathname).toBe(LEARN_PATH));
          expect(await screen.findByTestId('lesson-list')).toHaveAttribute('data-status', 'learning');
          const next = course().getSnapshot().context.course?.progress?.nextLessonId;
          expect(screen.getByTestId('continue')).toHaveAttribute(
            'href',
            lessonUrl(LESSON_IDS.indexOf(next as (typeof LESSON_IDS)[number]) + 1),
          );
          expect(screen.getAllByTestId('lesson-row')).toHaveLength(3);
        },
        markingAll: async () => {
          expect(tags()).toContain('sync:saving');
          expect(all().last()?.input).toEqual({ courseId: ID });
        },
        postQuizList: async () => {
          await waitFor(() => expect(window.location.pathname).toBe(LEARN_PATH));
          const list = await screen.findByTestId('lesson-list');
          await waitFor(() => expect(list).toHaveAttribute('data-status', 'postQuiz'));
          expect(within(screen.getByTestId('next-step')).getByRole('link')).toHaveAttribute(
            'href',
            `${LEARN_PATH}/quiz/post`,
          );
          expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
        },
        completedRefreshing: async () => {
          expect(tags()).toContain('status:completed');
          expect(tags()).toContain('sync:refreshing');
        },
        completedList: async () => {
          await waitFor(() =>
            expect(screen.getByTestId('lesson-list')).toHaveAttribute('data-status', 'completed'),
          );
        },
        completedCourse: async () => {
          await waitFor(() => expect(window.location.pathname).toBe(COURSE_PATH));
          expect(await primary()).toHaveTextContent('Completed (view your results)');
        },
        completedReviewsLoading: async () => {
          await screen.findByTestId('reviews-loading');
        },
        completedReviewsReady: async () => {
          await screen.findByTestId('reviews');
        },
        completedReviewsFailed: async () => {
          await screen.findByTestId('reviews-error');
        },
        reviewEditingAfterFailedList: async () => {
          await screen.findByTestId('review-form');
          expect(tags()).toContain('reviews:failed');
        },
        reviewSavingAfterFailedList: async () => {
          expect(tags()).toContain('feedback:saving');
        },
        reviewSavedListReloading: async () => {
          await screen.findByTestId('review-saved');
          // the public list reads again, now with her review
          expect(tags()).toContain('reviews:loading');
          expect(reviews().calls).toHaveLength(2);
        },
        reviewSavingWithList: async () => {
          expect(tags()).toContain('feedback:saving');
          expect(tags()).toContain('reviews:ready');
        },
        reviewSavedWithList: async () => {
          await screen.findByTestId('review-saved');
          expect(tags()).toContain('reviews:loading');
          expect(reviews().calls).toHaveLength(2);
        },
        reviewEditing: async () => {
          await waitFor(() => expect(window.location.pathname).toBe(`${LEARN_PATH}/complete`));
          expect(await screen.findByTestId('gain-sentence')).toHaveTextContent(
            'You answered 2 of 5 before and 5 of 5 now',
          );
          expect(screen.getByTestId('gain-change')).toHaveTextContent('That is 3 more correct answers');
          expect(screen.getByText('Name the four phases')).toBeInTheDocument();
          expect(screen.getByTestId('review-counter')).toHaveTextContent('0 / 2,000 characters');
          expect(tags()).toContain('feedback:editing');
        },
        reviewRatingError: async () => {
          expect(await screen.findByTestId('rating-error')).toHaveTextContent('Please choose a rating');
          expect(save().calls).toHaveLength(0);
        },
        reviewRated: async () => {
          await waitFor(() => expect(course().getSnapshot().context.draft.rating).toBe(5));
          expect(screen.queryByTestId('rating-error')).toBeNull();
        },
        reviewTyped: async () => {
          expect(tags()).toContain('feedback:editing');
          const text = course().getSnapshot().context.draft.text;
          expect(screen.getByTestId('review-counter')).toHaveTextContent(`${text.length} / 2,000 characters`);
        },
        reviewSaving: async () => {
          expect(tags()).toContain('feedback:saving');
          expect(save().last()?.input).toMatchObject({ userId: 'u1', courseId: ID });
        },
        reviewFailed: async () => {
          expect(await screen.findByTestId('review-error')).toHaveTextContent(
            'Your review could not be saved',
          );
        },
        reviewSaved: async () => {
          expect(await screen.findByTestId('review-saved')).toHaveTextContent('Your review was saved');
          expect(screen.getByTestId('review-save')).toBeDisabled();
          expect(screen.getByTestId('review-save')).toHaveTextContent('Update review');
        },
        reviewOnFile: async () => {
          // her earlier review, ready to change; the thank-you is only for a save on this visit
          await waitFor(() => expect(screen.getByTestId('review-save')).toBeDisabled());
          expect(screen.getByTestId('review-save')).toHaveTextContent('Update review');
          expect(tags()).toContain('feedback:saved');
          expect(screen.queryByTestId('review-saved')).toBeNull();
        },
        lessonsLoading: async () => {
          await screen.findByTestId('course-loading');
          expect(course().getSnapshot().context.requires).toBe('enrolment');
        },
        sentToCoursePage: async () => {
          await waitFor(() => expect(window.location.pathname).toBe(COURSE_PATH));
          expect(await primary()).toHaveTextContent('Enrol for free');
          expect(sentTo).toEqual([{ courseId: ID }]);
          // the course page opened the same course: it stays, and nothing loads again
          expect(course().getSnapshot().context.requires).toBeNull();
          expect(load().calls).toHaveLength(1);
        },
        sentBackToCoursePage: async () => {
          await waitFor(() => expect(window.location.pathname).toBe(COURSE_PATH));
          expect(await primary()).toHaveTextContent('Enrol for free');
          expect(sentTo).toEqual([{ courseId: ID }, { courseId: ID }]);
          expect(load().calls).toHaveLength(1);
        },
        completionLoading: async () => {
          await screen.findByTestId('course-loading');
        },
      },
    },
    30_000,
  );

  it('covers every state and transition of the real course lifecycle machine', () => {
    // transient routing states: entered whenever one of their eventless transitions was taken
    for (const id of ['courseLifecycle.course.ready.status.routing', 'courseLifecycle.feedback.routing']) {
      if ([...coverage.transitions].some((t) => t.startsWith(`${id} --always#`))) coverage.states.add(id);
    }
    console.log(coverage.report());
    expect(coverage.missing()).toEqual({ states: [], transitions: [] });
  });
});
