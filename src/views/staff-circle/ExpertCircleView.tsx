import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { ThreadSummary } from '../../../contract/circle';
import { STAFF_PAGES } from '../../../contract/staff';
import { EXPERT_ORDERS, type ExpertOrder, expertCircleMachine } from '../../../machines/expertCircle';
import { css } from '../../../styled-system/css';
import { loadExpertThreads } from '../../api/staff-circle';
import { Button } from '../../components/button';
import * as Field from '../../components/field';
import { panel } from '../../components/panel';
import { Segments } from '../../components/segment-group';
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
import { AuthorLine, spaceName } from './circle-parts';

/**
 * The circle for an expert, /staff/circle (issue 27): the threads to answer, unanswered first or
 * newest, a search, "Load more"; each opens the thread with her reply form.
 */
export default function ExpertCircleView() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const actor = useTeamActor(() => expertCircleMachine.provide({ actors: { loadExpertThreads } }));
  const snap = useSelector(actor, (s) => s);
  const { items, nextCursor, filters } = snap.context;
  const [search, setSearch] = useState(filters.q);
  const filter = (order: ExpertOrder, q: string) => actor.send({ type: 'circle.filter', order, q });

  return (
    <section className={pageStack} data-testid="expert-circle" aria-busy={snap.hasTag('step:loading')}>
      <TeamHeader titleId="staff.circle.threads.title" introId="staff.circle.threads.intro" />
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '4', alignItems: 'flex-end' })}>
        <Segments
          label={t('staff.circle.order.label')}
          ariaLabel={t('staff.circle.order.label')}
          testId="circle-order"
          value={filters.order}
          onChange={(v) => filter(v as ExpertOrder, filters.q)}
          options={EXPERT_ORDERS.map((o) => ({ value: o, label: t(`staff.circle.order.${o}`) }))}
        />
        <form
          className={css({ display: 'flex', gap: '2', alignItems: 'flex-end', flex: '1', minWidth: '60' })}
          onSubmit={(e) => {
            e.preventDefault();
            filter(filters.order, search);
          }}
        >
          <Field.Root className={css({ flex: '1' })}>
            <Field.Label>{t('staff.circle.search.label')}</Field.Label>
            <Field.Input
              type="search"
              dir="auto"
              value={search}
              data-testid="circle-search"
              onChange={(e) => setSearch(e.target.value)}
            />
          </Field.Root>
          <Button type="submit" variant="outline" data-testid="circle-search-submit">
            {t('staff.circle.search.submit')}
          </Button>
        </form>
      </div>
      {snap.hasTag('step:loading') && (
        <TeamLoading labelId="staff.circle.threads.loading" testId="threads-loading" />
      )}
      {snap.hasTag('step:failed') && (
        <TeamFailed
          titleId="staff.circle.threads.failed"
          testId="threads-error"
          retryId="staff.circle.retry"
          onRetry={() => actor.send({ type: 'circle.retry' })}
        />
      )}
      {snap.hasTag('step:empty') && (
        <TeamEmpty
          titleId="staff.circle.threads.empty.title"
          bodyId="staff.circle.threads.empty.body"
          testId="threads-empty"
        />
      )}
      {snap.hasTag('step:ready') && (
        <>
          <ul className={rowList} aria-label={t('staff.circle.threads.list')} data-testid="threads-rows">
            {items.map((thread) => (
              <ThreadRow key={thread.id} thread={thread} />
            ))}
          </ul>
          {(nextCursor || snap.hasTag('moreFailed')) && (
            <LoadMore
              busy={snap.hasTag('more')}
              failed={snap.hasTag('moreFailed')}
              failedId="staff.circle.threads.moreFailed"
              labelId="staff.circle.more"
              onMore={() => actor.send({ type: 'circle.more' })}
            />
          )}
        </>
      )}
    </section>
  );
}

function ThreadRow({ thread }: { thread: ThreadSummary }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <li className={panel({ padding: 'none' })}>
      <Link
        href={STAFF_PAGES.circleThread.replace(':id', thread.id)}
        className={rowLink}
        data-testid="thread-row"
      >
        <strong dir="auto">{thread.title}</strong>
        <span className={muted}>
          {spaceName(intl, thread.spaceId)} · {formatWhen(intl, thread.lastActivityAt)}
        </span>
        <span dir="auto" className={css({ color: 'fg.muted', overflowWrap: 'anywhere' })}>
          {thread.excerpt}
        </span>
        <span className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
          <AuthorLine author={thread.author} />
          <span className={muted}>{t('staff.circle.threads.replies', { count: thread.replies })}</span>
          {thread.expertAnswered && (
            <span className={muted} data-testid="thread-answered">
              {t('staff.circle.threads.expertAnswered')}
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

const rowLink = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  p: '4',
  color: 'fg.default',
  textDecoration: 'none',
  borderRadius: 'lg',
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
});
