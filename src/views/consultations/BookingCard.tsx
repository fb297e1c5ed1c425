import { FormattedMessage, useIntl } from 'react-intl';
import { JOIN_OPENS_MINUTES } from '../../../contract/consultation-rules';
import type { Booking } from '../../../contract/consultations';
import { bookingNow, sameBookingNow } from '../../../machines/consultations';
import { css, cx } from '../../../styled-system/css';
import { useLanguage } from '../../app/actors';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { Button } from '../../components/button';
import { LinkButton } from '../../components/link-button';
import { panel } from '../../components/panel';
import { ClockIcon, ReceiptIcon } from '../../theme/icons';
import { formatTime, formatWhen } from '../booking/format';
import { formatDuration, formatMoney } from '../courses/format';
import { ExpertAvatar, MODE_ICONS } from '../experts/parts';
import { ConsultationsFlow } from './flow';
import { RefundWords } from './RefundWords';

/**
 * One booking: who, what, when, what was paid (or is still to pay for a hold) and refunded, and
 * what she can do now (finish paying, join, the PDFs, cancel), as the machine's rules say at its
 * clock's last tick.
 */
export function BookingCard({ booking: b }: { booking: Booking }) {
  const intl = useIntl();
  const send = useFlowSend(ConsultationsFlow);
  const language = useLanguage((s) => s.context.locale);
  const downloading = useFlowSelect(ConsultationsFlow, (s) => s.context.downloading?.id ?? null);
  const { heldLive, showsJoin, joinable, cancellable } = useFlowSelect(
    ConsultationsFlow,
    (s) => bookingNow(b, s.context.now),
    sameBookingNow,
  );
  const ModeIcon = MODE_ICONS[b.mode];
  const kind = intl.formatMessage({
    id: b.offer.kind === 'discovery' ? 'consultations.kind.discovery' : 'consultations.kind.consultation',
  });
  const creditNote = b.cancellation?.creditNote ?? null;
  return (
    <li
      data-testid="consultation"
      data-booking={b.id}
      className={cx(
        panel({ padding: 'md' }),
        css({
          display: 'grid',
          gap: '4',
          gridTemplateColumns: { base: '1fr', md: 'minmax(0, 1fr) auto' },
          alignItems: 'start',
        }),
      )}
    >
      <div className={css({ display: 'flex', gap: '3', minWidth: '0' })}>
        <ExpertAvatar avatar={b.expert.avatar} size="sm" />
        <div className={css({ display: 'grid', gap: '1', minWidth: '0' })}>
          <h3 className={css({ fontWeight: '700' })}>
            {b.expert.name}
            <span className={css({ fontWeight: '400', color: 'fg.muted' })}> · {b.expert.title}</span>
          </h3>
          <p
            className={css({
              display: 'flex',
              flexWrap: 'wrap',
              gap: '2',
              alignItems: 'center',
              textStyle: 'body.sm',
            })}
          >
            <ModeIcon aria-hidden="true" className={css({ boxSize: '4', color: 'accent.fg' })} />
            <span data-testid="consultation-what">
              <FormattedMessage
                id="consultations.what"
                values={{
                  kind,
                  mode: intl.formatMessage({ id: `booking.mode.${b.mode}` }),
                  duration: formatDuration(intl, b.offer.minutes),
                }}
              />
            </span>
          </p>
          <p className={css({ display: 'flex', gap: '2', alignItems: 'center', textStyle: 'body.sm' })}>
            <ClockIcon
              aria-hidden="true"
              className={css({ boxSize: '4', color: 'accent.fg', flexShrink: '0' })}
            />
            <span data-testid="consultation-when">{formatWhen(intl, b.startsAt)}</span>
          </p>
          {b.status === 'held' ? (
            <p className={css({ textStyle: 'body.sm' })} data-testid="consultation-price">
              {/* an unpaid hold: what is still to pay, and until when the time is hers */}
              <span className={css({ fontWeight: '600' })} data-testid="consultation-held">
                <FormattedMessage
                  id={heldLive ? 'consultations.held.until' : 'consultations.held.ended'}
                  values={{ time: formatTime(intl, b.holdExpiresAt ?? b.startsAt) }}
                />
              </span>
              {' · '}
              <span className={css({ color: 'fg.muted', whiteSpace: 'nowrap' })}>
                {b.price.total === 0 ? (
                  <FormattedMessage id="consultations.free" />
                ) : (
                  <FormattedMessage
                    id="consultations.held.toPay"
                    values={{ amount: formatMoney(intl, b.price.total) }}
                  />
                )}
              </span>
            </p>
          ) : (
            <p className={css({ textStyle: 'body.sm', color: 'fg.muted' })} data-testid="consultation-price">
              {b.price.total === 0 ? (
                <FormattedMessage id="consultations.free" />
              ) : (
                <FormattedMessage
                  id="consultations.paid"
                  values={{ amount: formatMoney(intl, b.amountPaid || b.price.total) }}
                />
              )}
            </p>
          )}
          {b.cancellation && (
            <p data-testid="consultation-refund" className={css({ textStyle: 'body.sm', fontWeight: '600' })}>
              <RefundWords
                percent={b.cancellation.refundPercent}
                amount={b.cancellation.refundAmount}
                refunded="consultations.refunded"
                none="consultations.notRefunded"
              />
            </p>
          )}
          {showsJoin && !joinable && (
            <p className={css({ textStyle: 'body.sm', color: 'fg.muted' })}>
              <FormattedMessage id="consultations.join.when" values={{ minutes: JOIN_OPENS_MINUTES }} />
            </p>
          )}
        </div>
      </div>
      <div
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          gap: '2',
          justifyContent: { base: 'flex-start', md: 'flex-end' },
        })}
      >
        {heldLive && (
          <LinkButton
            href={`/experts/${encodeURIComponent(b.expert.id)}`}
            size="sm"
            data-testid="consultation-finish"
          >
            <FormattedMessage
              id={b.price.total === 0 ? 'consultations.held.finishFree' : 'consultations.held.finish'}
            />
          </LinkButton>
        )}
        {showsJoin && (
          <Button
            type="button"
            size="sm"
            disabled={!joinable}
            onClick={() => send({ type: 'consultations.join', bookingId: b.id })}
            data-testid="consultation-join"
          >
            <ModeIcon aria-hidden="true" />
            <FormattedMessage id="consultations.join" />
          </Button>
        )}
        {b.invoice && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            loading={downloading === b.invoice.id}
            aria-label={intl.formatMessage(
              { id: 'consultations.invoice.label' },
              { number: b.invoice.number },
            )}
            onClick={() =>
              b.invoice &&
              send({
                type: 'consultations.download',
                kind: 'invoice',
                id: b.invoice.id,
                number: b.invoice.number,
                language,
              })
            }
            data-testid="consultation-invoice"
          >
            <ReceiptIcon aria-hidden="true" />
            <FormattedMessage
              id="consultations.invoice"
              values={{ number: <bdi dir="ltr">{b.invoice.number}</bdi> }}
            />
          </Button>
        )}
        {creditNote && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            loading={downloading === creditNote.id}
            aria-label={intl.formatMessage(
              { id: 'consultations.creditNote.label' },
              { number: creditNote.number },
            )}
            onClick={() =>
              send({
                type: 'consultations.download',
                kind: 'creditNote',
                id: creditNote.id,
                number: creditNote.number,
                language,
              })
            }
            data-testid="consultation-credit-note"
          >
            <ReceiptIcon aria-hidden="true" />
            <FormattedMessage
              id="consultations.creditNote"
              values={{ number: <bdi dir="ltr">{creditNote.number}</bdi> }}
            />
          </Button>
        )}
        {cancellable && (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            onClick={() => send({ type: 'consultations.cancel', bookingId: b.id })}
            data-testid="consultation-cancel"
          >
            <FormattedMessage id="consultations.cancel" />
          </Button>
        )}
      </div>
    </li>
  );
}
