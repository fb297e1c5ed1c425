import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { type AdminOrder, REFUND_REASON_MAX } from '../../../contract/staff-admin';
import { adminOrdersMachine, type OrdersSearchBy } from '../../../machines/adminOrders';
import { css, cx } from '../../../styled-system/css';
import { refundOrder, searchOrders } from '../../api/staff-team';
import { Button } from '../../components/button';
import { InputField } from '../../components/input-field';
import { Notice } from '../../components/notice';
import { panel } from '../../components/panel';
import { Segments } from '../../components/segment-group';
import { formatMoney } from '../courses/format';
import {
  formatWhen,
  muted,
  pageStack,
  rowList,
  TeamFailed,
  TeamHeader,
  useTeamActor,
} from '../staff-inbox/team-parts';
import { ReasonDialog } from './ReasonDialog';

/**
 * Course orders, /staff/admin/orders (issue 26, admins): find them by a member number or an invoice
 * number; each with its courses and total; Refund (an exceptional case) after a dialog that says
 * what happens and asks why; then the credit note number.
 */
export default function AdminOrdersView() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const actor = useTeamActor(() => adminOrdersMachine.provide({ actors: { searchOrders, refundOrder } }));
  const snap = useSelector(actor, (s) => s);
  const c = snap.context;
  const confirming = snap.hasTag('confirming') ? c.orders.find((o) => o.id === c.refunding?.id) : undefined;
  const money = (cents: number) => formatMoney(intl, cents);
  const refusal =
    snap.matches({ found: 'refundFailed' }) && c.error
      ? t(
          c.error.code === 'ALREADY_REFUNDED'
            ? 'staff.admin.orders.error.ALREADY_REFUNDED'
            : 'staff.admin.refused',
        )
      : null;
  return (
    <section className={pageStack} data-testid="admin-orders">
      <TeamHeader titleId="staff.admin.orders.title" introId="staff.admin.orders.intro" />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'orders.search' });
        }}
        className={cx(panel(), css({ display: 'flex', flexWrap: 'wrap', gap: '4', alignItems: 'flex-end' }))}
      >
        <Segments
          label={t('staff.admin.orders.by')}
          ariaLabel={t('staff.admin.orders.by')}
          testId="orders-by"
          value={c.by}
          onChange={(v) => actor.send({ type: 'orders.by', by: v as OrdersSearchBy })}
          options={(['member', 'invoice'] as const).map((v) => ({
            value: v,
            label: t(`staff.admin.orders.by.${v}`),
          }))}
        />
        <div className={css({ flex: '1', minWidth: '48' })}>
          <InputField
            label={t(`staff.admin.orders.by.${c.by}`)}
            invalid={c.queryError !== null}
            error={c.queryError ? t(`staff.admin.orders.error.${c.queryError}`) : undefined}
            value={c.query}
            dir="ltr"
            inputMode={c.by === 'member' ? 'numeric' : 'text'}
            onChange={(e) => actor.send({ type: 'orders.query', value: e.currentTarget.value })}
            data-testid="orders-query"
          />
        </div>
        <Button type="submit" loading={snap.hasTag('step:searching')} data-testid="orders-search">
          {t('staff.admin.orders.search')}
        </Button>
      </form>
      {snap.hasTag('step:failed') && (
        <TeamFailed
          titleId="staff.admin.orders.failed"
          testId="orders-error"
          onRetry={() => actor.send({ type: 'orders.retry' })}
        />
      )}
      {snap.hasTag('step:none') && (
        <p className={muted} role="status" data-testid="orders-none">
          {t('staff.admin.orders.none')}
        </p>
      )}
      {snap.hasTag('refunded') && c.refunded?.refund && (
        <Notice
          status="success"
          data-testid="orders-refunded"
          title={t('staff.admin.orders.done', { number: c.refunded.refund.creditNoteNumber })}
        />
      )}
      {snap.hasTag('step:found') && (
        <ul className={rowList} aria-label={t('staff.admin.orders.list')} data-testid="orders-rows">
          {c.orders.map((o) => (
            <OrderRow key={o.id} order={o} onRefund={() => actor.send({ type: 'orders.refund', id: o.id })} />
          ))}
        </ul>
      )}
      {confirming && c.refunding && (
        <ReasonDialog
          testId="refund-dialog"
          title={t('staff.admin.orders.dialog.title')}
          description={t('staff.admin.orders.dialog.body', {
            total: money(confirming.total),
            courses: intl.formatList(confirming.courses.map((x) => x.title)),
          })}
          label={t('staff.admin.orders.dialog.reason')}
          reason={c.refunding.reason}
          problem={c.refunding.problem}
          max={REFUND_REASON_MAX}
          refusal={refusal}
          busy={snap.hasTag('busy')}
          confirm={t('staff.admin.orders.dialog.confirm', { total: money(confirming.total) })}
          onReason={(value) => actor.send({ type: 'orders.reason', value })}
          onConfirm={() => actor.send({ type: 'orders.refund.confirm' })}
          onCancel={() => actor.send({ type: 'orders.refund.cancel' })}
        />
      )}
    </section>
  );
}

function OrderRow({ order, onRefund }: { order: AdminOrder; onRefund: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <li
      className={cx(panel({ padding: 'sm' }), css({ display: 'flex', flexDirection: 'column', gap: '2' }))}
      data-testid={`order-${order.id}`}
    >
      <p className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', fontWeight: '600' })}>
        <span>{formatWhen(intl, order.createdAt)}</span>
        {order.invoiceNumber && <bdi>{t('staff.admin.orders.invoice', { number: order.invoiceNumber })}</bdi>}
        {order.memberNumber !== null && (
          <span>{t('staff.admin.orders.member', { number: order.memberNumber })}</span>
        )}
      </p>
      <ul className={css({ listStyle: 'disc', ps: '5' })}>
        {order.courses.map((c) => (
          <li key={c.id}>{c.title}</li>
        ))}
      </ul>
      <p>{t('staff.admin.orders.total', { total: formatMoney(intl, order.total) })}</p>
      {order.refund ? (
        <p className={muted} data-testid="order-refund">
          {t('staff.admin.orders.refunded', {
            date: intl.formatDate(order.refund.at, { dateStyle: 'medium' }),
            number: order.refund.creditNoteNumber,
          })}
        </p>
      ) : (
        <Button
          type="button"
          variant="outline"
          className={css({ alignSelf: 'flex-start' })}
          onClick={onRefund}
          data-testid="order-refund-open"
        >
          {t('staff.admin.orders.refund')}
        </Button>
      )}
    </li>
  );
}
