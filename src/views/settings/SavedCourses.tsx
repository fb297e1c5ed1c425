import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SavedCourse } from '../../../machines/offline-rules';
import { css, cx } from '../../../styled-system/css';
import { Button } from '../../components/button';
import { LoadingState } from '../../components/loading-state';
import { Notice } from '../../components/notice';
import { panel } from '../../components/panel';
import { Skeleton } from '../../components/skeleton';
import { formatBytes } from '../courses/format';
import { errorMessage } from '../messages';
import type { OfflineRef } from './DeviceSection';

const WHEN = { dateStyle: 'medium' } as const;

/** The courses saved for offline reading on this device, each with its size and a Remove button. */
export function SavedCourses({ offline }: { offline: OfflineRef }) {
  const intl = useIntl();
  const saved = useSelector(offline, (s) => s.context.saved);
  const loading = useSelector(offline, (s) => s.hasTag('loading'));
  const error = useSelector(offline, (s) => s.context.error);
  const total = saved.reduce((sum, c) => sum + c.bytes, 0);
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <h4 id="saved-courses-heading" className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>
        <FormattedMessage id="settings.device.savedTitle" />
      </h4>
      {error && (
        <Notice
          data-testid="saved-courses-error"
          title={<FormattedMessage id="settings.device.failed" />}
          description={errorMessage(intl, error, 'settings.tryLater')}
          actions={
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => offline.send({ type: 'offline.dismissError' })}
            >
              <FormattedMessage id="common.close" />
            </Button>
          }
        />
      )}
      {loading && saved.length === 0 ? (
        <LoadingState
          label={<FormattedMessage id="settings.device.loading" />}
          data-testid="saved-courses-loading"
        >
          <Skeleton className={css({ height: '12', width: 'full' })} />
        </LoadingState>
      ) : saved.length === 0 ? (
        <p
          data-testid="saved-courses-empty"
          className={css({ color: 'fg.muted', fontSize: 'sm', lineHeight: 'relaxed' })}
        >
          <FormattedMessage id="settings.device.empty" />
        </p>
      ) : (
        <>
          <ul
            aria-labelledby="saved-courses-heading"
            data-testid="saved-courses"
            className={css({
              display: 'flex',
              flexDirection: 'column',
              gap: '2',
              listStyle: 'none',
              p: '0',
              m: '0',
            })}
          >
            {saved.map((course) => (
              <SavedRow key={course.courseId} course={course} offline={offline} />
            ))}
          </ul>
          <p data-testid="saved-courses-total" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            <FormattedMessage id="settings.device.total" values={{ size: formatBytes(intl, total) }} />
          </p>
        </>
      )}
    </div>
  );
}

function SavedRow({ course, offline }: { course: SavedCourse; offline: OfflineRef }) {
  const intl = useIntl();
  const busyId = useSelector(offline, (s) => s.context.busyCourseId);
  return (
    <li
      data-testid="saved-course"
      className={cx(
        panel({ padding: 'sm', tone: 'subtle' }),
        css({
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: '3',
        }),
      )}
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0' })}>
        <p className={css({ fontWeight: 'semibold', overflowWrap: 'anywhere' })}>
          <bdi>{course.title}</bdi>
        </p>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
          <FormattedMessage
            id="settings.device.courseLine"
            values={{
              size: <span data-testid="saved-course-size">{formatBytes(intl, course.bytes)}</span>,
              when: <time dateTime={course.savedAt}>{intl.formatDate(course.savedAt, WHEN)}</time>,
            }}
          />
        </p>
      </div>
      <Button
        type="button"
        size="sm"
        variant="outline"
        loading={busyId === course.courseId}
        disabled={busyId != null && busyId !== course.courseId}
        aria-label={intl.formatMessage({ id: 'settings.device.removeOne' }, { title: course.title })}
        onClick={() => offline.send({ type: 'offline.remove', courseId: course.courseId })}
      >
        <FormattedMessage id="settings.device.remove" />
      </Button>
    </li>
  );
}
