import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { MemberCourseDetail, QuizResult, QuizSubmitBody } from '../../contract/learning';
import type { QuizKind } from '../../contract/learning-constants';
import type { MemberStore, QueueItem } from '../../machines/offline-rules';
import { type QuizSubmission, quizMachine } from '../../machines/quiz';
import { toaster } from '../../src/components/toast';
import { attempt, memberCourse, memberQuiz, QUESTIONS, quizResult } from '../support/learning-fixtures';
import { controlledActor, resolves } from '../support/stub-actors';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based test of the pre- and post-course quizzes (spec §3 Quiz, §4 Course, §5, §8): a test
 * model whose server answers are explicit events drives the REAL screen at
 * /dashboard/course/:id/quiz/pre|post (real quiz machine, real views, real routes and dashboard
 * shell) in jsdom; every state check looks at the DOM. Coverage of the real machine is recorded
 * through `inspect`, and so is what the screen tells the root's course lifecycle.
 */
const coverage = new Coverage('quiz', quizMachine);
const COURSE = 'menstrual-cycle';

/** What one opened quiz keeps besides the app. */
interface Run {
  kind: QuizKind;
  /** What the screen told the root's course lifecycle. */
  lifecycle: unknown[];
  /** Toasts saying "Quiz submitted successfully" before the submission (the toaster outlives a test). */
  toastsBefore: number;
}
let run: Run;

const ui = modelApp({
  coverage,
  member: true,
  stubs: {
    loadQuiz: () => controlledActor<MemberCourseDetail, { courseId: string; userId: string }>(),
    submitQuiz: () => controlledActor<QuizSubmission, QuizSubmitBody>(),
    awaitQueuedResult: () => controlledActor<QuizResult, { key: string }>(),
    // what the device keeps (issue 28): her queue, with answers to this quiz when a path says so
    offlineLoadMember: () => resolves<MemberStore>(device),
  },
  inspect: (e) => {
    if (e.type === '@xstate.event' && e.event.type === 'course.quizSubmitted') run.lifecycle.push(e.event);
  },
});
const { t, settle } = ui;
const load = () => ui.stubs.loadQuiz;
const submit = () => ui.stubs.submitQuiz;
/** The offline machine's device store as the next open finds it. */
let device: MemberStore = { saved: [], queue: [] };
const QUEUED_ITEM: QueueItem = {
  key: 'key-kept',
  kind: 'quiz.submit',
  courseId: COURSE,
  body: { courseId: COURSE, kind: 'pre', answers: [] },
  madeAt: '2026-11-28T10:00:00.000Z',
};
const queued = () => ui.stubs.awaitQueuedResult;

/** Opens the quiz; `reload` is a reload of the page (the tab's storage stays, as it does anyway). */
function open(kind: QuizKind, reload = false, queue: QueueItem[] = []) {
  run = { kind, lifecycle: [], toastsBefore: 0 };
  device = { saved: [], queue };
  const path = `/dashboard/course/${COURSE}/quiz/${kind}`;
  return reload ? ui.reload(path) : ui.open(path);
}

const SAVED_KEY = `quiz:u1:${COURSE}:pre`;
const saved = () => sessionStorage.getItem(SAVED_KEY);
const form = () => screen.getByTestId('quiz-form');
const question = (id: string) => screen.getByTestId(`question-${id}`);
const submitButton = () => within(form()).getByRole('button', { name: t('learning.quiz.submit') });

const loaded = (pre = memberQuiz('pre'), post = memberQuiz('post')) => memberCourse({ pre, post });

async function answerAll() {
  const u = ui.app.user;
  const single = async (qid: string, option: string) => {
    const radio = within(question(qid)).getByRole('radio', { name: option });
    if (!(radio as HTMLInputElement).checked) await u.click(radio);
  };
  await single('q-cycle-length', '21 to 35 days');
  for (const option of ['Clear, stretchy discharge', 'A slight rise in temperature']) {
    const box = within(question('q-signs')).getByRole('checkbox', { name: option });
    if (!(box as HTMLInputElement).checked) await u.click(box);
  }
  await single('q-pain', 'True');
  await settle();
}

/** Takes back both answers of the multiple-choice question. */
async function clearSigns() {
  for (const box of within(question('q-signs')).getAllByRole('checkbox')) {
    if ((box as HTMLInputElement).checked) await ui.app.user.click(box);
  }
  await settle();
}

