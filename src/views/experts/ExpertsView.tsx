import { SegmentGroup } from '@ark-ui/react/segment-group';
import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import { CALL_MODES, CONSULT_LANGUAGES, EXPERT_SPECIALTIES } from '../../../contract/experts-constants';
import { type ExpertFilters, filtersFromQuery, queryFromFilters } from '../../../machines/experts';
import { css, cx } from '../../../styled-system/css';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { LinkButton } from '../../components/link-button';
import { LoadingState } from '../../components/loading-state';
import { Notice, RetryButton } from '../../components/notice';
import { pageColumn } from '../../components/page-column';
import { panel } from '../../components/panel';
import * as Select from '../../components/select';
import { InfoIcon, SearchIcon, UserIcon } from '../../theme/icons';
import { usePageMeta } from '../site-page';
import {
  ExpertCard,
  ExpertCardSkeleton,
  expertGrid,
  languageName,
  MODE_ICONS,
  specialtyName,
  useExpertsActor,
} from './parts';

const ALL = 'all';

const segmentRoot = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1.5',
  minWidth: '0',
  width: { base: 'full', md: 'auto' },
});
const segmentLabel = css({ fontSize: 'sm', fontWeight: '600', color: 'fg.default' });
const segmentItems = css({
  // a row of equal buttons on a phone, as wide as they need on a wider screen
  display: { base: 'grid', md: 'inline-flex' },
  gridAutoFlow: 'column',
  gridAutoColumns: '1fr',
  gap: '1',
  p: '1',
  bg: 'bg.subtle',
  borderRadius: 'lg',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  alignSelf: { base: 'stretch', md: 'flex-start' },
});
const segmentItem = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  whiteSpace: 'nowrap',
  gap: '1.5',
  minHeight: '10',
  px: '3',
  borderRadius: 'md',
  fontSize: 'sm',
  fontWeight: '500',
  color: 'fg.muted',
  cursor: 'pointer',
  userSelect: 'none',
  transition: 'background 0.15s, color 0.15s',
  '& svg': { boxSize: '4', flexShrink: '0' },
  _hover: { color: 'fg.default', bg: 'bg.surface' },
  '&[data-state=checked]': { bg: 'bg.surface', color: 'accent.fg', fontWeight: '700', boxShadow: 'xs' },
  '&[data-focus-visible]': { outline: '2px solid', outlineColor: 'accent.solid', outlineOffset: '1px' },
});

/** One filter as an Ark SegmentGroup (radio buttons side by side): "Any" and one button per value. */
function SegmentFilter({
  labelId,
  value,
  options,
  onChange,
  testId,
}: {
  labelId: string;
  value: string;
  options: { value: string; label: string; icon?: ReactNode }[];
  onChange: (value: string) => void;
  testId: string;
}) {
  const intl = useIntl();
  return (
    <SegmentGroup.Root
      value={value}
      onValueChange={(e) => e.value && onChange(e.value)}
      className={segmentRoot}
      data-testid={testId}
      aria-label={intl.formatMessage({ id: labelId })}
    >
      <SegmentGroup.Label className={segmentLabel}>
        <FormattedMessage id={labelId} />
      </SegmentGroup.Label>
      <div className={segmentItems}>
        {options.map((o) => (
          <SegmentGroup.Item key={o.value} value={o.value} className={segmentItem}>
            {o.icon}
            <SegmentGroup.ItemText>{o.label}</SegmentGroup.ItemText>
            <SegmentGroup.ItemControl />
            <SegmentGroup.ItemHiddenInput />
          </SegmentGroup.Item>
        ))}
      </div>
    </SegmentGroup.Root>
  );
}

