import { FormattedMessage } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import { pageFromAddress } from '../../../../machines/invoices';
import { css, cx } from '../../../../styled-system/css';
import { useFlowSelect, useFlowSend, useFlowStep } from '../../../app/flow';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { LinkButton } from '../../../components/link-button';
import { LoadingState } from '../../../components/loading-state';
import { Notice, RetryButton } from '../../../components/notice';
import { panel } from '../../../components/panel';
import { Skeleton } from '../../../components/skeleton';
import { ReceiptIcon } from '../../../theme/icons';
import { LearningPager } from '../../courses/LearningPager';
import { InvoiceTable } from './InvoiceTable';
import { InvoicesFlow, useInvoices } from './useInvoices';

const LIST_STATES = ['loading', 'failed', 'empty', 'ready'] as const;

/**
 * Invoices, /dashboard/invoices (spec §2, §3 Invoice, §8): her invoices, newest first, ten a page
 * (paged in the address), each with its date, number, the courses bought and the total, and its PDF
 * in the language she reads. Loading, a kind error with a retry, and an empty state, as on the
 * other dashboard pages.
 */
export default function InvoicesPage() {
  const search = useSearch();
  const actor = useInvoices(pageFromAddress(new URLSearchParams(search).get('page')));
  return (
    <InvoicesFlow.Provider value={actor}>
      <Invoices />
    </InvoicesFlow.Provider>
  );
}

function Invoices() {
  const [location, navigate] = useLocation();
  const send = useFlowSend(InvoicesFlow);
  const state = useFlowStep(InvoicesFlow, LIST_STATES, 'ready');
  const data = useFlowSelect(InvoicesFlow, (s) => s.context.data);
  const page = useFlowSelect(InvoicesFlow, (s) => s.context.page);

  const goTo = (next: number) => {
    navigate(next === 1 ? location : `${location}?page=${next}`);
    document.getElementById('invoices-heading')?.focus();
  };

  return (
    <section
      aria-labelledby="invoices-heading"
      aria-busy={state === 'loading'}
      data-testid="invoices"
      className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}
    >
      <h2
        id="invoices-heading"
        tabIndex={-1}
        className={css({ textStyle: 'heading.md', color: 'fg.default', outline: 'none' })}
      >
        <FormattedMessage id="dashboard.invoices.heading" />
      </h2>
      {state === 'loading' && (
        <LoadingState
          label={<FormattedMessage id="dashboard.invoices.loading" />}
          data-testid="invoices-loading"
          className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
        >
          {[0, 1, 2].map((i) => (
            <div
              key={i}
              className={cx(
                panel({ raised: true, padding: 'sm' }),
                css({ display: 'flex', alignItems: 'center', gap: '4' }),
              )}
            >
              <Skeleton className={css({ height: '4', width: '24' })} />
              <Skeleton className={css({ height: '4', flex: '1' })} />
              <Skeleton className={css({ height: '8', width: '24' })} />
            </div>
          ))}
        </LoadingState>
      )}
      {state === 'failed' && (
        <Notice
          data-testid="invoices-error"
          title={<FormattedMessage id="dashboard.invoices.error" />}
          actions={<RetryButton onClick={() => send({ type: 'invoices.retry' })} />}
        />
      )}
      {state === 'empty' && (
        <div className={panel({ raised: true })} data-testid="invoices-empty">
          {page > 1 ? (
            <EmptyState
              icon={<ReceiptIcon />}
              title={<FormattedMessage id="dashboard.invoices.emptyPage.title" />}
              titleAs="h3"
              description={<FormattedMessage id="dashboard.invoices.emptyPage.body" />}
              action={
                <Button type="button" variant="outline" onClick={() => goTo(1)}>
                  <FormattedMessage id="learning.catalogue.empty.firstPage" />
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<ReceiptIcon />}
              title={<FormattedMessage id="dashboard.invoices.empty.title" />}
              titleAs="h3"
              description={<FormattedMessage id="dashboard.invoices.empty.body" />}
              action={
                <LinkButton href="/courses">
                  <FormattedMessage id="learning.common.browseCourses" />
                </LinkButton>
              }
            />
          )}
        </div>
      )}
      {state === 'ready' && data && (
        <>
          <p className={css({ srOnly: true })} role="status">
            <FormattedMessage id="dashboard.invoices.count" values={{ count: data.total }} />
          </p>
          <InvoiceTable />
        </>
      )}
      {state !== 'failed' && data && data.totalPages > 1 && (
        <LearningPager labelId="dashboard.invoices.pages.label" of={data} page={page} onPage={goTo} />
      )}
    </section>
  );
}
