import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { offlineMachine } from '../../../machines/offline';
import { css, cx } from '../../../styled-system/css';
import { useAppActor } from '../../app/actors';
import { useOnChange } from '../../app/useOnChange';
import { Svg } from '../../theme/icons';

/**
 * The learning screens' view of the root offline machine (issue 28, system id `offline`): whether
 * there is a connection, which courses are saved on this device, and what waits to be sent.
 */
type OfflineActor = ActorRefFrom<typeof offlineMachine>;
type OfflineSnapshot = SnapshotFrom<OfflineActor>;

export function useOfflineActor(): OfflineActor {
  return useAppActor().system.get('offline') as OfflineActor;
}

export function useOffline<T>(selector: (s: OfflineSnapshot) => T): T {
  return useSelector(useOfflineActor(), selector);
}

/** No connection: the offline machine's `offline` tag. */
export function useIsOffline(): boolean {
  return useOffline((s) => s.hasTag('offline'));
}

/** Calls `onBack` when the connection comes back (not on the first render). */
export function useBackOnline(onBack: () => void) {
  useOnChange(useIsOffline(), (was) => was, onBack);
}

/** Calls `onSent` when the requests made offline have all left the queue (sent, or refused). */
export function useQueueEmptied(onSent: () => void) {
  useOnChange(
    useOffline((s) => s.context.queue.length),
    (_, now) => now === 0,
    onSent,
  );
}

/** Whether this course is saved on this device. */
export function useSavedHere(courseId: string): boolean {
  return useOffline((s) => s.context.saved.some((c) => c.courseId === courseId));
}

/** Whether this lesson, done with no network, still waits in the queue to be sent. */
export function useLessonPending(courseId: string, lessonId: string): boolean {
  return useOffline((s) =>
    s.context.queue.some(
      (item) => item.kind === 'lesson.done' && item.courseId === courseId && item.lessonId === lessonId,
    ),
  );
}

export const CloudOffIcon = () => (
  <Svg>
    <path d="M3 3l18 18" />
    <path d="M8.5 8.6A5 5 0 0 0 6.2 12 4 4 0 0 0 7 20h10.5M20.6 17.4A3.5 3.5 0 0 0 18 11h-.7a6 6 0 0 0-6-5.9 5.8 5.8 0 0 0-1.9.3" />
  </Svg>
);

export const CloudDownIcon = () => (
  <Svg>
    <path d="M7 18a4.5 4.5 0 0 1-.5-9A6 6 0 0 1 18 9.5a4 4 0 0 1 .5 8" />
    <path d="M12 11v9M9 17l3 3 3-3" />
  </Svg>
);

const quiet = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  paddingInline: '2.5',
  paddingBlock: '1',
  borderRadius: 'full',
  bg: 'bg.subtle',
  color: 'fg.muted',
  textStyle: 'body.sm',
  '& svg': { width: '4', height: '4', flexShrink: '0' },
});

const atEnd = css({ display: 'flex', justifyContent: 'flex-end' });

/** A quiet "Offline" at the top of a learning screen while there is no connection (nothing otherwise). */
export function OfflineMark({ className }: { className?: string }) {
  const offline = useIsOffline();
  if (!offline) return null;
  return (
    <div className={cx(atEnd, className)}>
      <span role="status" data-testid="offline-mark" className={quiet}>
        <CloudOffIcon />
        <FormattedMessage id="learning.offline.mark" />
      </span>
    </div>
  );
}

/** Under a lesson done with no network: it is sent when she is back online. */
export function SyncPending({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  const pending = useLessonPending(courseId, lessonId);
  if (!pending) return null;
  return (
    <span data-testid="sync-pending" className={css({ color: 'fg.muted', textStyle: 'body.sm' })}>
      <FormattedMessage id="learning.offline.syncPending" />
    </span>
  );
}
