import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useParams } from 'wouter';
import type { MemberCourseDetail } from '../../../contract/learning';
import { css, cx } from '../../../styled-system/css';
import { stack } from '../../../styled-system/patterns';
import { Button } from '../../components/button';
import { Disclaimer } from '../../components/disclaimer';
import { EmptyState } from '../../components/empty-state';
import { LinkButton } from '../../components/link-button';
import { panel } from '../../components/panel';
import { TextLink } from '../../components/text-link';
import { ArrowStartIcon, CheckIcon, ClockIcon, InfoIcon } from '../../theme/icons';
import { completePath, learnPath, lessonPath, quizPath, useCourseActor } from '../course/useCourse';
import { type EnrolledStatus, LearnGate } from './LearnGate';
import { LessonBody } from './LessonBody';
import { LessonNav } from './LessonNav';
import { SyncPending } from './offline';

/** /dashboard/course/:id/lesson/:lessonId — one lesson, readable on a phone and at 200 % zoom. */
export default function LessonView() {
  const { id, lessonId } = useParams<{ id: string; lessonId: string }>();
  return (
    <LearnGate courseId={id}>
      {(course, status) => <Lesson course={course} status={status} lessonId={lessonId} />}
    </LearnGate>
  );
}

const meta = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: '4',
  rowGap: '1',
  color: 'fg.muted',
  textStyle: 'body.sm',
  '& > span': { display: 'inline-flex', alignItems: 'center', gap: '1' },
  '& svg': { width: '4', height: '4' },
});

const title = css({
  fontSize: { base: '1.75rem', md: '2.25rem' },
  fontWeight: '700',
  lineHeight: '1.2',
  textWrap: 'balance',
  outline: 'none',
});

const footer = stack({ gap: '5', pt: '6', mt: '4', borderTopWidth: '1px', borderColor: 'border.subtle' });

const preQuizFirst = cx(panel({ tone: 'accent', padding: 'none' }), stack({ gap: '4', p: '6' }));

const startAligned = css({ alignSelf: { sm: 'flex-start' } });

function Lesson(props: { course: MemberCourseDetail; status: EnrolledStatus; lessonId: string }) {
  const { course, status, lessonId } = props;
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
            <LinkButton href={learnPath(course.id)}>
              <FormattedMessage id="learning.learn.backToLessons" />
            </LinkButton>
          }
        />
      </div>
    );
  }

  const markDone = () => {
    actor.send({ type: 'course.lessonDone', lessonId: lesson.id });
    navigate(next ? lessonPath(course.id, next.id) : learnPath(course.id));
  };
  const finished = status === 'postQuiz' || status === 'completed';

  return (
    <article
      data-testid="lesson"
      className={stack({ gap: '6', maxWidth: '70ch', mx: 'auto', width: 'full' })}
    >
      <TextLink href={learnPath(course.id)} className={css({ alignSelf: 'flex-start' })}>
        <ArrowStartIcon />
        <FormattedMessage id="learning.learn.backToLessons" />
      </TextLink>

      <header className={stack({ gap: '2' })}>
        <p className={meta}>
          <span>
            {intl.formatMessage(
              { id: 'learning.learn.position' },
              { n: intl.formatNumber(index + 1), total: intl.formatNumber(course.lessons.length) },
            )}
          </span>
          <span>
            <ClockIcon />
            {intl.formatMessage({ id: 'learning.course.content.minutes' }, { count: lesson.minutes })}
          </span>
          {lesson.done && (
            <span className={css({ color: 'success.fg', fontWeight: '600' })}>
              <CheckIcon />
              <FormattedMessage id="learning.course.content.done" />
            </span>
          )}
          {lesson.done && <SyncPending courseId={course.id} lessonId={lesson.id} />}
        </p>
        <h2 ref={heading} tabIndex={-1} className={title}>
          {lesson.title}
        </h2>
      </header>

      {status === 'preQuiz' ? (
        <section data-testid="lesson-pre-quiz-first" className={preQuizFirst}>
          <p className={css({ textStyle: 'body.lg' })}>
            <FormattedMessage id="learning.learn.preQuizFirst" />
          </p>
          <LinkButton href={quizPath(course.id, 'pre')} size="lg">
            <FormattedMessage id="learning.course.action.preQuiz" />
          </LinkButton>
        </section>
      ) : (
        <>
          <LessonBody blocks={lesson.body} />
          <Disclaimer />
          <footer className={footer}>
            {status === 'learning' && !lesson.done ? (
              <Button size="lg" onClick={markDone} data-testid="mark-done" className={startAligned}>
                <CheckIcon />
                <FormattedMessage id="learning.learn.markDone" />
              </Button>
            ) : !next && finished ? (
              <LinkButton
                href={status === 'completed' ? completePath(course.id) : quizPath(course.id, 'post')}
                size="lg"
                className={startAligned}
              >
                <FormattedMessage
                  id={
                    status === 'completed'
                      ? 'learning.learn.completed.action'
                      : 'learning.course.action.postQuiz'
                  }
                />
              </LinkButton>
            ) : null}
            <LessonNav courseId={course.id} prev={prev} next={next} />
          </footer>
        </>
      )}
    </article>
  );
}
