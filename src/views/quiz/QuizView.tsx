import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import {
  type AttemptResult,
  courseQuizSubmitted,
  QUIZ_ERRORS,
  quizEvents,
  quizMachine,
} from '../../../machines/quiz';
import type { QuizQuestion } from '../../../server/contract/learning';
import type { QuizKind } from '../../../server/contract/learning-constants';
import { css, cx } from '../../../styled-system/css';
import { loadQuiz, submitQuiz } from '../../api/learning';
import { type ScreenOverrides, useAppActor, useScreenOverrides, useSession } from '../../app/actors';
import { notify } from '../../app/notify';
import * as Alert from '../../components/alert';
import { Button, button } from '../../components/button';
import * as Checkbox from '../../components/checkbox';
import { Disclaimer } from '../../components/disclaimer';
import * as Progress from '../../components/progress';
import * as RadioGroup from '../../components/radio-group';
import { Skeleton } from '../../components/skeleton';
import { AlertIcon, CheckCircleIcon } from '../../theme/icons';
import { formatDate, formatPercent } from '../courses/format';

type QuizActor = ReturnType<typeof useActorRef<typeof quizMachine>>;

const panel = css({
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  borderRadius: 'lg',
  p: { base: '4', md: '6' },
});

/** The screen's machine: the real API actors and the lifecycle notice, with the tests' stubs on top. */
function createLogic(
  overrides: ScreenOverrides['quiz'],
  notice: (progress: Parameters<typeof courseQuizSubmitted>[0]) => void,
) {
  const real = quizMachine.provide({
    actors: { loadQuiz, submitQuiz },
    actions: { notifySubmitted: (_, p) => notice(p.progress) },
  });
  return overrides ? real.provide(overrides) : real;
}

/** /dashboard/course/:id/quiz/pre and /post (spec §2: the header reads "Test Your Knowledge"). */
export default function QuizView() {
  const params = useParams<{ id: string; kind: string }>();
  const kind: QuizKind = params.kind === 'post' ? 'post' : 'pre';
  const userId = useSession((s) => String(s.context.user?.id ?? s.context.user?.userid ?? ''));
  return <QuizScreen key={`${params.id}/${kind}`} courseId={params.id} kind={kind} userId={userId} />;
}

function QuizScreen({ courseId, kind, userId }: { courseId: string; kind: QuizKind; userId: string }) {
  const intl = useIntl();
  const app = useAppActor();
  const overrides = useScreenOverrides();
  const intlRef = useRef(intl);
  intlRef.current = intl;
  const [logic] = useState(() =>
    createLogic(overrides.quiz, (progress) => {
      // the course lifecycle (root system id `courseLifecycle`) follows her progress when it is there
      app.system.get('courseLifecycle')?.send(courseQuizSubmitted(progress));
      notify({ type: 'success', title: intlRef.current.formatMessage({ id: 'learning.quiz.submitted' }) });
    }),
  );
  const quiz = useActorRef(logic, { input: { courseId, kind, userId }, inspect: overrides.inspect });
  const step = useSelector(quiz, (s) =>
    s.hasTag('step:loading')
      ? 'loading'
      : s.hasTag('step:failed')
        ? 'failed'
        : s.hasTag('step:result')
          ? 'result'
          : 'answering',
  );
  const courseTitle = useSelector(quiz, (s) => s.context.courseTitle);

  return (
    <div className={css({ maxWidth: '3xl', mx: 'auto', display: 'flex', flexDirection: 'column', gap: '6' })}>
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        {courseTitle && (
          <p className={css({ color: 'accent.fg', fontWeight: '600', textStyle: 'body.sm' })}>
            {courseTitle}
          </p>
        )}
        <h2 className={css({ textStyle: 'heading.lg', color: 'fg.default', textWrap: 'balance' })}>
          <FormattedMessage id={`learning.quiz.title.${kind}`} />
        </h2>
        <p className={css({ color: 'fg.muted' })}>
          <FormattedMessage id={`learning.quiz.intro.${kind}`} />
        </p>
        <Disclaimer />
      </header>
      {step === 'loading' && <Loading />}
      {step === 'failed' && <Failed quiz={quiz} courseId={courseId} />}
      {step === 'answering' && <Answering quiz={quiz} />}
      {step === 'result' && <Result quiz={quiz} courseId={courseId} kind={kind} />}
    </div>
  );
}

