import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useParams } from 'wouter';
import { courseEvents } from '../../../machines/courseLifecycle';
import type { MemberCourseDetail } from '../../../server/contract/learning';
import { css } from '../../../styled-system/css';
import { Button, button } from '../../components/button';
import { Disclaimer } from '../../components/disclaimer';
import { EmptyState } from '../../components/empty-state';
import { ArrowEndIcon, ArrowStartIcon, CheckIcon, ClockIcon, InfoIcon } from '../../theme/icons';
import { completePath, learnPath, lessonPath, quizPath, useCourseActor } from '../course/useCourse';
import { type EnrolledStatus, LearnGate } from './LearnGate';
import { LessonBody } from './LessonBody';

/** /dashboard/course/:id/lesson/:lessonId — one lesson, readable on a phone and at 200 % zoom. */
export default function LessonView() {
  const { id, lessonId } = useParams<{ id: string; lessonId: string }>();
  return (
    <LearnGate courseId={id}>
      {(course, status) => <Lesson course={course} status={status} lessonId={lessonId} />}
    </LearnGate>
  );
}

const navLink = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.5',
  minHeight: '11',
  px: '4',
  py: '3',
  borderRadius: 'lg',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
  color: 'fg.default',
  textDecoration: 'none',
  minWidth: '0',
  _hover: { bg: 'bg.subtle', borderColor: 'accent.border' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  '& .dir': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    color: 'fg.muted',
    textStyle: 'body.sm',
    '& svg': { width: '4', height: '4' },
  },
  '& .title': { fontWeight: '600', overflowWrap: 'anywhere' },
});

function Lesson({
  course,
  status,
  lessonId,
}: {
  course: MemberCourseDetail;
  status: EnrolledStatus;
  lessonId: string;
}) {
  const intl = useIntl();
  const actor = useCourseActor();
  const [, navigate] = useLocation();
  const index = course.lessons.findIndex((l) => l.id === lessonId);
  const lesson = course.lessons[index];
  const prev = index > 0 ? course.lessons[index - 1] : null;
  const next = index >= 0 && index < course.lessons.length - 1 ? course.lessons[index + 1] : null;
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // a new lesson starts at its top, with focus on its title for screen readers and keyboards
    if (!lesson) return;
    window.scrollTo?.({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, [lesson?.id, lesson]);

  if (!lesson) {
    return (
      <div data-testid="lesson-not-found">
        <EmptyState
          icon={<InfoIcon />}
          title={<FormattedMessage id="learning.learn.lessonNotFound" />}
          action={
            <Link href={learnPath(course.id)} className={button()}>
              <FormattedMessage id="learning.learn.backToLessons" />
            </Link>
          }
        />
      </div>
    );
  }

  const afterThis = next ? lessonPath(course.id, next.id) : learnPath(course.id);
  const markDone = () => {
    actor.send(courseEvents.lessonDone(lesson.id));
    navigate(afterThis);
  };

  return (
    <article
      data-testid="lesson"
      className={css({
        display: 'flex',
        flexDirection: 'column',
        gap: '6',
        maxWidth: '70ch',
        mx: 'auto',
        width: 'full',
      })}
    >
      <Link
        href={learnPath(course.id)}
        className={css({
          display: 'inline-flex',
          alignItems: 'center',
          gap: '1.5',
          alignSelf: 'flex-start',
          minHeight: '11',
          color: 'accent.fg',
          fontWeight: '500',
          '& svg': { width: '4.5', height: '4.5' },
        })}
      >
        <ArrowStartIcon />
        <FormattedMessage id="learning.learn.backToLessons" />
      </Link>

      <header className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <p
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            columnGap: '4',
            rowGap: '1',
            color: 'fg.muted',
            textStyle: 'body.sm',
            '& svg': { width: '4', height: '4' },
          })}
        >
          <span>
            {intl.formatMessage(
              { id: 'learning.learn.position' },
              { n: intl.formatNumber(index + 1), total: intl.formatNumber(course.lessons.length) },
            )}
          </span>
          <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1' })}>
            <ClockIcon />
            {intl.formatMessage({ id: 'learning.course.content.minutes' }, { count: lesson.minutes })}
          </span>
          {lesson.done && (
            <span
              className={css({
                display: 'inline-flex',
                alignItems: 'center',
                gap: '1',
                color: 'success.fg',
                fontWeight: '600',
              })}
            >
              <CheckIcon />
              <FormattedMessage id="learning.course.content.done" />
            </span>
          )}
        </p>
        <h2
          ref={heading}
          tabIndex={-1}
          className={css({
            fontSize: { base: '1.75rem', md: '2.25rem' },
            fontWeight: '700',
            lineHeight: '1.2',
            textWrap: 'balance',
            outline: 'none',
          })}
        >
          {lesson.title}
        </h2>
      </header>

      {status === 'preQuiz' ? (
        <section
          data-testid="lesson-pre-quiz-first"
          className={css({
            display: 'flex',
            flexDirection: 'column',
            gap: '4',
            p: '6',
            borderRadius: 'xl',
            bg: 'accent.subtle',
          })}
        >
          <p className={css({ textStyle: 'body.lg' })}>
            <FormattedMessage id="learning.learn.preQuizFirst" />
          </p>
          <Link href={quizPath(course.id, 'pre')} className={button({ size: 'lg' })}>
            <FormattedMessage id="learning.course.action.preQuiz" />
          </Link>
        </section>
      ) : (
        <>
          <LessonBody blocks={lesson.body} />
          <Disclaimer />
        </>
      )}

      {status !== 'preQuiz' && (
        <footer
          className={css({
            display: 'flex',
            flexDirection: 'column',
            gap: '5',
            pt: '6',
            mt: '4',
            borderTopWidth: '1px',
            borderColor: 'border.subtle',
          })}
        >
          {status === 'learning' && !lesson.done ? (
            <Button
              size="lg"
              onClick={markDone}
              data-testid="mark-done"
              className={css({ alignSelf: { sm: 'flex-start' } })}
            >
              <CheckIcon />
              <FormattedMessage id="learning.learn.markDone" />
            </Button>
          ) : !next && (status === 'postQuiz' || status === 'completed') ? (
            <Link
              href={status === 'completed' ? completePath(course.id) : quizPath(course.id, 'post')}
              className={`${button({ size: 'lg' })} ${css({ alignSelf: { sm: 'flex-start' } })}`}
            >
              <FormattedMessage
                id={
                  status === 'completed'
                    ? 'learning.learn.completed.action'
                    : 'learning.course.action.postQuiz'
                }
              />
            </Link>
          ) : null}
          <nav
            aria-label={intl.formatMessage({ id: 'learning.learn.lessonNav' })}
            className={css({
              display: 'grid',
              gap: '3',
              gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' },
            })}
          >
            {prev ? (
              <Link href={lessonPath(course.id, prev.id)} className={navLink} rel="prev">
                <span className="dir">
                  <ArrowStartIcon />
                  <FormattedMessage id="learning.learn.prev" />
                </span>
                <span className="title">{prev.title}</span>
              </Link>
            ) : (
              <span aria-hidden="true" />
            )}
            {next && (
              <Link
                href={lessonPath(course.id, next.id)}
                className={`${navLink} ${css({ textAlign: 'end', '& .dir': { justifyContent: 'flex-end' } })}`}
                rel="next"
              >
                <span className="dir">
                  <FormattedMessage id="learning.learn.next" />
                  <ArrowEndIcon />
                </span>
                <span className="title">{next.title}</span>
              </Link>
            )}
          </nav>
        </footer>
      )}
    </article>
  );
}
