import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { EnrolledCourse } from '../../../../contract/learning';
import { courseToContinue, nextPlace } from '../../../../machines/myLearning';
import { css, cva, cx } from '../../../../styled-system/css';
import { useFlowSelect } from '../../../app/flow';
import { LinkButton } from '../../../components/link-button';
import { Notice } from '../../../components/notice';
import * as Progress from '../../../components/progress';
import { ArrowEndIcon, BookIcon } from '../../../theme/icons';
import { coursePath } from '../../course/useCourse';
import { formatDate, formatPercent } from '../../courses/format';
import { CloudDownIcon, useSavedHere } from '../../learn/offline';
import { ListFrame, MyLearningFlow, MyLearningScreen, RowHeader, rowPanel } from './shared';

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
    // a quiz to take is a step, not a problem: neutral, never the error (rose/red) colours
    tone: {
      pre_quiz: { bg: 'bg.subtle', color: 'fg.default' },
      learning: { bg: 'accent.muted', color: 'accent.fg' },
      post_quiz: { bg: 'bg.subtle', color: 'fg.default' },
      completed: { bg: 'success.subtle', color: 'success.fg' },
    },
  },
});

/** The button's words: Start for a course she has not begun (the quiz before the lessons comes first). */
function actionId(item: EnrolledCourse) {
  if (item.progress.status === 'completed') return 'learning.myCourses.results';
  return item.progress.status === 'pre_quiz' ? 'learning.myCourses.start' : 'learning.myCourses.continue';
}

/** Her progress in a course: lessons done of all, as a bar with the percentage. */
function CourseProgress({ item }: { item: EnrolledCourse }) {
  const intl = useIntl();
  const { progress } = item;
  const percent = formatPercent(intl, progress.percent);
  return (
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
  );
}

/**
 * The top of the dashboard home (issue 21): "continue where you left off" with the unfinished
 * course she worked on last, its progress and one button to her next step. When every course is
 * finished it says so and leads to the catalogue; with no courses the list's empty state speaks.
 */
function ContinueCard({ courses }: { courses: EnrolledCourse[] }) {
  const item = courseToContinue(courses);
  const titleId = 'continue-course-title';
  return (
    <section
      aria-labelledby="continue-heading"
      data-testid="continue-learning"
      className={cx(rowPanel, css({ mb: '8', borderColor: 'accent.border' }))}
    >
      <h2
        id="continue-heading"
        className={css({ textStyle: 'body.sm', fontWeight: '600', color: 'accent.fg' })}
      >
        <FormattedMessage id={item ? 'learning.continue.heading' : 'learning.continue.allDone.title'} />
      </h2>
      {item ? (
        <>
          <h3 id={titleId} className={css({ textStyle: 'heading.md', color: 'fg.default' })}>
            {item.course.title}
          </h3>
          <CourseProgress item={item} />
          <div className={css({ display: 'flex', justifyContent: 'flex-end' })}>
            <LinkButton href={nextPlace(item)} aria-describedby={titleId} data-testid="continue-action">
              <FormattedMessage id={actionId(item)} />
              <ArrowEndIcon aria-hidden="true" className={css({ _rtl: { transform: 'scaleX(-1)' } })} />
            </LinkButton>
          </div>
        </>
      ) : (
        <div
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: '3',
          })}
        >
          <p className={css({ color: 'fg.muted' })}>
            <FormattedMessage id="learning.continue.allDone.body" />
          </p>
          <LinkButton href="/courses" variant="outline">
            <FormattedMessage id="learning.common.browseCourses" />
          </LinkButton>
        </div>
      )}
    </section>
  );
}

/** A course she saved for offline reading says so (issue 28). */
function SavedMark({ courseId }: { courseId: string }) {
  if (!useSavedHere(courseId)) return null;
  return (
    <p
      data-testid="saved-offline"
      className={css({
        display: 'inline-flex',
        alignItems: 'center',
        gap: '1.5',
        textStyle: 'body.sm',
        color: 'success.fg',
        '& svg': { width: '4', height: '4' },
      })}
    >
      <CloudDownIcon />
      <FormattedMessage id="dashboard.courses.savedOffline" />
    </p>
  );
}

function CourseRow({ item }: { item: EnrolledCourse }) {
  const intl = useIntl();
  const { course, enrolment, progress } = item;
  const titleId = `enrolled-${course.id}-title`;
  const done = progress.status === 'completed';
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
          <>
            <p className={css({ textStyle: 'body.sm', color: 'fg.muted' })}>
              <FormattedMessage
                id="learning.myCourses.enrolledOn"
                values={{ date: formatDate(intl, enrolment.enrolledAt) }}
              />
            </p>
            <SavedMark courseId={course.id} />
          </>
        }
        end={
          <span data-testid="course-status" className={status({ tone: progress.status })}>
            <FormattedMessage id={`learning.status.${progress.status}`} />
          </span>
        }
      />
      <CourseProgress item={item} />
      <div className={css({ display: 'flex', justifyContent: 'flex-end' })}>
        <LinkButton href={nextPlace(item)} aria-describedby={titleId} variant={done ? 'outline' : 'solid'}>
          <FormattedMessage id={actionId(item)} />
          <ArrowEndIcon aria-hidden="true" className={css({ _rtl: { transform: 'scaleX(-1)' } })} />
        </LinkButton>
      </div>
    </li>
  );
}

/**
 * A place the dashboard home leads to that is not a sidebar entry (spec §2 fixes the five): her
 * consultations (issue 10) and the community circle (issue 27).
 */
function HomeLink({
  href,
  testId,
  words,
}: {
  href: string;
  testId: string;
  words: 'consultations' | 'circle';
}) {
  return (
    <Link
      href={href}
      data-testid={testId}
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
          <FormattedMessage id={`dashboard.${words}.link`} />
        </span>
        <span className={css({ textStyle: 'body.sm', color: 'fg.muted' })}>
          <FormattedMessage id={`dashboard.${words}.body`} />
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
  return (
    <MyLearningScreen list="courses">
      <EnrolledCourses />
    </MyLearningScreen>
  );
}

/**
 * With no network her list is the courses saved on this device (issue 28): it says so (the screen
 * asks for the server's list again when the connection is back).
 */
function FromDeviceNotice() {
  return (
    <Notice
      status="info"
      data-testid="courses-from-device"
      className={css({ mb: '6' })}
      title={<FormattedMessage id="dashboard.courses.fromDevice.title" />}
      description={<FormattedMessage id="dashboard.courses.fromDevice.body" />}
    />
  );
}

function EnrolledCourses() {
  const items = useFlowSelect(MyLearningFlow, (s) => s.context.courses);
  const ready = useFlowSelect(MyLearningFlow, (s) => s.hasTag('step:ready'));
  const fromDevice = useFlowSelect(MyLearningFlow, (s) => s.context.fromDevice);
  return (
    <>
      {ready && fromDevice && <FromDeviceNotice />}
      {ready && <ContinueCard courses={items} />}
      <ListFrame testId="enrolled-courses" messages="myCourses" emptyIcon={<BookIcon />}>
        {items.map((item) => (
          <CourseRow key={item.course.id} item={item} />
        ))}
      </ListFrame>
      <HomeLink href="/dashboard/consultations" testId="dashboard-consultations-link" words="consultations" />
      <HomeLink href="/dashboard/circle" testId="dashboard-circle-link" words="circle" />
    </>
  );
}
