import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { MemberCourseDetail, Progress, QuizResult, QuizSubmitBody } from '../contract/learning';
import { LOADING_STEP } from './load-step';
import {
  type CourseParams,
  cleanChoices,
  courseOf,
  isQueued,
  NOT_FOUND_CODES,
  QUIZ_ERRORS,
  type QuizContext,
  type QuizEvent,
  type QuizInput,
  type QuizSubmission,
  quizContext,
  quizOf,
  refusalCode,
  unanswered,
} from './quiz-rules';
import { type ErrorCode, notProvided, toAppError } from './types';

export * from './quiz-rules';

/**
 * A pre- or post-course quiz (spec §3 Quiz, §4 Course, §5, §8). No timers. Each state's
 * `description` says what it stands for; docs/machines/quiz.md draws the chart.
 * The pre-course quiz is taken once (taken already, it opens on her attempt); the post-course quiz
 * can be retaken. After a submission the provided `notifySubmitted` tells the course lifecycle her
 * new progress. Her answers outlive a reload: every choice goes to the provided `saveAnswers` (the app
 * keeps them in sessionStorage per course and quiz), the input's `saved` answers are restored when the
 * quiz opens (those that fit its questions), and `forgetAnswers` drops them once there is a result.
 * With no network (issue 28) the submission keeps her answers in the device's queue: the quiz waits
 * in `queued` for the answer the queue brings back once she is online. Types and rules: quiz-rules.ts.
 */
