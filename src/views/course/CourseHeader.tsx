import { useIntl } from 'react-intl';
import type { MemberCourseDetail } from '../../../contract/learning';
import { css } from '../../../styled-system/css';
import { useCourseLifecycle } from '../../app/actors';
import { CourseRating } from '../../components/course-card';
import { Disclaimer } from '../../components/disclaimer';
import { ClockIcon, ListIcon } from '../../theme/icons';
import { formatDuration } from '../courses/format';
import { SyncError } from './SyncError';

const levelPill = css({
  alignSelf: 'flex-start',
  px: '3',
  py: '1',
  borderRadius: 'full',
  bg: 'accent.subtle',
  color: 'accent.fg',
  fontSize: 'sm',
  fontWeight: '600',
});

const metaList = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: '5',
  rowGap: '2',
  color: 'fg.muted',
  textStyle: 'body.sm',
  '& li': { display: 'inline-flex', alignItems: 'center', gap: '1.5' },
  '& svg': { width: '4.5', height: '4.5', flexShrink: '0' },
});

/** The course page's top: level, title (the page's h1), summary, rating, length, and the disclaimer. */
export function CourseHeader({ course, className }: { course: MemberCourseDetail; className: string }) {
  const intl = useIntl();
  const syncError = useCourseLifecycle((s) =>
    s.context.error && s.context.error.code !== 'ENROL_FAILED' ? s.context.error : null,
  );
  return (
    <header className={className}>
      <span className={levelPill}>{intl.formatMessage({ id: `learning.card.level.${course.level}` })}</span>
      <h1 className={css({ textStyle: 'display', color: 'fg.default', textWrap: 'balance' })}>
        {course.title}
      </h1>
      <p className={css({ textStyle: 'body.lg', color: 'fg.muted', maxWidth: '65ch' })}>{course.summary}</p>
      <ul className={metaList}>
        <li>
          <CourseRating rating={course.rating} />
        </li>
        <li>
          <ClockIcon />
          {formatDuration(intl, course.durationMinutes)}
        </li>
        <li>
          <ListIcon />
          {intl.formatMessage({ id: 'learning.card.lessons' }, { count: course.lessons.length })}
        </li>
      </ul>
      <Disclaimer boxed />
      {syncError && <SyncError error={syncError} />}
    </header>
  );
}
