import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import {
  CIRCLE_LIMITS,
  CIRCLE_PAGES,
  THREAD_ORDERS,
  type ThreadOrder,
  type ThreadSummary,
} from '../../../contract/circle';
import { circleThreadsMachine } from '../../../machines/circleThreads';
import { isNarrowed } from '../../../machines/circleThreads-rules';
import { css } from '../../../styled-system/css';
import { loadThreads } from '../../api/circle';
import { usePageHeader } from '../../app/layouts/DashboardLayout';
import { EmptyState } from '../../components/empty-state';
import * as Field from '../../components/field';
import { LinkButton } from '../../components/link-button';
import { LoadingState } from '../../components/loading-state';
import { Notice, RetryButton } from '../../components/notice';
import { panel } from '../../components/panel';
import { Segments } from '../../components/segment-group';
import { Skeleton } from '../../components/skeleton';
import { Switch } from '../../components/switch';
import { LoadMore } from '../staff-inbox/team-parts';
import { card } from './CircleHomeView';
import { AuthorLine, badge, cardList, muted, pageStack, useCircleActor, useNow, When } from './circle-parts';

export const threadPath = (id: string) => CIRCLE_PAGES.thread.replace(':id', encodeURIComponent(id));
export const newThreadPath = (space: string) =>
  CIRCLE_PAGES.newThread.replace(':space', encodeURIComponent(space));

/** A space's name in her language (the seven seeded spaces; another one gets the generic name). */
export function useSpaceName(space: string): string {
  const intl = useIntl();
  const id = `community.spaceName.${space}`;
  return intl.messages[id] ? intl.formatMessage({ id }) : intl.formatMessage({ id: 'community.space.title' });
}

/**
 * A space of the circle, /dashboard/circle/s/:space (issue 27): the orders (newest, most helpful,
 * unanswered), a search (Arabic or English; the server normalises it), "answered by an expert",
 * the thread cards, "Load more", and "Start a conversation".
 */
export default function SpaceView() {
  const { space = '' } = useParams<{ space: string }>();
  return <Space key={space} space={space} />;
}

