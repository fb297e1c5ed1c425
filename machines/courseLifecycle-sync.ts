import type { CourseLifecycleState } from './courseLifecycle-setup';

/**
 * The course lifecycle's `course.ready.sync` region (a part of machines/courseLifecycle.ts's chart,
 * in a file of its own), beside `status`: what keeps the open course as the server has it.
 */
export const syncRegion = {
  description: 'Keeps the course fresh: reads it again, saves lessons (optimistic ticks), marks all done.',
  initial: 'idle',
  states: {
    idle: {
      description: 'Nothing under way.',
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
      description: 'The course read again (a new language, a purchase, a quiz, an enrolment).',
      tags: ['sync:refreshing'],
      invoke: {
        src: 'loadCourse',
        input: ({ context }) => ({ courseId: context.courseId!, userId: context.userId }),
        onDone: {
          target: 'idle',
          actions: [{ type: 'setCourse', params: ({ event }) => ({ course: event.output }) }, 'resync'],
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
      description: 'Saving the ticked lessons in turn; a failure takes the ticks back (the server wins).',
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
      description: 'Marking every lesson done.',
      tags: ['sync:saving'],
      invoke: {
        src: 'markAllDone',
        input: ({ context }) => ({ courseId: context.courseId! }),
        onDone: {
          target: 'idle',
          actions: [{ type: 'applyProgress', params: ({ event }) => ({ progress: event.output }) }, 'resync'],
        },
        onError: {
          target: 'idle',
          actions: { type: 'setError', params: { error: { code: 'LESSON_SAVE_FAILED' } } },
        },
      },
    },
  },
} satisfies CourseLifecycleState;
