import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'wouter';
import type { MemberCourseDetail } from '../../../contract/learning';
import { css, cx } from '../../../styled-system/css';
import { stack } from '../../../styled-system/patterns';
import { useCourseLifecycle } from '../../app/actors';
import { Button } from '../../components/button';
import { Disclaimer } from '../../components/disclaimer';
import { LinkButton } from '../../components/link-button';
import { panel } from '../../components/panel';
import * as Progress from '../../components/progress';
import { TextLink } from '../../components/text-link';
import { QuizIcon } from '../../theme/icons';
import { LessonMark, Minutes, Row, RowList } from '../course/LessonRows';
import { coursePath, lessonPath, quizPath, useCourseActor } from '../course/useCourse';
import { formatPercent } from '../courses/format';
import { type EnrolledStatus, LearnGate } from './LearnGate';
import { NextStep } from './NextStep';
import { SyncPending } from './offline';

/** /dashboard/course/:id — the lessons with their ticks, progress, and the next step. */
export default function LessonListView() {
  const { id } = useParams<{ id: string }>();
  return (
    <LearnGate courseId={id}>{(course, status) => <LessonList course={course} status={status} />}</LearnGate>
  );
}

function LessonList({ course, status }: { course: MemberCourseDetail; status: EnrolledStatus }) {
  const intl = useIntl();
  const actor = useCourseActor();
  const saving = useCourseLifecycle((s) => s.hasTag('sync:saving'));
  const progress = course.progress;
  const percent = progress ? formatPercent(intl, progress.percent) : '';
  return (
    <div className={stack({ gap: '6' })} data-testid="lesson-list" data-status={status}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'space-between' })}>
        <TextLink href={coursePath(course.id)}>
          <FormattedMessage id="learning.learn.courseDetails" />
        </TextLink>
        <Disclaimer />
      </div>

      <NextStep course={course} status={status} />

      {progress && (
        <section className={cx(panel({ tone: 'strong', padding: 'lg' }), stack({ gap: '4' }))}>
          <Progress.Bar
            value={progress.percent}
            translations={{ value: () => percent }}
            label={<FormattedMessage id="learning.learn.progressLabel" />}
            valueText={percent}
            valueTestId="progress-value"
          />
          <p className={css({ color: 'fg.muted', textStyle: 'body.sm' })} data-testid="lessons-done">
            {intl.formatMessage(
              { id: 'learning.course.lessonsDone' },
              { done: progress.done, total: progress.total },
            )}
          </p>
        </section>
      )}

      <section className={stack({ gap: '3' })}>
        <h2 className={css({ textStyle: 'heading.sm' })}>
          <FormattedMessage id="learning.learn.lessonsHeading" />
        </h2>
        <RowList size="lg">
          {course.lessons.map((lesson) => (
            <li key={lesson.id} data-testid="lesson-row" data-done={lesson.done || undefined}>
              <Row
                size="lg"
                href={status === 'preQuiz' ? null : lessonPath(course.id, lesson.id)}
                current={lesson.id === progress?.nextLessonId && status === 'learning'}
              >
                <LessonMark state={lesson.done ? 'done' : 'notDone'} size="lg" />
                <span className={css({ flex: '1', minWidth: '0', display: 'flex', flexDirection: 'column' })}>
                  <span className={css({ color: 'fg.muted', textStyle: 'body.sm' })}>
                    {intl.formatMessage(
                      { id: 'learning.learn.lessonN' },
                      { n: intl.formatNumber(lesson.position) },
                    )}
                  </span>
                  <span className={css({ fontWeight: '600', color: 'fg.default' })}>{lesson.title}</span>
                  {lesson.done && <SyncPending courseId={course.id} lessonId={lesson.id} />}
                </span>
                <Minutes>
                  {intl.formatMessage({ id: 'learning.course.content.minutes' }, { count: lesson.minutes })}
                </Minutes>
              </Row>
            </li>
          ))}
        </RowList>
      </section>

      <section className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
        {status === 'learning' && (
          <Button
            variant="outline"
            loading={saving}
            onClick={() => actor.send({ type: 'course.markAllDone' })}
          >
            <FormattedMessage id="learning.learn.markAll" />
          </Button>
        )}
        {(status === 'postQuiz' || status === 'completed') && (
          <LinkButton href={quizPath(course.id, 'post')} variant="outline">
            <QuizIcon />
            <FormattedMessage
              id={status === 'completed' ? 'learning.learn.retakePost' : 'learning.course.action.postQuiz'}
            />
          </LinkButton>
        )}
      </section>
    </div>
  );
}
