import { RadioGroup } from '@ark-ui/react/radio-group';
import { SegmentGroup } from '@ark-ui/react/segment-group';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { HOLD_REFUSAL_CODES } from '../../../contract/consultation-rules';
import type { CallMode } from '../../../contract/experts-constants';
import { isFreeOffer } from '../../../machines/booking';
import { css, cx } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { Button } from '../../components/button';
import { Notice } from '../../components/notice';
import { Skeleton } from '../../components/skeleton';
import * as Tabs from '../../components/tabs';
import { ArrowEndIcon, ClockIcon, InfoIcon } from '../../theme/icons';
import { formatDuration, formatMoney } from '../courses/format';
import { MODE_ICONS } from '../experts/parts';
import { BookingFlow } from './flow';
import {
  dayKey,
  formatDayLong,
  formatDayShort,
  formatDayTime,
  formatTime,
  groupByDay,
  ownTimeZone,
  zoneLabel,
} from './format';

const groupLabel = css({ fontSize: 'sm', fontWeight: '700', color: 'fg.default' });

const offerGrid = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
  gap: '2',
});

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

/** Step 1: the offer, the mode, a day and a time (all in her own zone), then Continue. */
export function SlotPicker({ expertName }: { expertName: string }) {
  const intl = useIntl();
  const send = useFlowSend(BookingFlow);
  const offers = useFlowSelect(BookingFlow, (s) => s.context.offers);
  const offerId = useFlowSelect(BookingFlow, (s) => s.context.offerId);
  const modes = useFlowSelect(BookingFlow, (s) => s.context.modes);
  const mode = useFlowSelect(BookingFlow, (s) => s.context.mode);
  const slots = useFlowSelect(BookingFlow, (s) => s.context.slots);
  const slot = useFlowSelect(BookingFlow, (s) => s.context.slot);
  const loading = useFlowSelect(BookingFlow, (s) => s.hasTag('slots:loading'));
  const failed = useFlowSelect(BookingFlow, (s) => s.hasTag('slots:failed'));
  const busy = useFlowSelect(BookingFlow, (s) => s.hasTag('busy'));
  const isMember = useFlowSelect(BookingFlow, (s) => s.context.isMember);
  const error = useFlowSelect(BookingFlow, (s) => s.context.error);
  const nextSlots = useFlowSelect(BookingFlow, (s) => s.context.nextSlots);
  const free = useFlowSelect(BookingFlow, (s) => isFreeOffer(s.context));

  const currentSlots = slots && slots.offerId === offerId ? slots : null;
  const days = useMemo(() => groupByDay(currentSlots?.slots ?? []), [currentSlots]);
  const selectedDay = slot ? dayKey(slot) : undefined;
  const offer = offers.find((o) => o.id === offerId);
  const taken = error?.code === 'SLOT_TAKEN' || error?.code === 'SLOT_UNAVAILABLE';
  const openNext = currentSlots ? nextSlots.filter((n) => currentSlots.slots.includes(n)) : nextSlots;

  return (
    <div className={css({ display: 'grid', gap: '5' })}>
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

      {taken && (
        <Notice
          status="info"
          role="alert"
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
      )}

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
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => send({ type: 'booking.retry' })}
              >
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