function Loading() {
  return (
    <div className={panel} data-testid="quiz-loading" aria-busy="true">
      <p role="status" className={css({ srOnly: true })}>
        <FormattedMessage id="learning.quiz.loading" />
      </p>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        <Skeleton className={css({ height: '2', width: 'full' })} />
        <Skeleton className={css({ height: '6', width: '3/4' })} />
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className={css({ height: '10', width: 'full' })} />
        ))}
      </div>
    </div>
  );
}

function Failed({ quiz, courseId }: { quiz: QuizActor; courseId: string }) {
  const code = useSelector(quiz, (s) => s.context.error?.code ?? QUIZ_ERRORS.load);
  const retryable = code === QUIZ_ERRORS.load;
  const backHref =
    code === QUIZ_ERRORS.lessonsIncomplete
      ? `/dashboard/course/${encodeURIComponent(courseId)}`
      : `/courses/${encodeURIComponent(courseId)}`;
  return (
    <Alert.Root status={retryable ? 'error' : 'info'} role="alert" data-testid="quiz-error">
      <Alert.Icon />
      <Alert.Content>
        <Alert.Title>
          <FormattedMessage id={`learning.errors.${code}`} />
        </Alert.Title>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', mt: '2' })}>
          {retryable && (
            <Button type="button" size="sm" variant="outline" onClick={() => quiz.send(quizEvents.retry())}>
              <FormattedMessage id="learning.common.retry" />
            </Button>
          )}
          <Link href={backHref} className={button({ size: 'sm', variant: 'ghost' })}>
            <FormattedMessage id="learning.quiz.backToCourse" />
          </Link>
        </div>
      </Alert.Content>
    </Alert.Root>
  );
}

const questionBox = css({
  borderWidth: '1px',
  borderColor: 'border.subtle',
  borderRadius: 'lg',
  bg: 'bg.surface',
  p: { base: '4', md: '5' },
  m: '0',
  minWidth: '0',
  '&[data-invalid]': { borderColor: 'error.default', borderWidth: '2px', bg: 'error.subtle' },
});

