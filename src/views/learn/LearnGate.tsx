import { type ReactNode, useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { courseEvents } from '../../../machines/courseLifecycle';
import type { MemberCourseDetail } from '../../../server/contract/learning';
import { css } from '../../../styled-system/css';
import { useCourseLifecycle } from '../../app/actors';
import { usePageHeader } from '../../app/layouts/DashboardLayout';
import { Button, button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { Skeleton } from '../../components/skeleton';
import { AlertIcon, InfoIcon } from '../../theme/icons';
import { SyncError } from '../course/SyncError';
import {
  type CourseStatus,
  coursePath,
  useCourseActor,
  useCourseData,
  useCourseNotices,
  useOpenCourse,
} from '../course/useCourse';

export type EnrolledStatus = Extract<CourseStatus, 'preQuiz' | 'learning' | 'postQuiz' | 'completed'>;

/**
 * What every learning screen shares: opens the course, shows loading / not found / error with
 * retry, sends a member who is not enrolled to the course page, and gives the header the course title.
 */
export function LearnGate({
  courseId,
  children,
}: {
  courseId: string;
  children: (course: MemberCourseDetail, status: EnrolledStatus) => ReactNode;
}) {
  const status = useOpenCourse(courseId);
  useCourseNotices();
  const course = useCourseData();
  const [, navigate] = useLocation();
  const intl = useIntl();
  const actor = useCourseActor();
  const syncError = useCourseLifecycle((s) => s.context.error);

  useEffect(() => {
    // lesson bodies and quizzes come only with an enrolment: the course page is where she enrols
    if (status === 'notEnrolled') navigate(coursePath(courseId), { replace: true });
  }, [status, courseId, navigate]);

  const ready = course?.id === courseId && ['preQuiz', 'learning', 'postQuiz', 'completed'].includes(status);
  usePageHeader(ready ? course.title : undefined);

  if (status === 'notFound') {
    return (
      <div data-testid="course-not-found">
        <EmptyState
          icon={<InfoIcon />}
          title={<FormattedMessage id="learning.course.notFound.title" />}
          description={<FormattedMessage id="learning.course.notFound.body" />}
          action={
            <Link href="/courses" className={button()}>
              <FormattedMessage id="learning.common.browseCourses" />
            </Link>
          }
        />
      </div>
    );
  }
  if (status === 'failed') {
    return (
      <div data-testid="course-error">
        <EmptyState
          icon={<AlertIcon />}
          title={<FormattedMessage id="learning.course.error.title" />}
          description={<span role="alert">{intl.formatMessage({ id: 'learning.course.error.body' })}</span>}
          action={
            <Button onClick={() => actor.send(courseEvents.retry())}>
              <FormattedMessage id="learning.common.retry" />
            </Button>
          }
        />
      </div>
    );
  }
  if (!ready) {
    return (
      <div data-testid="course-loading" aria-busy="true" className={css({ display: 'grid', gap: '4' })}>
        <span role="status" className={css({ srOnly: true })}>
          {intl.formatMessage({ id: 'learning.course.loading' })}
        </span>
        <Skeleton className={css({ width: '2/3', height: '8' })} />
        <Skeleton className={css({ width: 'full', height: '4' })} />
        <Skeleton className={css({ width: 'full', height: '16' })} />
        <Skeleton className={css({ width: 'full', height: '16' })} />
        <Skeleton className={css({ width: 'full', height: '16' })} />
      </div>
    );
  }
  return (
    <>
      {syncError && syncError.code !== 'ENROL_FAILED' && (
        <SyncError error={syncError} className={css({ mb: '5' })} />
      )}
      {children(course, status as EnrolledStatus)}
    </>
  );
}
