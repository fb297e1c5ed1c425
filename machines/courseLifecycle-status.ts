import { and } from 'xstate';
import type { CourseLifecycleState } from './courseLifecycle-setup';

/**
 * The course lifecycle's `course.ready.status` region (a part of machines/courseLifecycle.ts's
 * chart, in a file of its own): not enrolled → pre-quiz → learning → post-quiz → completed, from
 * the server's `progress.status`. A learning screen that opens a course she is not enrolled in
 * sends her to the course page (`goToCoursePage`), where she enrols; a visitor who presses Enrol
 * signs in first (`goToLogin`); a paid course goes to the root cart and is enrolled once bought.
 */
export const statusRegion = {
  description: "Where she stands in the course, from the server's progress (course.synced asks again).",
  initial: 'routing',
  on: { 'course.synced': '.routing' },
  states: {
    routing: {
      description: 'Chooses the status at once from the course as it is now.',
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
      description: 'Not enrolled: a free course enrols, a paid one goes to the cart; the cart is watched.',
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
          description: 'Enrol (free; a visitor signs in first) or add to the cart (paid).',
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
          description: 'In her cart: bought at checkout (course.purchased); out again if she removes it.',
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
          description: 'POST the free enrolment; then the member view is read again.',
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
    preQuiz: { description: 'Enrolled: the quiz before the lessons comes first.', tags: ['status:preQuiz'] },
    learning: { description: 'The lessons, ticked one by one (or all at once).', tags: ['status:learning'] },
    postQuiz: { description: 'Every lesson done: the quiz after them.', tags: ['status:postQuiz'] },
    completed: { description: 'Finished: her gain, and her review.', tags: ['status:completed'] },
  },
} satisfies CourseLifecycleState;
