import { RadioGroup } from '@ark-ui/react/radio-group';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { selectCurrentSlots } from '../../../machines/booking-selectors';
import { css, cx } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { Button } from '../../components/button';
import { Notice } from '../../components/notice';
import { Skeleton } from '../../components/skeleton';
import * as Tabs from '../../components/tabs';
import { InfoIcon } from '../../theme/icons';
import { BookingFlow } from './flow';
import {
  dayKey,
  formatDayLong,
  formatDayShort,
  formatTime,
  groupByDay,
  ownTimeZone,
  zoneLabel,
} from './format';
import { groupLabel } from './OfferAndMode';

const timesGrid = css({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(5.5rem, 1fr))',
  gap: '2',
});

const timeItem = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '11',
  px: '2',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
  fontWeight: '600',
  fontVariantNumeric: 'tabular-nums',
  cursor: 'pointer',
  '&:hover:not([data-state=checked])': { borderColor: 'accent.default', color: 'accent.fg' },
  '&[data-state=checked]': { bg: 'accent.default', color: 'fg.onAccent', borderColor: 'accent.default' },
  '&[data-focus-visible]': { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
});

/** The days (Ark Tabs) and their times (a RadioGroup), in her zone, with the expert's for reference. */
export function TimesPicker({ expertName }: { expertName: string }) {
  const intl = useIntl();
  const send = useFlowSend(BookingFlow);
  const offerId = useFlowSelect(BookingFlow, (s) => s.context.offerId);
  const currentSlots = useFlowSelect(BookingFlow, selectCurrentSlots);
  const slot = useFlowSelect(BookingFlow, (s) => s.context.slot);
  const loading = useFlowSelect(BookingFlow, (s) => s.hasTag('slots:loading'));
  const failed = useFlowSelect(BookingFlow, (s) => s.hasTag('slots:failed'));
  const error = useFlowSelect(BookingFlow, (s) => s.context.error);
  const days = useMemo(() => groupByDay(currentSlots?.slots ?? []), [currentSlots]);
  const selectedDay = slot ? dayKey(slot) : undefined;
  return (
    <div className={css({ display: 'grid', gap: '2' })}>
      <h3 id="booking-times" className={groupLabel}>
        <FormattedMessage id="booking.times.label" />
      </h3>
      <p className={css({ textStyle: 'body.sm', color: 'fg.muted' })} data-testid="booking-zones">
        <FormattedMessage id="booking.times.zone" values={{ zone: zoneLabel(intl, ownTimeZone()) }} />
        {currentSlots && currentSlots.timeZone !== ownTimeZone() && (
          <>
            {' '}
            <FormattedMessage
              id="booking.times.expertZone"
              values={{ name: expertName, zone: zoneLabel(intl, currentSlots.timeZone) }}
            />
          </>
        )}
      </p>
      {loading && (
        <div
          aria-busy="true"
          data-testid="booking-slots-loading"
          className={css({ display: 'grid', gap: '2' })}
        >
          <span className={css({ srOnly: true })}>
            <FormattedMessage id="booking.times.loading" />
          </span>
          <Skeleton className={css({ height: '10' })} />
          <Skeleton className={css({ height: '24' })} />
        </div>
      )}
      {failed && (
        <Notice
          data-testid="booking-slots-error"
          title={<FormattedMessage id="booking.times.error" />}
          description={
            error?.code === 'NETWORK_ERROR' ? <FormattedMessage id="booking.error.network" /> : undefined
          }
          actions={
            <Button type="button" size="sm" variant="outline" onClick={() => send({ type: 'booking.retry' })}>
              <FormattedMessage id="booking.retry" />
            </Button>
          }
        />
      )}
      {!loading && !failed && currentSlots && days.length === 0 && (
        <p
          data-testid="booking-no-slots"
          className={cx(css({ display: 'flex', gap: '2', color: 'fg.muted' }))}
        >
          <InfoIcon aria-hidden="true" className={css({ boxSize: '5', flexShrink: '0' })} />
          <FormattedMessage id="booking.times.none" />
        </p>
      )}
      {!loading && !failed && days.length > 0 && (
        <Tabs.Root
          key={offerId}
          defaultValue={selectedDay && days.some((d) => d.key === selectedDay) ? selectedDay : days[0].key}
          lazyMount
          unmountOnExit
          data-testid="booking-days"
        >
          <Tabs.List
            aria-label={intl.formatMessage({ id: 'booking.days.label' })}
            className={css({ overflowX: 'auto', scrollbarWidth: 'thin' })}
          >
            {days.map((d) => (
              <Tabs.Trigger
                key={d.key}
                value={d.key}
                data-day={d.key}
                className={css({ whiteSpace: 'nowrap', flexShrink: '0' })}
              >
                {formatDayShort(intl, d.first)}
              </Tabs.Trigger>
            ))}
            <Tabs.Indicator />
          </Tabs.List>
          {days.map((d) => (
            <Tabs.Content key={d.key} value={d.key} className={css({ pt: '3' })}>
              <RadioGroup.Root
                value={slot && d.slots.includes(slot) ? slot : null}
                onValueChange={(e) => e.value && send({ type: 'booking.slot', startsAt: e.value })}
                data-testid="booking-times"
              >
                <RadioGroup.Label className={css({ srOnly: true })}>
                  <FormattedMessage id="booking.times.of" values={{ day: formatDayLong(intl, d.first) }} />
                </RadioGroup.Label>
                <div className={timesGrid}>
                  {d.slots.map((s) => (
                    <RadioGroup.Item key={s} value={s} className={timeItem} data-slot={s}>
                      <RadioGroup.ItemText>{formatTime(intl, s)}</RadioGroup.ItemText>
                      <RadioGroup.ItemControl />
                      <RadioGroup.ItemHiddenInput />
                    </RadioGroup.Item>
                  ))}
                </div>
              </RadioGroup.Root>
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}
    </div>
  );
}
