import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MemberCourseDetail } from '../../../contract/learning';
import { courseDownloadBytes } from '../../../machines/offline-rules';
import { css, cx } from '../../../styled-system/css';
import { stack } from '../../../styled-system/patterns';
import { useLanguage } from '../../app/actors';
import { Button } from '../../components/button';
import { Notice } from '../../components/notice';
import { panel } from '../../components/panel';
import { CheckCircleFilledIcon } from '../../theme/icons';
import { formatBytes } from '../courses/format';
import { CloudDownIcon, useOffline, useOfflineActor, useSavedHere } from '../learn/offline';
import { useMemberId } from './useCourse';

/** The failures of saving or removing a copy the card explains (the offline machine's codes). */
const SAVE_ERRORS = new Set([
  'OFFLINE_FULL',
  'QUEUE_FULL',
  'OFFLINE_UNAVAILABLE',
  'NETWORK_ERROR',
  'UNKNOWN',
]);

const card = cx(panel({ tone: 'strong', padding: 'lg' }), stack({ gap: '4', marginBlockStart: '4' }));
const heading = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  textStyle: 'heading.sm',
  '& svg': { width: '5', height: '5', flexShrink: '0', color: 'accent.fg' },
});
const muted = css({ color: 'fg.muted', textStyle: 'body.sm' });

/**
 * "Save for offline" on the course page of an enrolled member (issue 28): the download size first,
 * then save; once saved, says so and offers to remove it. Nothing for visitors or before enrolling.
 */
export default function SaveOffline({ course }: { course: MemberCourseDetail }) {
  const userId = useMemberId();
  if (!userId || !course.enrolment) return null;
  return <SaveOfflineCard course={course} />;
}

function SaveOfflineCard({ course }: { course: MemberCourseDetail }) {
  const intl = useIntl();
  const offline = useOfflineActor();
  const locale = useLanguage((s) => s.context.locale);
  const saved = useSavedHere(course.id);
  const savedBytes = useOffline((s) => s.context.saved.find((c) => c.courseId === course.id)?.bytes);
  const busy = useOffline((s) => s.context.busyCourseId === course.id);
  const error = useOffline((s) => s.context.error);
  const bytes = useMemo(() => savedBytes ?? courseDownloadBytes(course), [savedBytes, course]);
  const shownError = error && SAVE_ERRORS.has(error.code) ? error.code : null;

  const save = () => {
    offline.send({ type: 'offline.save', course, locale });
  };

  return (
    <section className={card} data-testid="offline-card" aria-labelledby="offline-card-title">
      <h2 id="offline-card-title" className={heading}>
        {saved ? <CheckCircleFilledIcon /> : <CloudDownIcon />}
        <FormattedMessage id={saved ? 'learning.course.offline.saved' : 'learning.course.offline.title'} />
      </h2>
      <p className={muted}>
        <FormattedMessage
          id={saved ? 'learning.course.offline.savedBody' : 'learning.course.offline.intro'}
        />
      </p>
      <p data-testid="offline-size" className={css({ fontWeight: '600', textStyle: 'body.sm' })}>
        <FormattedMessage id="learning.course.offline.size" values={{ size: formatBytes(intl, bytes) }} />
      </p>
      {shownError && (
        <Notice
          data-testid="offline-error"
          description={<FormattedMessage id={`learning.course.offline.errors.${shownError}`} />}
          end={
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => offline.send({ type: 'offline.dismissError' })}
            >
              <FormattedMessage id="learning.course.offline.dismiss" />
            </Button>
          }
        />
      )}
      {saved ? (
        <Button
          type="button"
          variant="outline"
          loading={busy}
          onClick={() => offline.send({ type: 'offline.remove', courseId: course.id })}
        >
          <FormattedMessage id="learning.course.offline.remove" />
        </Button>
      ) : (
        <Button type="button" loading={busy} onClick={save}>
          <FormattedMessage id="learning.course.offline.save" />
        </Button>
      )}
    </section>
  );
}
