import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { MemberCourseDetail, Progress, QuizResult, QuizSubmitBody } from '../../contract/learning';
import type { QuizKind } from '../../contract/learning-constants';
import {
  type QuizSubmission,
  quizMachine,
  refusalCode,
  unanswered,
  withQuizzesOpened,
} from '../../machines/quiz';
import { attempt, memberCourse, memberQuiz, QUESTIONS, quizResult } from '../support/learning-fixtures';
import { controlledActor } from '../support/stub-actors';

function start(kind: QuizKind = 'pre', queuedKey: string | null = null) {
  const load = controlledActor<MemberCourseDetail, { courseId: string; userId: string }>();
  const submit = controlledActor<QuizSubmission, QuizSubmitBody>();
  const queued = controlledActor<QuizResult, { key: string }>();
  const notified: Progress[] = [];
  const actor = createActor(
    quizMachine.provide({
      actors: { loadQuiz: load.logic, submitQuiz: submit.logic, awaitQueuedResult: queued.logic },
      actions: { notifySubmitted: (_, p) => void notified.push(p.progress) },
    }),
    { input: { courseId: 'menstrual-cycle', kind, userId: 'u1', queuedKey } },
  ).start();
  const snap = () => actor.getSnapshot();
  return { actor, load, submit, queued, notified, snap };
}

const both = (pre = memberQuiz('pre'), post = memberQuiz('post')) => memberCourse({ pre, post });

async function answering(kind: QuizKind = 'pre') {
  const t = start(kind);
  await t.load.resolve(both());
  return t;
}

function answerAll(actor: ReturnType<typeof start>['actor']) {
  actor.send({ type: 'quiz.choose', questionId: 'q-cycle-length', choices: [1] });
  actor.send({ type: 'quiz.choose', questionId: 'q-signs', choices: [1, 0] });
  actor.send({ type: 'quiz.choose', questionId: 'q-pain', choices: [0] });
}

describe('quiz machine: loading', () => {
  it('loads her course for the quiz and opens the questions', async () => {
    const { load, snap } = start();
    expect(snap().hasTag('step:loading')).toBe(true);
    expect(load.calls[0].input).toEqual({ courseId: 'menstrual-cycle', userId: 'u1' });
    await load.resolve(both());
    expect(snap().matches({ answering: 'idle' })).toBe(true);
    expect(snap().hasTag('step:answering')).toBe(true);
    expect(snap().context.questions).toEqual(QUESTIONS);
    expect(snap().context.courseTitle).toBe('Your menstrual cycle');
  });

  it('"Error loading quiz" on a network or server failure, with retry', async () => {
    const { actor, load, snap } = start();
    await load.reject({ code: 'NETWORK_ERROR' });
    expect(snap().value).toBe('failed');
    expect(snap().context.error).toEqual({ code: 'QUIZ_LOAD_FAILED' });
    actor.send({ type: 'quiz.retry' });
    expect(snap().value).toBe('loading');
    expect(load.calls).toHaveLength(2);
    await load.resolve(both());
    expect(snap().matches('answering')).toBe(true);
  });

  it('"Quiz not found" on a 404 or when the course has no quiz for her', async () => {
    for (const code of ['COURSE_NOT_FOUND', 'QUIZ_NOT_FOUND', 'NOT_FOUND']) {
      const { load, snap } = start();
      await load.reject({ code });
      expect(snap().context.error).toEqual({ code: 'QUIZ_NOT_FOUND' });
    }
    const { load, snap } = start();
    await load.resolve(memberCourse(null));
    expect(snap().value).toBe('failed');
    expect(snap().context.error).toEqual({ code: 'QUIZ_NOT_FOUND' });
  });

  it('"No questions available for this quiz." when it has none', async () => {
    const { load, snap } = start();
    await load.resolve(both(memberQuiz('pre', { questions: [] })));
    expect(snap().context.error).toEqual({ code: 'NO_QUESTIONS' });
  });

  it('a pre-course quiz already taken opens in result with her attempt', async () => {
    const last = attempt('pre', 1);
    const { load, snap } = start('pre');
    await load.resolve(both(memberQuiz('pre', { canSubmit: false, lastAttempt: last, attempts: 1 })));
    expect(snap().value).toBe('result');
    expect(snap().context.result).toEqual(last);
    expect(snap().context.questions).toEqual(QUESTIONS);
  });

  it('the post-course quiz before the lessons are done is locked (LESSONS_INCOMPLETE)', async () => {
    const t = start('post');
    await t.load.resolve(both(undefined, memberQuiz('post', { canSubmit: false })));
    expect(t.snap().value).toBe('failed');
    expect(t.snap().context.error).toEqual({ code: 'LESSONS_INCOMPLETE' });
  });

  it('a post-course quiz taken before opens for another attempt', async () => {
    const t = start('post');
    await t.load.resolve(
      both(undefined, memberQuiz('post', { lastAttempt: attempt('post', 2), attempts: 1 })),
    );
    expect(t.snap().matches('answering')).toBe(true);
  });
});

