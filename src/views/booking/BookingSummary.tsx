import { FormattedMessage, useIntl } from 'react-intl';
import type { Booking } from '../../../contract/consultations';
import { css, cx } from '../../../styled-system/css';
import { panel } from '../../components/panel';
import { ClockIcon } from '../../theme/icons';
import { formatDuration, formatMoney } from '../courses/format';
import { formatWhen } from './format';

/** What she is booking: with whom, when (her zone), how long, how, and what it costs. */
export function BookingSummary({ booking }: { booking: Booking }) {
  const intl = useIntl();
  const { price } = booking;
  const row = css({ display: 'flex', justifyContent: 'space-between', gap: '4' });
  return (
    <div
      data-testid="booking-summary"
      className={cx(panel({ tone: 'muted', padding: 'md' }), css({ display: 'grid', gap: '3' }))}
    >
      <p className={css({ fontWeight: '700' })}>
        <FormattedMessage
          id="booking.summary.what"
          values={{
            kind: intl.formatMessage({
              id:
                booking.offer.kind === 'discovery' ? 'booking.offer.discovery' : 'booking.offer.consultation',
            }),
            mode: intl.formatMessage({ id: `booking.mode.${booking.mode}` }),
            duration: formatDuration(intl, booking.offer.minutes),
          }}
        />
      </p>
      <p className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
        <ClockIcon
          aria-hidden="true"
          className={css({ boxSize: '4', color: 'accent.fg', flexShrink: '0' })}
        />
        {formatWhen(intl, booking.startsAt)}
      </p>
      {price.total > 0 ? (
        <dl
          className={css({
            display: 'grid',
            gap: '1',
            pt: '2',
            borderTopWidth: '1px',
            borderColor: 'border.subtle',
            textStyle: 'body.sm',
            '& dd': { fontVariantNumeric: 'tabular-nums' },
          })}
        >
          <div className={row}>
            <dt>
              <FormattedMessage id="booking.price.fee" />
            </dt>
            <dd>{formatMoney(intl, price.fee)}</dd>
          </div>
          <div className={row}>
            <dt>
              <FormattedMessage id="booking.price.merchant" />
            </dt>
            <dd>{formatMoney(intl, price.merchantCharges)}</dd>
          </div>
          <div className={row}>
            <dt>
              <FormattedMessage id="booking.price.vat" />
            </dt>
            <dd>{formatMoney(intl, price.vat)}</dd>
          </div>
          <div className={cx(row, css({ fontWeight: '700', textStyle: 'body.md' }))}>
            <dt>
              <FormattedMessage id="booking.price.total" />
            </dt>
            <dd data-testid="booking-total">{formatMoney(intl, price.total)}</dd>
          </div>
        </dl>
      ) : (
        <p className={css({ color: 'success.fg', fontWeight: '700' })}>
          <FormattedMessage id="booking.price.free" />
        </p>
      )}
    </div>
  );
}
