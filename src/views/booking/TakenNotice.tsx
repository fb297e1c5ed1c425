import { FormattedMessage, useIntl } from 'react-intl';
import { sameSlots, selectOpenNext, selectSlotTaken } from '../../../machines/booking-selectors';
import { css } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { Button } from '../../components/button';
import { ChangedNotice } from '../checkout/PaymentNotices';
import { BookingFlow } from './flow';

/** SLOT_TAKEN, told kindly: the next open slots the server named, to pick at once. */
export function TakenNotice() {
  const intl = useIntl();
  const send = useFlowSend(BookingFlow);
  const taken = useFlowSelect(BookingFlow, selectSlotTaken);
  const openNext = useFlowSelect(BookingFlow, selectOpenNext, sameSlots);
  const slot = useFlowSelect(BookingFlow, (s) => s.context.slot);
  if (!taken) return null;
  return (
    <ChangedNotice
      data-testid="booking-taken"
      title={<FormattedMessage id="booking.taken.title" />}
      description={
        <FormattedMessage id={openNext.length > 0 ? 'booking.taken.next' : 'booking.taken.pick'} />
      }
      actions={
        openNext.length > 0 ? (
          <div
            className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}
            data-testid="booking-next-slots"
          >
            {openNext.map((n) => (
              <Button
                key={n}
                type="button"
                size="sm"
                variant={slot === n ? 'solid' : 'outline'}
                aria-pressed={slot === n}
                onClick={() => send({ type: 'booking.slot', startsAt: n })}
              >
                {intl.formatDate(n, {
                  weekday: 'short',
                  day: 'numeric',
                  month: 'short',
                  hour: 'numeric',
                  minute: '2-digit',
                })}
              </Button>
            ))}
          </div>
        ) : undefined
      }
    />
  );
}
