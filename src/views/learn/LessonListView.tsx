import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import { courseEvents } from '../../../machines/courseLifecycle';
import type { MemberCourseDetail } from '../../../server/contract/learning';
import { css } from '../../../styled-system/css';
import { useCourseLifecycle } from '../../app/actors';
import { Button, button } from '../../components/button';
import { Disclaimer } from '../../components/disclaimer';
import * as Progress from '../../components/progress';
import { ArrowEndIcon, CheckCircleFilledIcon, CircleIcon, QuizIcon } from '../../theme/icons';
import { completePath, coursePath, lessonPath, quizPath, useCourseActor } from '../course/useCourse';
import { formatPercent } from '../courses/format';
import { type EnrolledStatus, LearnGate } from './LearnGate';

/** /dashboard/course/:id — the lessons with their ticks, progress, and the next step. */
export default function LessonListView() {
  const { id } = useParams<{ id: string }>();
  return (
    <LearnGate courseId={id}>{(course, status) => <LessonList course={course} status={status} />}</LearnGate>
  );
}

export const panel = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  p: { base: '5', md: '6' },
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'xl',
});

function NextStep({ course, status }: { course: MemberCourseDetail; status: EnrolledStatus }) {
  const intl = useIntl();
  const box = css({
    display: 'flex',
    flexDirection: { base: 'column', sm: 'row' },
    alignItems: { base: 'stretch', sm: 'center' },
    gap: '4',
    p: { base: '5', md: '6' },
    borderRadius: 'xl',
    bg: 'accent.subtle',
    '& > div': { flex: '1', display: 'flex', flexDirection: 'column', gap: '1' },
  });
  const title = css({ textStyle: 'heading.sm' });
  const body = css({ color: 'fg.muted', textStyle: 'body.md' });
  switch (status) {
    case 'preQuiz':
      return (
        <section className={box} data-testid="next-step">
          <div>
            <h2 className={title}>
              <FormattedMessage id="learning.learn.preQuiz.title" />
            </h2>
            <p className={body}>
              <FormattedMessage
                id="learning.learn.preQuiz.body"
                values={{ count: course.questionCounts.pre }}
              />
            </p>
          </div>
          <Link href={quizPath(course.id, 'pre')} className={button({ size: 'lg' })}>
            <FormattedMessage id="learning.course.action.preQuiz" />
          </Link>
        </section>
      );
    case 'learning': {
      const next = course.lessons.find((l) => l.id === course.progress?.nextLessonId) ?? course.lessons[0];
      const started = (course.progress?.done ?? 0) > 0;
      return (
        <section className={box} data-testid="next-step">
          <div>
            <h2 className={title}>
              <FormattedMessage
                id={started ? 'learning.learn.continue.title' : 'learning.learn.start.title'}
              />
            </h2>
            {next && (
              <p className={body}>
                {intl.formatMessage(
                  { id: 'learning.learn.nextLesson' },
                  { n: intl.formatNumber(next.position), title: next.title },
                )}
              </p>
            )}
          </div>
          {next && (
            <Link
              href={lessonPath(course.id, next.id)}
              className={button({ size: 'lg' })}
              data-testid="continue"
            >
              <FormattedMessage id={started ? 'learning.learn.continue' : 'learning.learn.start'} />
              <ArrowEndIcon />
            </Link>
          )}
        </section>
      );
    }
    case 'postQuiz':
      return (
        <section className={box} data-testid="next-step">
          <div>
            <h2 className={title}>
              <FormattedMessage id="learning.learn.postQuiz.title" />
            </h2>
            <p className={body}>
              <FormattedMessage
                id="learning.learn.postQuiz.body"
                values={{ count: course.questionCounts.post }}
              />
            </p>
          </div>
          <Link href={quizPath(course.id, 'post')} className={button({ size: 'lg' })}>
            <FormattedMessage id="learning.course.action.postQuiz" />
          </Link>
        </section>
      );
    case 'completed':
      return (
        <section className={box} data-testid="next-step">
          <div>
            <h2 className={title}>
              <FormattedMessage id="learning.learn.completed.title" />
            </h2>
            <p className={body}>
              <FormattedMessage id="learning.learn.completed.body" />
            </p>
          </div>
          <Link href={completePath(course.id)} className={button({ size: 'lg' })}>
            <FormattedMessage id="learning.learn.completed.action" />
          </Link>
        </section>
      );
  }
}

