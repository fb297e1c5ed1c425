import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MemberCourseDetail } from '../../../contract/learning';
import { css, cx } from '../../../styled-system/css';
import { CoursePrice } from '../../components/course-card';
import { panel } from '../../components/panel';
import * as Progress from '../../components/progress';
import { ClockIcon, LevelIcon, ListIcon, QuizIcon } from '../../theme/icons';
import { formatDuration, formatPercent } from '../courses/format';
import { PrimaryAction } from './PrimaryAction';
import type { CourseStatus } from './useCourse';

const card = cx(
  panel({ tone: 'strong', padding: 'lg' }),
  css({ display: 'flex', flexDirection: 'column', gap: '5', boxShadow: 'sm' }),
);

const facts = css({
  display: 'grid',
  gap: '3',
  pt: '4',
  borderTopWidth: '1px',
  borderColor: 'border.subtle',
  textStyle: 'body.sm',
  '& li': { display: 'flex', alignItems: 'center', gap: '2.5', color: 'fg.default' },
  '& svg': { width: '5', height: '5', color: 'fg.muted', flexShrink: '0' },
});

/** The course page's aside: the price or her progress, the one action for now, and the facts. */
export function ActionCard({ course, status }: { course: MemberCourseDetail; status: CourseStatus }) {
  const intl = useIntl();
  const progress = course.enrolment ? course.progress : null;
  const percent = progress ? formatPercent(intl, progress.percent) : '';
  return (
    <div className={card} data-testid="action-card">
      {progress ? (
        <Progress.Bar
          value={progress.percent}
          translations={{ value: () => percent }}
          label={<FormattedMessage id={`learning.status.${progress.status}`} />}
          valueText={percent}
        />
      ) : (
        <div className={css({ display: 'flex', alignItems: 'baseline', gap: '2', fontSize: 'xl' })}>
          <CoursePrice course={course} />
        </div>
      )}
      <PrimaryAction course={course} status={status} />
      <ul className={facts}>
        <Fact icon={<ClockIcon />} labelId="learning.course.facts.duration">
          {formatDuration(intl, course.durationMinutes)}
        </Fact>
        <Fact icon={<LevelIcon />} labelId="learning.course.facts.level">
          {intl.formatMessage({ id: `learning.card.level.${course.level}` })}
        </Fact>
        <Fact icon={<ListIcon />} labelId="learning.course.facts.lessons">
          {intl.formatNumber(course.lessons.length)}
        </Fact>
        <Fact icon={<QuizIcon />} labelId="learning.course.facts.quizzes" />
      </ul>
    </div>
  );
}

function Fact({ icon, labelId, children }: { icon: ReactNode; labelId: string; children?: ReactNode }) {
  return (
    <li>
      {icon}
      <span className={css({ color: 'fg.muted' })}>
        <FormattedMessage id={labelId} />
      </span>
      {children != null && (
        <span className={css({ marginInlineStart: 'auto', fontWeight: '600' })}>{children}</span>
      )}
    </li>
  );
}
