import { lazy, Suspense } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'wouter';
import type { MemberCourseDetail } from '../../../contract/learning';
import { css } from '../../../styled-system/css';
import { Apart } from '../../app/Apart';
import { LoadingState } from '../../components/loading-state';
import { pageColumn } from '../../components/page-column';
import { Skeleton } from '../../components/skeleton';
import * as Tabs from '../../components/tabs';
import { TextLink } from '../../components/text-link';
import { ArrowStartIcon } from '../../theme/icons';
import { useDocumentTitleText } from '../useDocumentTitle';
import { AboutPanel } from './AboutPanel';
import { ActionCard } from './ActionCard';
import { ContentPanel } from './ContentPanel';
import { CourseHeader } from './CourseHeader';
import { CourseFailed, CourseNotFound } from './CourseStates';
import { ExpertPanel } from './ExpertPanel';
import { ReviewsPanel } from './ReviewsPanel';
import { type CourseStatus, useCourseData, useCourseNotices, useOpenCourse } from './useCourse';

// "Save for offline" (issue 28) is for an enrolled member only: never in a visitor's first visit
const SaveOffline = lazy(() => import('./SaveOffline'));

const layout = css({
  display: 'grid',
  gap: { base: '6', lg: '10' },
  gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 22rem' },
  gridTemplateAreas: { base: '"header" "aside" "tabs"', lg: '"header aside" "tabs aside"' },
  alignItems: 'start',
});
const headerArea = css({ gridArea: 'header', display: 'flex', flexDirection: 'column', gap: '4' });
const tabsArea = css({ gridArea: 'tabs', display: 'flex', flexDirection: 'column', gap: '3', minWidth: '0' });

/** The course page (/courses/:id): public, for visitors and members alike. */
export default function CourseView() {
  const { id } = useParams<{ id: string }>();
  const status = useOpenCourse(id);
  useCourseNotices();
  const course = useCourseData();
  const ready = course && course.id === id && !['loading', 'idle', 'failed', 'notFound'].includes(status);
  const intl = useIntl();
  useDocumentTitleText(
    ready
      ? course.title
      : status === 'notFound'
        ? intl.formatMessage({ id: 'learning.course.notFound.title' })
        : null,
  );

  return (
    <div className={pageColumn({ space: 'sm' })}>
      <TextLink href="/courses" className={css({ mb: '2' })}>
        <ArrowStartIcon />
        <FormattedMessage id="learning.course.back" />
      </TextLink>
      {status === 'notFound' ? (
        <CourseNotFound titleAs="h1" />
      ) : status === 'failed' ? (
        <CourseFailed titleAs="h1" className={css({ py: '10' })} />
      ) : ready ? (
        <CourseBody course={course} status={status} />
      ) : (
        <CourseSkeleton />
      )}
    </div>
  );
}

function CourseSkeleton() {
  return (
    <LoadingState
      label={<FormattedMessage id="learning.course.loading" />}
      data-testid="course-loading"
      className={layout}
    >
      <div className={headerArea}>
        <Skeleton className={css({ width: '28', height: '5' })} />
        <Skeleton className={css({ width: '4/5', height: '10' })} />
        <Skeleton className={css({ width: 'full', height: '5' })} />
        <Skeleton className={css({ width: '2/3', height: '5' })} />
      </div>
      <div className={css({ gridArea: 'aside' })}>
        <Skeleton className={css({ width: 'full', height: '64', borderRadius: 'xl' })} />
      </div>
      <div className={tabsArea}>
        <Skeleton className={css({ width: 'full', height: '11' })} />
        <Skeleton className={css({ width: 'full', height: '4' })} />
        <Skeleton className={css({ width: 'full', height: '4' })} />
        <Skeleton className={css({ width: '3/4', height: '4' })} />
      </div>
    </LoadingState>
  );
}

const TABS = ['about', 'content', 'reviews', 'expert'] as const;

function CourseBody({ course, status }: { course: MemberCourseDetail; status: CourseStatus }) {
  const intl = useIntl();
  return (
    <div className={layout} data-testid="course-page" data-status={status}>
      <CourseHeader course={course} className={headerArea} />
      <aside
        className={css({ gridArea: 'aside', position: { lg: 'sticky' }, top: { lg: '24' } })}
        aria-label={intl.formatMessage({ id: 'learning.course.aside' })}
      >
        <Apart>
          <ActionCard course={course} status={status} />
          {/* its own boundary: while its chunk loads, the action card stays as it is */}
          {course.enrolment && (
            <Suspense fallback={null}>
              <SaveOffline course={course} />
            </Suspense>
          )}
        </Apart>
      </aside>
      <div className={css({ gridArea: 'tabs', minWidth: '0' })}>
        {/* below the course's header on a phone: hydrated apart (issue 23) */}
        <Apart>
          <Tabs.Root defaultValue="about" lazyMount>
            <Tabs.List aria-label={intl.formatMessage({ id: 'learning.course.tabs.label' })}>
              {TABS.map((tab) => (
                <Tabs.Trigger key={tab} value={tab}>
                  <FormattedMessage id={`learning.course.tabs.${tab}`} />
                </Tabs.Trigger>
              ))}
              <Tabs.Indicator />
            </Tabs.List>
            <Tabs.Content value="about">
              <AboutPanel course={course} />
            </Tabs.Content>
            <Tabs.Content value="content">
              <ContentPanel course={course} status={status} />
            </Tabs.Content>
            <Tabs.Content value="reviews">
              <ReviewsPanel />
            </Tabs.Content>
            <Tabs.Content value="expert">
              <ExpertPanel expert={course.expert} />
            </Tabs.Content>
          </Tabs.Root>
        </Apart>
      </div>
    </div>
  );
}
