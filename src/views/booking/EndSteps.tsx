import { FormattedMessage, useIntl } from 'react-intl';
import { css } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { Button } from '../../components/button';
import { LinkButton } from '../../components/link-button';
import { CheckCircleIcon } from '../../theme/icons';
import { ChangedNotice } from '../checkout/PaymentNotices';
import { BookingSummary } from './BookingSummary';
import { BookingFlow } from './flow';
import { formatWhen } from './format';

/** Booked: when, the invoice, where to find it and how to join. */
export function ConfirmedStep() {
  const intl = useIntl();
  const send = useFlowSend(BookingFlow);
  const booking = useFlowSelect(BookingFlow, (s) => s.context.booking);
  const invoice = useFlowSelect(BookingFlow, (s) => s.context.result?.invoice ?? null);
  if (!booking) return null;
  return (
    <div data-testid="booking-confirmed" className={css({ display: 'grid', gap: '4' })}>
      <div className={css({ display: 'flex', gap: '3', alignItems: 'flex-start' })}>
        <CheckCircleIcon
          aria-hidden="true"
          className={css({ boxSize: '8', color: 'success.fg', flexShrink: '0' })}
        />
        <div className={css({ display: 'grid', gap: '1' })}>
          <p role="status" className={css({ fontWeight: '700', textStyle: 'body.lg' })}>
            <FormattedMessage id="booking.confirmed.title" />
          </p>
          <p className={css({ color: 'fg.muted' })}>
            <FormattedMessage
              id="booking.confirmed.body"
              values={{ when: formatWhen(intl, booking.startsAt) }}
            />
          </p>
        </div>
      </div>
      <BookingSummary booking={booking} />
      {invoice && (
        <p data-testid="booking-invoice">
          <FormattedMessage
            id="booking.confirmed.invoice"
            values={{ number: <bdi dir="ltr">{invoice.number}</bdi> }}
          />
        </p>
      )}
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
        <LinkButton href="/dashboard/consultations" data-testid="booking-my-consultations">
          <FormattedMessage id="booking.confirmed.mine" />
        </LinkButton>
        <Button type="button" variant="outline" onClick={() => send({ type: 'booking.restart' })}>
          <FormattedMessage id="booking.confirmed.another" />
        </Button>
      </div>
    </div>
  );
}

/** The hold ran out: the time was released, nothing was charged; choose again. */
export function ExpiredStep() {
  const send = useFlowSend(BookingFlow);
  return (
    <ChangedNotice
      data-testid="booking-expired"
      title={<FormattedMessage id="booking.expired.title" />}
      description={<FormattedMessage id="booking.expired.body" />}
      actions={
        <Button type="button" size="sm" onClick={() => send({ type: 'booking.restart' })}>
          <FormattedMessage id="booking.expired.again" />
        </Button>
      }
    />
  );
}