describe('quiz machine: answering and submitting', () => {
  it('keeps her choices: one option for a single-choice question, several (sorted, in range) otherwise', async () => {
    const { actor, snap } = await answering();
    actor.send({ type: 'quiz.choose', questionId: 'q-cycle-length', choices: [0, 2] });
    actor.send({ type: 'quiz.choose', questionId: 'q-signs', choices: [2, 0, 0, 7, -1] });
    actor.send({ type: 'quiz.choose', questionId: 'not-a-question', choices: [1] });
    expect(snap().context.answers).toEqual({ 'q-cycle-length': [2], 'q-signs': [0, 2] });
    expect(unanswered(QUESTIONS, snap().context.answers)).toEqual(['q-pain']);
  });

  it('submitting with questions unanswered: "Please answer all questions", those questions marked', async () => {
    const { actor, submit, snap } = await answering();
    actor.send({ type: 'quiz.choose', questionId: 'q-signs', choices: [0] });
    actor.send({ type: 'quiz.submit' });
    expect(snap().matches({ answering: 'incomplete' })).toBe(true);
    expect(snap().hasTag('incomplete')).toBe(true);
    expect(snap().context.missing).toEqual(['q-cycle-length', 'q-pain']);
    expect(submit.calls).toHaveLength(0);
    // answering one removes its mark; the others stay until the next submit
    actor.send({ type: 'quiz.choose', questionId: 'q-cycle-length', choices: [1] });
    expect(snap().context.missing).toEqual(['q-pain']);
    // clearing an answer does not add a mark before the next submit
    actor.send({ type: 'quiz.choose', questionId: 'q-signs', choices: [] });
    expect(snap().context.missing).toEqual(['q-pain']);
    actor.send({ type: 'quiz.submit' });
    expect(snap().matches({ answering: 'incomplete' })).toBe(true);
    expect(snap().context.missing).toEqual(['q-signs', 'q-pain']);
    actor.send({ type: 'quiz.choose', questionId: 'q-signs', choices: [0] });
    actor.send({ type: 'quiz.choose', questionId: 'q-pain', choices: [0] });
    actor.send({ type: 'quiz.submit' });
    expect(snap().value).toBe('submitting');
    expect(snap().hasTag('step:answering')).toBe(true);
  });

  it('submits every answer, keeps the result and tells the lifecycle her progress', async () => {
    const { actor, submit, notified, snap } = await answering();
    answerAll(actor);
    actor.send({ type: 'quiz.submit' });
    expect(submit.calls[0].input).toEqual({
      courseId: 'menstrual-cycle',
      kind: 'pre',
      answers: [
        { questionId: 'q-cycle-length', choices: [1] },
        { questionId: 'q-signs', choices: [0, 1] },
        { questionId: 'q-pain', choices: [0] },
      ],
    });
    const result = quizResult('pre', 2);
    await submit.resolve(result);
    expect(snap().value).toBe('result');
    const { progress, ...kept } = result;
    expect(snap().context.result).toEqual(kept);
    expect(notified).toEqual([progress]);
  });

  it('a server 400 QUIZ_INCOMPLETE goes to incomplete too', async () => {
    const { actor, submit, notified, snap } = await answering();
    answerAll(actor);
    actor.send({ type: 'quiz.submit' });
    await submit.reject({ code: 'QUIZ_INCOMPLETE' });
    expect(snap().matches({ answering: 'incomplete' })).toBe(true);
    expect(notified).toHaveLength(0);
  });

  it('"Error submitting quiz": her answers stay; retry and submit both send again', async () => {
    const { actor, submit, snap } = await answering();
    answerAll(actor);
    actor.send({ type: 'quiz.submit' });
    await submit.reject({ code: 'NETWORK_ERROR' });
    expect(snap().matches({ answering: 'submitFailed' })).toBe(true);
    expect(snap().hasTag('submitFailed')).toBe(true);
    expect(snap().context.error).toEqual({ code: 'QUIZ_SUBMIT_FAILED' });
    expect(Object.keys(snap().context.answers)).toHaveLength(3);
    actor.send({ type: 'quiz.retry' });
    expect(snap().value).toBe('submitting');
    expect(snap().context.error).toBeNull();
    expect(submit.calls).toHaveLength(2);
    await submit.reject({ code: 'SERVER_ERROR' });
    actor.send({ type: 'quiz.submit' });
    expect(snap().value).toBe('submitting');
    expect(submit.calls).toHaveLength(3);
  });

  it('after a failed submission, an answer cleared makes retry and submit incomplete', async () => {
    const { actor, submit, snap } = await answering();
    answerAll(actor);
    actor.send({ type: 'quiz.submit' });
    await submit.reject({ code: 'NETWORK_ERROR' });
    actor.send({ type: 'quiz.choose', questionId: 'q-signs', choices: [] });
    actor.send({ type: 'quiz.retry' });
    expect(snap().matches({ answering: 'incomplete' })).toBe(true);
    expect(snap().context.missing).toEqual(['q-signs']);
    answerAll(actor);
    actor.send({ type: 'quiz.submit' });
    await submit.reject({ code: 'NETWORK_ERROR' });
    actor.send({ type: 'quiz.choose', questionId: 'q-pain', choices: [] });
    actor.send({ type: 'quiz.submit' });
    expect(snap().matches({ answering: 'incomplete' })).toBe(true);
  });

  it('retake: the post-course quiz goes back to answering with no answers; the pre-course one cannot', async () => {
    const post = await answering('post');
    answerAll(post.actor);
    post.actor.send({ type: 'quiz.submit' });
    await post.submit.resolve(quizResult('post', 3));
    post.actor.send({ type: 'quiz.retake' });
    expect(post.snap().matches({ answering: 'idle' })).toBe(true);
    expect(post.snap().context.answers).toEqual({});
    expect(post.snap().context.result).toBeNull();

    const pre = await answering('pre');
    answerAll(pre.actor);
    pre.actor.send({ type: 'quiz.submit' });
    await pre.submit.resolve(quizResult('pre', 3));
    pre.actor.send({ type: 'quiz.retake' });
    expect(pre.snap().value).toBe('result');
  });
});

