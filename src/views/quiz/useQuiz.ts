import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Progress } from '../../../contract/learning';
import type { QuizKind } from '../../../contract/learning-constants';
import type { QueueItem } from '../../../machines/offline-rules';
import { quizMachine } from '../../../machines/quiz';
import type { AnyActorSystem } from '../../api/course-offline';
import { awaitQueuedResultWith, loadQuiz, submitQuizWith } from '../../api/quiz';
import { type ScreenOverrides, useAppActor, useScreenOverrides } from '../../app/actors';
import { notify } from '../../app/notify';
import { forgetAnswers, readAnswers, saveAnswers } from './quiz-storage';

export type QuizActor = ReturnType<typeof useActorRef<typeof quizMachine>>;
type QuizStep = 'loading' | 'failed' | 'answering' | 'queued' | 'result';

/** The screen's machine: the real API actors and the lifecycle notice, with the tests' stubs on top. */
function createLogic(
  overrides: ScreenOverrides['quiz'],
  notice: (progress: Progress) => void,
  key: string,
  root: AnyActorSystem,
) {
  const real = quizMachine.provide({
    actors: { loadQuiz, submitQuiz: submitQuizWith(root), awaitQueuedResult: awaitQueuedResultWith(root) },
    actions: {
      notifySubmitted: (_, p) => notice(p.progress),
      saveAnswers: (_, { answers }) => saveAnswers(key, answers),
      forgetAnswers: () => forgetAnswers(key),
    },
  });
  return overrides ? real.provide(overrides) : real;
}

/**
 * The quiz's own actor for one course and kind. After a submission it tells the course lifecycle
 * (root system id `courseLifecycle`, when it is there) her new progress, and says so in a toast.
 */
export function useQuiz(props: { courseId: string; kind: QuizKind; userId: string }): QuizActor {
  const intl = useIntl();
  const app = useAppActor();
  const overrides = useScreenOverrides();
  const intlRef = useRef(intl);
  intlRef.current = intl;
  const key = `quiz:${props.userId}:${props.courseId}:${props.kind}`;
  const [logic] = useState(() =>
    createLogic(
      overrides.quiz,
      (progress) => {
        app.system.get('courseLifecycle')?.send({ type: 'course.quizSubmitted', progress });
        notify({ type: 'success', title: intlRef.current.formatMessage({ id: 'learning.quiz.submitted' }) });
      },
      key,
      app.system,
    ),
  );
  const [input] = useState(() => ({
    ...props,
    saved: readAnswers(key),
    queuedKey: queuedKeyOf(app.system, props.courseId, props.kind),
  }));
  return useActorRef(logic, { input, inspect: overrides.inspect });
}

/** The key of her answers to this quiz waiting in the offline queue (root system id `offline`), if any. */
function queuedKeyOf(system: AnyActorSystem, courseId: string, kind: QuizKind): string | null {
  const queue = (system.get('offline')?.getSnapshot()?.context?.queue ?? []) as QueueItem[];
  const item = queue.find((i) => i.kind === 'quiz.submit' && i.courseId === courseId && i.body.kind === kind);
  return item?.key ?? null;
}

/** Which part of the screen shows, asked of the machine by tag. */
export function useQuizStep(quiz: QuizActor): QuizStep {
  return useSelector(quiz, (s) =>
    s.hasTag('step:loading')
      ? 'loading'
      : s.hasTag('step:failed')
        ? 'failed'
        : s.hasTag('step:result')
          ? 'result'
          : s.hasTag('step:queued')
            ? 'queued'
            : 'answering',
  );
}
