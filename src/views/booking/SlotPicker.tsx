import { FormattedMessage, useIntl } from 'react-intl';
import { HOLD_REFUSAL_CODES } from '../../../contract/consultation-rules';
import { selectCurrentSlots, selectFree, selectSlotTaken } from '../../../machines/booking-selectors';
import { css } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { Button } from '../../components/button';
import { Notice } from '../../components/notice';
import { ArrowEndIcon, ClockIcon, InfoIcon } from '../../theme/icons';
import { formatMoney } from '../courses/format';
import { BookingFlow } from './flow';
import { formatDayTime } from './format';
import { OfferAndMode } from './OfferAndMode';
import { TakenNotice } from './TakenNotice';
import { TimesPicker } from './TimesPicker';

/** Step 1: the offer, the mode, a day and a time (all in her own zone), then Continue. */
export function SlotPicker({ expertName }: { expertName: string }) {
  const intl = useIntl();
  const send = useFlowSend(BookingFlow);
  const offer = useFlowSelect(BookingFlow, (s) => s.context.offers.find((o) => o.id === s.context.offerId));
  const currentSlots = useFlowSelect(BookingFlow, selectCurrentSlots);
  const slot = useFlowSelect(BookingFlow, (s) => s.context.slot);
  const failed = useFlowSelect(BookingFlow, (s) => s.hasTag('slots:failed'));
  const busy = useFlowSelect(BookingFlow, (s) => s.hasTag('busy'));
  const isMember = useFlowSelect(BookingFlow, (s) => s.context.isMember);
  const error = useFlowSelect(BookingFlow, (s) => s.context.error);
  const taken = useFlowSelect(BookingFlow, selectSlotTaken);
  const free = useFlowSelect(BookingFlow, selectFree);

  return (
    <div className={css({ display: 'grid', gap: '5' })}>
      <OfferAndMode />
      <TakenNotice />
      <TimesPicker expertName={expertName} />
      {!isMember && (
        <p className={css({ display: 'flex', gap: '2', textStyle: 'body.sm', color: 'fg.muted' })}>
          <InfoIcon aria-hidden="true" className={css({ boxSize: '5', flexShrink: '0' })} />
          <FormattedMessage id="booking.signIn.note" />
        </p>
      )}
      {error && !taken && !failed && (
        <Notice
          data-testid="booking-hold-error"
          title={<FormattedMessage id="booking.hold.error" />}
          description={
            error.code === 'NETWORK_ERROR' ? (
              <FormattedMessage id="booking.error.network" />
            ) : (HOLD_REFUSAL_CODES as readonly string[]).includes(error.code) ? (
              <FormattedMessage id={`booking.hold.refused.${error.code}`} />
            ) : undefined
          }
        />
      )}
      <div
        className={css({
          display: 'flex',
          flexDirection: { base: 'column', sm: 'row' },
          alignItems: { base: 'stretch', sm: 'center' },
          justifyContent: 'space-between',
          gap: '3',
          pt: '4',
          borderTopWidth: '1px',
          borderColor: 'border.subtle',
        })}
      >
        <p
          aria-live="polite"
          data-testid="booking-choice"
          className={css({ display: 'flex', gap: '2', alignItems: 'center' })}
        >
          <ClockIcon
            aria-hidden="true"
            className={css({ boxSize: '5', color: 'accent.fg', flexShrink: '0' })}
          />
          {slot && offer ? (
            <span>
              <FormattedMessage
                id="booking.choice"
                values={{
                  when: formatDayTime(intl, slot),
                  price: free
                    ? intl.formatMessage({ id: 'booking.offer.free' })
                    : formatMoney(intl, currentSlots?.price.total ?? offer.price),
                }}
              />
            </span>
          ) : (
            <span className={css({ color: 'fg.muted' })}>
              <FormattedMessage id="booking.choice.none" />
            </span>
          )}
        </p>
        <Button
          type="button"
          loading={busy}
          disabled={isMember && !slot}
          onClick={() => send({ type: 'booking.continue' })}
          data-testid="booking-continue"
        >
          <FormattedMessage id={isMember ? 'booking.continue' : 'booking.signIn.action'} />
          <ArrowEndIcon aria-hidden="true" className={css({ _rtl: { transform: 'scaleX(-1)' } })} />
        </Button>
      </div>
    </div>
  );
}