describe('quiz machine: answers kept on the device with no network (issue 28)', () => {
  async function queuedQuiz(kind: QuizKind = 'pre') {
    const t = await answering(kind);
    answerAll(t.actor);
    t.actor.send({ type: 'quiz.submit' });
    await t.submit.resolve({ queued: true, key: 'k-1' });
    return t;
  }

  it('a submission queued offline waits in queued for the answer under its key', async () => {
    const { snap, queued, notified } = await queuedQuiz();
    expect(snap().value).toBe('queued');
    expect(snap().hasTag('step:queued')).toBe(true);
    expect(snap().context.queuedKey).toBe('k-1');
    expect(queued.calls[0].input).toEqual({ key: 'k-1' });
    expect(snap().context.result).toBeNull();
    expect(notified).toHaveLength(0);
  });

  it('the answer from the queue shows as her result and tells the lifecycle', async () => {
    const { snap, queued, notified } = await queuedQuiz();
    const result = quizResult('pre', 3);
    await queued.resolve(result);
    expect(snap().value).toBe('result');
    const { progress, ...kept } = result;
    expect(snap().context.result).toEqual(kept);
    expect(snap().context.queuedKey).toBeNull();
    expect(notified).toEqual([progress]);
  });

  it('a refusal of the queued answers: QUIZ_INCOMPLETE marks, others keep a code to explain', async () => {
    const a = await queuedQuiz();
    await a.queued.reject({ code: 'QUIZ_INCOMPLETE' });
    expect(a.snap().matches({ answering: 'incomplete' })).toBe(true);

    const b = await queuedQuiz();
    await b.queued.reject({ code: 'PRE_QUIZ_ALREADY_TAKEN' });
    expect(b.snap().matches({ answering: 'submitFailed' })).toBe(true);
    expect(b.snap().context.error).toEqual({ code: 'PRE_QUIZ_ALREADY_TAKEN' });
    expect(Object.keys(b.snap().context.answers)).toHaveLength(3);
    expect(b.notified).toHaveLength(0);
  });

  it('reopened while her answers wait in the queue: waits for them, with the questions, sends nothing new', async () => {
    const { snap, load, submit, queued, notified } = start('pre', 'k-kept');
    await load.resolve(both());
    expect(snap().value).toBe('queued');
    expect(snap().context.questions).toEqual(QUESTIONS);
    expect(snap().context.courseTitle).toBe('Your menstrual cycle');
    expect(queued.calls[0].input).toEqual({ key: 'k-kept' });
    expect(submit.calls).toHaveLength(0);
    await queued.resolve(quizResult('pre', 2));
    expect(snap().value).toBe('result');
    expect(notified).toHaveLength(1);
  });

  it('refusalCode keeps the codes the screen explains, the rest is a failed submission', () => {
    expect(refusalCode({ code: 'LESSONS_INCOMPLETE' })).toBe('LESSONS_INCOMPLETE');
    expect(refusalCode({ code: 'PRE_QUIZ_REQUIRED' })).toBe('PRE_QUIZ_REQUIRED');
    expect(refusalCode({ code: 'VALIDATION_ERROR' })).toBe('QUIZ_SUBMIT_FAILED');
    expect(refusalCode(new Error('x'))).toBe('QUIZ_SUBMIT_FAILED');
  });
});

describe('withQuizzesOpened: her saved copy after lessons done offline', () => {
  const copy = (done: boolean[], pre = memberQuiz('pre', { attempts: 1, canSubmit: false })) => {
    const course = both(pre, memberQuiz('post', { canSubmit: false }));
    const lessons = done.map((d, i) => ({ id: `l${i + 1}`, title: `Lesson ${i + 1}`, done: d }));
    return { ...course, lessons: lessons as unknown as typeof course.lessons };
  };

  it('opens the post-course quiz once the pre-course quiz is taken and every lesson is done', () => {
    const all = copy([true, true, true]);
    expect(withQuizzesOpened(all).quizzes?.post.canSubmit).toBe(true);
    expect(withQuizzesOpened(all).quizzes?.pre).toEqual(all.quizzes?.pre);
  });

  it('keeps it closed with a lesson left, or without the pre-course quiz', () => {
    const some = copy([true, false, true]);
    expect(withQuizzesOpened(some)).toBe(some);
    const noPre = copy([true, true], memberQuiz('pre', { attempts: 0, lastAttempt: null }));
    expect(withQuizzesOpened(noPre).quizzes?.post.canSubmit).toBe(false);
  });
});
