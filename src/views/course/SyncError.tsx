import { useIntl } from 'react-intl';
import type { AppError } from '../../../machines/types';
import { Notice, RetryButton } from '../../components/notice';
import { learningError } from './errors';
import { useCourseActor } from './useCourse';

/** The course could not be read again (after enrolling, a lesson, a quiz): the reason and Retry. */
export function SyncError({ error, className }: { error: AppError; className?: string }) {
  const intl = useIntl();
  const actor = useCourseActor();
  return (
    <Notice
      className={className}
      data-testid="sync-error"
      description={learningError(intl, error)}
      end={<RetryButton onClick={() => actor.send({ type: 'course.refresh' })} />}
    />
  );
}
