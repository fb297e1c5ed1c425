import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type {
  MemberCourseDetail,
  Progress,
  QuizQuestion,
  QuizResult,
  QuizSubmitBody,
} from '../server/contract/learning';
import type { QuizKind } from '../server/contract/learning-constants';
import { type AppError, toAppError } from './types';

/**
 * A pre- or post-course quiz (spec §3 Quiz, §4 Course, §5, §8). No timers.
 *
 * loading → answering → submitting → result. Submitting with a question unanswered stays in
 * answering (`incomplete`: "Please answer all questions", the unanswered questions marked); so does
 * a server 400 QUIZ_INCOMPLETE. A failed submission keeps her answers (`submitFailed`, retry).
 * Loading fails as "Error loading quiz" (network, server), "Quiz not found" (404, or the course has
 * no such quiz for her), "No questions available for this quiz." (no questions) or, for the
 * post-course quiz before the lessons are done, LESSONS_INCOMPLETE.
 * A pre-course quiz already taken opens in `result` with her attempt (it is taken once); the
 * post-course quiz can be retaken (`quiz.retake`). After a submission the provided action
 * `notifySubmitted` tells the course lifecycle her new progress.
 */
export type AttemptResult = Omit<QuizResult, 'progress'>;

export interface QuizInput {
  courseId: string;
  kind: QuizKind;
  userId: string;
}

export interface QuizContext extends QuizInput {
  courseTitle: string;
  questions: QuizQuestion[];
  /** questionId → chosen option indexes. */
  answers: Record<string, number[]>;
  /** Questions left unanswered at the last submit (marked on screen). */
  missing: string[];
  result: AttemptResult | null;
  error: AppError | null;
}

export type QuizEvent =
  | { type: 'quiz.choose'; questionId: string; choices: number[] }
  | { type: 'quiz.submit' }
  | { type: 'quiz.retry' }
  | { type: 'quiz.retake' };

export const quizEvents = {
  choose: (questionId: string, choices: number[]) => ({ type: 'quiz.choose', questionId, choices }) as const,
  submit: () => ({ type: 'quiz.submit' }) as const,
  retry: () => ({ type: 'quiz.retry' }) as const,
  retake: () => ({ type: 'quiz.retake' }) as const,
} satisfies Record<string, (...args: never[]) => QuizEvent>;

/** What the course lifecycle hears after a submission (sent by the screen's `notifySubmitted`). */
export const courseQuizSubmitted = (progress: Progress) =>
  ({ type: 'course.quizSubmitted', progress }) as const;

/** Error codes the quiz keeps (views translate them). */
export const QUIZ_ERRORS = {
  notFound: 'QUIZ_NOT_FOUND',
  noQuestions: 'NO_QUESTIONS',
  lessonsIncomplete: 'LESSONS_INCOMPLETE',
  load: 'QUIZ_LOAD_FAILED',
  submit: 'QUIZ_SUBMIT_FAILED',
} as const;

const NOT_FOUND_CODES = new Set(['COURSE_NOT_FOUND', 'QUIZ_NOT_FOUND', 'NOT_FOUND', 'NOT_ENROLLED']);

/** The questions not answered yet, in order. */
export function unanswered(questions: QuizQuestion[], answers: Record<string, number[]>): string[] {
  return questions.filter((q) => !(answers[q.id]?.length > 0)).map((q) => q.id);
}

/** Her choices for one question: option indexes in range, once each; one for a single-choice question. */
function cleanChoices(question: QuizQuestion | undefined, choices: number[]): number[] {
  if (!question) return [];
  const valid = [...new Set(choices)].filter(
    (c) => Number.isInteger(c) && c >= 0 && c < question.options.length,
  );
  return question.multiple ? valid.sort((a, b) => a - b) : valid.slice(-1);
}

function quizOf(course: MemberCourseDetail, kind: QuizKind) {
  return course.quizzes?.[kind] ?? null;
}

