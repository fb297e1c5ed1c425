import { describe, expect, it } from 'vitest';
import { type AnyActorLogic, createActor, setup } from 'xstate';
import type { MemberCourseDetail } from '../../contract/learning';
import { cartMachine } from '../../machines/cart';
import {
  COURSE_NOTICES,
  type CourseEmitted,
  courseLifecycleMachine,
  draftProblem,
  withLessonDone,
} from '../../machines/courseLifecycle';
import { controlledActor } from '../support/stub-actors';
import {
  ENROLMENT,
  LESSON_IDS,
  memberCourse,
  progressOf,
  publicCourse,
  REVIEW,
  reviewsPage,
} from '../views/course-fixtures';

const tick = () => new Promise((r) => setTimeout(r, 0));

function start() {
  const load = controlledActor<MemberCourseDetail, { courseId: string; userId: string | null }>();
  const enrol = controlledActor<typeof ENROLMENT, { courseId: string }>();
  const lesson = controlledActor<ReturnType<typeof progressOf>, { courseId: string; lessonId: string }>();
  const all = controlledActor<ReturnType<typeof progressOf>, { courseId: string }>();
  const reviews = controlledActor<
    ReturnType<typeof reviewsPage>,
    { courseId: string; page: number; limit: number }
  >();
  const save = controlledActor<
    typeof REVIEW,
    { userId: string; courseId: string; rating: number; text: string }
  >();
  const logins: string[] = [];
  const coursePages: string[] = [];
  const lifecycle = courseLifecycleMachine.provide({
    actors: {
      loadCourse: load.logic,
      enrolFree: enrol.logic,
      markLessonDone: lesson.logic,
      markAllDone: all.logic,
      loadReviews: reviews.logic,
      saveReview: save.logic,
    },
    actions: {
      goToLogin: (_, p) => void logins.push(p.next),
      goToCoursePage: (_, p) => void coursePages.push(p.courseId),
    },
  });
  // the root as in the app: the cart and the course lifecycle under their system ids
  const root = setup({
    actors: {
      cart: cartMachine.provide({ actions: { persistCart: () => {} } }) as AnyActorLogic,
      course: lifecycle,
    },
  }).createMachine({
    invoke: [
      { src: 'cart', systemId: 'cart', input: { stored: null } },
      { src: 'course', systemId: 'courseLifecycle' },
    ],
  });
  const app = createActor(root).start();
  const actor = app.system.get('courseLifecycle') as ReturnType<typeof createActor<typeof lifecycle>>;
  const cart = app.system.get('cart') as ReturnType<typeof createActor<typeof cartMachine>>;
  const emitted: CourseEmitted[] = [];
  for (const type of Object.values(COURSE_NOTICES))
    actor.on(type, (e) => void emitted.push(e as CourseEmitted));
  const snap = () => actor.getSnapshot();
  const tags = () => [...snap().tags].sort();
  const status = () => [...snap().tags].find((t) => t.startsWith('status:'));
  return {
    actor,
    cart,
    load,
    enrol,
    lesson,
    all,
    reviews,
    save,
    logins,
    coursePages,
    emitted,
    snap,
    tags,
    status,
  };
}

async function openAs(t: ReturnType<typeof start>, course: MemberCourseDetail, userId: string | null = 'u1') {
  t.actor.send({ type: 'course.open', courseId: course.id, userId });
  await t.load.resolve(course);
}