export const quizMachine = setup({
  types: {} as { context: QuizContext; input: QuizInput; events: QuizEvent },
  actors: {
    /** GET /lms/get-course-by-id/{courseId}/{userId}: the course as she sees it, with its quizzes. */
    loadQuiz: fromPromise<MemberCourseDetail, { courseId: string; userId: string }>(notProvided),
    /** POST /lms/quiz/submit; with no network her answers are queued on the device (`{ queued, key }`). */
    submitQuiz: fromPromise<QuizSubmission, QuizSubmitBody>(notProvided),
    /** The server's answer to answers that waited in the queue under `key` (or its refusal). */
    awaitQueuedResult: fromPromise<QuizResult, { key: string }>(notProvided),
  },
  actions: {
    /** Tells the course lifecycle (root system id `courseLifecycle`), if any, and says so on screen. */
    notifySubmitted: (_, _params: { progress: Progress }) => {},
    /** Keeps her answers for this tab (a reload restores them). */
    saveAnswers: (_, _params: { answers: Record<string, number[]> }) => {},
    /** The quiz has a result: nothing to restore. */
    forgetAnswers: () => {},
    choose: assign(({ context, event }) => {
      assertEvent(event, 'quiz.choose');
      const question = context.questions.find((q) => q.id === event.questionId);
      if (!question) return {};
      const answers = { ...context.answers, [question.id]: cleanChoices(question, event.choices) };
      // a mark goes once the question is answered; new marks come only with the next submit
      const answeredNow = answers[question.id].length > 0;
      return { answers, missing: context.missing.filter((id) => id !== question.id || !answeredNow) };
    }),
    clearError: assign({ error: null }),
    /** The quiz cannot be taken: one of QUIZ_ERRORS. */
    failWith: assign((_, { code }: { code: ErrorCode }) => ({ error: { code } })),
    /** A load that failed: not found (404, or not hers), or the generic load failure. */
    failLoading: assign((_, { error }: { error: unknown }) => ({
      error: { code: NOT_FOUND_CODES.has(toAppError(error).code) ? QUIZ_ERRORS.notFound : QUIZ_ERRORS.load },
    })),
    /** Her course and its quiz of this kind: the questions to answer. */
    openQuiz: assign(({ context }, { course }: CourseParams) => {
      const questions = quizOf(course, context.kind)!.questions;
      // answers restored after a reload: only those that fit the questions as they are now
      const answers: Record<string, number[]> = {};
      for (const q of questions) {
        const choices = cleanChoices(q, context.answers[q.id] ?? []);
        if (choices.length) answers[q.id] = choices;
      }
      return { courseTitle: course.title, questions, answers };
    }),
    /** A quiz taken once only, already taken: her attempt, with the questions. */
    showLastAttempt: assign(({ context }, { course }: CourseParams) => {
      const quiz = quizOf(course, context.kind)!;
      return { courseTitle: course.title, questions: quiz.questions, result: quiz.lastAttempt };
    }),
    /** Her answers wait in the queue: the questions, for the result that will come. */
    keepQuestions: assign(({ context }, { course }: CourseParams) => ({
      courseTitle: course.title,
      questions: quizOf(course, context.kind)?.questions ?? [],
    })),
    keepCourseTitle: assign((_, { course }: CourseParams) => ({
      courseTitle: course.title,
    })),
    startSubmitting: assign({ error: null, missing: [] }),
    keepQueuedKey: assign((_, { key }: { key: string }) => ({ queuedKey: key })),
    /** The server refused the answers that waited: why, in a code the screen explains. */
    failRefused: assign((_, { error }: { error: unknown }) => ({ error: { code: refusalCode(error) } })),
    keepResult: assign((_, { progress: _progress, ...attempt }: QuizResult) => ({
      result: attempt,
      queuedKey: null,
    })),
    markMissing: assign({ missing: ({ context }) => unanswered(context.questions, context.answers) }),
    clearAnswers: assign({ answers: {}, missing: [], result: null, error: null, queuedKey: null }),
  },
  guards: {
    quizMissing: ({ context }, { course }: CourseParams) => quizOf(course, context.kind) === null,
    noQuestions: ({ context }, { course }: CourseParams) =>
      (quizOf(course, context.kind)?.questions.length ?? 0) === 0,
    alreadyTaken: ({ context }, { course }: CourseParams) => {
      const quiz = quizOf(course, context.kind);
      return !!quiz && !quiz.canSubmit && quiz.lastAttempt !== null;
    },
    locked: ({ context }, { course }: CourseParams) => quizOf(course, context.kind)?.canSubmit === false,
    allAnswered: ({ context }) => unanswered(context.questions, context.answers).length === 0,
    serverSaysIncomplete: (_, p: { error: unknown }) => toAppError(p.error).code === 'QUIZ_INCOMPLETE',
    wasQueued: (_, p: { output: QuizSubmission }) => isQueued(p.output),
    alreadyQueued: ({ context }) => context.queuedKey !== null,
    isPost: ({ context }) => context.kind === 'post',
  },
}).createMachine({
  id: 'quiz',
  context: ({ input }) => quizContext(input),
  initial: 'loading',
  states: {
    loading: {
      ...LOADING_STEP,
      description: 'Fetches her course to find this quiz, its questions, and whether she has taken it.',
      invoke: {
        src: 'loadQuiz',
        input: ({ context }) => ({ courseId: context.courseId, userId: context.userId }),
        onDone: [
          {
            // reopened while her answers still wait in the device's queue: wait for their answer
            guard: 'alreadyQueued',
            target: 'queued',
            actions: { type: 'keepQuestions', params: courseOf },
          },
          {
            guard: { type: 'quizMissing', params: courseOf },
            target: 'failed',
            actions: { type: 'failWith', params: { code: QUIZ_ERRORS.notFound } },
          },
          {
            guard: { type: 'noQuestions', params: courseOf },
            target: 'failed',
            actions: { type: 'failWith', params: { code: QUIZ_ERRORS.noQuestions } },
          },
          {
            guard: { type: 'alreadyTaken', params: courseOf },
            target: 'result',
            actions: { type: 'showLastAttempt', params: courseOf },
          },
          {
            guard: { type: 'locked', params: courseOf },
            target: 'failed',
            actions: [
              { type: 'keepCourseTitle', params: courseOf },
              { type: 'failWith', params: { code: QUIZ_ERRORS.lessonsIncomplete } },
            ],
          },
          { target: 'answering', actions: { type: 'openQuiz', params: courseOf } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'failLoading', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description: 'It cannot be taken: not found, no questions, lessons not done yet, or the load failed.',
      tags: ['step:failed'],
      on: { 'quiz.retry': 'loading' },
    },
    answering: {
      description: 'She chooses her answers; each choice is kept for this tab.',
      tags: ['step:answering'],
      initial: 'idle',
      on: {
        'quiz.choose': {
          actions: [
            'choose',
            { type: 'saveAnswers', params: ({ context }) => ({ answers: context.answers }) },
          ],
        },
      },
      states: {
        idle: {
          description: 'Nothing to point out yet.',
          on: {
            'quiz.submit': [
              { guard: 'allAnswered', target: '#quiz.submitting' },
              { target: 'incomplete', actions: 'markMissing' },
            ],
          },
        },
        incomplete: {
          description: 'She submitted with questions unanswered (or the server said so): they are marked.',
          tags: ['incomplete'],
          on: {
            'quiz.submit': [
              { guard: 'allAnswered', target: '#quiz.submitting' },
              { target: 'incomplete', reenter: true, actions: 'markMissing' },
            ],
          },
        },
        submitFailed: {
          description: 'The submission failed; her answers are kept and she can try again.',
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
      description: 'Her answers are sent to be scored.',
      tags: ['step:answering', 'submitting'],
      entry: 'startSubmitting',
      invoke: {
        src: 'submitQuiz',
        input: ({ context }) => ({
          courseId: context.courseId,
          kind: context.kind,
          answers: context.questions.map((q) => ({ questionId: q.id, choices: context.answers[q.id] ?? [] })),
        }),
        onDone: [
          {
            guard: { type: 'wasQueued', params: ({ event }) => ({ output: event.output }) },
            target: 'queued',
            actions: { type: 'keepQueuedKey', params: ({ event }) => event.output as { key: string } },
          },
          {
            target: 'result',
            actions: [
              { type: 'keepResult', params: ({ event }) => event.output as QuizResult },
              {
                type: 'notifySubmitted',
                params: ({ event }) => ({ progress: (event.output as QuizResult).progress }),
              },
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'serverSaysIncomplete', params: ({ event }) => ({ error: event.error }) },
            target: 'answering.incomplete',
            actions: 'markMissing',
          },
          {
            target: 'answering.submitFailed',
            actions: { type: 'failWith', params: { code: QUIZ_ERRORS.submit } },
          },
        ],
      },
    },
    queued: {
      description:
        'No network: her answers are kept on this device and sent when she is back; the result shows when the answer comes.',
      tags: ['step:queued'],
      invoke: {
        src: 'awaitQueuedResult',
        input: ({ context }) => ({ key: context.queuedKey ?? '' }),
        onDone: {
          target: 'result',
          actions: [
            { type: 'keepResult', params: ({ event }) => event.output },
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
            actions: { type: 'failRefused', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    result: {
      description:
        'Her score and attempt; nothing is kept for a reload any more. The post-course quiz can be retaken.',
      tags: ['step:result'],
      entry: 'forgetAnswers',
      on: {
        'quiz.retake': { guard: 'isPost', target: 'answering', actions: 'clearAnswers' },
      },
    },
  },
});
