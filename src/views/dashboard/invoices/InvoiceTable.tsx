import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { InvoiceSummary } from '../../../../contract/commerce';
import { css, cx } from '../../../../styled-system/css';
import { useLanguage } from '../../../app/actors';
import { useFlowSelect, useFlowSend } from '../../../app/flow';
import { Button } from '../../../components/button';
import { panel } from '../../../components/panel';
import type { IconProps } from '../../../theme/icons';
import { formatDate, formatMoney } from '../../courses/format';
import { InvoicesFlow } from './useInvoices';

const DownloadIcon = (props: IconProps) => (
  <svg
    xmlns="http://www.w3.org/2000/svg"
    viewBox="0 0 24 24"
    width="1em"
    height="1em"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.75}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden
    focusable="false"
    {...props}
  >
    <path d="M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19.5h14" />
  </svg>
);

/**
 * One table on every screen, in one raised panel. From `md` up it is a table; below, each row is a
 * block of its own (a grid of its cells, each with its column's name above it, in place of the
 * header row), the rows divided by a line as the table's are. The rows say their roles out loud,
 * so changing their `display` does not take the table away from screen readers (browsers drop a
 * table's semantics when its parts stop being table boxes).
 */
const styles = {
  frame: cx(panel({ raised: true, padding: 'none' }), css({ overflow: 'hidden' })),
  table: css({
    display: { base: 'block', md: 'table' },
    width: 'full',
    borderCollapse: 'collapse',
    textAlign: 'start',
  }),
  // a row names its own cells (`label`) on a phone, so the header row is only there from md up
  head: css({ display: { base: 'none', md: 'table-header-group' }, bg: 'bg.subtle' }),
  th: css({
    px: '4',
    py: '3',
    textStyle: 'body.sm',
    fontWeight: '600',
    color: 'fg.muted',
    borderBottomWidth: '1px',
    borderColor: 'border.subtle',
  }),
  body: css({ display: { base: 'block', md: 'table-row-group' } }),
  row: css({
    // a table row ignores the grid and its padding
    display: { base: 'grid', md: 'table-row' },
    gridTemplateColumns: '1fr auto',
    gridTemplateAreas: '"number number" "date total" "items items" "action action"',
    columnGap: '4',
    rowGap: '3',
    p: '4',
    '&:not(:last-child)': { borderBottomWidth: '1px', borderColor: 'border.subtle' },
  }),
  cell: css({
    display: { base: 'flex', md: 'table-cell' },
    flexDirection: 'column',
    gap: '0.5',
    minWidth: '0',
    px: { md: '4' },
    py: { md: '3' },
  }),
  label: css({ display: { md: 'none' }, textStyle: 'body.sm', fontWeight: 'normal', color: 'fg.muted' }),
};

/** Where each cell sits in a card, and its side (the start side: the number is an LTR island in Arabic). */
const areas = {
  date: css({ gridArea: 'date', alignItems: 'flex-start', textAlign: 'start', whiteSpace: 'nowrap' }),
  number: css({
    gridArea: 'number',
    alignItems: 'flex-start',
    textAlign: 'start',
    fontWeight: '600',
    color: 'fg.default',
    whiteSpace: 'nowrap',
  }),
  items: css({ gridArea: 'items', alignItems: 'flex-start', textAlign: 'start' }),
  total: css({
    gridArea: 'total',
    textAlign: 'end',
    alignItems: 'flex-end',
    fontWeight: '600',
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
  }),
  action: css({ gridArea: 'action', textAlign: 'end', whiteSpace: 'nowrap' }),
};

/** A cell of a row: on a phone, its column's name above it (from md up the header row names it). */
function Cell(props: { area: keyof typeof areas; labelId?: string; testId?: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noRedundantRoles: the role survives the card layout (see styles)
    <td role="cell" className={cx(styles.cell, areas[props.area])} data-testid={props.testId}>
      {props.labelId && (
        <span className={styles.label}>
          <FormattedMessage id={props.labelId} />
        </span>
      )}
      {props.children}
    </td>
  );
}