describe('course lifecycle: loading', () => {
  it('starts idle, loads the public view for a visitor and the member view for a member', async () => {
    const t = start();
    expect(t.status()).toBe('status:idle');
    t.actor.send({ type: 'course.open', courseId: 'menstrual-cycle', userId: null });
    expect(t.status()).toBe('status:loading');
    expect(t.load.last()?.input).toEqual({ courseId: 'menstrual-cycle', userId: null });
    await t.load.resolve(memberCourse(null));
    expect(t.status()).toBe('status:notEnrolled');
    expect(t.snap().matches({ course: { ready: { status: { notEnrolled: 'available' } } } })).toBe(true);

    // she signs in: the same course opens again in the member view
    t.actor.send({ type: 'course.open', courseId: 'menstrual-cycle', userId: 'u1' });
    expect(t.status()).toBe('status:loading');
    expect(t.load.last()?.input).toEqual({ courseId: 'menstrual-cycle', userId: 'u1' });
  });

  it.each([
    ['pre_quiz', 'status:preQuiz'],
    ['learning', 'status:learning'],
    ['post_quiz', 'status:postQuiz'],
    ['completed', 'status:completed'],
  ] as const)('derives the state from progress.status %s', async (status, tag) => {
    const t = start();
    await openAs(t, memberCourse(status));
    expect(t.status()).toBe(tag);
  });

  it('ignores opening the same course for the same member again', async () => {
    const t = start();
    await openAs(t, memberCourse('learning'));
    t.actor.send({ type: 'course.open', courseId: 'menstrual-cycle', userId: 'u1' });
    expect(t.load.calls).toHaveLength(1);
    expect(t.status()).toBe('status:learning');
    // another course replaces it and cancels nothing it should keep
    t.actor.send({ type: 'course.open', courseId: 'pcos-basics', userId: 'u1' });
    expect(t.load.calls).toHaveLength(2);
    expect(t.snap().context.course).toBeNull();
  });

  it('fails with the code, retries, and says not found for COURSE_NOT_FOUND', async () => {
    const t = start();
    t.actor.send({ type: 'course.open', courseId: 'menstrual-cycle', userId: 'u1' });
    await t.load.reject({ code: 'NETWORK_ERROR' });
    expect(t.status()).toBe('status:failed');
    expect(t.snap().context.error).toEqual({ code: 'NETWORK_ERROR' });
    // opening the same failed course again tries again
    t.actor.send({ type: 'course.open', courseId: 'menstrual-cycle', userId: 'u1' });
    expect(t.status()).toBe('status:loading');
    await t.load.reject({ code: 'SERVER_ERROR' });
    t.actor.send({ type: 'course.retry' });
    expect(t.status()).toBe('status:loading');
    expect(t.snap().context.error).toBeNull();
    await t.load.reject({ code: 'COURSE_NOT_FOUND' });
    expect(t.status()).toBe('status:notFound');
  });

  it('reloads in the new language: while loading, when failed, and in the background when ready', async () => {
    const t = start();
    t.actor.send({ type: 'course.open', courseId: 'menstrual-cycle', userId: 'u1' });
    const first = t.load.last()!;
    t.actor.send({ type: 'course.localeChanged' });
    expect(first.signal.aborted).toBe(true);
    expect(t.load.calls).toHaveLength(2);
    await t.load.reject({ code: 'SERVER_ERROR' });
    t.actor.send({ type: 'course.localeChanged' });
    expect(t.status()).toBe('status:loading');
    await t.load.resolve(memberCourse('learning'));
    t.actor.send({ type: 'course.localeChanged' });
    // the page stays as it is while the new texts come
    expect(t.status()).toBe('status:learning');
    expect(t.tags()).toContain('sync:refreshing');
    t.actor.send({ type: 'course.localeChanged' });
    expect(t.load.calls).toHaveLength(5);
    await t.load.resolve({ ...memberCourse('learning'), title: 'دورتكِ الشهرية' });
    expect(t.snap().context.course?.title).toBe('دورتكِ الشهرية');
    expect(t.tags()).not.toContain('sync:refreshing');
  });

  it('keeps the course when a refresh fails, with REFRESH_FAILED until a refresh succeeds', async () => {
    const t = start();
    await openAs(t, memberCourse('learning'));
    t.actor.send({ type: 'course.refresh' });
    await t.load.reject({ code: 'NETWORK_ERROR' });
    expect(t.status()).toBe('status:learning');
    expect(t.snap().context.error).toEqual({ code: 'REFRESH_FAILED' });
    t.actor.send({ type: 'course.refresh' });
    expect(t.snap().context.error).toEqual({ code: 'REFRESH_FAILED' });
    await t.load.resolve(memberCourse('learning'));
    expect(t.snap().context.error).toBeNull();
  });
});

