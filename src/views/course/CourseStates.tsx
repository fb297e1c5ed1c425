import { FormattedMessage, useIntl } from 'react-intl';
import { useCourseLifecycle } from '../../app/actors';
import { Button } from '../../components/button';
import { EmptyState, type EmptyStateProps } from '../../components/empty-state';
import { LinkButton } from '../../components/link-button';
import { AlertIcon, InfoIcon } from '../../theme/icons';
import { errorMessage } from '../messages';
import { useCourseActor } from './useCourse';

type Heading = Pick<EmptyStateProps, 'titleAs'>;

/**
 * What the course screens show when the course is not there or could not be read: the public course
 * page gives the title the page's h1 (`titleAs="h1"`), a learning screen under the dashboard header an h2.
 */
export function CourseNotFound({ titleAs }: Heading) {
  return (
    <div data-testid="course-not-found">
      <EmptyState
        icon={<InfoIcon />}
        titleAs={titleAs}
        title={<FormattedMessage id="learning.course.notFound.title" />}
        description={<FormattedMessage id="learning.course.notFound.body" />}
        action={
          <LinkButton href="/courses">
            <FormattedMessage id="learning.common.browseCourses" />
          </LinkButton>
        }
      />
    </div>
  );
}

/** The course could not be read: why (her connection, or our side) and Retry. */
export function CourseFailed({ titleAs, className }: Heading & { className?: string }) {
  const actor = useCourseActor();
  const intl = useIntl();
  const error = useCourseLifecycle((s) => s.context.error);
  return (
    <div data-testid="course-error" className={className}>
      <EmptyState
        icon={<AlertIcon />}
        titleAs={titleAs}
        title={<FormattedMessage id="learning.course.error.title" />}
        description={
          <span role="alert">
            {error?.code === 'NETWORK_ERROR'
              ? errorMessage(intl, error)
              : intl.formatMessage({ id: 'learning.course.error.body' })}
          </span>
        }
        action={
          <Button onClick={() => actor.send({ type: 'course.retry' })}>
            <FormattedMessage id="learning.common.retry" />
          </Button>
        }
      />
    </div>
  );
}