function Answering({ quiz }: { quiz: QuizActor }) {
  const intl = useIntl();
  const questions = useSelector(quiz, (s) => s.context.questions);
  const answers = useSelector(quiz, (s) => s.context.answers);
  const missing = useSelector(quiz, (s) => s.context.missing);
  const incomplete = useSelector(quiz, (s) => s.hasTag('incomplete'));
  const submitFailed = useSelector(quiz, (s) => s.hasTag('submitFailed'));
  const submitting = useSelector(quiz, (s) => s.hasTag('submitting'));
  const answered = questions.filter((q) => answers[q.id]?.length).length;
  const total = questions.length;
  const formRef = useRef<HTMLFormElement>(null);

  /** Sends, and when the answer is "Please answer all questions", focuses the first unanswered question. */
  const send = (event: Parameters<QuizActor['send']>[0]) => {
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
        send(quizEvents.submit());
      }}
      className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}
    >
      <div
        className={css({
          position: 'sticky',
          top: '16',
          zIndex: '2',
          bg: 'bg.canvas',
          py: '2',
        })}
      >
        <Progress.Root value={total ? Math.round((answered / total) * 100) : 0} data-testid="quiz-progress">
          <Progress.Label>
            <FormattedMessage id="learning.quiz.progressLabel" />
          </Progress.Label>
          <span className={css({ textStyle: 'body.sm', fontWeight: '600' })} data-testid="quiz-progress-text">
            <FormattedMessage
              id="learning.quiz.progress"
              values={{ answered: intl.formatNumber(answered), total: intl.formatNumber(total) }}
            />
          </span>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      </div>

      <ol
        className={css({
          listStyle: 'none',
          p: '0',
          m: '0',
          display: 'flex',
          flexDirection: 'column',
          gap: '4',
        })}
      >
        {questions.map((q, index) => (
          <li key={q.id}>
            <Question
              question={q}
              index={index}
              total={total}
              chosen={answers[q.id] ?? []}
              invalid={missing.includes(q.id)}
              disabled={submitting}
              onChange={(choices) => quiz.send(quizEvents.choose(q.id, choices))}
            />
          </li>
        ))}
      </ol>

      {incomplete && (
        <Alert.Root status="error" role="alert" data-testid="quiz-incomplete">
          <Alert.Icon />
          <Alert.Content>
            <Alert.Title>
              <FormattedMessage id="learning.quiz.incomplete" />
            </Alert.Title>
            {missing.length > 0 && (
              <Alert.Description>
                <FormattedMessage id="learning.quiz.incompleteCount" values={{ count: missing.length }} />
              </Alert.Description>
            )}
          </Alert.Content>
        </Alert.Root>
      )}
      {submitFailed && (
        <Alert.Root status="error" role="alert" data-testid="quiz-submit-error">
          <Alert.Icon />
          <Alert.Content>
            <Alert.Title>
              <FormattedMessage id={`learning.errors.${QUIZ_ERRORS.submit}`} />
            </Alert.Title>
            <div className={css({ mt: '2' })}>
              <Button type="button" size="sm" variant="outline" onClick={() => send(quizEvents.retry())}>
                <FormattedMessage id="learning.common.retry" />
              </Button>
            </div>
          </Alert.Content>
        </Alert.Root>
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

function Question(props: {
  question: QuizQuestion;
  index: number;
  total: number;
  chosen: number[];
  invalid: boolean;
  disabled: boolean;
  onChange: (choices: number[]) => void;
}) {
  const { question: q, index, total, chosen, invalid, disabled, onChange } = props;
  const intl = useIntl();
  const legendId = `q-${q.id}-legend`;
  const errorId = `q-${q.id}-error`;
  const hintId = `q-${q.id}-hint`;
  const describedBy =
    [q.multiple ? hintId : null, invalid ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      className={questionBox}
      data-question={q.id}
      data-testid={`question-${q.id}`}
      data-invalid={invalid || undefined}
      disabled={disabled}
    >
      <legend id={legendId} className={css({ float: 'inline-start', width: 'full', mb: '3', p: '0' })}>
        <span className={css({ display: 'block', textStyle: 'body.sm', color: 'fg.muted', mb: '1' })}>
          <FormattedMessage
            id="learning.quiz.question"
            values={{ n: intl.formatNumber(index + 1), total: intl.formatNumber(total) }}
          />
        </span>
        <span className={css({ display: 'block', textStyle: 'heading.sm', color: 'fg.default' })}>
          {q.prompt}
        </span>
      </legend>
      {q.multiple && (
        <p id={hintId} className={css({ clear: 'both', textStyle: 'body.sm', color: 'fg.muted', mb: '2' })}>
          <FormattedMessage id="learning.quiz.multiple" />
        </p>
      )}
      <div className={css({ clear: 'both' })}>
        {q.multiple ? (
          <Checkbox.Group
            value={chosen.map(String)}
            onValueChange={(value) => onChange(value.map(Number))}
            aria-labelledby={legendId}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            invalid={invalid}
            disabled={disabled}
          >
            {q.options.map((option, i) => (
              <Checkbox.Root key={option} value={String(i)}>
                <Checkbox.Control>
                  <Checkbox.Indicator />
                </Checkbox.Control>
                <Checkbox.Label>{option}</Checkbox.Label>
                <Checkbox.HiddenInput />
              </Checkbox.Root>
            ))}
          </Checkbox.Group>
        ) : (
          <RadioGroup.Root
            value={chosen.length ? String(chosen[0]) : null}
            onValueChange={(e) => e.value != null && onChange([Number(e.value)])}
            aria-labelledby={legendId}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            invalid={invalid}
            disabled={disabled}
            name={`q-${q.id}`}
          >
            {q.options.map((option, i) => (
              <RadioGroup.Item
                key={option}
                value={String(i)}
                className={css({ alignItems: 'flex-start', py: '2' })}
              >
                <RadioGroup.ItemControl className={css({ mt: '0.5' })} />
                <RadioGroup.ItemText>{option}</RadioGroup.ItemText>
                <RadioGroup.ItemHiddenInput />
              </RadioGroup.Item>
            ))}
          </RadioGroup.Root>
        )}
      </div>
      {invalid && (
        <p
          id={errorId}
          className={css({
            display: 'flex',
            alignItems: 'center',
            gap: '1.5',
            mt: '2',
            color: 'error.fg',
            fontWeight: '500',
            textStyle: 'body.sm',
            '& svg': { width: '4', height: '4' },
          })}
        >
          <AlertIcon aria-hidden="true" />
          <FormattedMessage id="learning.quiz.needsAnswer" />
        </p>
      )}
    </fieldset>
  );
}

function optionList(intl: IntlShape, q: QuizQuestion | undefined, indexes: number[]): string {
  const names = indexes.map((i) => q?.options[i]).filter((o): o is string => !!o);
  return names.length
    ? (intl.formatList(names, { type: 'conjunction' }) as string)
    : intl.formatMessage({ id: 'learning.quiz.feedback.noAnswer' });
}

function Result({ quiz, courseId, kind }: { quiz: QuizActor; courseId: string; kind: QuizKind }) {
  const intl = useIntl();
  const result = useSelector(quiz, (s) => s.context.result) as AttemptResult;
  const questions = useSelector(quiz, (s) => s.context.questions);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const base = `/dashboard/course/${encodeURIComponent(courseId)}`;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })} data-testid="quiz-result">
      <section
        role="status"
        aria-live="polite"
        aria-atomic="true"
        className={cx(
          panel,
          css({
            display: 'flex',
            flexDirection: { base: 'column', sm: 'row' },
            alignItems: { base: 'flex-start', sm: 'center' },
            gap: { base: '3', sm: '6' },
            bg: 'accent.subtle',
            borderColor: 'accent.border',
          }),
        )}
      >
        <span
          aria-hidden="true"
          className={css({
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
          })}
        >
          {formatPercent(intl, result.score)}
        </span>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
          <h3
            ref={headingRef}
            tabIndex={-1}
            className={css({ textStyle: 'heading.md', color: 'fg.default', outline: 'none' })}
          >
            <FormattedMessage id="learning.quiz.result.title" />
          </h3>
          <p className={css({ fontWeight: '600' })} data-testid="quiz-score">
            <FormattedMessage
              id="learning.quiz.result.score"
              values={{ score: formatPercent(intl, result.score) }}
            />
            {' · '}
            <FormattedMessage
              id="learning.quiz.result.correct"
              values={{ correct: intl.formatNumber(result.correct), total: intl.formatNumber(result.total) }}
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
          <Link href={base} className={button({ size: 'lg' })}>
            <FormattedMessage id="learning.quiz.startLessons" />
          </Link>
        ) : (
          <>
            <Link href={`${base}/complete`} className={button({ size: 'lg' })}>
              <FormattedMessage id="learning.quiz.seeResults" />
            </Link>
            <Button type="button" size="lg" variant="outline" onClick={() => quiz.send(quizEvents.retake())}>
              <FormattedMessage id="learning.quiz.retake" />
            </Button>
          </>
        )}
      </div>

      <section
        aria-labelledby="quiz-answers-heading"
        className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
      >
        <h3 id="quiz-answers-heading" className={css({ textStyle: 'heading.sm' })}>
          <FormattedMessage id="learning.quiz.result.answers" />
        </h3>
        <ol
          className={css({
            listStyle: 'none',
            p: '0',
            m: '0',
            display: 'flex',
            flexDirection: 'column',
            gap: '3',
          })}
        >
          {result.feedback.map((f, index) => {
            const q = questions.find((x) => x.id === f.questionId);
            return (
              <li key={f.questionId} className={panel} data-testid={`feedback-${f.questionId}`}>
                <p className={css({ textStyle: 'body.sm', color: 'fg.muted' })}>
                  <FormattedMessage
                    id="learning.quiz.question"
                    values={{
                      n: intl.formatNumber(index + 1),
                      total: intl.formatNumber(result.feedback.length),
                    }}
                  />
                </p>
                <p className={css({ fontWeight: '600', mt: '1' })}>{q?.prompt}</p>
                <p
                  data-correct={f.isCorrect}
                  className={css({
                    display: 'inline-flex',
                    alignItems: 'center',
                    gap: '1.5',
                    mt: '2',
                    fontWeight: '600',
                    textStyle: 'body.sm',
                    color: 'error.fg',
                    '&[data-correct=true]': { color: 'success.fg' },
                    '& svg': { width: '4', height: '4' },
                  })}
                >
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
          })}
        </ol>
      </section>
    </div>
  );
}