describe('course lifecycle: enrolling', () => {
  it('sends a visitor to sign in and come back, without enrolling', async () => {
    const t = start();
    await openAs(t, memberCourse(null), null);
    t.actor.send({ type: 'course.enrol' });
    expect(t.logins).toEqual(['/courses/menstrual-cycle']);
    expect(t.enrol.calls).toHaveLength(0);
    expect(t.status()).toBe('status:notEnrolled');
  });

  it('enrols a member in a free course: enrolling → pre-quiz, tells it, then reads the member view', async () => {
    const t = start();
    await openAs(t, memberCourse(null));
    t.actor.send({ type: 'course.enrol' });
    expect(t.tags()).toEqual(['busy:enrolling', 'feedback:editing', 'reviews:idle', 'status:notEnrolled']);
    expect(t.enrol.last()?.input).toEqual({ courseId: 'menstrual-cycle' });
    await t.enrol.resolve(ENROLMENT);
    expect(t.status()).toBe('status:preQuiz');
    expect(t.emitted).toEqual([{ type: 'course.enrolled', courseId: 'menstrual-cycle' }]);
    expect(t.snap().context.course?.progress?.status).toBe('pre_quiz');
    // the lesson bodies and quizzes come with the next read
    expect(t.tags()).toContain('sync:refreshing');
    expect(t.load.calls).toHaveLength(2);
    await t.load.resolve(memberCourse('pre_quiz'));
    expect(t.status()).toBe('status:preQuiz');
    expect(t.snap().context.course?.lessons[0].body.length).toBeGreaterThan(0);
  });

  it('keeps her not enrolled with ENROL_FAILED when it fails', async () => {
    const t = start();
    await openAs(t, memberCourse(null));
    t.actor.send({ type: 'course.enrol' });
    await t.enrol.reject({ code: 'SERVER_ERROR' });
    expect(t.snap().matches({ course: { ready: { status: { notEnrolled: 'available' } } } })).toBe(true);
    expect(t.snap().context.error).toEqual({ code: 'ENROL_FAILED' });
    expect(t.emitted).toEqual([{ type: 'course.enrolFailed', error: { code: 'SERVER_ERROR' } }]);
    // a second try clears it
    t.actor.send({ type: 'course.enrol' });
    expect(t.snap().context.error).toBeNull();
  });

  it('puts a paid course in the root cart (cents), knows it is there, and follows the cart', async () => {
    const t = start();
    await openAs(t, memberCourse(null, { paid: true }));
    t.actor.send({ type: 'course.enrol' }); // no free enrolment for a paid course
    expect(t.enrol.calls).toHaveLength(0);
    t.actor.send({ type: 'course.addToCart' });
    expect(t.tags()).toContain('cart:in');
    await tick();
    expect(t.cart.getSnapshot().context.items).toEqual([
      { id: 'pregnancy-care', price: 6500, sale_price: 5200, title: 'Pregnancy care' },
    ]);
    expect(t.cart.getSnapshot().context.itemCount).toBe(1);
    // removed from the cart elsewhere: Add to cart again
    t.cart.send({ type: 'cart.remove', id: 'pregnancy-care' });
    await tick();
    expect(t.tags()).not.toContain('cart:in');
    expect(t.snap().context.inCart).toBe(false);
    // added elsewhere (or on an earlier visit): in the cart
    t.cart.send({ type: 'cart.add', item: { id: 'pregnancy-care', price: 6500, sale_price: 5200 } });
    await tick();
    expect(t.tags()).toContain('cart:in');
  });

  it('opens a paid course already in the cart as in the cart; a free course never goes to the cart', async () => {
    const t = start();
    t.cart.send({ type: 'cart.add', item: { id: 'pregnancy-care', price: 6500 } });
    await openAs(t, memberCourse(null, { paid: true }));
    await tick();
    expect(t.tags()).toContain('cart:in');

    const u = start();
    await openAs(u, memberCourse(null));
    u.actor.send({ type: 'course.addToCart' });
    expect(u.cart.getSnapshot().context.itemCount).toBe(0);
    expect(u.tags()).not.toContain('cart:in');
  });

  it('a completed purchase reads the course again and she is enrolled; another course’s purchase is ignored', async () => {
    const t = start();
    await openAs(t, memberCourse(null, { paid: true }));
    t.actor.send({ type: 'course.purchased', courseIds: ['menopause-care'] });
    expect(t.load.calls).toHaveLength(1);
    t.actor.send({ type: 'course.purchased', courseIds: ['pregnancy-care'] });
    expect(t.load.calls).toHaveLength(2);
    await t.load.resolve(memberCourse('pre_quiz', { paid: true }));
    expect(t.status()).toBe('status:preQuiz');
    t.actor.send({ type: 'course.purchased' });
    expect(t.load.calls).toHaveLength(3);
  });
});

