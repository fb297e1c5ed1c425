import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { CourseScores, EnrolledCourse, MyReview, ReviewBodyInput } from '../contract/learning';
import { LOADING_STEP } from './load-step';
import { type AppError, notProvided, toAppError } from './types';

/**
 * The dashboard's learning pages (spec §1, §2): Enrolled Courses, My Test Scores and Ratings &
 * Reviews. Each page starts one of these with the list it shows; each state says what it is in its
 * `description`.
 */
export const LEARNING_LISTS = ['courses', 'scores', 'reviews'] as const;
export type LearningList = (typeof LEARNING_LISTS)[number];

export interface LearningLists {
  courses: EnrolledCourse[];
  scores: CourseScores[];
  reviews: MyReview[];
}

/**
 * What a list's load brings: the list, and whether it came from the copies saved on this device
 * (her courses with no network, issue 28) rather than from the server.
 */
export type LoadedLists = Partial<LearningLists> & { fromDevice?: boolean };

export interface MyLearningInput {
  list: LearningList;
  userId: string;
}

export interface MyLearningContext extends MyLearningInput, LearningLists {
  /** The list shown is her saved copies' (no network), not the server's. */
  fromDevice: boolean;
  error: AppError | null;
  /** The course whose review is being saved, was saved last, or failed to save. */
  reviewCourseId: string | null;
  saveError: AppError | null;
}

export type MyLearningEvent =
  | { type: 'myLearning.retry' }
  /**
   * Read her list again: it may read otherwise (a new language) or have changed elsewhere (back
   * online; what she did offline was sent).
   */
  | { type: 'myLearning.refresh' }
  | { type: 'myLearning.saveReview'; review: ReviewBodyInput }
  | { type: 'myLearning.dismiss' };

/** Where Continue leads for a course, by where she stands in it (design card: lifecycle). */
export function nextPlace(item: Pick<EnrolledCourse, 'course' | 'progress'>): string {
  const base = `/dashboard/course/${encodeURIComponent(item.course.id)}`;
  switch (item.progress.status) {
    case 'pre_quiz':
      return `${base}/quiz/pre`;
    case 'learning':
      return item.progress.nextLessonId
        ? `${base}/lesson/${encodeURIComponent(item.progress.nextLessonId)}`
        : base;
    case 'post_quiz':
      return `${base}/quiz/post`;
    default:
      return `${base}/complete`;
  }
}

/**
 * The course the dashboard home offers to continue: of those she has not finished, the one she
 * last worked on (latest `lastActivityAt`); null when every course is finished (or she has none).
 */
export function courseToContinue(courses: readonly EnrolledCourse[]): EnrolledCourse | null {
  let latest: EnrolledCourse | null = null;
  for (const item of courses) {
    if (item.progress.status === 'completed') continue;
    if (!latest || item.lastActivityAt > latest.lastActivityAt) latest = item;
  }
  return latest;
}

/**
 * Where saving the review of `courseId` stands, for its editor: under way, saved, or failed; null
 * when another course's review (or none) is the one being saved.
 */
export function reviewSave(
  s: { hasTag(tag: string): boolean; context: Pick<MyLearningContext, 'reviewCourseId'> },
  courseId: string,
): 'saving' | 'saved' | 'failed' | null {
  if (s.context.reviewCourseId !== courseId) return null;
  return s.hasTag('saving')
    ? 'saving'
    : s.hasTag('saved')
      ? 'saved'
      : s.hasTag('saveFailed')
        ? 'failed'
        : null;
}

/** Her list before it loads: nothing yet, and no review being saved. */
const myLearningContext = (input: MyLearningInput): MyLearningContext => ({
  ...input,
  courses: [],
  scores: [],
  reviews: [],
  fromDevice: false,
  error: null,
  reviewCourseId: null,
  saveError: null,
});