function expectProgress(answered: number) {
  expect(screen.getByTestId('quiz-progress-text')).toHaveTextContent(
    t('learning.quiz.progress', { answered, total: 3 }),
  );
  expect(screen.getByRole('progressbar')).toHaveAttribute(
    'aria-valuenow',
    String(Math.round((answered / 3) * 100)),
  );
}

function marked() {
  return QUESTIONS.filter((q) => question(q.id).hasAttribute('data-invalid')).map((q) => q.id);
}

async function expectQuestions() {
  await screen.findByTestId('quiz-form');
  // real groups with a legend: radios for one answer, checkboxes for several; no timer anywhere
  for (const [i, q] of QUESTIONS.entries()) {
    const box = question(q.id);
    expect(box.tagName).toBe('FIELDSET');
    expect(within(box).getByText(q.prompt).closest('legend')).not.toBeNull();
    const group = within(box).getByRole(q.multiple ? 'group' : 'radiogroup');
    expect(group).toHaveAccessibleName(`${t('learning.quiz.question', { n: i + 1, total: 3 })}${q.prompt}`);
    expect(within(box).getAllByRole(q.multiple ? 'checkbox' : 'radio')).toHaveLength(q.options.length);
  }
  expect(screen.queryByRole('timer')).toBeNull();
  expect(screen.getByTestId('page-title')).toHaveTextContent('Test Your Knowledge');
}

async function expectIncomplete(expectMarked: boolean) {
  const alert = await screen.findByTestId('quiz-incomplete');
  expect(alert).toHaveAttribute('role', 'alert');
  expect(alert).toHaveTextContent(t('learning.quiz.incomplete'));
  const ids = marked();
  if (!expectMarked) {
    expect(ids).toEqual([]);
    return;
  }
  expect(ids.length).toBeGreaterThan(0);
  expect(alert).toHaveTextContent(t('learning.quiz.incompleteCount', { count: ids.length }));
  for (const id of ids) {
    const group = within(question(id)).getByRole(id === 'q-signs' ? 'group' : 'radiogroup');
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(within(question(id)).getByText(t('learning.quiz.needsAnswer'))).toBeInTheDocument();
  }
  // the first unanswered question has the focus
  await waitFor(() => expect(question(ids[0]).contains(document.activeElement)).toBe(true));
}

async function expectResult(kind: QuizKind, correct: number, submitted: boolean) {
  const result = await screen.findByTestId('quiz-result');
  const live = within(result).getAllByRole('status')[0];
  expect(live).toHaveAttribute('aria-live', 'polite');
  expect(live).toHaveTextContent(t('learning.quiz.result.title'));
  expect(screen.getByTestId('quiz-score')).toHaveTextContent(
    t('learning.quiz.result.correct', { correct, total: 3 }),
  );
  for (const [i, q] of QUESTIONS.entries()) {
    const item = screen.getByTestId(`feedback-${q.id}`);
    expect(item).toHaveTextContent(q.prompt);
    expect(item).toHaveTextContent(`Why: ${q.prompt}`);
    const right = i < correct;
    expect(item).toHaveTextContent(
      t(right ? 'learning.quiz.feedback.right' : 'learning.quiz.feedback.wrong'),
    );
    if (!right)
      expect(item).toHaveTextContent(
        t('learning.quiz.feedback.correct', {
          answer: q.multiple ? `${q.options[0]} and ${q.options[1]}` : q.options[1],
        }),
      );
  }
  if (kind === 'pre') {
    expect(screen.getByRole('link', { name: t('learning.quiz.startLessons') })).toHaveAttribute(
      'href',
      `/dashboard/course/${COURSE}`,
    );
    expect(screen.queryByRole('button', { name: t('learning.quiz.retake') })).toBeNull();
  } else {
    expect(screen.getByRole('link', { name: t('learning.quiz.seeResults') })).toHaveAttribute(
      'href',
      `/dashboard/course/${COURSE}/complete`,
    );
    expect(screen.getByRole('button', { name: t('learning.quiz.retake') })).toBeInTheDocument();
  }
  if (submitted) {
    // the toast, and the course lifecycle hears her new progress
    await waitFor(() =>
      expect(screen.queryAllByText(t('learning.quiz.submitted')).length).toBe(run.toastsBefore + 1),
    );
    expect(run.lifecycle).toEqual([
      { type: 'course.quizSubmitted', progress: quizResult(kind, correct).progress },
    ]);
  } else {
    expect(submit().calls).toHaveLength(0);
    expect(run.lifecycle).toEqual([]);
  }
}

