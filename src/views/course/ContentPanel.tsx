import { FormattedMessage, useIntl } from 'react-intl';
import type { MemberCourseDetail } from '../../../contract/learning';
import { css } from '../../../styled-system/css';
import { LockIcon, QuizIcon } from '../../theme/icons';
import { LessonMark, Minutes, Row, RowList } from './LessonRows';
import { type CourseStatus, lessonPath, quizPath } from './useCourse';

const number = css({
  display: 'inline-grid',
  placeItems: 'center',
  width: '8',
  height: '8',
  borderRadius: 'full',
  bg: 'bg.subtle',
  color: 'fg.muted',
  fontSize: 'sm',
  fontWeight: '600',
  flexShrink: '0',
  fontVariantNumeric: 'tabular-nums',
});
const rowTitle = css({ flex: '1', minWidth: '0', fontWeight: '500' });

/** Content: the lessons in order with their minutes; locked until she is enrolled, ticked when done. */
export function ContentPanel({ course, status }: { course: MemberCourseDetail; status: CourseStatus }) {
  const intl = useIntl();
  const enrolled = !!course.enrolment;
  const canRead = enrolled && status !== 'preQuiz';
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })} data-testid="panel-content">
      <p className={css({ color: 'fg.muted', textStyle: 'body.sm' })}>
        {intl.formatMessage(
          { id: 'learning.course.content.summary' },
          { count: course.lessons.length, minutes: course.lessons.reduce((s, l) => s + l.minutes, 0) },
        )}
      </p>
      <RowList>
        <QuizRow
          labelId="learning.course.content.preQuiz"
          count={course.questionCounts.pre}
          href={status === 'preQuiz' ? quizPath(course.id, 'pre') : null}
        />
        {course.lessons.map((lesson) => (
          <li key={lesson.id} data-testid="content-lesson">
            <Row href={canRead ? lessonPath(course.id, lesson.id) : null}>
              <span className={number} aria-hidden="true">
                {intl.formatNumber(lesson.position)}
              </span>
              <span className={rowTitle}>{lesson.title}</span>
              <Minutes>
                {intl.formatMessage({ id: 'learning.course.content.minutes' }, { count: lesson.minutes })}
              </Minutes>
              <LessonMark state={!enrolled ? 'locked' : lesson.done ? 'done' : 'notDone'} />
            </Row>
          </li>
        ))}
        <QuizRow
          labelId="learning.course.content.postQuiz"
          count={course.questionCounts.post}
          href={status === 'postQuiz' || status === 'completed' ? quizPath(course.id, 'post') : null}
        />
      </RowList>
      {!enrolled && (
        <p
          className={css({
            display: 'flex',
            gap: '2',
            alignItems: 'center',
            color: 'fg.muted',
            textStyle: 'body.sm',
          })}
        >
          <LockIcon aria-hidden />
          <FormattedMessage id="learning.course.content.lockedHint" />
        </p>
      )}
    </div>
  );
}

function QuizRow({ labelId, count, href }: { labelId: string; count: number; href: string | null }) {
  const intl = useIntl();
  return (
    // the quiz she cannot take yet sits on a quieter ground
    <li className={href ? undefined : css({ bg: 'bg.subtle' })}>
      <Row href={href}>
        <span className={number} aria-hidden="true">
          <QuizIcon />
        </span>
        <span className={rowTitle}>
          <FormattedMessage id={labelId} />
        </span>
        <Minutes>{intl.formatMessage({ id: 'learning.course.content.questions' }, { count })}</Minutes>
      </Row>
    </li>
  );
}