export const myLearningMachine = setup({
  types: {} as { context: MyLearningContext; input: MyLearningInput; events: MyLearningEvent },
  actors: {
    /** GET /lms/user/courses/{userId} · /lms/user/{userId}/quiz-results · /feedback/user/{userId} */
    loadList: fromPromise<LoadedLists, MyLearningInput>(notProvided),
    /** PUT /feedback/user/{userId} */
    saveReview: fromPromise<MyReview, { userId: string; review: ReviewBodyInput }>(notProvided),
  },
  guards: {
    hasItems: ({ context }) => context[context.list].length > 0,
  },
  actions: {
    clearError: assign({ error: null }),
    keepLists: assign((_, lists: LoadedLists) => ({ ...lists, fromDevice: !!lists.fromDevice })),
    setError: assign((_, { error }: { error: unknown }) => ({ error: toAppError(error, 'NETWORK_ERROR') })),
    startSave: assign({
      reviewCourseId: ({ event }) => {
        assertEvent(event, 'myLearning.saveReview');
        return event.review.courseId;
      },
      saveError: null,
    }),
    setSaveError: assign((_, { error }: { error: unknown }) => ({
      saveError: toAppError(error, 'NETWORK_ERROR'),
    })),
    clearSaveError: assign({ saveError: null }),
    /** The review that was saved is shown as saved. */
    replaceReview: assign({
      reviews: ({ context }, saved: MyReview) =>
        context.reviews.map((r) => (r.courseId === saved.courseId ? saved : r)),
    }),
  },
}).createMachine({
  id: 'myLearning',
  description:
    'One of her learning lists (courses, scores or reviews); a review edited in place on Ratings & Reviews.',
  context: ({ input }) => myLearningContext(input),
  initial: 'loading',
  states: {
    loading: {
      description: 'Her list, from the server.',
      ...LOADING_STEP,
      invoke: {
        src: 'loadList',
        input: ({ context }) => ({ list: context.list, userId: context.userId }),
        onDone: { target: 'loaded', actions: { type: 'keepLists', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loaded: {
      description: 'The list came: ready if it has entries, else empty.',
      always: [{ guard: 'hasItems', target: 'ready' }, { target: 'empty' }],
    },
    empty: { description: 'Nothing yet: the empty state leads to the catalogue.', tags: ['step:empty'] },
    failed: {
      description: 'The list did not come: a retry (and again in a new language, or back online).',
      tags: ['step:failed'],
      on: { 'myLearning.retry': 'loading', 'myLearning.refresh': 'loading' },
    },
    ready: {
      description: 'The list is on the page.',
      tags: ['step:ready'],
      initial: 'idle',
      states: {
        idle: {
          description: 'No review being saved; read again when it may have changed elsewhere.',
          on: {
            'myLearning.saveReview': { target: 'saving', actions: 'startSave' },
            'myLearning.refresh': '#myLearning.loading',
          },
        },
        saving: {
          description: 'PUT /feedback/user/{userId}: the edited review.',
          tags: ['saving'],
          invoke: {
            src: 'saveReview',
            input: ({ context, event }) => {
              assertEvent(event, 'myLearning.saveReview');
              return { userId: context.userId, review: event.review };
            },
            onDone: {
              target: 'saved',
              actions: { type: 'replaceReview', params: ({ event }) => event.output },
            },
            onError: {
              target: 'saveFailed',
              actions: { type: 'setSaveError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        saved: {
          description: 'Saved: the list shows the new review.',
          tags: ['saved'],
          on: {
            'myLearning.saveReview': { target: 'saving', actions: 'startSave' },
            'myLearning.dismiss': 'idle',
          },
        },
        saveFailed: {
          description: 'Not saved: the editor stays open with why.',
          tags: ['saveFailed'],
          on: {
            'myLearning.saveReview': { target: 'saving', actions: 'startSave' },
            'myLearning.dismiss': { target: 'idle', actions: 'clearSaveError' },
          },
        },
      },
    },
  },
});
