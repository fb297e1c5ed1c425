import { useMemo } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { createActor, toPromise } from 'xstate';
import type { MemberCourseDetail } from '../../../contract/learning';
import { courseDownloadBytes } from '../../../machines/offline-rules';
import type { Locale } from '../../../machines/types';
import { css, cx } from '../../../styled-system/css';
import { stack } from '../../../styled-system/patterns';
import { useLanguage } from '../../app/actors';
import { loadBundle } from '../../app/effects';
import { Button } from '../../components/button';
import { Notice } from '../../components/notice';
import { panel } from '../../components/panel';
import { CheckCircleFilledIcon } from '../../theme/icons';
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

/** A download's weight in her language: "24 kB", "1.2 MB". */
export function formatSize(intl: IntlShape, bytes: number): string {
  const mega = bytes >= 1_000_000;
  return intl.formatNumber(mega ? bytes / 1_000_000 : Math.max(1, Math.round(bytes / 1000)), {
    style: 'unit',
    unit: mega ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: mega ? 1 : 0,
  });
}

/**
 * The learning screens' code and words, fetched now so the service worker keeps them (it caches
 * /assets as they load) and they open with no network. Failures are quiet: she is online to save.
 */
export function warmLearningScreens(locale: Locale): Promise<unknown> {
  return Promise.allSettled([
    import('../dashboard/DashboardArea'),
    import('../learn/LessonListView'),
    import('../learn/LessonView'),
    import('../learn/CompletionView'),
    import('../quiz/QuizView'),
    // what the actors load only once the network has failed: it must be here before it fails
    import('../../api/course-offline'),
    import('../../app/offline/api'),
    // and what sends the queue once she is back: at that moment the network may not carry it yet
    import('../../app/offline/send'),
    toPromise(createActor(loadBundle, { input: { locale, bundle: 'learning' } }).start()),
  ]);
}

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
    void warmLearningScreens(locale);
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
        <FormattedMessage id="learning.course.offline.size" values={{ size: formatSize(intl, bytes) }} />
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
