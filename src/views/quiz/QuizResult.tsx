import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import type { QuizQuestion } from '../../../contract/learning';
import type { QuizKind } from '../../../contract/learning-constants';
import type { AttemptResult } from '../../../machines/quiz';
import { css, cx } from '../../../styled-system/css';
import { stack } from '../../../styled-system/patterns';
import { Button } from '../../components/button';
import { LinkButton } from '../../components/link-button';
import { panel } from '../../components/panel';
import { AlertIcon, CheckCircleIcon } from '../../theme/icons';
import { completePath, learnPath } from '../course/useCourse';
import { formatDate, formatPercent } from '../courses/format';
import type { QuizActor } from './useQuiz';

const summary = cx(
  css(panel.raw({ tone: 'accent' }), { borderColor: 'accent.border', borderRadius: 'lg' }),
  stack({
    direction: { base: 'column', sm: 'row' },
    align: { base: 'flex-start', sm: 'center' },
    gap: { base: '3', sm: '6' },
  }),
);

const scoreRing = css({
  display: 'grid',
  placeItems: 'center',
  flexShrink: '0',
  width: '24',
  height: '24',
  borderRadius: 'full',
  bg: 'bg.surface',
  borderWidth: '4px',
  borderColor: 'accent.default',
  fontSize: '2xl',
  fontWeight: '700',
  color: 'accent.fg',
});

/** Her score (announced, and focused), what comes next, and every answer explained. */
export function QuizResult({ quiz, courseId, kind }: { quiz: QuizActor; courseId: string; kind: QuizKind }) {
  const intl = useIntl();
  const result = useSelector(quiz, (s) => s.context.result) as AttemptResult;
  const questions = useSelector(quiz, (s) => s.context.questions);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const n = (value: number) => intl.formatNumber(value);
  // one string for the ring and the sentence: the same digits and % sign in both
  const score = formatPercent(intl, result.score);
  return (
    <div className={stack({ gap: '6' })} data-testid="quiz-result">
      <section role="status" aria-live="polite" aria-atomic="true" className={summary}>
        <span aria-hidden="true" className={scoreRing} data-testid="score-ring">
          {score}
        </span>
        <div className={stack({ gap: '1' })}>
          <h3
            ref={headingRef}
            tabIndex={-1}
            className={css({ textStyle: 'heading.md', color: 'fg.default', outline: 'none' })}
          >
            <FormattedMessage id="learning.quiz.result.title" />
          </h3>
          <p className={css({ fontWeight: '600' })} data-testid="quiz-score">
            <FormattedMessage id="learning.quiz.result.score" values={{ score }} />
            {' · '}
            <FormattedMessage
              id="learning.quiz.result.correct"
              values={{ correct: n(result.correct), total: n(result.total) }}
            />
          </p>
          <p className={css({ color: 'fg.muted', textStyle: 'body.sm' })}>
            <FormattedMessage
              id="learning.quiz.result.takenOn"
              values={{ date: formatDate(intl, result.submittedAt) }}
            />{' '}
            <FormattedMessage id={`learning.quiz.result.${kind}`} />
          </p>
        </div>
      </section>

      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
        {kind === 'pre' ? (
          <LinkButton href={learnPath(courseId)} size="lg">
            <FormattedMessage id="learning.quiz.startLessons" />
          </LinkButton>
        ) : (
          <>
            <LinkButton href={completePath(courseId)} size="lg">
              <FormattedMessage id="learning.quiz.seeResults" />
            </LinkButton>
            <Button
              type="button"
              size="lg"
              variant="outline"
              onClick={() => quiz.send({ type: 'quiz.retake' })}
            >
              <FormattedMessage id="learning.quiz.retake" />
            </Button>
          </>
        )}
      </div>

      <section aria-labelledby="quiz-answers-heading" className={stack({ gap: '3' })}>
        <h3 id="quiz-answers-heading" className={css({ textStyle: 'heading.sm' })}>
          <FormattedMessage id="learning.quiz.result.answers" />
        </h3>
        <ol className={stack({ gap: '3' })}>
          {result.feedback.map((f, index) => (
            <Feedback
              key={f.questionId}
              feedback={f}
              question={questions.find((x) => x.id === f.questionId)}
              n={n(index + 1)}
              total={n(result.feedback.length)}
            />
          ))}
        </ol>
      </section>
    </div>
  );
}

function optionList(intl: IntlShape, q: QuizQuestion | undefined, indexes: number[]): string {
  const names = indexes.map((i) => q?.options[i]).filter((o): o is string => !!o);
  return names.length
    ? (intl.formatList(names, { type: 'conjunction' }) as string)
    : intl.formatMessage({ id: 'learning.quiz.feedback.noAnswer' });
}

const verdict = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  mt: '2',
  fontWeight: '600',
  textStyle: 'body.sm',
  color: 'error.fg',
  '&[data-correct=true]': { color: 'success.fg' },
  '& svg': { width: '4', height: '4' },
});

/** One answer: right or wrong, hers, the right one when hers was not, and why. */
function Feedback(props: {
  feedback: AttemptResult['feedback'][number];
  question: QuizQuestion | undefined;
  n: string;
  total: string;
}) {
  const { feedback: f, question: q, n, total } = props;
  const intl = useIntl();
  return (
    <li className={panel()} data-testid={`feedback-${f.questionId}`}>
      <p className={css({ textStyle: 'body.sm', color: 'fg.muted' })}>
        <FormattedMessage id="learning.quiz.question" values={{ n, total }} />
      </p>
      <p className={css({ fontWeight: '600', mt: '1' })}>{q?.prompt}</p>
      <p data-correct={f.isCorrect} className={verdict}>
        {f.isCorrect ? <CheckCircleIcon aria-hidden="true" /> : <AlertIcon aria-hidden="true" />}
        <FormattedMessage
          id={f.isCorrect ? 'learning.quiz.feedback.right' : 'learning.quiz.feedback.wrong'}
        />
      </p>
      <p className={css({ mt: '2' })}>
        <FormattedMessage
          id="learning.quiz.feedback.yours"
          values={{ answer: optionList(intl, q, f.chosen) }}
        />
      </p>
      {!f.isCorrect && (
        <p className={css({ mt: '1', fontWeight: '600', color: 'success.fg' })}>
          <FormattedMessage
            id="learning.quiz.feedback.correct"
            values={{ answer: optionList(intl, q, f.correctOptions) }}
          />
        </p>
      )}
      {f.explanation && <p className={css({ mt: '2', color: 'fg.muted' })}>{f.explanation}</p>}
    </li>
  );
}