describe('course lifecycle: the learning screens need an enrolment', () => {
  const fromLearningScreen = {
    type: 'course.open',
    courseId: 'menstrual-cycle',
    userId: 'u1',
    requires: 'enrolment',
  } as const;
  const fromCoursePage = { type: 'course.open', courseId: 'menstrual-cycle', userId: 'u1' } as const;

  it('sends a member who is not enrolled from a learning screen to the course page, once it has loaded', async () => {
    const t = start();
    t.actor.send(fromLearningScreen);
    expect(t.snap().context.requires).toBe('enrolment');
    expect(t.coursePages).toEqual([]);
    await t.load.resolve(memberCourse(null));
    expect(t.status()).toBe('status:notEnrolled');
    expect(t.coursePages).toEqual(['menstrual-cycle']);
    // the course page opens the same course: nothing to load, and she stays there
    t.actor.send(fromCoursePage);
    expect(t.load.calls).toHaveLength(1);
    expect(t.snap().context.requires).toBeNull();
    t.actor.send({ type: 'course.refresh' });
    await t.load.resolve(memberCourse(null));
    expect(t.coursePages).toEqual(['menstrual-cycle']);
  });

  it('never sends her away from the course page; a learning screen opened after it does', async () => {
    const t = start();
    await openAs(t, memberCourse(null));
    expect(t.coursePages).toEqual([]);
    t.actor.send(fromLearningScreen);
    expect(t.load.calls).toHaveLength(1);
    expect(t.coursePages).toEqual(['menstrual-cycle']);
    expect(t.status()).toBe('status:notEnrolled');
  });

  it('a learning screen opened while the course page still loads the course waits for it', async () => {
    const t = start();
    t.actor.send(fromCoursePage);
    t.actor.send(fromLearningScreen);
    expect(t.load.calls).toHaveLength(1);
    await t.load.resolve(memberCourse(null));
    expect(t.coursePages).toEqual(['menstrual-cycle']);
  });

  it('leaves an enrolled member on the learning screen; another course she is not enrolled in is sent on', async () => {
    const t = start();
    t.actor.send(fromLearningScreen);
    await t.load.resolve(memberCourse('learning'));
    expect(t.status()).toBe('status:learning');
    t.actor.send(fromLearningScreen);
    expect(t.coursePages).toEqual([]);
    // another course's learning screen, not enrolled there: to that course's page
    t.actor.send({ ...fromLearningScreen, courseId: 'pcos-basics' });
    await t.load.resolve({ ...memberCourse(null), id: 'pcos-basics' });
    expect(t.coursePages).toEqual(['pcos-basics']);
  });
});

