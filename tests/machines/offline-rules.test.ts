import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MemberCourseDetail } from '../../contract/learning';
import { enrolledFromCopy, progressAfter, withLessonDone } from '../../machines/offline-progress-rules';
import {
  isRetryable,
  mergeQueue,
  onQuizScreen,
  type QueueItem,
  queueFull,
  type SavedCourse,
  savedFull,
  upsertSaved,
} from '../../machines/offline-rules';
import type { CachedCourse } from '../../server/domain/learning-catalogue';
import { progressOf, statusOf } from '../../server/domain/learning-progress';
import { savedCourse } from '../support/offline-fixtures';

/** The server's progress for the same facts (server/domain/learning-progress.ts). */
function serverProgress(
  lessonIds: string[],
  done: Set<string>,
  facts: { hasPre: boolean; completed: boolean },
) {
  const course = { id: 'c', lessons: lessonIds.map((id) => ({ id })) } as unknown as CachedCourse;
  return progressOf(course, done, statusOf(course, done, facts.hasPre, facts.completed));
}

const entry = (courseId: string): SavedCourse => ({
  courseId,
  title: courseId,
  bytes: 1,
  savedAt: '2026-11-28T10:00:00.000Z',
  locale: 'en',
});
const item = (key: string): QueueItem => ({
  key,
  kind: 'lesson.done',
  courseId: 'c',
  lessonId: 'l',
  madeAt: '',
});

describe('offline rules: progress on the device is the server’s', () => {
  it('agrees with the server for any lessons, any done before, any quiz facts (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g'), { minLength: 0, maxLength: 7 }),
        fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
        fc.nat(8),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom<'none' | 'pre' | 'post'>('none', 'pre', 'post'),
        (lessonIds, doneFlags, pick, hadPre, hadPost, queued) => {
          const base = savedCourse('c');
          const doneBefore = lessonIds.filter((_, i) => doneFlags[i]);
          const lessonId = lessonIds[pick % Math.max(1, lessonIds.length)] ?? 'gone';
          const course: MemberCourseDetail = {
            ...base,
            lessons: lessonIds.map((id, i) => ({ ...base.lessons[0]!, id, position: i, done: false })),
            progress: {
              ...base.progress!,
              completedLessonIds: doneBefore,
              status: hadPost ? 'completed' : hadPre ? 'learning' : 'pre_quiz',
            },
          };
          const pending: QueueItem[] =
            queued === 'none'
              ? []
              : [
                  {
                    key: 'k',
                    kind: 'quiz.submit',
                    courseId: 'c',
                    body: { courseId: 'c', kind: queued, answers: [] },
                    madeAt: '',
                  },
                ];
          const expected = serverProgress(lessonIds, new Set([...doneBefore, lessonId]), {
            hasPre: hadPre || hadPost || queued === 'pre',
            completed: hadPost || queued === 'post',
          });
          expect(progressAfter(course, lessonId, pending)).toEqual({ ...expected, courseId: 'c' });
        },
      ),
      { numRuns: 400 },
    );
  });

  it('rounds the percent down, names the next lesson and reaches post_quiz with the last one', () => {
    const course = savedCourse('c');
    const one = progressAfter(course, 'l2')!;
    expect(one).toMatchObject({
      completedLessonIds: ['l2'],
      done: 1,
      total: 3,
      percent: 33,
      nextLessonId: 'l1',
    });
    expect(one.status).toBe('learning');
    let copy = withLessonDone(course, 'l2', one);
    expect(copy.lessons.map((l) => l.done)).toEqual([false, true, false]);
    copy = withLessonDone(copy, 'l1', progressAfter(copy, 'l1')!);
    const last = progressAfter(copy, 'l3')!;
    expect(last).toMatchObject({ done: 3, percent: 100, nextLessonId: null, status: 'post_quiz' });
  });

  it('has no progress without an enrolment', () => {
    expect(progressAfter({ ...savedCourse(), enrolment: null, progress: null }, 'l1')).toBeNull();
  });
});

