import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MemberCourseDetail } from '../../../contract/learning';
import { css, cx } from '../../../styled-system/css';
import { stack } from '../../../styled-system/patterns';
import { LinkButton } from '../../components/link-button';
import { panel } from '../../components/panel';
import { ArrowEndIcon } from '../../theme/icons';
import { completePath, lessonPath, quizPath } from '../course/useCourse';
import type { EnrolledStatus } from './LearnGate';

const box = cx(
  panel({ tone: 'accent', padding: 'lg' }),
  stack({ direction: { base: 'column', sm: 'row' }, align: { base: 'stretch', sm: 'center' }, gap: '4' }),
);

interface StepProps {
  titleId: string;
  body?: ReactNode;
  /** The way there, when there is one: the link's address, its words, and an arrow for "go on". */
  action?: { href: string; labelId: string; testId?: string; icon?: ReactNode };
}

/** What she does next, as one box: what it is, a line about it, and the link. */
function Step({ titleId, body, action }: StepProps) {
  return (
    <section className={box} data-testid="next-step">
      <div className={stack({ flex: '1', gap: '1' })}>
        <h2 className={css({ textStyle: 'heading.sm' })}>
          <FormattedMessage id={titleId} />
        </h2>
        {body && <p className={css({ color: 'fg.muted', textStyle: 'body.md' })}>{body}</p>}
      </div>
      {action && (
        <LinkButton href={action.href} size="lg" data-testid={action.testId}>
          <FormattedMessage id={action.labelId} />
          {action.icon}
        </LinkButton>
      )}
    </section>
  );
}

/** The next step of her course: the pre-course quiz, the next lesson, the post-course quiz, or her results. */
export function NextStep({ course, status }: { course: MemberCourseDetail; status: EnrolledStatus }) {
  const intl = useIntl();
  switch (status) {
    case 'preQuiz':
    case 'postQuiz': {
      const kind = status === 'preQuiz' ? 'pre' : 'post';
      return (
        <Step
          titleId={`learning.learn.${status}.title`}
          body={
            <FormattedMessage
              id={`learning.learn.${status}.body`}
              values={{ count: course.questionCounts[kind] }}
            />
          }
          action={{ href: quizPath(course.id, kind), labelId: `learning.course.action.${status}` }}
        />
      );
    }
    case 'learning': {
      const next = course.lessons.find((l) => l.id === course.progress?.nextLessonId) ?? course.lessons[0];
      const started = (course.progress?.done ?? 0) > 0;
      return (
        <Step
          titleId={started ? 'learning.learn.continue.title' : 'learning.learn.start.title'}
          body={
            next &&
            intl.formatMessage(
              { id: 'learning.learn.nextLesson' },
              { n: intl.formatNumber(next.position), title: next.title },
            )
          }
          action={
            next && {
              href: lessonPath(course.id, next.id),
              labelId: started ? 'learning.learn.continue' : 'learning.learn.start',
              testId: 'continue',
              icon: <ArrowEndIcon />,
            }
          }
        />
      );
    }
    case 'completed':
      return (
        <Step
          titleId="learning.learn.completed.title"
          body={<FormattedMessage id="learning.learn.completed.body" />}
          action={{ href: completePath(course.id), labelId: 'learning.learn.completed.action' }}
        />
      );
  }
}