/** The experts directory, /experts (issue 9): filters kept in the address, cards, the way in for professionals. */
export default function ExpertsView() {
  usePageMeta('experts.meta.title', 'experts.meta.description');
  const intl = useIntl();
  const search = useSearch();
  const [, navigate] = useLocation();
  const urlFilters = useMemo(() => filtersFromQuery(search), [search]);
  const [input] = useState(() => ({ filters: urlFilters }));
  const experts = useExpertsActor(input);
  const loading = useSelector(experts, (s) => s.hasTag('step:loading'));
  const failed = useSelector(experts, (s) => s.hasTag('step:failed'));
  const empty = useSelector(experts, (s) => s.hasTag('step:empty'));
  const ready = useSelector(experts, (s) => s.hasTag('step:ready'));
  const list = useSelector(experts, (s) => s.context.list);
  const filters = useSelector(experts, (s) => s.context.filters);

  // the address leads: Back and Forward (and links) change the filters
  useEffect(() => {
    experts.send({ type: 'experts.filter', filters: urlFilters });
  }, [urlFilters, experts]);

  const setFilter = (key: keyof ExpertFilters, value: string) => {
    const next = { ...filters, [key]: value === ALL ? null : value };
    navigate(`/experts${queryFromFilters(next)}`);
  };
  const clearFilters = () => {
    navigate('/experts');
    document.getElementById('experts-heading')?.focus();
  };
  const filtered = filters.specialty !== null || filters.language !== null || filters.mode !== null;

  const specialties = useMemo(
    () => [
      { value: ALL, label: intl.formatMessage({ id: 'experts.filters.specialty.all' }) },
      ...EXPERT_SPECIALTIES.map((s) => ({ value: s, label: specialtyName(intl, s) })),
    ],
    [intl],
  );
  const collection = useMemo(() => Select.createListCollection({ items: specialties }), [specialties]);

  return (
    <div className={pageColumn()}>
      <header
        className={css({ display: 'flex', flexDirection: 'column', gap: '3', mb: { base: '6', md: '8' } })}
      >
        <h1
          id="experts-heading"
          tabIndex={-1}
          className={css({ textStyle: 'heading.xl', color: 'accent.fg', outline: 'none' })}
        >
          <FormattedMessage id="experts.title" />
        </h1>
        <p className={css({ color: 'fg.muted', textStyle: 'body.lg', maxWidth: '3xl', textWrap: 'pretty' })}>
          <FormattedMessage id="experts.intro" />
        </p>
      </header>

      <section
        aria-label={intl.formatMessage({ id: 'experts.filters.label' })}
        data-testid="experts-filters"
        className={cx(
          panel({ tone: 'muted', padding: 'md' }),
          css({
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'flex-end',
            columnGap: '6',
            rowGap: '4',
            mb: { base: '6', md: '8' },
          }),
        )}
      >
        <div className={css({ width: { base: 'full', md: '64' } })}>
          <Select.Root
            collection={collection}
            value={[filters.specialty ?? ALL]}
            onValueChange={(e) => setFilter('specialty', e.value[0] ?? ALL)}
          >
            <Select.Label>
              <FormattedMessage id="experts.filters.specialty" />
            </Select.Label>
            <Select.Control>
              <Select.Trigger data-testid="filter-specialty">
                <Select.ValueText />
                <Select.Indicator />
              </Select.Trigger>
            </Select.Control>
            <Select.Options items={specialties} itemKey={(o) => o.value} label={(o) => o.label} />
          </Select.Root>
        </div>
        <SegmentFilter
          labelId="experts.filters.language"
          testId="filter-language"
          value={filters.language ?? ALL}
          onChange={(v) => setFilter('language', v)}
          options={[
            { value: ALL, label: intl.formatMessage({ id: 'experts.filters.language.all' }) },
            ...CONSULT_LANGUAGES.map((l) => ({ value: l, label: languageName(intl, l) })),
          ]}
        />
        <SegmentFilter
          labelId="experts.filters.mode"
          testId="filter-mode"
          value={filters.mode ?? ALL}
          onChange={(v) => setFilter('mode', v)}
          options={[
            { value: ALL, label: intl.formatMessage({ id: 'experts.filters.mode.all' }) },
            ...CALL_MODES.map((m) => {
              const Icon = MODE_ICONS[m];
              return {
                value: m,
                label: intl.formatMessage({ id: `experts.filters.mode.${m}` }),
                icon: <Icon aria-hidden="true" />,
              };
            }),
          ]}
        />
        {filtered && (
          <Button
            type="button"
            variant="ghost"
            onClick={clearFilters}
            className={css({ ms: { md: 'auto' } })}
          >
            <FormattedMessage id="experts.filters.clear" />
          </Button>
        )}
      </section>

      <section aria-labelledby="experts-heading" aria-busy={loading} data-testid="experts">
        {loading && (
          <LoadingState label={<FormattedMessage id="experts.loading" />} data-testid="experts-loading">
            <ul className={expertGrid}>
              {[0, 1, 2, 3, 4, 5].map((i) => (
                <li key={i}>
                  <ExpertCardSkeleton />
                </li>
              ))}
            </ul>
          </LoadingState>
        )}

        {failed && (
          <Notice
            data-testid="experts-error"
            title={<FormattedMessage id="experts.error" />}
            actions={
              <RetryButton labelId="experts.retry" onClick={() => experts.send({ type: 'experts.retry' })} />
            }
          />
        )}

        {empty && (
          <div data-testid="experts-empty" className={panel({ padding: 'none' })}>
            <EmptyState
              icon={<SearchIcon />}
              title={<FormattedMessage id="experts.empty.title" />}
              description={<FormattedMessage id="experts.empty.body" />}
              action={
                <Button type="button" variant="outline" onClick={clearFilters}>
                  <FormattedMessage id="experts.filters.clear" />
                </Button>
              }
            />
          </div>
        )}

        {ready && list && (
          <>
            <p className={css({ srOnly: true })} role="status">
              <FormattedMessage id="experts.count" values={{ count: list.total }} />
            </p>
            <ul className={expertGrid} data-testid="experts-list">
              {list.items.map((expert) => (
                <li key={expert.id}>
                  <ExpertCard expert={expert} />
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <p
        className={css({
          display: 'flex',
          gap: '2',
          alignItems: 'flex-start',
          mt: { base: '8', md: '10' },
          color: 'fg.muted',
          textStyle: 'body.sm',
          maxWidth: '4xl',
          '& svg': { boxSize: '4.5', flexShrink: '0', mt: '0.5' },
        })}
      >
        <InfoIcon aria-hidden="true" />
        <FormattedMessage id="experts.note" />
      </p>

      <aside
        aria-labelledby="experts-apply-title"
        data-testid="experts-apply"
        className={cx(
          panel({ tone: 'accent', padding: 'lg' }),
          css({
            mt: { base: '8', md: '12' },
            display: 'flex',
            flexDirection: { base: 'column', md: 'row' },
            alignItems: { base: 'flex-start', md: 'center' },
            gap: { base: '4', md: '6' },
          }),
        )}
      >
        <span
          aria-hidden="true"
          className={css({
            display: 'inline-grid',
            placeItems: 'center',
            boxSize: '12',
            flexShrink: '0',
            borderRadius: 'full',
            bg: 'accent.muted',
            color: 'accent.fg',
            '& svg': { boxSize: '6' },
          })}
        >
          <UserIcon />
        </span>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', flex: '1' })}>
          <h2 id="experts-apply-title" className={css({ textStyle: 'heading.sm' })}>
            <FormattedMessage id="experts.apply.title" />
          </h2>
          <p className={css({ color: 'fg.muted', maxWidth: '65ch' })}>
            <FormattedMessage id="experts.apply.body" />
          </p>
        </div>
        <LinkButton href="/experts/apply" size="lg">
          <FormattedMessage id="experts.apply.action" />
        </LinkButton>
      </aside>
    </div>
  );
}
