import { FormattedMessage, useIntl } from 'react-intl';
import { JOIN_OPENS_MINUTES } from '../../../contract/consultation-rules';
import type { ExpertBooking } from '../../../contract/staff-expert';
import { expertRowNow, sameRowNow } from '../../../machines/expertDay';
import { css, cx } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import * as Avatar from '../../components/avatar';
import { Button } from '../../components/button';
import { panel } from '../../components/panel';
import { LockIcon } from '../../theme/icons';
import { formatDuration } from '../courses/format';
import { MODE_ICONS } from '../experts/common';
import { ExpertDayFlow } from './flow';
import { Mark, useZonedTime } from './parts';

/**
 * One consultation: the member's avatar and alias, the offer, voice or video, when (in her zone) and
 * how long, medical, cancelled or no-show; and what she can do now (join, the sealed details of a
 * medical booking, mark the member absent) as the machine's rules say at its clock's last tick.
 */
export function ExpertBookingRow({ booking: b }: { booking: ExpertBooking }) {
  const intl = useIntl();
  const send = useFlowSend(ExpertDayFlow);
  const timeZone = useFlowSelect(ExpertDayFlow, (s) => s.context.data?.timeZone ?? 'UTC');
  const now = useFlowSelect(ExpertDayFlow, (s) => expertRowNow(b, s.context.now), sameRowNow);
  const when = useZonedTime(timeZone);
  const ModeIcon = MODE_ICONS[b.mode];
  return (
    <li
      data-testid="expert-booking"
      data-booking={b.id}
      className={cx(
        panel({ padding: 'md' }),
        css({
          display: 'grid',
          gap: '3',
          gridTemplateColumns: { base: '1fr', md: 'minmax(0, 1fr) auto' },
          alignItems: 'start',
        }),
      )}
    >
      <div className={css({ display: 'flex', gap: '3', minWidth: '0' })}>
        <Avatar.Root size="md">
          <Avatar.Fallback aria-hidden="true">{b.avatar.emoji}</Avatar.Fallback>
          {b.avatar.url && <Avatar.Image src={b.avatar.url} alt="" />}
        </Avatar.Root>
        <div className={css({ display: 'grid', gap: '1', minWidth: '0' })}>
          <h3
            className={css({
              display: 'flex',
              flexWrap: 'wrap',
              gap: '2',
              alignItems: 'center',
              fontWeight: '700',
            })}
          >
            <bdi data-testid="expert-booking-alias">{b.alias}</bdi>
            {b.medical && (
              <Mark tone="accent" testId="expert-booking-medical">
                <FormattedMessage id="staff.expert.row.medical" />
              </Mark>
            )}
            {b.status === 'cancelled' && (
              <Mark tone="muted" testId="expert-booking-cancelled">
                <FormattedMessage id="staff.expert.row.cancelled" />
              </Mark>
            )}
            {b.noShowAt && (
              <Mark tone="muted" testId="expert-booking-no-show">
                <FormattedMessage id="staff.expert.row.noShow" />
              </Mark>
            )}
          </h3>
          <p className={css({ display: 'flex', gap: '2', alignItems: 'center', textStyle: 'body.sm' })}>
            <ModeIcon
              aria-hidden="true"
              className={css({ boxSize: '4', color: 'accent.fg', flexShrink: '0' })}
            />
            <span data-testid="expert-booking-what">
              <FormattedMessage
                id="staff.expert.row.what"
                values={{
                  offer: b.offerTitle,
                  mode: intl.formatMessage({ id: `booking.mode.${b.mode}` }),
                  duration: formatDuration(intl, b.minutes),
                }}
              />
            </span>
          </p>
          <p className={css({ textStyle: 'body.sm' })} data-testid="expert-booking-when">
            <time dateTime={b.startsAt}>{when(b.startsAt)}</time>
          </p>
          {now.showsJoin && !now.joinable && (
            <p className={css({ textStyle: 'body.sm', color: 'fg.muted' })} data-testid="expert-join-when">
              <FormattedMessage id="staff.expert.row.joinOpens" values={{ minutes: JOIN_OPENS_MINUTES }} />
            </p>
          )}
        </div>
      </div>
      <div
        className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', justifyContent: { md: 'flex-end' } })}
      >
        {now.showsJoin && (
          <Button
            type="button"
            size="sm"
            disabled={!now.joinable}
            onClick={() => send({ type: 'expertDay.join', bookingId: b.id })}
            data-testid="expert-join"
          >
            <ModeIcon aria-hidden="true" />
            <FormattedMessage id="staff.expert.row.join" />
          </Button>
        )}
        {b.medical && b.status === 'confirmed' && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => send({ type: 'expertDay.details', bookingId: b.id })}
            data-testid="expert-details"
          >
            <LockIcon aria-hidden="true" />
            <FormattedMessage id="staff.expert.row.details" />
          </Button>
        )}
        {now.noShow && (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            onClick={() => send({ type: 'expertDay.noShow', bookingId: b.id })}
            data-testid="expert-no-show"
          >
            <FormattedMessage id="staff.expert.row.markNoShow" />
          </Button>
        )}
      </div>
    </li>
  );
}
