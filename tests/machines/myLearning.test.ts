import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { MyReview } from '../../contract/learning';
import {
  courseToContinue,
  type LearningList,
  type LoadedLists,
  myLearningMachine,
  nextPlace,
  reviewSave,
} from '../../machines/myLearning';
import { ENROLLED, REVIEWS, SCORES } from '../support/learning-fixtures';
import { answers } from '../support/stub-actors';

const flush = () => new Promise((r) => setTimeout(r, 0));

function start(list: LearningList, load: () => Promise<LoadedLists>, save?: () => Promise<MyReview>) {
  const saves: unknown[] = [];
  const actor = createActor(
    myLearningMachine.provide({
      actors: {
        loadList: answers(load),
        saveReview: answers((input) => {
          saves.push(input);
          return save ? save() : Promise.reject({ code: 'NETWORK_ERROR' });
        }),
      },
    }),
    { input: { list, userId: 'u1' } },
  ).start();
  return { actor, saves, snap: () => actor.getSnapshot() };
}

describe('nextPlace: where Continue leads', () => {
  const base = ENROLLED[0];
  const at = (status: (typeof base)['progress']['status'], nextLessonId: string | null = 'l2') =>
    nextPlace({ ...base, progress: { ...base.progress, status, nextLessonId } });
  it('follows her status in the course', () => {
    expect(at('pre_quiz')).toBe('/dashboard/course/menstrual-cycle/quiz/pre');
    expect(at('learning')).toBe('/dashboard/course/menstrual-cycle/lesson/l2');
    expect(at('learning', null)).toBe('/dashboard/course/menstrual-cycle');
    expect(at('post_quiz')).toBe('/dashboard/course/menstrual-cycle/quiz/post');
    expect(at('completed')).toBe('/dashboard/course/menstrual-cycle/complete');
  });
});

describe('courseToContinue: the dashboard home\'s "continue where you left off"', () => {
  const [learning, done] = ENROLLED;
  const later = {
    ...learning,
    course: { ...learning.course, id: 'pcos-basics' },
    progress: { ...learning.progress, status: 'pre_quiz' as const },
    lastActivityAt: '2026-11-05T09:00:00.000Z',
  };
  it('is the unfinished course she worked on last, whatever the order of the list', () => {
    expect(courseToContinue([learning, later])).toBe(later);
    expect(courseToContinue([later, learning])).toBe(later);
    expect(courseToContinue([{ ...done, lastActivityAt: '2026-12-01T00:00:00.000Z' }, learning])).toBe(
      learning,
    );
  });
  it('is nothing when every course is finished, or there are none', () => {
    expect(courseToContinue([done])).toBeNull();
    expect(courseToContinue([])).toBeNull();
  });
});

