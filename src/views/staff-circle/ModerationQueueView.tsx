import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { QueueItem } from '../../../contract/circle-moderation';
import { type Decision, moderationQueueMachine } from '../../../machines/moderationQueue';
import { isCrisis, type WordedKind } from '../../../machines/moderationQueue-rules';
import { css, cx } from '../../../styled-system/css';
import { decideCirclePost, loadCircleQueue } from '../../api/staff-circle';
import { Button } from '../../components/button';
import { Notice } from '../../components/notice';
import { panel } from '../../components/panel';
import { AlertIcon } from '../../theme/icons';
import {
  formatWhen,
  LoadMore,
  muted,
  pageStack,
  rowList,
  TeamEmpty,
  TeamFailed,
  TeamHeader,
  TeamLoading,
  useTeamActor,
} from '../staff-inbox/team-parts';
import { AuthorLine, circleError, PostBody, spaceName } from './circle-parts';
import { DecisionDialog } from './DecisionDialog';

/**
 * The circle's moderation queue, /staff/circle/queue (issue 27, moderators and admins): the counts,
 * then each post waiting (crisis first and marked), why it waits, where it is, its words as plain
 * text, its author as members see her, the account's record; approve, remove, warn or suspend.
 */
export default function ModerationQueueView() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const actor = useTeamActor(() =>
    moderationQueueMachine.provide({ actors: { loadCircleQueue, decideCirclePost } }),
  );
  const snap = useSelector(actor, (s) => s);
  const { counts, items, nextCursor, decision, decisionError, done } = snap.context;
  const busy = snap.hasTag('busy');
  const dialog = decision && decision.kind !== 'approve' && (snap.hasTag('editing') || busy);
  const empty = snap.hasTag('step:empty') || (snap.hasTag('step:ready') && items.length === 0);

  return (
    <section className={pageStack} data-testid="circle-queue" aria-busy={snap.hasTag('step:loading')}>
      <TeamHeader titleId="staff.circle.queue.title" introId="staff.circle.queue.intro">
        {counts && (
          <ul
            aria-label={t('staff.circle.queue.counts.label')}
            className={countsRow}
            data-testid="queue-counts"
          >
            <li className={count}>{t('staff.circle.queue.counts.total', { count: counts.total })}</li>
            <li className={cx(count, counts.crisis > 0 && crisisCount)}>
              {t('staff.circle.queue.counts.crisis', { count: counts.crisis })}
            </li>
            <li className={count}>{t('staff.circle.queue.counts.reported', { count: counts.reported })}</li>
          </ul>
        )}
      </TeamHeader>
      {done && (snap.hasTag('decided') || snap.hasTag('refused')) && (
        <Notice
          status={done.refused ? 'info' : 'success'}
          data-testid={done.refused ? 'queue-refused' : 'queue-done'}
          title={done.refused ? t('staff.circle.queue.alreadyDecided') : t(`staff.circle.done.${done.kind}`)}
        />
      )}
      {snap.hasTag('step:loading') && (
        <TeamLoading labelId="staff.circle.queue.loading" testId="queue-loading" />
      )}
      {snap.hasTag('step:failed') && (
        <TeamFailed
          titleId="staff.circle.queue.failed"
          testId="queue-error"
          retryId="staff.circle.retry"
          onRetry={() => actor.send({ type: 'queue.retry' })}
        />
      )}
      {empty && (
        <TeamEmpty
          titleId="staff.circle.queue.empty.title"
          bodyId="staff.circle.queue.empty.body"
          testId="queue-empty"
        />
      )}
      {snap.hasTag('step:ready') && items.length > 0 && (
        <ul className={rowList} aria-label={t('staff.circle.queue.list')} data-testid="queue-items">
          {items.map((item) => (
            <QueueCard
              key={item.postId}
              item={item}
              decision={decision?.postId === item.postId ? decision : null}
              busy={busy}
              failed={snap.hasTag('decisionFailed') && decision?.postId === item.postId}
              failure={circleError(intl, decisionError)}
              onApprove={() => actor.send({ type: 'queue.approve', postId: item.postId })}
              onOpen={(kind) => actor.send({ type: 'queue.open', postId: item.postId, kind })}
              onRetry={() => actor.send({ type: 'queue.decision.retry' })}
              onCancel={() => actor.send({ type: 'queue.cancel' })}
            />
          ))}
        </ul>
      )}
      {snap.hasTag('step:ready') && (nextCursor || snap.hasTag('moreFailed')) && (
        <LoadMore
          busy={snap.hasTag('more')}
          failed={snap.hasTag('moreFailed')}
          failedId="staff.circle.queue.moreFailed"
          labelId="staff.circle.more"
          onMore={() => actor.send({ type: 'queue.more' })}
        />
      )}
      {dialog && decision && (
        <DecisionDialog
          decision={decision}
          busy={busy}
          onReason={(value) => actor.send({ type: 'queue.reason', value })}
          onDays={(days) => actor.send({ type: 'queue.days', days })}
          onConfirm={() => actor.send({ type: 'queue.confirm' })}
          onCancel={() => actor.send({ type: 'queue.cancel' })}
        />
      )}
    </section>
  );
}