describe('offline rules: limits, list and queue', () => {
  it('refuses an eleventh course but not saving a kept one again', () => {
    const ten = Array.from({ length: 10 }, (_, i) => entry(`c${i}`));
    expect(savedFull(ten.slice(0, 9), 'new')).toBe(false);
    expect(savedFull(ten, 'new')).toBe(true);
    expect(savedFull(ten, 'c3')).toBe(false);
  });

  it('holds 200 requests', () => {
    expect(queueFull(Array.from({ length: 199 }, (_, i) => item(`${i}`)))).toBe(false);
    expect(queueFull(Array.from({ length: 200 }, (_, i) => item(`${i}`)))).toBe(true);
  });

  it('puts a course saved again first, once', () => {
    expect(upsertSaved([entry('a'), entry('b')], { ...entry('b'), title: 'B' }).map((s) => s.title)).toEqual([
      'B',
      'a',
    ]);
  });

  it('merges the stored queue with what was queued meanwhile, in order, once each', () => {
    expect(mergeQueue([item('1'), item('2')], [item('2'), item('3')]).map((i) => i.key)).toEqual([
      '1',
      '2',
      '3',
    ]);
  });

  it('tries again after no answer or a busy server, drops what the server refuses', () => {
    for (const code of ['NETWORK_ERROR', 'TIMEOUT', 'SERVER_ERROR', 'UNAUTHORIZED', 'RATE_LIMITED'] as const)
      expect(isRetryable({ code })).toBe(true);
    for (const code of [
      'NOT_ENROLLED',
      'LESSON_NOT_FOUND',
      'VALIDATION_ERROR',
      'UNEXPECTED_RESPONSE',
    ] as const)
      expect(isRetryable({ code: code as never })).toBe(false);
  });
});

describe('offline rules: her Enrolled Courses from the saved copies', () => {
  it('is the course summary, her enrolment and the copy’s progress; the latest known time is her last step', () => {
    const copy = withLessonDone(savedCourse(), 'l1', {
      ...savedCourse().progress!,
      completedLessonIds: ['l1'],
      done: 1,
      percent: 33,
      nextLessonId: 'l2',
    });
    const entry = enrolledFromCopy(copy, '2026-11-25T08:00:00.000Z');
    expect(entry).toEqual({
      course: {
        id: copy.id,
        title: copy.title,
        summary: copy.summary,
        price: copy.price,
        sale_price: copy.sale_price,
        currency: copy.currency,
        isFree: copy.isFree,
        durationMinutes: copy.durationMinutes,
        level: copy.level,
        lessonCount: copy.lessonCount,
        rating: copy.rating,
        expert: {
          id: copy.expert.id,
          name: copy.expert.name,
          title: copy.expert.title,
          avatar: copy.expert.avatar,
        },
      },
      enrolment: copy.enrolment,
      progress: copy.progress,
      lastActivityAt: '2026-11-25T08:00:00.000Z',
    });
    // finished after she saved it: that is her last step
    const finished = { ...copy, enrolment: { ...copy.enrolment!, completedAt: '2026-11-27T09:30:00.000Z' } };
    expect(enrolledFromCopy(finished, '2026-11-25T08:00:00.000Z')?.lastActivityAt).toBe(
      '2026-11-27T09:30:00.000Z',
    );
  });

  it('is nothing for a copy she is not enrolled in', () => {
    expect(
      enrolledFromCopy({ ...savedCourse(), enrolment: null, progress: null }, '2026-11-25T08:00:00.000Z'),
    ).toBeNull();
  });
});

describe('offline rules: where a quiz result shows itself', () => {
  it("is that course's quiz screens only", () => {
    expect(onQuizScreen('/dashboard/course/menstrual-cycle/quiz/post', 'menstrual-cycle')).toBe(true);
    expect(onQuizScreen('/dashboard/course/menstrual-cycle/quiz/pre', 'menstrual-cycle')).toBe(true);
    expect(onQuizScreen('/dashboard/course/menstrual-cycle', 'menstrual-cycle')).toBe(false);
    expect(onQuizScreen('/dashboard/course/menopause-care/quiz/post', 'menstrual-cycle')).toBe(false);
    expect(onQuizScreen('/dashboard/test-scores', 'menstrual-cycle')).toBe(false);
  });
});
