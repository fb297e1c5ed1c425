import { FormattedMessage, useIntl } from 'react-intl';
import { courseEvents } from '../../../machines/courseLifecycle';
import type { AppError } from '../../../machines/types';
import * as Alert from '../../components/alert';
import { Button } from '../../components/button';
import { learningError } from './errors';
import { useCourseActor } from './useCourse';

/** The course could not be read again (after enrolling, a lesson, a quiz): the reason and Retry. */
export function SyncError({ error, className }: { error: AppError; className?: string }) {
  const intl = useIntl();
  const actor = useCourseActor();
  return (
    <Alert.Root status="error" role="alert" className={className} data-testid="sync-error">
      <Alert.Icon />
      <Alert.Content>
        <Alert.Description>{learningError(intl, error)}</Alert.Description>
      </Alert.Content>
      <Button variant="outline" size="sm" onClick={() => actor.send(courseEvents.refresh())}>
        <FormattedMessage id="learning.common.retry" />
      </Button>
    </Alert.Root>
  );
}
