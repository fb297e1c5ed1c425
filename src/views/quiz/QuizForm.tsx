import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { QUIZ_ERRORS, type QuizEvent } from '../../../machines/quiz';
import { css } from '../../../styled-system/css';
import { stack } from '../../../styled-system/patterns';
import { Button } from '../../components/button';
import { Notice, RetryButton } from '../../components/notice';
import * as Progress from '../../components/progress';
import { QuizQuestion } from './QuizQuestion';
import type { QuizActor } from './useQuiz';

/** The questions to answer: how many are answered, each question, what is missing, Submit. */
export function QuizForm({ quiz }: { quiz: QuizActor }) {
  const questions = useSelector(quiz, (s) => s.context.questions);
  const answers = useSelector(quiz, (s) => s.context.answers);
  const missing = useSelector(quiz, (s) => s.context.missing);
  const incomplete = useSelector(quiz, (s) => s.hasTag('incomplete'));
  const submitFailed = useSelector(quiz, (s) => s.hasTag('submitFailed'));
  const submitting = useSelector(quiz, (s) => s.hasTag('submitting'));
  // a failed send, or answers sent from the device's queue that the server refused (issue 28)
  const failedCode = useSelector(quiz, (s) => s.context.error?.code ?? QUIZ_ERRORS.submit);
  const formRef = useRef<HTMLFormElement>(null);

  /** Sends, and when the answer is "Please answer all questions", focuses the first unanswered question. */
  const send = (event: QuizEvent) => {
    quiz.send(event);
    const now = quiz.getSnapshot();
    const first = now.hasTag('incomplete') ? now.context.missing[0] : undefined;
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[data-question="${first}"] input`)?.focus();
  };

  return (
    <form
      ref={formRef}
      noValidate
      aria-busy={submitting}
      data-testid="quiz-form"
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'quiz.submit' });
      }}
      className={stack({ gap: '5' })}
    >
      <AnsweredProgress
        answered={questions.filter((q) => answers[q.id]?.length).length}
        total={questions.length}
      />
      <ol className={stack({ gap: '4' })}>
        {questions.map((q, index) => (
          <li key={q.id}>
            <QuizQuestion
              question={q}
              index={index}
              total={questions.length}
              chosen={answers[q.id] ?? []}
              invalid={missing.includes(q.id)}
              disabled={submitting}
              onChange={(choices) => quiz.send({ type: 'quiz.choose', questionId: q.id, choices })}
            />
          </li>
        ))}
      </ol>
      {incomplete && (
        <Notice
          data-testid="quiz-incomplete"
          title={<FormattedMessage id="learning.quiz.incomplete" />}
          description={
            missing.length > 0 && (
              <FormattedMessage id="learning.quiz.incompleteCount" values={{ count: missing.length }} />
            )
          }
        />
      )}
      {submitFailed && (
        <Notice
          data-testid="quiz-submit-error"
          title={<FormattedMessage id={`learning.errors.${failedCode}`} />}
          actions={<RetryButton onClick={() => send({ type: 'quiz.retry' })} />}
        />
      )}
      <div className={css({ display: 'flex', justifyContent: 'flex-end' })}>
        <Button
          type="submit"
          size="lg"
          loading={submitting}
          className={css({ width: { base: 'full', sm: 'auto' } })}
        >
          <FormattedMessage id="learning.quiz.submit" />
        </Button>
      </div>
    </form>
  );
}

/** "3 of 8 answered", kept in sight while she scrolls through the questions. */
function AnsweredProgress({ answered, total }: { answered: number; total: number }) {
  const intl = useIntl();
  return (
    <div className={css({ position: 'sticky', top: '16', zIndex: '2', bg: 'bg.canvas', py: '2' })}>
      <Progress.Bar
        value={total ? Math.round((answered / total) * 100) : 0}
        data-testid="quiz-progress"
        label={<FormattedMessage id="learning.quiz.progressLabel" />}
        valueTestId="quiz-progress-text"
        valueText={
          <FormattedMessage
            id="learning.quiz.progress"
            values={{ answered: intl.formatNumber(answered), total: intl.formatNumber(total) }}
          />
        }
      />
    </div>
  );
}
