import { FormattedMessage, useIntl } from 'react-intl';
import { refundDeadlines } from '../../../contract/consultation-rules';
import { selectHoldLeft, selectRefundTier } from '../../../machines/booking-selectors';
import { css, cx } from '../../../styled-system/css';
import { useFlowSelect } from '../../app/flow';
import { panel } from '../../components/panel';
import { BookingFlow } from './flow';
import { formatCountdown, formatDeadline } from './format';

/**
 * The hold's countdown: how long the time stays hers, and what happens when it runs out. The time
 * left is the machine's (its clock ticks every second while she holds a time), never read here.
 */
export function HoldTimer() {
  const left = useFlowSelect(BookingFlow, selectHoldLeft);
  if (left === null) return null;
  const minutes = Math.max(0, Math.ceil(left / 60_000));
  return (
    <div
      data-testid="booking-hold"
      className={cx(
        panel({ tone: 'accent', padding: 'md' }),
        css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' }),
      )}
    >
      <span
        role="timer"
        aria-label={undefined}
        data-testid="booking-countdown"
        dir="ltr"
        className={css({
          fontSize: '2xl',
          fontWeight: '700',
          fontVariantNumeric: 'tabular-nums',
          color: left < 120_000 ? 'error.fg' : 'accent.fg',
          minWidth: '16',
        })}
      >
        <span aria-hidden="true">{formatCountdown(left)}</span>
        <span className={css({ srOnly: true })}>
          <FormattedMessage id="booking.hold.left" values={{ minutes }} />
        </span>
      </span>
      <p className={css({ flex: '1', minWidth: '48', textStyle: 'body.sm' })}>
        <FormattedMessage id="booking.hold.body" />
      </p>
    </div>
  );
}

/**
 * The refund rules before she pays (spec §9), with their real moments in her zone: a full refund
 * until 48 hours before the start, half until 24 hours before, nothing after (tiers already past
 * are not offered; which one applies is the machine's, at its clock's last tick).
 */
export function RefundTiers() {
  const intl = useIntl();
  const startsAt = useFlowSelect(BookingFlow, (s) => s.context.booking?.startsAt ?? null);
  const tier = useFlowSelect(BookingFlow, selectRefundTier);
  if (!startsAt || !tier) return null;
  const { fullUntil, halfUntil } = refundDeadlines(new Date(startsAt));
  return (
    <div
      data-testid="booking-refund"
      className={cx(
        panel({ tone: 'muted', padding: 'md' }),
        css({ display: 'grid', gap: '1', textStyle: 'body.sm' }),
      )}
    >
      <p className={css({ fontWeight: '700' })}>
        <FormattedMessage id="booking.refund.title" />
      </p>
      <p>
        <FormattedMessage
          id={`booking.refund.${tier}`}
          values={{ full: formatDeadline(intl, fullUntil), half: formatDeadline(intl, halfUntil) }}
        />
      </p>
    </div>
  );
}