function Space({ space }: { space: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  usePageHeader(useSpaceName(space));
  const actor = useCircleActor(() => circleThreadsMachine.provide({ actors: { loadThreads } }), { space });
  const snap = useSelector(actor, (s) => s);
  const now = useNow();
  const { items, nextCursor, order, expert, draft } = snap.context;
  return (
    <section className={pageStack} data-testid="circle-space-page" aria-busy={snap.hasTag('step:loading')}>
      <div
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          gap: '3',
          justifyContent: 'space-between',
          alignItems: 'center',
        })}
      >
        <Link
          href={CIRCLE_PAGES.home}
          className={css({
            color: 'accent.fg',
            minHeight: '11',
            display: 'inline-flex',
            alignItems: 'center',
          })}
        >
          <FormattedMessage id="community.backToCircle" />
        </Link>
        <LinkButton href={newThreadPath(space)} data-testid="circle-start">
          <FormattedMessage id="community.space.start" />
        </LinkButton>
      </div>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        <Segments
          label={t('community.order.label')}
          ariaLabel={t('community.order.label')}
          testId="circle-order"
          value={order}
          onChange={(v) => actor.send({ type: 'circleThreads.order', order: v as ThreadOrder })}
          options={THREAD_ORDERS.map((o) => ({ value: o, label: t(`community.order.${o}`) }))}
        />
        <form
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'circleThreads.submit' });
          }}
          className={css({ display: 'flex', flexWrap: 'wrap', gap: '4', alignItems: 'flex-end' })}
        >
          <Field.Root className={css({ flex: '1 1 16rem', minWidth: '0' })}>
            <Field.Label>
              <FormattedMessage id="community.search.label" />
            </Field.Label>
            <Field.Input
              type="search"
              dir="auto"
              value={draft}
              maxLength={CIRCLE_LIMITS.searchMax}
              placeholder={t('community.search.placeholder')}
              onChange={(e) => actor.send({ type: 'circleThreads.type', value: e.target.value })}
              data-testid="circle-search"
            />
          </Field.Root>
          <Switch
            checked={expert}
            onCheckedChange={(e) => actor.send({ type: 'circleThreads.expert', on: e.checked })}
            data-testid="circle-expert-filter"
            className={css({ minHeight: '11' })}
          >
            <FormattedMessage id="community.filter.expert" />
          </Switch>
        </form>
      </div>
      {snap.hasTag('step:loading') && (
        <LoadingState
          label={<FormattedMessage id="community.space.loading" />}
          data-testid="circle-threads-loading"
        >
          <div className={css({ display: 'grid', gap: '3' })}>
            <Skeleton className={css({ height: '24' })} />
            <Skeleton className={css({ height: '24' })} />
          </div>
        </LoadingState>
      )}
      {snap.hasTag('step:failed') && (
        <Notice
          data-testid="circle-threads-error"
          title={<FormattedMessage id="community.space.failed" />}
          actions={
            <RetryButton
              labelId="community.retry"
              onClick={() => actor.send({ type: 'circleThreads.retry' })}
            />
          }
        />
      )}
      {snap.hasTag('step:empty') && (
        <div className={panel()} data-testid="circle-threads-empty">
          {isNarrowed(snap.context) ? (
            <EmptyState
              title={<FormattedMessage id="community.space.noMatch.title" />}
              description={<FormattedMessage id="community.space.noMatch.body" />}
            />
          ) : (
            <EmptyState
              title={<FormattedMessage id="community.space.empty.title" />}
              description={<FormattedMessage id="community.space.empty.body" />}
              action={
                <LinkButton href={newThreadPath(space)}>
                  <FormattedMessage id="community.space.start" />
                </LinkButton>
              }
            />
          )}
        </div>
      )}
      {snap.hasTag('step:ready') && (
        <>
          <ul className={cardList} aria-label={t('community.space.list')} data-testid="circle-threads">
            {items.map((thread) => (
              <ThreadCard key={thread.id} thread={thread} now={now} />
            ))}
          </ul>
          {(nextCursor || snap.hasTag('moreFailed')) && (
            <LoadMore
              busy={snap.hasTag('more')}
              failed={snap.hasTag('moreFailed')}
              failedId="community.space.moreFailed"
              labelId="community.space.more"
              onMore={() => actor.send({ type: 'circleThreads.more' })}
            />
          )}
        </>
      )}
    </section>
  );
}

function ThreadCard({ thread, now }: { thread: ThreadSummary; now: number }) {
  return (
    <li>
      <Link href={threadPath(thread.id)} className={card} data-testid="circle-thread-card">
        <span className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
          <strong dir="auto" className={css({ color: 'accent.fg', textStyle: 'heading.xs' })}>
            {thread.title}
          </strong>
          {thread.expertAnswered && (
            <span className={badge} data-testid="circle-expert-answered">
              <FormattedMessage id="community.thread.expertAnswered" />
            </span>
          )}
          {thread.status === 'pending' && (
            <span className={badge} data-testid="circle-thread-pending">
              <FormattedMessage id="community.post.pendingShort" />
            </span>
          )}
        </span>
        <span dir="auto" className={css({ color: 'fg.muted', whiteSpace: 'pre-wrap' })}>
          {thread.excerpt}
        </span>
        <span
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            gap: '2',
            alignItems: 'center',
            justifyContent: 'space-between',
          })}
        >
          <AuthorLine author={thread.author} plain />
          <span className={muted}>
            <FormattedMessage id="community.thread.replies" values={{ count: thread.replies }} />
            {' · '}
            <FormattedMessage id="community.thread.helpful" values={{ count: thread.helpful }} />
            {' · '}
            <When iso={thread.lastActivityAt} now={now} />
          </span>
        </span>
      </Link>
    </li>
  );
}