describe('course lifecycle: quizzes and lessons', () => {
  it('moves pre-quiz → learning and post-quiz → completed when a quiz is submitted', async () => {
    const t = start();
    await openAs(t, memberCourse('pre_quiz'));
    // another course's quiz changes nothing
    t.actor.send({ type: 'course.quizSubmitted', progress: progressOf('learning', [], 'pcos-basics') });
    expect(t.status()).toBe('status:preQuiz');
    t.actor.send({ type: 'course.quizSubmitted', progress: progressOf('learning') });
    expect(t.status()).toBe('status:learning');
    expect(t.tags()).toContain('sync:refreshing');
    await t.load.resolve(memberCourse('post_quiz'));
    expect(t.status()).toBe('status:postQuiz');
    t.actor.send({ type: 'course.quizSubmitted', progress: progressOf('completed', [...LESSON_IDS]) });
    expect(t.status()).toBe('status:completed');
    expect(t.snap().context.course?.enrolment?.status).toBe('completed');
  });

  it('ticks a lesson at once, then takes the server’s progress; queues a second one', async () => {
    const t = start();
    await openAs(t, memberCourse('learning'));
    // not in pre-quiz, not twice, not an unknown lesson
    t.actor.send({ type: 'course.lessonDone', lessonId: 'nope' });
    expect(t.lesson.calls).toHaveLength(0);
    t.actor.send({ type: 'course.lessonDone', lessonId: 'what-happens' });
    expect(t.tags()).toContain('sync:saving');
    const c = () => t.snap().context.course!;
    expect(c().lessons[0].done).toBe(true);
    expect(c().progress).toMatchObject({ done: 1, percent: 33, nextLessonId: 'tracking' });
    t.actor.send({ type: 'course.lessonDone', lessonId: 'what-happens' });
    t.actor.send({ type: 'course.lessonDone', lessonId: 'tracking' });
    expect(t.snap().context.lessonQueue).toEqual(['what-happens', 'tracking']);
    expect(c().progress?.done).toBe(2);
    await t.lesson.resolve(progressOf('learning', ['what-happens']));
    expect(t.lesson.calls).toHaveLength(2);
    expect(t.lesson.last()?.input).toEqual({ courseId: 'menstrual-cycle', lessonId: 'tracking' });
    expect(c().progress?.done).toBe(2); // the queued tick stays
    await t.lesson.resolve(progressOf('learning', ['what-happens', 'tracking']));
    expect(t.tags()).not.toContain('sync:saving');
    expect(c().progress?.nextLessonId).toBe('when-to-ask');
  });

  it('the last lesson moves her to the post-quiz at once; a failed save takes the tick back', async () => {
    const t = start();
    await openAs(t, memberCourse('learning', { done: ['what-happens', 'tracking'] }));
    t.actor.send({ type: 'course.lessonDone', lessonId: 'when-to-ask' });
    expect(t.status()).toBe('status:postQuiz');
    await t.lesson.reject({ code: 'NETWORK_ERROR' });
    expect(t.snap().context.error).toEqual({ code: 'LESSON_SAVE_FAILED' });
    expect(t.tags()).toContain('sync:refreshing');
    await t.load.resolve(memberCourse('learning', { done: ['what-happens', 'tracking'] }));
    expect(t.status()).toBe('status:learning');
    expect(t.snap().context.course?.lessons[2].done).toBe(false);
  });

  it('marks every lesson done with mark-complete-all, or says it failed', async () => {
    const t = start();
    await openAs(t, memberCourse('pre_quiz'));
    t.actor.send({ type: 'course.markAllDone' });
    expect(t.all.calls).toHaveLength(0);
    t.actor.send({ type: 'course.lessonDone', lessonId: 'what-happens' });
    expect(t.lesson.calls).toHaveLength(0);

    const u = start();
    await openAs(u, memberCourse('learning'));
    u.actor.send({ type: 'course.markAllDone' });
    expect(u.tags()).toContain('sync:saving');
    await u.all.reject({ code: 'SERVER_ERROR' });
    expect(u.snap().context.error).toEqual({ code: 'LESSON_SAVE_FAILED' });
    u.actor.send({ type: 'course.markAllDone' });
    expect(u.snap().context.error).toBeNull();
    await u.all.resolve(progressOf('post_quiz', [...LESSON_IDS]));
    expect(u.status()).toBe('status:postQuiz');
    expect(u.snap().context.course?.lessons.every((l) => l.done)).toBe(true);
  });

  it('computes optimistic progress only for known, new lessons', () => {
    const p = progressOf('learning', ['tracking']);
    expect(withLessonDone(p, [...LESSON_IDS], 'tracking')).toBe(p);
    expect(withLessonDone(p, [...LESSON_IDS], 'zzz')).toBe(p);
    expect(withLessonDone(p, [...LESSON_IDS], 'what-happens')).toMatchObject({
      completedLessonIds: ['what-happens', 'tracking'],
      done: 2,
      percent: 67,
      nextLessonId: 'when-to-ask',
      status: 'learning',
    });
  });
});

describe('course lifecycle: reviews', () => {
  it('loads reviews page by page, fails and retries', async () => {
    const t = start();
    t.actor.send({ type: 'course.reviewsPage', page: 1 }); // no course open: nothing
    expect(t.reviews.calls).toHaveLength(0);
    await openAs(t, memberCourse(null), null);
    expect(t.tags()).toContain('reviews:idle');
    t.actor.send({ type: 'course.reviewsPage', page: 1 });
    expect(t.tags()).toContain('reviews:loading');
    // the other regions stay where they are
    expect(t.status()).toBe('status:notEnrolled');
    t.actor.send({ type: 'course.reviewsPage', page: 1 });
    expect(t.reviews.calls).toHaveLength(2);
    expect(t.reviews.calls[0].signal.aborted).toBe(true);
    expect(t.reviews.last()?.input).toEqual({ courseId: 'menstrual-cycle', page: 1, limit: 5 });
    await t.reviews.resolve(reviewsPage(1));
    expect(t.tags()).toContain('reviews:ready');
    t.actor.send({ type: 'course.reviewsPage', page: 2 });
    expect(t.reviews.last()?.input.page).toBe(2);
    await t.reviews.reject({ code: 'NETWORK_ERROR' });
    expect(t.tags()).toContain('reviews:failed');
    expect(t.snap().context.reviewsError).toEqual({ code: 'NETWORK_ERROR' });
    t.actor.send({ type: 'course.reviewsRetry' });
    expect(t.reviews.last()?.input.page).toBe(2);
    await t.reviews.resolve(reviewsPage(2));
    expect(t.snap().context.reviews?.page).toBe(2);
  });
});

