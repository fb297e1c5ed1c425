import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { nextPlace } from '../../../../machines/myLearning';
import type { EnrolledCourse } from '../../../../server/contract/learning';
import { css, cva } from '../../../../styled-system/css';
import { LinkButton } from '../../../components/link-button';
import * as Progress from '../../../components/progress';
import { ArrowEndIcon, BookIcon } from '../../../theme/icons';
import { coursePath } from '../../course/useCourse';
import { formatDate, formatPercent } from '../../courses/format';
import { ListFrame, RowHeader, rowPanel, useMyLearning } from './shared';

/** Where she is in the course, as a coloured pill. */
const status = cva({
  base: {
    px: '2.5',
    py: '0.5',
    borderRadius: 'full',
    textStyle: 'body.sm',
    fontWeight: '600',
    whiteSpace: 'nowrap',
  },
  variants: {
    tone: {
      pre_quiz: { bg: 'highlight.subtle', color: 'highlight.fg' },
      learning: { bg: 'accent.muted', color: 'accent.fg' },
      post_quiz: { bg: 'highlight.subtle', color: 'highlight.fg' },
      completed: { bg: 'success.subtle', color: 'success.fg' },
    },
  },
});

function CourseRow({ item }: { item: EnrolledCourse }) {
  const intl = useIntl();
  const { course, enrolment, progress } = item;
  const titleId = `enrolled-${course.id}-title`;
  const done = progress.status === 'completed';
  const percent = formatPercent(intl, progress.percent);
  return (
    <li className={rowPanel} data-testid="enrolled-course">
      <RowHeader
        titleId={titleId}
        title={
          <Link
            href={coursePath(course.id)}
            className={css({
              color: 'fg.default',
              textDecoration: 'none',
              _hover: { textDecoration: 'underline' },
            })}
          >
            {course.title}
          </Link>
        }
        below={
          <p className={css({ textStyle: 'body.sm', color: 'fg.muted' })}>
            <FormattedMessage
              id="learning.myCourses.enrolledOn"
              values={{ date: formatDate(intl, enrolment.enrolledAt) }}
            />
          </p>
        }
        end={
          <span data-testid="course-status" className={status({ tone: progress.status })}>
            <FormattedMessage id={`learning.status.${progress.status}`} />
          </span>
        }
      />
      <Progress.Bar
        value={progress.percent}
        translations={{ value: () => percent }}
        label={
          <FormattedMessage
            id="learning.myCourses.lessonsDone"
            values={{ done: intl.formatNumber(progress.done), total: intl.formatNumber(progress.total) }}
          />
        }
        valueText={percent}
      />
      <div className={css({ display: 'flex', justifyContent: 'flex-end' })}>
        <LinkButton href={nextPlace(item)} aria-describedby={titleId} variant={done ? 'outline' : 'solid'}>
          <FormattedMessage id={done ? 'learning.myCourses.results' : 'learning.myCourses.continue'} />
          <ArrowEndIcon aria-hidden="true" className={css({ _rtl: { transform: 'scaleX(-1)' } })} />
        </LinkButton>
      </div>
    </li>
  );
}

/** Her consultations (issue 10) are not a sixth sidebar entry (spec §2): the dashboard home leads there. */
function ConsultationsLink() {
  return (
    <Link
      href="/dashboard/consultations"
      data-testid="dashboard-consultations-link"
      className={css({
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: '4',
        mt: '6',
        p: '4',
        borderRadius: 'lg',
        borderWidth: '1px',
        borderColor: 'border.default',
        bg: 'bg.surface',
        color: 'fg.default',
        textDecoration: 'none',
        _hover: { borderColor: 'accent.default' },
        _focusVisible: { outline: '2px solid', outlineColor: 'accent.solid', outlineOffset: '2px' },
      })}
    >
      <span className={css({ display: 'grid', gap: '0.5' })}>
        <span className={css({ fontWeight: '700', color: 'accent.fg' })}>
          <FormattedMessage id="dashboard.consultations.link" />
        </span>
        <span className={css({ textStyle: 'body.sm', color: 'fg.muted' })}>
          <FormattedMessage id="dashboard.consultations.body" />
        </span>
      </span>
      <ArrowEndIcon
        aria-hidden="true"
        className={css({ flexShrink: '0', _rtl: { transform: 'scaleX(-1)' } })}
      />
    </Link>
  );
}

/** Enrolled Courses, /dashboard (spec §2): her courses with progress, status, enrolment date, Continue. */
export default function EnrolledCoursesPage() {
  const actor = useMyLearning('courses');
  const items = useSelector(actor, (s) => s.context.courses);
  return (
    <>
      <ListFrame actor={actor} testId="enrolled-courses" messages="myCourses" emptyIcon={<BookIcon />}>
        {items.map((item) => (
          <CourseRow key={item.course.id} item={item} />
        ))}
      </ListFrame>
      <ConsultationsLink />
    </>
  );
}
