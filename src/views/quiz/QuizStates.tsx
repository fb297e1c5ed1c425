import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { QUIZ_ERRORS } from '../../../machines/quiz';
import { css } from '../../../styled-system/css';
import { stack } from '../../../styled-system/patterns';
import { LinkButton } from '../../components/link-button';
import { LoadingState } from '../../components/loading-state';
import { Notice, RetryButton } from '../../components/notice';
import { panel } from '../../components/panel';
import { Skeleton } from '../../components/skeleton';
import { coursePath, learnPath } from '../course/useCourse';
import { CloudOffIcon } from '../learn/offline';
import type { QuizActor } from './useQuiz';

/** The quiz's shape while its questions load. */
export function QuizLoading() {
  return (
    <LoadingState
      label={<FormattedMessage id="learning.quiz.loading" />}
      data-testid="quiz-loading"
      className={panel()}
    >
      <div className={stack({ gap: '4' })}>
        <Skeleton className={css({ height: '2', width: 'full' })} />
        <Skeleton className={css({ height: '6', width: '3/4' })} />
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className={css({ height: '10', width: 'full' })} />
        ))}
      </div>
    </LoadingState>
  );
}

/**
 * The quiz cannot be taken: why (a failed load she can retry, or not found, no questions, lessons
 * not done yet) and the way back (to the lessons when they are what is missing).
 */
export function QuizFailed({ quiz, courseId }: { quiz: QuizActor; courseId: string }) {
  const code = useSelector(quiz, (s) => s.context.error?.code ?? QUIZ_ERRORS.load);
  const retryable = code === QUIZ_ERRORS.load;
  return (
    <Notice
      status={retryable ? 'error' : 'info'}
      role="alert"
      data-testid="quiz-error"
      title={<FormattedMessage id={`learning.errors.${code}`} />}
      actions={
        <>
          {retryable && <RetryButton onClick={() => quiz.send({ type: 'quiz.retry' })} />}
          <LinkButton
            href={code === QUIZ_ERRORS.lessonsIncomplete ? learnPath(courseId) : coursePath(courseId)}
            size="sm"
            variant="ghost"
          >
            <FormattedMessage id="learning.quiz.backToCourse" />
          </LinkButton>
        </>
      }
    />
  );
}

/**
 * Her answers wait on this device for a connection (issue 28): they are sent when she is back, and
 * the result replaces this as soon as the answer comes.
 */
export function QuizQueued() {
  return (
    <Notice
      status="info"
      role="status"
      data-testid="quiz-queued"
      title={<FormattedMessage id="learning.quiz.queued.title" />}
      description={<FormattedMessage id="learning.quiz.queued.body" />}
      end={
        <span className={css({ color: 'fg.muted', '& svg': { width: '6', height: '6' } })}>
          <CloudOffIcon />
        </span>
      }
    />
  );
}
