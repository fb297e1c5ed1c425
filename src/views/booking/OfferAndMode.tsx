import { RadioGroup } from '@ark-ui/react/radio-group';
import { SegmentGroup } from '@ark-ui/react/segment-group';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CallMode } from '../../../contract/experts-constants';
import { css } from '../../../styled-system/css';
import { grid } from '../../../styled-system/patterns';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { formatDuration, formatMoney } from '../courses/format';
import { MODE_ICONS } from '../experts/parts';
import { BookingFlow } from './flow';

export const groupLabel = css({ fontSize: 'sm', fontWeight: '700', color: 'fg.default' });

const offerGrid = grid({ gap: '2', gridTemplateColumns: { base: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } });

/** One offer (a length and its price) as a radio card: the accent's border and tint once chosen. */
const offerItem = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.5',
  p: '3',
  borderRadius: 'lg',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
  cursor: 'pointer',
  textAlign: 'start',
  transition: 'border-color 0.15s, background 0.15s',
  _hover: { borderColor: 'accent.default' },
  '&[data-state=checked]': {
    borderColor: 'accent.default',
    bg: 'accent.subtle',
    boxShadow: '0 0 0 1px token(colors.accent.default)',
  },
  '&[data-focus-visible]': { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
});

const segmentItems = css({
  display: 'inline-flex',
  gap: '1',
  p: '1',
  bg: 'bg.subtle',
  borderRadius: 'lg',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  alignSelf: 'flex-start',
});

const segmentItem = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '1.5',
  minHeight: '10',
  px: '4',
  borderRadius: 'md',
  fontSize: 'sm',
  fontWeight: '500',
  color: 'fg.muted',
  cursor: 'pointer',
  '& svg': { boxSize: '4', flexShrink: '0' },
  _hover: { color: 'fg.default', bg: 'bg.surface' },
  '&[data-state=checked]': { bg: 'bg.surface', color: 'accent.fg', fontWeight: '700', boxShadow: 'xs' },
  '&[data-focus-visible]': { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '1px' },
});

/** The offers (the discovery call, the consultations) and the call's mode, among hers. */
export function OfferAndMode() {
  const intl = useIntl();
  const send = useFlowSend(BookingFlow);
  const offers = useFlowSelect(BookingFlow, (s) => s.context.offers);
  const offerId = useFlowSelect(BookingFlow, (s) => s.context.offerId);
  const modes = useFlowSelect(BookingFlow, (s) => s.context.modes);
  const mode = useFlowSelect(BookingFlow, (s) => s.context.mode);
  return (
    <>
      <RadioGroup.Root
        value={offerId}
        onValueChange={(e) => e.value && send({ type: 'booking.offer', offerId: e.value })}
        className={css({ display: 'grid', gap: '2' })}
        data-testid="booking-offers"
      >
        <RadioGroup.Label className={groupLabel}>
          <FormattedMessage id="booking.offer.label" />
        </RadioGroup.Label>
        <div className={offerGrid}>
          {offers.map((o) => (
            <RadioGroup.Item
              key={o.id}
              value={o.id}
              className={offerItem}
              data-testid={`booking-offer-${o.id}`}
            >
              <RadioGroup.ItemText className={css({ display: 'grid', gap: '0.5' })}>
                <span className={css({ fontWeight: '700' })}>
                  <FormattedMessage
                    id={o.kind === 'discovery' ? 'booking.offer.discovery' : 'booking.offer.consultation'}
                  />
                </span>
                <span className={css({ color: 'fg.muted', textStyle: 'body.sm' })}>
                  {formatDuration(intl, o.minutes)}
                  {' · '}
                  {o.price === 0
                    ? intl.formatMessage({ id: 'booking.offer.free' })
                    : formatMoney(intl, o.price)}
                </span>
              </RadioGroup.ItemText>
              <RadioGroup.ItemControl />
              <RadioGroup.ItemHiddenInput />
            </RadioGroup.Item>
          ))}
        </div>
      </RadioGroup.Root>

      {modes.length > 0 && (
        <SegmentGroup.Root
          value={mode}
          onValueChange={(e) => e.value && send({ type: 'booking.mode', mode: e.value as CallMode })}
          className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}
          data-testid="booking-mode"
        >
          <SegmentGroup.Label className={groupLabel}>
            <FormattedMessage id="booking.mode.label" />
          </SegmentGroup.Label>
          <div className={segmentItems}>
            {modes.map((m) => {
              const Icon = MODE_ICONS[m];
              return (
                <SegmentGroup.Item key={m} value={m} className={segmentItem}>
                  <Icon aria-hidden="true" />
                  <SegmentGroup.ItemText>
                    <FormattedMessage id={`booking.mode.${m}`} />
                  </SegmentGroup.ItemText>
                  <SegmentGroup.ItemControl />
                  <SegmentGroup.ItemHiddenInput />
                </SegmentGroup.Item>
              );
            })}
          </div>
        </SegmentGroup.Root>
      )}
    </>
  );
}