export const quizMachine = setup({
  types: {} as { context: QuizContext; input: QuizInput; events: QuizEvent },
  actors: {
    /** GET /lms/get-course-by-id/{courseId}/{userId}: the course as she sees it, with its quizzes. */
    loadQuiz: fromPromise<MemberCourseDetail, { courseId: string; userId: string }>(async () => {
      throw { code: 'NOT_PROVIDED' };
    }),
    /** POST /lms/quiz/submit */
    submitQuiz: fromPromise<QuizResult, QuizSubmitBody>(async () => {
      throw { code: 'NOT_PROVIDED' };
    }),
  },
  actions: {
    /** Tells the course lifecycle (root system id `courseLifecycle`), if any, and says so on screen. */
    notifySubmitted: (_, _params: { progress: Progress }) => {},
    choose: assign(({ context, event }) => {
      assertEvent(event, 'quiz.choose');
      const question = context.questions.find((q) => q.id === event.questionId);
      if (!question) return {};
      const answers = { ...context.answers, [question.id]: cleanChoices(question, event.choices) };
      // a mark goes once the question is answered; new marks come only with the next submit
      const answeredNow = answers[question.id].length > 0;
      return { answers, missing: context.missing.filter((id) => id !== question.id || !answeredNow) };
    }),
    markMissing: assign({ missing: ({ context }) => unanswered(context.questions, context.answers) }),
    clearAnswers: assign({ answers: {}, missing: [], result: null, error: null }),
  },
  guards: {
    quizMissing: (_, p: { course: MemberCourseDetail; kind: QuizKind }) => quizOf(p.course, p.kind) === null,
    noQuestions: (_, p: { course: MemberCourseDetail; kind: QuizKind }) =>
      (quizOf(p.course, p.kind)?.questions.length ?? 0) === 0,
    alreadyTaken: (_, p: { course: MemberCourseDetail; kind: QuizKind }) => {
      const quiz = quizOf(p.course, p.kind);
      return !!quiz && !quiz.canSubmit && quiz.lastAttempt !== null;
    },
    locked: (_, p: { course: MemberCourseDetail; kind: QuizKind }) =>
      quizOf(p.course, p.kind)?.canSubmit === false,
    allAnswered: ({ context }) => unanswered(context.questions, context.answers).length === 0,
    serverSaysIncomplete: (_, p: { error: unknown }) => toAppError(p.error).code === 'QUIZ_INCOMPLETE',
    isPost: ({ context }) => context.kind === 'post',
  },
}).createMachine({
  id: 'quiz',
  context: ({ input }) => ({
    ...input,
    courseTitle: '',
    questions: [],
    answers: {},
    missing: [],
    result: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['step:loading'],
      entry: assign({ error: null }),
      invoke: {
        src: 'loadQuiz',
        input: ({ context }) => ({ courseId: context.courseId, userId: context.userId }),
        onDone: [
          {
            guard: {
              type: 'quizMissing',
              params: ({ context, event }) => ({ course: event.output, kind: context.kind }),
            },
            target: 'failed',
            actions: assign({ error: { code: QUIZ_ERRORS.notFound } }),
          },
          {
            guard: {
              type: 'noQuestions',
              params: ({ context, event }) => ({ course: event.output, kind: context.kind }),
            },
            target: 'failed',
            actions: assign({ error: { code: QUIZ_ERRORS.noQuestions } }),
          },
          {
            guard: {
              type: 'alreadyTaken',
              params: ({ context, event }) => ({ course: event.output, kind: context.kind }),
            },
            target: 'result',
            actions: assign(({ context, event }) => {
              const quiz = quizOf(event.output, context.kind)!;
              return { courseTitle: event.output.title, questions: quiz.questions, result: quiz.lastAttempt };
            }),
          },
          {
            guard: {
              type: 'locked',
              params: ({ context, event }) => ({ course: event.output, kind: context.kind }),
            },
            target: 'failed',
            actions: assign(({ event }) => ({
              courseTitle: event.output.title,
              error: { code: QUIZ_ERRORS.lessonsIncomplete },
            })),
          },
          {
            target: 'answering',
            actions: assign(({ context, event }) => ({
              courseTitle: event.output.title,
              questions: quizOf(event.output, context.kind)!.questions,
            })),
          },
        ],
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => {
              const code = toAppError(event.error).code;
              return { code: NOT_FOUND_CODES.has(code) ? QUIZ_ERRORS.notFound : QUIZ_ERRORS.load };
            },
          }),
        },
      },
    },
    failed: {
      tags: ['step:failed'],
      on: { 'quiz.retry': 'loading' },
    },
    answering: {
      tags: ['step:answering'],
      initial: 'idle',
      on: {
        'quiz.choose': { actions: 'choose' },
      },
      states: {
        idle: {
          on: {
            'quiz.submit': [
              { guard: 'allAnswered', target: '#quiz.submitting' },
              { target: 'incomplete', actions: 'markMissing' },
            ],
          },
        },
        incomplete: {
          tags: ['incomplete'],
          on: {
            'quiz.submit': [
              { guard: 'allAnswered', target: '#quiz.submitting' },
              { target: 'incomplete', reenter: true, actions: 'markMissing' },
            ],
          },
        },
        submitFailed: {
          tags: ['submitFailed'],
          on: {
            'quiz.submit': [
              { guard: 'allAnswered', target: '#quiz.submitting' },
              { target: 'incomplete', actions: 'markMissing' },
            ],
            'quiz.retry': [
              { guard: 'allAnswered', target: '#quiz.submitting' },
              { target: 'incomplete', actions: 'markMissing' },
            ],
          },
        },
      },
    },
    submitting: {
      tags: ['step:answering', 'submitting'],
      entry: assign({ error: null, missing: [] }),
      invoke: {
        src: 'submitQuiz',
        input: ({ context }) => ({
          courseId: context.courseId,
          kind: context.kind,
          answers: context.questions.map((q) => ({ questionId: q.id, choices: context.answers[q.id] ?? [] })),
        }),
        onDone: {
          target: 'result',
          actions: [
            assign({
              result: ({ event }) => {
                const { progress: _progress, ...attempt } = event.output;
                return attempt;
              },
            }),
            { type: 'notifySubmitted', params: ({ event }) => ({ progress: event.output.progress }) },
          ],
        },
        onError: [
          {
            guard: { type: 'serverSaysIncomplete', params: ({ event }) => ({ error: event.error }) },
            target: 'answering.incomplete',
            actions: 'markMissing',
          },
          {
            target: 'answering.submitFailed',
            actions: assign({ error: { code: QUIZ_ERRORS.submit } }),
          },
        ],
      },
    },
    result: {
      tags: ['step:result'],
      on: {
        'quiz.retake': { guard: 'isPost', target: 'answering', actions: 'clearAnswers' },
      },
    },
  },
});
