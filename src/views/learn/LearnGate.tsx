import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { MemberCourseDetail } from '../../../contract/learning';
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
  useCourseActor,
  useCourseData,
  useCourseNotices,
  useOpenCourse,
} from '../course/useCourse';
import { OfflineMark } from './offline';

export type EnrolledStatus = Extract<CourseStatus, 'preQuiz' | 'learning' | 'postQuiz' | 'completed'>;

/**
 * What every learning screen shares: opens the course as a learning screen (it needs her enrolment:
 * the course lifecycle takes a member who is not enrolled to the course page, where she enrols),
 * shows loading / not found / error with retry, and gives the header the course title.
 */
export function LearnGate({
  courseId,
  children,
}: {
  courseId: string;
  children: (course: MemberCourseDetail, status: EnrolledStatus) => ReactNode;
}) {
  const status = useOpenCourse(courseId, 'enrolment');
  useCourseNotices();
  const course = useCourseData();
  const intl = useIntl();
  const actor = useCourseActor();
  const syncError = useCourseLifecycle((s) => s.context.error);

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
            <Button onClick={() => actor.send({ type: 'course.retry' })}>
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
      <OfflineMark className={css({ marginBlockEnd: '4' })} />
      {syncError && syncError.code !== 'ENROL_FAILED' && (
        <SyncError error={syncError} className={css({ mb: '5' })} />
      )}
      {children(course, status as EnrolledStatus)}
    </>
  );
}