async function expectLoadError(code: string, retry: boolean, back: string) {
  const alert = await screen.findByTestId('quiz-error');
  expect(alert).toHaveAttribute('role', 'alert');
  expect(alert).toHaveTextContent(t(`learning.errors.${code}`));
  expect(within(alert).queryByRole('button', { name: t('learning.common.retry') }) !== null).toBe(retry);
  expect(within(alert).getByRole('link', { name: t('learning.quiz.backToCourse') })).toHaveAttribute(
    'href',
    back,
  );
  expect(screen.queryByTestId('quiz-form')).toBeNull();
}

// ------------------------------------------------------------------ the test model

const model = createMachine({
  id: 'quizModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'loading', OPEN_POST: 'loadingPost', OPEN_WITH_QUEUED: 'loadingQueued' } },
    // reopened (a reload with no network) while her answers still wait in the device's queue
    loadingQueued: { on: { LOAD_OK: 'queuedAgain' } },
    queuedAgain: { on: { QUEUED_OK: 'result' } },
    loading: {
      on: {
        LOAD_OK: 'answering',
        LOAD_FAIL: 'failed',
        LOAD_NOT_FOUND: 'notFound',
        LOAD_NO_QUIZ: 'notFound',
        LOAD_NO_QUESTIONS: 'noQuestions',
        LOAD_TAKEN: 'takenResult',
      },
    },
    failed: { on: { RETRY: 'loading' } },
    notFound: {},
    noQuestions: {},
    takenResult: {},
    answering: { on: { SUBMIT_EMPTY: 'incomplete', ANSWER_ALL: 'answered' } },
    incomplete: { on: { SUBMIT_EMPTY: 'incomplete', ANSWER_ALL: 'fixed' } },
    answered: { on: { SUBMIT: 'submitting', RELOAD: 'reloading' } },
    reloading: { on: { LOAD_OK: 'answeredAfterReload' } },
    answeredAfterReload: { on: { SUBMIT: 'submitting' } },
    fixed: { on: { SUBMIT: 'submitting' } },
    submitting: {
      on: {
        SUBMIT_OK: 'result',
        SUBMIT_FAIL: 'submitFailed',
        SUBMIT_INCOMPLETE: 'serverIncomplete',
        SUBMIT_QUEUED: 'queued',
      },
    },
    // no network (issue 28): her answers wait in the device's queue for the server's answer
    queued: { on: { QUEUED_OK: 'result', QUEUED_REFUSED: 'refused', QUEUED_INCOMPLETE: 'serverIncomplete' } },
    refused: {},
    serverIncomplete: { on: { SUBMIT: 'submitting' } },
    submitFailed: {
      on: {
        RETRY: 'submitting',
        SUBMIT: 'submitting',
        CLEAR_ONE_AND_RETRY: 'incomplete',
        CLEAR_ONE_AND_SUBMIT: 'incomplete',
      },
    },
    result: {},
    loadingPost: { on: { LOAD_OK: 'answeringPost', LOAD_LOCKED: 'locked' } },
    locked: {},
    answeringPost: { on: { ANSWER_ALL: 'answeredPost' } },
    answeredPost: { on: { SUBMIT: 'submittingPost' } },
    submittingPost: { on: { SUBMIT_OK: 'resultPost' } },
    resultPost: { on: { RETAKE: 'answeringPost' } },
  },
});

const testModel = createTestModel(model, {
  // one path for each way into each state (the event and where it came from)
  serializeState: (state, event, previous) =>
    `${JSON.stringify(state.value)} via ${event?.type ?? 'start'} from ${JSON.stringify(previous?.value)}`,
});
const paths = testModel.getShortestPaths();