describe('course lifecycle: her review', () => {
  it('starts saved with her review, edits, refuses a missing rating or a long text, saves', async () => {
    const t = start();
    await openAs(t, memberCourse('completed', { review: REVIEW }));
    expect(t.tags()).toContain('feedback:saved');
    expect(t.snap().context.draft).toEqual({ rating: 4, text: 'Clear and kind.' });
    t.actor.send({ type: 'course.reviewTextChanged', text: 'x'.repeat(2001) });
    expect(t.tags()).toContain('feedback:editing');
    t.actor.send({ type: 'course.saveReview' });
    expect(t.snap().context.feedbackError).toEqual({ code: 'REVIEW_TOO_LONG' });
    t.actor.send({ type: 'course.reviewTextChanged', text: '  Helpful.  ' });
    t.actor.send({ type: 'course.ratingChanged', rating: 0 });
    t.actor.send({ type: 'course.saveReview' });
    expect(t.snap().context.feedbackError).toEqual({ code: 'RATING_REQUIRED' });
    t.actor.send({ type: 'course.ratingChanged', rating: 5 });
    expect(t.snap().context.feedbackError).toBeNull();
    // the public list is open: it reads again after the save
    t.actor.send({ type: 'course.reviewsPage', page: 1 });
    await t.reviews.resolve(reviewsPage(1));
    t.actor.send({ type: 'course.saveReview' });
    expect(t.tags()).toContain('feedback:saving');
    expect(t.save.last()?.input).toEqual({
      userId: 'u1',
      courseId: 'menstrual-cycle',
      rating: 5,
      text: 'Helpful.',
    });
    await t.save.resolve({ ...REVIEW, rating: 5, text: 'Helpful.' });
    expect(t.tags()).toContain('feedback:saved');
    expect(t.snap().context.course?.myReview?.rating).toBe(5);
    expect(t.emitted).toContainEqual({ type: 'course.reviewSaved', courseId: 'menstrual-cycle' });
    expect(t.reviews.calls).toHaveLength(2);
    // a rating change from saved edits again
    t.actor.send({ type: 'course.ratingChanged', rating: 3 });
    expect(t.tags()).toContain('feedback:editing');
  });

  it('fails with its code, edits back from failed, and saves again from failed', async () => {
    const t = start();
    await openAs(t, memberCourse('completed'));
    expect(t.tags()).toContain('feedback:editing');
    t.actor.send({ type: 'course.ratingChanged', rating: 4 });
    t.actor.send({ type: 'course.saveReview' });
    await t.save.reject({ code: 'SERVER_ERROR' });
    expect(t.tags()).toContain('feedback:failed');
    expect(t.snap().context.feedbackError).toEqual({ code: 'SERVER_ERROR' });
    t.actor.send({ type: 'course.saveReview' });
    expect(t.tags()).toContain('feedback:saving');
    await t.save.reject({ code: 'REVIEW_NOT_ALLOWED' });
    t.actor.send({ type: 'course.reviewTextChanged', text: 'Better now' });
    expect(t.tags()).toContain('feedback:editing');
    expect(t.snap().context.feedbackError).toBeNull();
    t.actor.send({ type: 'course.saveReview' });
    await t.save.reject({ code: 'SERVER_ERROR' });
    t.actor.send({ type: 'course.ratingChanged', rating: 2 });
    expect(t.tags()).toContain('feedback:editing');
  });

  it('does not save before the course is completed', async () => {
    const t = start();
    await openAs(t, memberCourse('learning'));
    t.actor.send({ type: 'course.ratingChanged', rating: 5 });
    t.actor.send({ type: 'course.saveReview' });
    expect(t.save.calls).toHaveLength(0);
    expect(t.tags()).toContain('feedback:editing');
  });

  it('checks a draft like the server does', () => {
    expect(draftProblem({ rating: 0, text: '' })).toBe('RATING_REQUIRED');
    expect(draftProblem({ rating: 6, text: '' })).toBe('RATING_REQUIRED');
    expect(draftProblem({ rating: 1, text: 'x'.repeat(2000) })).toBeNull();
    expect(draftProblem({ rating: 5, text: 'x'.repeat(2001) })).toBe('REVIEW_TOO_LONG');
  });
});

describe('course lifecycle: public view', () => {
  it('is shaped like the member view with no enrolment', async () => {
    const { asMemberView } = await import('../../src/api/course');
    const view = asMemberView(publicCourse());
    expect(view.enrolment).toBeNull();
    expect(view.progress).toBeNull();
    expect(view.lessons.every((l) => l.body.length === 0 && !l.done)).toBe(true);
    expect(view.questionCounts).toEqual({ pre: 5, post: 5 });
  });
});
