import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import { type ExpertFilters as Filters, filtersFromQuery, queryFromFilters } from '../../../machines/experts';
import { css, cx } from '../../../styled-system/css';
import { stack } from '../../../styled-system/patterns';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { LinkButton } from '../../components/link-button';
import { Notice, RetryButton } from '../../components/notice';
import { pageColumn } from '../../components/page-column';
import { PageHeader } from '../../components/page-header';
import { panel } from '../../components/panel';
import { roundBadge } from '../../components/round-badge';
import { SearchIcon, UserIcon } from '../../theme/icons';
import { usePageMeta } from '../site-page/meta';
import { ExpertCards } from './ExpertCard';
import { ALL, ExpertFilters } from './ExpertFilters';
import { ExpertsNote, useExpertsActor } from './parts';

/** The directory, /experts (issue 9): filters kept in the address, cards, the way in for professionals. */
export default function ExpertsView() {
  usePageMeta('experts.meta.title', 'experts.meta.description');
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

  const setFilter = (key: keyof Filters, value: string) => {
    const next = { ...filters, [key]: value === ALL ? null : value };
    navigate(`/experts${queryFromFilters(next)}`);
  };
  const clearFilters = () => {
    navigate('/experts');
    document.getElementById('experts-heading')?.focus();
  };

  return (
    <div className={pageColumn()}>
      <PageHeader id="experts-heading" titleId="experts.title" introId="experts.intro" />
      <ExpertFilters filters={filters} onChange={setFilter} onClear={clearFilters} />

      <section aria-labelledby="experts-heading" aria-busy={loading} data-testid="experts">
        {loading && <ExpertCards experts={null} columns={3} testId="experts" />}
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
            <ExpertCards experts={list.items} columns={3} testId="experts" />
          </>
        )}
      </section>

      <ExpertsNote className={css({ mt: { base: '8', md: '10' } })} />
      <ApplyInvite />
    </div>
  );
}

/** The way in for professionals: a line about joining, and the application. */
function ApplyInvite() {
  return (
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
      <span aria-hidden="true" className={roundBadge({ tone: 'accent', size: 'xl' })}>
        <UserIcon />
      </span>
      <div className={stack({ gap: '1', flex: '1' })}>
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
  );
}