describe('quiz model on the real screen', () => {
  it('generates a path for each way into each state', () => {
    expect(paths.length).toBeGreaterThan(12);
  });

  followPaths(
    paths,
    {
      events: {
        OPEN: () => open('pre'),
        OPEN_POST: () => open('post'),
        OPEN_WITH_QUEUED: async () => {
          await open('pre', false, [QUEUED_ITEM]);
        },
        RELOAD: () => open('pre', true),
        LOAD_OK: () => load().resolve(loaded()),
        LOAD_FAIL: () => load().reject({ code: 'NETWORK_ERROR' }),
        LOAD_NOT_FOUND: () => load().reject({ code: 'COURSE_NOT_FOUND' }),
        LOAD_NO_QUIZ: () => load().resolve(memberCourse(null)),
        LOAD_NO_QUESTIONS: () => load().resolve(loaded(memberQuiz('pre', { questions: [] }))),
        LOAD_TAKEN: () =>
          load().resolve(
            loaded(memberQuiz('pre', { canSubmit: false, attempts: 1, lastAttempt: attempt('pre', 1) })),
          ),
        LOAD_LOCKED: () => load().resolve(loaded(undefined, memberQuiz('post', { canSubmit: false }))),
        ANSWER_ALL: answerAll,
        SUBMIT_EMPTY: async () => {
          await ui.app.user.click(submitButton());
          await settle();
        },
        SUBMIT: async () => {
          await ui.app.user.click(submitButton());
          await settle();
        },
        SUBMIT_OK: async () => {
          run.toastsBefore = screen.queryAllByText(t('learning.quiz.submitted')).length;
          await submit().resolve(quizResult(run.kind, 2));
        },
        SUBMIT_FAIL: () => submit().reject({ code: 'NETWORK_ERROR' }),
        SUBMIT_INCOMPLETE: () => submit().reject({ code: 'QUIZ_INCOMPLETE' }),
        SUBMIT_QUEUED: () => submit().resolve({ queued: true, key: 'key-1' }),
        QUEUED_OK: async () => {
          // the toaster outlives a test and shows three at most: start from none
          act(() => toaster.remove());
          await waitFor(() => expect(screen.queryAllByText(t('learning.quiz.submitted'))).toHaveLength(0));
          run.toastsBefore = 0;
          await queued().resolve(quizResult(run.kind, 2));
        },
        QUEUED_REFUSED: () => queued().reject({ code: 'PRE_QUIZ_ALREADY_TAKEN' }),
        QUEUED_INCOMPLETE: () => queued().reject({ code: 'QUIZ_INCOMPLETE' }),
        RETRY: async () => {
          await ui.press('learning.common.retry');
          await settle();
        },
        CLEAR_ONE_AND_RETRY: async () => {
          await clearSigns();
          await ui.press('learning.common.retry');
          await settle();
        },
        CLEAR_ONE_AND_SUBMIT: async () => {
          await clearSigns();
          await ui.app.user.click(submitButton());
          await settle();
        },
        RETAKE: async () => {
          await ui.press('learning.quiz.retake');
          await settle();
        },
      },
      states: {
        closed: ui.expectClosed,
        loading: async () => {
          expect(await screen.findByTestId('quiz-loading', {}, { timeout: 10_000 })).toBeInTheDocument();
          expect(screen.getByRole('heading', { name: t('learning.quiz.title.pre') })).toBeInTheDocument();
          await waitFor(() => expect(load().last()?.input).toEqual({ courseId: COURSE, userId: 'u1' }));
        },
        loadingQueued: async () => {
          expect(await screen.findByTestId('quiz-loading', {}, { timeout: 10_000 })).toBeInTheDocument();
        },
        queuedAgain: async () => {
          const kept = await screen.findByTestId('quiz-queued');
          expect(kept).toHaveTextContent(t('learning.quiz.queued.title'));
          expect(screen.queryByTestId('quiz-form')).toBeNull();
          // it waits for the answer to the answers already queued, not new ones
          await waitFor(() => expect(queued().last()?.input).toEqual({ key: 'key-kept' }));
          expect(submit().calls).toHaveLength(0);
        },
        loadingPost: async () => {
          expect(await screen.findByTestId('quiz-loading', {}, { timeout: 10_000 })).toBeInTheDocument();
          expect(screen.getByRole('heading', { name: t('learning.quiz.title.post') })).toBeInTheDocument();
        },
        failed: () => expectLoadError('QUIZ_LOAD_FAILED', true, `/courses/${COURSE}`),
        notFound: () => expectLoadError('QUIZ_NOT_FOUND', false, `/courses/${COURSE}`),
        noQuestions: () => expectLoadError('NO_QUESTIONS', false, `/courses/${COURSE}`),
        locked: () => expectLoadError('LESSONS_INCOMPLETE', false, `/dashboard/course/${COURSE}`),
        takenResult: async () => {
          await expectResult('pre', 1, false);
          expect(screen.getByTestId('quiz-result')).toHaveTextContent(/You took this quiz on Nov 20, 2026/);
        },
        answering: async () => {
          await expectQuestions();
          expectProgress(0);
          expect(screen.queryByRole('alert')).toBeNull();
        },
        answeringPost: async () => {
          await expectQuestions();
          expect(screen.getByRole('heading', { name: t('learning.quiz.title.post') })).toBeInTheDocument();
          // a retake starts with no answers
          expectProgress(0);
        },
        incomplete: () => expectIncomplete(true),
        serverIncomplete: async () => {
          await expectIncomplete(false);
          expectProgress(3);
        },
        answered: () => {
          expectProgress(3);
          expect(marked()).toEqual([]);
          // kept for this tab, for a reload
          expect(JSON.parse(saved()!)).toEqual({ 'q-cycle-length': [1], 'q-signs': [0, 1], 'q-pain': [0] });
        },
        reloading: async () => {
          expect(await screen.findByTestId('quiz-loading', {}, { timeout: 10_000 })).toBeInTheDocument();
        },
        answeredAfterReload: async () => {
          // a reload keeps the answers she had given
          await expectQuestions();
          expectProgress(3);
          expect(
            within(question('q-cycle-length')).getByRole('radio', { name: '21 to 35 days' }),
          ).toBeChecked();
          expect(
            within(question('q-signs')).getByRole('checkbox', { name: 'Clear, stretchy discharge' }),
          ).toBeChecked();
          expect(within(question('q-pain')).getByRole('radio', { name: 'True' })).toBeChecked();
        },
        answeredPost: () => expectProgress(3),
        fixed: () => {
          // answering takes the marks away; the message stays until she submits again
          expectProgress(3);
          expect(marked()).toEqual([]);
        },
        submitting: async () => {
          await waitFor(() => expect(submitButton()).toHaveAttribute('aria-busy', 'true'));
          expect(submit().last()!.input).toEqual({
            courseId: COURSE,
            kind: 'pre',
            answers: [
              { questionId: 'q-cycle-length', choices: [1] },
              { questionId: 'q-signs', choices: [0, 1] },
              { questionId: 'q-pain', choices: [0] },
            ],
          });
        },
        submittingPost: async () => {
          await waitFor(() => expect(submitButton()).toHaveAttribute('aria-busy', 'true'));
          expect(submit().last()!.input.kind).toBe('post');
        },
        submitFailed: async () => {
          const alert = await screen.findByTestId('quiz-submit-error');
          expect(alert).toHaveTextContent(t('learning.errors.QUIZ_SUBMIT_FAILED'));
          // her answers are kept
          expectProgress(3);
          expect(within(question('q-pain')).getByRole('radio', { name: 'True' })).toBeChecked();
        },
        queued: async () => {
          const kept = await screen.findByTestId('quiz-queued');
          expect(kept).toHaveAttribute('role', 'status');
          expect(kept).toHaveTextContent(t('learning.quiz.queued.title'));
          expect(kept).toHaveTextContent(t('learning.quiz.queued.body'));
          expect(screen.queryByTestId('quiz-form')).toBeNull();
          expect(screen.queryByTestId('quiz-result')).toBeNull();
          // it waits for the answer to her own answers, by their key; nothing told yet
          await waitFor(() => expect(queued().last()?.input).toEqual({ key: 'key-1' }));
          expect(run.lifecycle).toEqual([]);
          // still kept for this tab until there is a result
          expect(saved()).not.toBeNull();
        },
        refused: async () => {
          const alert = await screen.findByTestId('quiz-submit-error');
          expect(alert).toHaveTextContent(t('learning.errors.PRE_QUIZ_ALREADY_TAKEN'));
          expect(screen.queryByTestId('quiz-queued')).toBeNull();
          expectProgress(3);
          expect(run.lifecycle).toEqual([]);
        },
        result: async () => {
          await expectResult('pre', 2, true);
          // submitted: nothing left to restore
          expect(saved()).toBeNull();
        },
        resultPost: () => expectResult('post', 2, true),
      },
    },
    30_000,
  );

  coversEveryTransition(coverage);
});
