import { and, not, stateIn } from 'xstate';
import { openedContext, REVIEWS_PAGE_SIZE } from './courseLifecycle-rules';
import { courseLifecycleSetup } from './courseLifecycle-setup';
import { statusRegion } from './courseLifecycle-status';
import { syncRegion } from './courseLifecycle-sync';

/**
 * A member's way through one course (spec §3 Course, §4 Course; the design card: not enrolled →
 * pre-quiz → enrolled → post-quiz → completed). Started once at the root (system id
 * `courseLifecycle`); the course page and the learning screens open a course with `course.open`
 * (with the member's `userId` from the session, and again when she signs in or out) and ask the
 * machine, by tags, what to show. The chart is here, each state described; the two regions of a
 * loaded course are in courseLifecycle-status.ts and courseLifecycle-sync.ts, what it names in
 * courseLifecycle-setup.ts, its types and rules in courseLifecycle-rules.ts (re-exported here).
 */
export * from './courseLifecycle-rules';

export const courseLifecycleMachine = courseLifecycleSetup.createMachine({
  id: 'courseLifecycle',
  description:
    'One course, opened by the course page or a learning screen: the course, its reviews, her review.',
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
      description: 'The course as the server gives it: the member view, or the public one for a visitor.',
      initial: 'idle',
      states: {
        idle: { description: 'No course opened yet.', tags: ['status:idle'] },
        loading: {
          description: 'GET the course (again in a new language).',
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
          description: 'It did not come: a retry.',
          tags: ['status:failed'],
          on: {
            'course.retry': { target: 'loading', actions: 'clearError' },
            'course.localeChanged': { target: 'loading', actions: 'clearError' },
          },
        },
        notFound: { description: 'No such course.', tags: ['status:notFound'] },
        ready: {
          description: 'The course is in: where she stands (status) and what keeps it fresh (sync).',
          type: 'parallel',
          states: { status: statusRegion, sync: syncRegion },
        },
      },
    },

    reviews: {
      description: "The course's public reviews, a page at a time.",
      initial: 'idle',
      states: {
        idle: {
          description: 'Not asked for yet (the page asks for its first page).',
          tags: ['reviews:idle'],
          on: { 'course.reviewsPage': { guard: 'hasCourse', target: 'loading', actions: 'setReviewsPage' } },
        },
        loading: {
          description: 'GET a page of reviews; another page asked meanwhile replaces it.',
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
          description: 'The page of reviews is in; read again when hers is saved.',
          tags: ['reviews:ready'],
          on: {
            'course.reviewsPage': { target: 'loading', actions: 'setReviewsPage' },
            'course.reviewsChanged': 'loading',
          },
        },
        failed: {
          description: 'They did not come: a retry.',
          tags: ['reviews:failed'],
          on: {
            'course.reviewsRetry': 'loading',
            'course.reviewsChanged': 'loading',
          },
        },
      },
    },

    feedback: {
      description: 'Her own review (rating 1–5 and text), once she has completed the course.',
      initial: 'editing',
      on: { 'course.loaded': { target: '.routing', actions: 'loadDraft' } },
      states: {
        routing: {
          description: 'The course came with her review (saved) or without (editing).',
          always: [{ guard: 'hasReview', target: 'saved' }, { target: 'editing' }],
        },
        editing: {
          description: 'She writes or changes it; saving checks it first.',
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
          description: 'PUT her review; the public list is read again after.',
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
          description: 'Saved; a change starts editing again.',
          tags: ['feedback:saved'],
          on: {
            'course.ratingChanged': { target: 'editing', actions: 'setRating' },
            'course.reviewTextChanged': { target: 'editing', actions: 'setReviewText' },
          },
        },
        failed: {
          description: 'Not saved: she may change it or save again.',
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