describe('myLearning machine', () => {
  it('loads her list and is ready, or empty when there is nothing', async () => {
    const courses = start('courses', async () => ({ courses: ENROLLED }));
    expect(courses.snap().hasTag('step:loading')).toBe(true);
    await flush();
    expect(courses.snap().matches({ ready: 'idle' })).toBe(true);
    expect(courses.snap().context.courses).toEqual(ENROLLED);
    const scores = start('scores', async () => ({ scores: [] }));
    await flush();
    expect(scores.snap().value).toBe('empty');
    const withScores = start('scores', async () => ({ scores: SCORES }));
    await flush();
    expect(withScores.snap().hasTag('step:ready')).toBe(true);
  });

  it('reads her list again when told it may have changed; not while a review is being saved', async () => {
    let offline = true;
    const { actor, snap } = start(
      'courses',
      async () => (offline ? { courses: ENROLLED.slice(0, 1), fromDevice: true } : { courses: ENROLLED }),
      () => new Promise<MyReview>(() => {}),
    );
    await flush();
    expect(snap().matches({ ready: 'idle' })).toBe(true);
    expect(snap().context).toMatchObject({ courses: ENROLLED.slice(0, 1), fromDevice: true });
    // retry is for a failure only
    actor.send({ type: 'myLearning.retry' });
    expect(snap().matches({ ready: 'idle' })).toBe(true);
    offline = false;
    actor.send({ type: 'myLearning.refresh' });
    expect(snap().value).toBe('loading');
    await flush();
    expect(snap().context).toMatchObject({ courses: ENROLLED, fromDevice: false });
    actor.send({ type: 'myLearning.saveReview', review: { courseId: 'c', rating: 5 } });
    actor.send({ type: 'myLearning.refresh' });
    expect(snap().matches({ ready: 'saving' })).toBe(true);
  });

  it('a failed list is read again by a refresh as by a retry', async () => {
    let fail = true;
    const { actor, snap } = start('scores', async () => {
      if (fail) throw { code: 'NETWORK_ERROR' };
      return { scores: SCORES };
    });
    await flush();
    expect(snap().value).toBe('failed');
    fail = false;
    actor.send({ type: 'myLearning.refresh' });
    expect(snap().value).toBe('loading');
    await flush();
    expect(snap().matches('ready')).toBe(true);
  });

  it('fails with a code and retries', async () => {
    let fail = true;
    const { actor, snap } = start('reviews', async () => {
      if (fail) throw { code: 'SERVER_ERROR' };
      return { reviews: REVIEWS };
    });
    await flush();
    expect(snap().value).toBe('failed');
    expect(snap().context.error).toEqual({ code: 'SERVER_ERROR' });
    fail = false;
    actor.send({ type: 'myLearning.retry' });
    expect(snap().value).toBe('loading');
    await flush();
    expect(snap().matches('ready')).toBe(true);
  });

  it('saves a review, shows it saved, then can save again or settle', async () => {
    const saved: MyReview = {
      ...REVIEWS[0],
      rating: 5,
      text: 'Even better',
      updatedAt: '2026-11-22T10:00:00.000Z',
    };
    const { actor, saves, snap } = start(
      'reviews',
      async () => ({ reviews: REVIEWS }),
      async () => saved,
    );
    await flush();
    const review = { courseId: 'menopause-care', rating: 5, text: 'Even better' };
    actor.send({ type: 'myLearning.saveReview', review });
    expect(snap().matches({ ready: 'saving' })).toBe(true);
    expect(snap().context.reviewCourseId).toBe('menopause-care');
    await flush();
    expect(saves).toEqual([{ userId: 'u1', review }]);
    expect(snap().matches({ ready: 'saved' })).toBe(true);
    expect(snap().context.reviews).toEqual([saved]);
    actor.send({ type: 'myLearning.saveReview', review });
    expect(snap().matches({ ready: 'saving' })).toBe(true);
    await flush();
    actor.send({ type: 'myLearning.dismiss' });
    expect(snap().matches({ ready: 'idle' })).toBe(true);
  });

  it('a failed save keeps the list and the code; she can try again or cancel', async () => {
    const { actor, saves, snap } = start('reviews', async () => ({ reviews: REVIEWS }));
    await flush();
    actor.send({ type: 'myLearning.saveReview', review: { courseId: 'menopause-care', rating: 2 } });
    await flush();
    expect(snap().matches({ ready: 'saveFailed' })).toBe(true);
    expect(snap().context.saveError).toEqual({ code: 'NETWORK_ERROR' });
    expect(snap().context.reviews).toEqual(REVIEWS);
    actor.send({ type: 'myLearning.saveReview', review: { courseId: 'menopause-care', rating: 3 } });
    expect(snap().context.saveError).toBeNull();
    await flush();
    expect(saves).toHaveLength(2);
    actor.send({ type: 'myLearning.dismiss' });
    expect(snap().matches({ ready: 'idle' })).toBe(true);
    expect(snap().context.saveError).toBeNull();
  });

  it("reviewSave: where saving one course's review stands, for its editor only", async () => {
    const { actor, snap } = start('reviews', async () => ({ reviews: REVIEWS }));
    await flush();
    expect(reviewSave(snap(), 'menopause-care')).toBeNull();
    actor.send({ type: 'myLearning.saveReview', review: { courseId: 'menopause-care', rating: 2 } });
    expect(reviewSave(snap(), 'menopause-care')).toBe('saving');
    expect(reviewSave(snap(), 'another-course')).toBeNull();
    await flush();
    expect(reviewSave(snap(), 'menopause-care')).toBe('failed');
    actor.send({ type: 'myLearning.dismiss' });
    expect(reviewSave(snap(), 'menopause-care')).toBeNull();
  });
});