function QueueCard({
  item,
  decision,
  busy,
  failed,
  failure,
  onApprove,
  onOpen,
  onRetry,
  onCancel,
}: {
  item: QueueItem;
  decision: Decision | null;
  busy: boolean;
  failed: boolean;
  failure: string;
  onApprove: () => void;
  onOpen: (kind: WordedKind) => void;
  onRetry: () => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const crisis = isCrisis(item);
  const where = t(item.opening ? 'staff.circle.queue.opening' : 'staff.circle.queue.reply', {
    space: spaceName(intl, item.spaceId),
  });
  return (
    <li
      className={cx(
        panel(),
        css({ display: 'flex', flexDirection: 'column', gap: '3' }),
        crisis && crisisCard,
      )}
      data-testid="queue-item"
      data-crisis={crisis || undefined}
    >
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
        {crisis && (
          <span className={crisisBadge} data-testid="queue-crisis">
            <AlertIcon aria-hidden="true" />
            {t('staff.circle.queue.crisis')}
          </span>
        )}
        {item.reasons
          .filter((r) => r !== 'crisis')
          .map((r) => (
            <span key={r} className={chip} data-testid={`queue-reason-${r}`}>
              {t(`staff.circle.queue.reason.${r}`)}
            </span>
          ))}
        <span className={muted}>{formatWhen(intl, item.createdAt)}</span>
      </div>
      {item.words.length > 0 && (
        <p className={muted} data-testid="queue-words">
          {t('staff.circle.queue.words', { words: intl.formatList(item.words) })}
        </p>
      )}
      {item.reports.length > 0 && (
        <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', listStyle: 'none', p: '0' })}>
          {item.reports.map((r) => (
            <li key={r.reason} className={chip} data-testid="queue-report">
              {t(`staff.circle.queue.report.${r.reason}`, { count: r.count })}
            </li>
          ))}
        </ul>
      )}
      <p>
        <span className={muted}>{where}</span>{' '}
        <strong dir="auto" data-testid="queue-thread">
          {item.threadTitle}
        </strong>
      </p>
      <PostBody body={item.body} />
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
        <AuthorLine author={item.author} />
        <span className={muted} data-testid="queue-history">
          {historyWords(t, item.history)}
        </span>
      </div>
      {failed && (
        <Notice
          data-testid="queue-decision-error"
          title={t('staff.circle.queue.decisionFailed')}
          description={failure}
          actions={
            <>
              <Button type="button" size="sm" variant="outline" onClick={onRetry}>
                {t('staff.circle.retry')}
              </Button>
              <Button type="button" size="sm" variant="outline" onClick={onCancel}>
                {t('staff.circle.dialog.cancel')}
              </Button>
            </>
          }
        />
      )}
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        <Button
          type="button"
          size="sm"
          disabled={busy && decision?.kind !== 'approve'}
          loading={busy && decision?.kind === 'approve'}
          onClick={onApprove}
          data-testid="queue-approve"
        >
          {t('staff.circle.action.approve')}
        </Button>
        {(['remove', 'warn', 'suspend'] as const).map((kind) => (
          <Button
            key={kind}
            type="button"
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => onOpen(kind)}
            data-testid={`queue-${kind}`}
          >
            {t(`staff.circle.action.${kind}`)}
          </Button>
        ))}
      </div>
    </li>
  );
}

function historyWords(
  t: (id: string, values?: Record<string, string | number>) => string,
  h: QueueItem['history'],
) {
  if (h.removed === 0 && h.warnings === 0 && !h.suspended) return t('staff.circle.queue.history.clean');
  const parts = [
    t('staff.circle.queue.history.removed', { count: h.removed }),
    t('staff.circle.queue.history.warnings', { count: h.warnings }),
    ...(h.suspended ? [t('staff.circle.queue.history.suspended')] : []),
  ];
  return t('staff.circle.queue.history.label', { record: parts.join(' · ') });
}

const countsRow = css({ display: 'flex', flexWrap: 'wrap', gap: '2', listStyle: 'none', p: '0' });
const count = css({
  px: '3',
  py: '1',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'border.default',
  textStyle: 'body.sm',
  fontWeight: '600',
});
const crisisCount = css({ color: 'error.fg', borderColor: 'error.fg' });
const crisisCard = css({ borderColor: 'error.fg', borderInlineStartWidth: '4px', bg: 'error.subtle' });
const crisisBadge = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  px: '2',
  borderRadius: 'full',
  bg: 'error.subtle',
  color: 'error.fg',
  borderWidth: '1px',
  borderColor: 'error.fg',
  fontWeight: '700',
  textTransform: 'uppercase',
  textStyle: 'body.sm',
  '& svg': { boxSize: '4' },
});
const chip = css({
  px: '2',
  borderRadius: 'full',
  bg: 'bg.subtle',
  textStyle: 'body.sm',
  fontWeight: '600',
});