function LessonList({ course, status }: { course: MemberCourseDetail; status: EnrolledStatus }) {
  const intl = useIntl();
  const actor = useCourseActor();
  const saving = useCourseLifecycle((s) => s.hasTag('sync:saving'));
  const progress = course.progress;
  const canOpen = status !== 'preQuiz';
  return (
    <div
      className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}
      data-testid="lesson-list"
      data-status={status}
    >
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'space-between' })}>
        <Link
          href={coursePath(course.id)}
          className={css({
            color: 'accent.fg',
            fontWeight: '500',
            minHeight: '11',
            display: 'inline-flex',
            alignItems: 'center',
          })}
        >
          <FormattedMessage id="learning.learn.courseDetails" />
        </Link>
        <Disclaimer />
      </div>

      <NextStep course={course} status={status} />

      {progress && (
        <section className={panel}>
          <Progress.Root
            value={progress.percent}
            translations={{ value: () => formatPercent(intl, progress.percent) }}
          >
            <Progress.Label>
              <FormattedMessage id="learning.learn.progressLabel" />
            </Progress.Label>
            <Progress.ValueText data-testid="progress-value">
              {formatPercent(intl, progress.percent)}
            </Progress.ValueText>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <p className={css({ color: 'fg.muted', textStyle: 'body.sm' })} data-testid="lessons-done">
            {intl.formatMessage(
              { id: 'learning.course.lessonsDone' },
              { done: progress.done, total: progress.total },
            )}
          </p>
        </section>
      )}

      <section className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <h2 className={css({ textStyle: 'heading.sm' })}>
          <FormattedMessage id="learning.learn.lessonsHeading" />
        </h2>
        <ol
          className={css({
            listStyle: 'none',
            p: '0',
            m: '0',
            borderWidth: '1px',
            borderColor: 'border.default',
            borderRadius: 'xl',
            overflow: 'hidden',
            bg: 'bg.surface',
            '& > li + li': { borderTopWidth: '1px', borderColor: 'border.subtle' },
          })}
        >
          {course.lessons.map((lesson) => {
            const isNext = lesson.id === progress?.nextLessonId && status === 'learning';
            const content = (
              <>
                <span
                  role="img"
                  aria-label={intl.formatMessage({
                    id: lesson.done ? 'learning.course.content.done' : 'learning.course.content.notDone',
                  })}
                  className={css({
                    display: 'inline-flex',
                    color: lesson.done ? 'success.default' : 'fg.subtle',
                    '& svg': { width: '6', height: '6' },
                  })}
                >
                  {lesson.done ? <CheckCircleFilledIcon /> : <CircleIcon />}
                </span>
                <span className={css({ flex: '1', minWidth: '0', display: 'flex', flexDirection: 'column' })}>
                  <span className={css({ color: 'fg.muted', textStyle: 'body.sm' })}>
                    {intl.formatMessage(
                      { id: 'learning.learn.lessonN' },
                      { n: intl.formatNumber(lesson.position) },
                    )}
                  </span>
                  <span className={css({ fontWeight: '600', color: 'fg.default' })}>{lesson.title}</span>
                </span>
                <span className={css({ color: 'fg.muted', textStyle: 'body.sm', whiteSpace: 'nowrap' })}>
                  {intl.formatMessage({ id: 'learning.course.content.minutes' }, { count: lesson.minutes })}
                </span>
              </>
            );
            const row = css({
              display: 'flex',
              alignItems: 'center',
              gap: '3',
              minHeight: '16',
              px: { base: '4', md: '5' },
              py: '3',
              textDecoration: 'none',
              color: 'fg.default',
              bg: isNext ? 'accent.subtle' : undefined,
            });
            return (
              <li key={lesson.id} data-testid="lesson-row" data-done={lesson.done || undefined}>
                {canOpen ? (
                  <Link
                    href={lessonPath(course.id, lesson.id)}
                    aria-current={isNext ? 'step' : undefined}
                    className={`${row} ${css({
                      _hover: { bg: 'bg.subtle' },
                      _focusVisible: {
                        outline: '2px solid',
                        outlineColor: 'focusRing',
                        outlineOffset: '-2px',
                      },
                    })}`}
                  >
                    {content}
                  </Link>
                ) : (
                  <div className={row}>{content}</div>
                )}
              </li>
            );
          })}
        </ol>
      </section>

      <section className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
        {status === 'learning' && (
          <Button variant="outline" loading={saving} onClick={() => actor.send(courseEvents.markAllDone())}>
            <FormattedMessage id="learning.learn.markAll" />
          </Button>
        )}
        {(status === 'postQuiz' || status === 'completed') && (
          <Link href={quizPath(course.id, 'post')} className={button({ variant: 'outline' })}>
            <QuizIcon />
            <FormattedMessage
              id={status === 'completed' ? 'learning.learn.retakePost' : 'learning.course.action.postQuiz'}
            />
          </Link>
        )}
      </section>
    </div>
  );
}