function InvoiceRow({ invoice }: { invoice: InvoiceSummary }) {
  const intl = useIntl();
  const send = useFlowSend(InvoicesFlow);
  const language = useLanguage((s) => s.context.locale);
  const busy = useFlowSelect(InvoicesFlow, (s) => s.context.downloading);
  const mine = busy?.invoiceId === invoice.id;
  return (
    // biome-ignore lint/a11y/noRedundantRoles: the role survives the card layout (see styles)
    <tr role="row" className={styles.row} data-testid="invoice-row">
      <Cell area="date" labelId="dashboard.invoices.column.date" testId="invoice-date">
        <time dateTime={invoice.issuedAt}>{formatDate(intl, invoice.issuedAt)}</time>
      </Cell>
      <th
        scope="row"
        // biome-ignore lint/a11y/noRedundantRoles: the role survives the card layout (see styles)
        role="rowheader"
        className={cx(styles.cell, areas.number)}
        data-testid="invoice-number"
      >
        {/* Latin letters and digits: kept in their order inside Arabic text */}
        <span dir="ltr">{invoice.number}</span>
      </th>
      <Cell area="items" labelId="dashboard.invoices.column.items" testId="invoice-items">
        <ul className={css({ display: 'flex', flexDirection: 'column', gap: '0.5' })}>
          {invoice.items.map((item) => (
            <li key={item.id}>{item.title}</li>
          ))}
        </ul>
        {invoice.creditNote && (
          <p
            data-testid="invoice-credit-note"
            className={css({ textStyle: 'body.sm', color: 'fg.muted', mt: '1' })}
          >
            <FormattedMessage
              id="dashboard.invoices.refunded"
              values={{
                percent: intl.formatNumber(invoice.creditNote.refundPercent / 100, { style: 'percent' }),
                // Latin letters and digits: kept in their order inside Arabic text
                number: <span dir="ltr">{invoice.creditNote.number}</span>,
              }}
            />
          </p>
        )}
      </Cell>
      <Cell area="total" labelId="dashboard.invoices.column.total" testId="invoice-total">
        {formatMoney(intl, invoice.total)}
      </Cell>
      <Cell area="action">
        <Button
          type="button"
          variant="outline"
          size="sm"
          loading={mine}
          disabled={!!busy && !mine}
          aria-label={intl.formatMessage({ id: 'dashboard.invoices.downloadOf' }, { number: invoice.number })}
          onClick={() =>
            send({ type: 'invoices.download', invoiceId: invoice.id, number: invoice.number, language })
          }
          className={css({ width: { base: 'full', sm: 'auto' } })}
        >
          <DownloadIcon />
          <FormattedMessage id="dashboard.invoices.download" />
        </Button>
      </Cell>
    </tr>
  );
}

/** Her invoices on this page, in one table (a card per invoice on a phone). */
export function InvoiceTable() {
  const intl = useIntl();
  const data = useFlowSelect(InvoicesFlow, (s) => s.context.data);
  if (!data) return null;
  const column = (id: string, end = false) => (
    <th
      scope="col"
      // biome-ignore lint/a11y/noRedundantRoles: the role survives the card layout (see styles)
      role="columnheader"
      className={cx(styles.th, end ? css({ textAlign: 'end' }) : css({ textAlign: 'start' }))}
    >
      <FormattedMessage id={id} />
    </th>
  );
  return (
    <div className={styles.frame}>
      {/* biome-ignore lint/a11y/noRedundantRoles: the role survives the card layout (see styles) */}
      <table role="table" className={styles.table} data-testid="invoices-table">
        <caption className={css({ srOnly: true })}>
          <FormattedMessage
            id="dashboard.invoices.caption"
            values={{
              page: intl.formatNumber(data.page),
              pages: intl.formatNumber(Math.max(1, data.totalPages)),
            }}
          />
        </caption>
        {/* biome-ignore lint/a11y/noRedundantRoles: the role survives the card layout (see styles) */}
        <thead role="rowgroup" className={styles.head}>
          {/* biome-ignore lint/a11y/noRedundantRoles: the role survives the card layout (see styles) */}
          <tr role="row">
            {column('dashboard.invoices.column.date')}
            {column('dashboard.invoices.column.number')}
            {column('dashboard.invoices.column.items')}
            {column('dashboard.invoices.column.total', true)}
            {column('dashboard.invoices.column.download', true)}
          </tr>
        </thead>
        {/* biome-ignore lint/a11y/noRedundantRoles: the role survives the card layout (see styles) */}
        <tbody role="rowgroup" className={styles.body}>
          {data.items.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
