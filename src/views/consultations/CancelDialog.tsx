import { FormattedMessage, useIntl } from 'react-intl';
import { findBooking } from '../../../machines/consultations';
import { css, cx } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { AlertDialog } from '../../components/alert-dialog';
import { Button } from '../../components/button';
import { LoadingState } from '../../components/loading-state';
import { Notice, RetryButton } from '../../components/notice';
import { panel } from '../../components/panel';
import { Skeleton } from '../../components/skeleton';
import { formatWhen } from '../booking/format';
import { formatMoney } from '../courses/format';
import { ConsultationsFlow } from './flow';
import { RefundWords } from './RefundWords';

/** Cancel: the refund first (100 %, 50 % or nothing, and why), then the cancellation and its credit note. */
export function CancelDialog() {
  const intl = useIntl();
  const send = useFlowSend(ConsultationsFlow);
  const open = useFlowSelect(ConsultationsFlow, (s) => s.hasTag('dialog:cancel'));
  const busy = useFlowSelect(ConsultationsFlow, (s) => s.hasTag('dialog:busy'));
  const quoting = useFlowSelect(ConsultationsFlow, (s) => s.hasTag('dialog:quoting'));
  // the refund stays on screen while the cancellation is under way
  const confirming = useFlowSelect(ConsultationsFlow, (s) => s.hasTag('dialog:quote'));
  const failed = useFlowSelect(ConsultationsFlow, (s) => s.hasTag('dialog:failed'));
  const done = useFlowSelect(ConsultationsFlow, (s) => s.hasTag('dialog:done'));
  const quote = useFlowSelect(ConsultationsFlow, (s) => s.context.quote);
  const cancellation = useFlowSelect(ConsultationsFlow, (s) => s.context.cancellation);
  const booking = useFlowSelect(ConsultationsFlow, (s) => findBooking(s.context.data, s.context.bookingId));
  const close = () => send({ type: 'consultations.close' });

  const reason = (percent: number) =>
    percent === 100
      ? 'consultations.cancel.full'
      : percent === 50
        ? 'consultations.cancel.half'
        : 'consultations.cancel.none';

  return (
    <AlertDialog
      open={open}
      busy={busy}
      onClose={close}
      closeButton={false}
      testId="cancel-dialog"
      title={<FormattedMessage id={done ? 'consultations.cancelled.title' : 'consultations.cancel.title'} />}
      description={
        booking ? (
          <FormattedMessage
            id="consultations.cancel.about"
            values={{ name: booking.expert.name, when: formatWhen(intl, booking.startsAt) }}
          />
        ) : null
      }
      body={
        <div className={css({ display: 'grid', gap: '3', my: '4' })} aria-live="polite">
          {quoting && (
            <LoadingState label={<FormattedMessage id="consultations.cancel.quoting" />}>
              <Skeleton className={css({ height: '16' })} />
            </LoadingState>
          )}
          {confirming && quote && (
            <div
              data-testid="cancel-quote"
              className={cx(panel({ tone: 'muted', padding: 'md' }), css({ display: 'grid', gap: '2' }))}
            >
              <p className={css({ fontWeight: '700', textStyle: 'body.lg' })} data-testid="cancel-refund">
                {quote.amountPaid === 0 ? (
                  <FormattedMessage id="consultations.cancel.nothingPaid" />
                ) : quote.refundAmount === 0 ? (
                  <FormattedMessage id="consultations.cancel.noRefund" />
                ) : (
                  <FormattedMessage
                    id="consultations.cancel.refund"
                    values={{ percent: quote.refundPercent, amount: formatMoney(intl, quote.refundAmount) }}
                  />
                )}
              </p>
              {quote.amountPaid > 0 && (
                <p className={css({ textStyle: 'body.sm' })}>
                  <FormattedMessage
                    id={reason(quote.refundPercent)}
                    values={{
                      full: formatWhen(intl, quote.fullRefundUntil),
                      half: formatWhen(intl, quote.halfRefundUntil),
                    }}
                  />
                </p>
              )}
              <p className={css({ textStyle: 'body.sm', color: 'fg.muted' })}>
                <FormattedMessage id="consultations.cancel.policy" />
              </p>
              {!quote.cancellable && (
                <Notice
                  status="info"
                  description={<FormattedMessage id="consultations.cancel.notCancellable" />}
                />
              )}
            </div>
          )}
          {done && cancellation && (
            <div data-testid="cancel-done" className={css({ display: 'grid', gap: '2' })}>
              <p role="status" className={css({ fontWeight: '700' })}>
                <RefundWords
                  {...cancellation.refund}
                  refunded="consultations.cancelled.refund"
                  none="consultations.cancelled.noRefund"
                />
              </p>
              {cancellation.creditNote && (
                <p className={css({ textStyle: 'body.sm' })} data-testid="cancel-credit-note">
                  <FormattedMessage
                    id="consultations.cancelled.creditNote"
                    values={{ number: <bdi dir="ltr">{cancellation.creditNote.number}</bdi> }}
                  />
                </p>
              )}
            </div>
          )}
          {failed && (
            <Notice
              data-testid="cancel-error"
              title={<FormattedMessage id="consultations.cancel.error" />}
              actions={
                <RetryButton
                  labelId="consultations.retry"
                  onClick={() => send({ type: 'consultations.dialogRetry' })}
                />
              }
            />
          )}
        </div>
      }
    >
      <Button type="button" variant="outline" disabled={busy} onClick={close} data-testid="cancel-close">
        <FormattedMessage id={done ? 'consultations.close' : 'consultations.cancel.keep'} />
      </Button>
      {!done && (
        <Button
          type="button"
          variant="solid"
          disabled={!quote?.cancellable || (busy && !confirming)}
          loading={busy && confirming}
          onClick={() => send({ type: 'consultations.confirmCancel' })}
          data-testid="cancel-confirm"
        >
          <FormattedMessage id="consultations.cancel.confirm" />
        </Button>
      )}
    </AlertDialog>
  );
}
