import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useSearch } from 'wouter';
import { FORM_KINDS } from '../../../contract/forms-rules';
import { type InboxSummary, SUBMISSION_STATUSES } from '../../../contract/staff-inbox';
import {
  filtersFromAddress,
  filtersToAddress,
  type InboxFilters,
  inboxMachine,
} from '../../../machines/inbox';
import { css, cx } from '../../../styled-system/css';
import { loadInbox } from '../../api/staff-team';
import { panel } from '../../components/panel';
import { Segments } from '../../components/segment-group';
import * as Select from '../../components/select';
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
} from './team-parts';

const ALL = 'all';

/**
 * The team inbox, /staff/inbox (issue 26): its counts, the filters (status as segments, form kind
 * as a select; both kept in the address, so a reload, Back and the item's "Back to the inbox" keep
 * them), then the rows, urgent concerns first, and "Load more".
 */
export default function InboxView() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = useMemo(() => filtersFromAddress(search), [search]);
  const actor = useTeamActor(() => inboxMachine.provide({ actors: { loadInbox } }), { filters });
  const snap = useSelector(actor, (s) => s);
  useEffect(() => actor.send({ type: 'inbox.filter', ...filters }), [actor, filters]);
  const setFilters = (next: InboxFilters) =>
    navigate(`/staff/inbox${filtersToAddress(next)}`, { replace: true });

  const kinds = useMemo(
    () =>
      Select.createListCollection({
        items: [ALL, ...FORM_KINDS].map((k) => ({
          value: k,
          label: intl.formatMessage({
            id: k === ALL ? 'staff.inbox.filter.allKinds' : `staff.inbox.kind.${k}`,
          }),
        })),
      }),
    [intl],
  );
  const { counts, items, nextCursor } = snap.context;
  const query = filtersToAddress(filters);

  return (
    <section className={pageStack} data-testid="staff-inbox" aria-busy={snap.hasTag('step:loading')}>
      <TeamHeader titleId="staff.inbox.title" introId="staff.inbox.intro">
        {counts && (
          <ul aria-label={t('staff.inbox.counts.label')} className={countsRow} data-testid="inbox-counts">
            <li className={count}>{t('staff.inbox.counts.new', { count: counts.new })}</li>
            <li className={count}>{t('staff.inbox.counts.inProgress', { count: counts.inProgress })}</li>
            <li className={cx(count, css({ color: 'error.fg', borderColor: 'error.fg' }))}>
              {t('staff.inbox.counts.urgent', { count: counts.urgent })}
            </li>
          </ul>
        )}
      </TeamHeader>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '4', alignItems: 'flex-end' })}>
        <Segments
          label={t('staff.inbox.filter.status')}
          ariaLabel={t('staff.inbox.filter.status')}
          testId="inbox-filter-status"
          value={filters.status}
          onChange={(v) => setFilters({ ...filters, status: v as InboxFilters['status'] })}
          options={[ALL, ...SUBMISSION_STATUSES].map((s) => ({
            value: s,
            label: s === ALL ? t('staff.inbox.filter.all') : t(`staff.inbox.status.${s}`),
          }))}
        />
        <div className={css({ width: { base: 'full', md: '64' } })}>
          <Select.Root
            collection={kinds}
            value={[filters.kind]}
            onValueChange={(e) =>
              setFilters({ ...filters, kind: (e.value[0] ?? ALL) as InboxFilters['kind'] })
            }
          >
            <Select.Label>{t('staff.inbox.filter.kind')}</Select.Label>
            <Select.Control>
              <Select.Trigger data-testid="inbox-filter-kind">
                <Select.ValueText />
                <Select.Indicator />
              </Select.Trigger>
            </Select.Control>
            <Select.Options items={kinds.items} itemKey={(o) => o.value} label={(o) => o.label} />
          </Select.Root>
        </div>
      </div>
      {snap.hasTag('step:loading') && <TeamLoading labelId="staff.inbox.loading" testId="inbox-loading" />}
      {snap.hasTag('step:failed') && (
        <TeamFailed
          titleId="staff.inbox.failed"
          testId="inbox-error"
          retryId="staff.inbox.retry"
          onRetry={() => actor.send({ type: 'inbox.retry' })}
        />
      )}
      {snap.hasTag('step:empty') && (
        <TeamEmpty titleId="staff.inbox.empty.title" bodyId="staff.inbox.empty.body" testId="inbox-empty" />
      )}
      {snap.hasTag('step:ready') && (
        <>
          <ul className={rowList} aria-label={t('staff.inbox.list')} data-testid="inbox-rows">
            {items.map((item) => (
              <InboxRow key={item.id} item={item} query={query} />
            ))}
          </ul>
          {(nextCursor || snap.hasTag('moreFailed')) && (
            <LoadMore
              busy={snap.hasTag('more')}
              failed={snap.hasTag('moreFailed')}
              failedId="staff.inbox.moreFailed"
              labelId="staff.inbox.more"
              onMore={() => actor.send({ type: 'inbox.more' })}
            />
          )}
        </>
      )}
    </section>
  );
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
const rowLink = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: '1fr auto' },
  gap: '1',
  p: '4',
  color: 'fg.default',
  textDecoration: 'none',
  borderRadius: 'lg',
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
});

function InboxRow({ item, query }: { item: InboxSummary; query: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <li className={cx(panel({ padding: 'none' }), item.urgent && css({ borderColor: 'error.fg' }))}>
      <Link href={`/staff/inbox/${item.id}${query}`} className={rowLink} data-testid="inbox-row">
        <span className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
          {item.urgent && (
            <span className={urgentMark} data-testid="inbox-urgent">
              <AlertIcon aria-hidden="true" />
              {t('staff.inbox.urgent')}
            </span>
          )}
          <strong>{t(`staff.inbox.kind.${item.kind}`)}</strong>
          <span>
            · <bdi>{item.from ?? t('staff.inbox.anonymous')}</bdi>
          </span>
        </span>
        <span className={cx(muted, css({ textAlign: { md: 'end' } }))}>
          {formatWhen(intl, item.createdAt)}
        </span>
        <span dir="auto" className={css({ color: 'fg.muted', overflowWrap: 'anywhere' })}>
          {item.preview}
        </span>
        <span className={cx(muted, css({ textAlign: { md: 'end' } }))}>
          {t(`staff.inbox.status.${item.status}`)} · {t('staff.inbox.notes', { count: item.notes })}
        </span>
      </Link>
    </li>
  );
}

export const urgentMark = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  px: '2',
  borderRadius: 'full',
  bg: 'error.subtle',
  color: 'error.fg',
  fontWeight: '700',
  textStyle: 'body.sm',
});
