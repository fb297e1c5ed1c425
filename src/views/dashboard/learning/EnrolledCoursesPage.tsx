import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { nextPlace } from '../../../../machines/myLearning';
import type { EnrolledCourse } from '../../../../server/contract/learning';
import { css, cx } from '../../../../styled-system/css';
import { button } from '../../../components/button';
import * as Progress from '../../../components/progress';
import { ArrowEndIcon, BookIcon } from '../../../theme/icons';
import { formatDate, formatPercent } from '../../courses/format';
import { ListFrame, panel, useMyLearning } from './shared';

const STATUS_TONE = {
  pre_quiz: { bg: 'highlight.subtle', color: 'highlight.fg' },
  learning: { bg: 'accent.muted', color: 'accent.fg' },
  post_quiz: { bg: 'highlight.subtle', color: 'highlight.fg' },
  completed: { bg: 'success.subtle', color: 'success.fg' },
} as const;

function CourseRow({ item }: { item: EnrolledCourse }) {
  const intl = useIntl();
  const { course, enrolment, progress } = item;
  const titleId = `enrolled-${course.id}-title`;
  const done = progress.status === 'completed';
  return (
    <li
      className={cx(panel, css({ display: 'flex', flexDirection: 'column', gap: '4' }))}
      data-testid="enrolled-course"
    >
      <div
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'flex-start',
          justifyContent: 'space-between',
          gap: '2',
        })}
      >
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0' })}>
          <h3 id={titleId} className={css({ textStyle: 'heading.sm' })}>
            <Link
              href={`/courses/${encodeURIComponent(course.id)}`}
              className={css({
                color: 'fg.default',
                textDecoration: 'none',
                _hover: { textDecoration: 'underline' },
              })}
            >
              {course.title}
            </Link>
          </h3>
          <p className={css({ textStyle: 'body.sm', color: 'fg.muted' })}>
            <FormattedMessage
              id="learning.myCourses.enrolledOn"
              values={{ date: formatDate(intl, enrolment.enrolledAt) }}
            />
          </p>
        </div>
        <span
          data-testid="course-status"
          className={css({
            px: '2.5',
            py: '0.5',
            borderRadius: 'full',
            textStyle: 'body.sm',
            fontWeight: '600',
            whiteSpace: 'nowrap',
            ...STATUS_TONE[progress.status],
          })}
        >
          <FormattedMessage id={`learning.status.${progress.status}`} />
        </span>
      </div>
      <Progress.Root
        value={progress.percent}
        translations={{ value: () => formatPercent(intl, progress.percent) }}
      >
        <Progress.Label>
          <FormattedMessage
            id="learning.myCourses.lessonsDone"
            values={{ done: intl.formatNumber(progress.done), total: intl.formatNumber(progress.total) }}
          />
        </Progress.Label>
        <Progress.ValueText>{formatPercent(intl, progress.percent)}</Progress.ValueText>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <div className={css({ display: 'flex', justifyContent: 'flex-end' })}>
        <Link
          href={nextPlace(item)}
          aria-describedby={titleId}
          className={button({ variant: done ? 'outline' : 'solid', size: 'md' })}
        >
          <FormattedMessage id={done ? 'learning.myCourses.results' : 'learning.myCourses.continue'} />
          <ArrowEndIcon aria-hidden="true" className={css({ _rtl: { transform: 'scaleX(-1)' } })} />
        </Link>
      </div>
    </li>
  );
}

/** Enrolled Courses, /dashboard (spec §2): her courses with progress, status, enrolment date, Continue. */
export default function EnrolledCoursesPage() {
  const actor = useMyLearning('courses');
  const items = useSelector(actor, (s) => s.context.courses);
  return (
    <ListFrame
      actor={actor}
      testId="enrolled-courses"
      headingId="learning.myCourses.heading"
      errorId="learning.myCourses.error"
      loadingId="learning.myCourses.loading"
      empty={{
        icon: <BookIcon />,
        titleId: 'learning.myCourses.empty.title',
        bodyId: 'learning.myCourses.empty.body',
        browse: true,
      }}
    >
      <ul className={css({ listStyle: 'none', p: '0', m: '0', display: 'grid', gap: '4' })}>
        {items.map((item) => (
          <CourseRow key={item.course.id} item={item} />
        ))}
      </ul>
    </ListFrame>
  );
}
