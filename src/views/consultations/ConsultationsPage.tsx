import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { isJoinable, JOIN_OPENS_MINUTES } from '../../../contract/consultation-rules';
import type { Booking } from '../../../contract/consultations';
import { consultationsMachine, findBooking } from '../../../machines/consultations';
import type { Locale } from '../../../machines/types';
import { css, cx } from '../../../styled-system/css';
import {
  cancelBookingActor,
  downloadPdfActor,
  joinCallActor,
  loadConsultationsActor,
  quoteCancellationActor,
} from '../../api/consultations';
import { type ScreenOverrides, useScreenOverrides } from '../../app/actors';
import { usePageHeader } from '../../app/layouts/DashboardLayout';
import { notify } from '../../app/notify';
import { useLocaleChange } from '../../app/useLocaleChange';
import { Button } from '../../components/button';
import * as Dialog from '../../components/dialog';
import { EmptyState } from '../../components/empty-state';
import { LinkButton } from '../../components/link-button';
import { LoadingState } from '../../components/loading-state';
import { Notice, RetryButton } from '../../components/notice';
import { panel } from '../../components/panel';
import { Skeleton } from '../../components/skeleton';
import { ClockIcon, InfoIcon, ReceiptIcon, UserIcon } from '../../theme/icons';
import { formatTime, formatWhen } from '../booking/format';
import { formatDuration, formatMoney } from '../courses/format';
import { saveFile } from '../dashboard/invoices/save-file';
import { ExpertAvatar, MODE_ICONS } from '../experts/parts';

type ConsultationsActor = ReturnType<typeof useActorRef<typeof consultationsMachine>>;

function createLogic(overrides: ScreenOverrides['consultations'], intl: { current: IntlShape }) {
  const text = (id: string) => intl.current.formatMessage({ id });
  const real = consultationsMachine.provide({
    actors: {
      loadConsultations: loadConsultationsActor,
      quoteCancellation: quoteCancellationActor,
      cancelBooking: cancelBookingActor,
      joinCall: joinCallActor,
      downloadPdf: downloadPdfActor,
    },
    actions: {
      saveFile: (_, p) => saveFile(p.file, p.fileName),
      notifyDownloadFailed: (_, p) =>
        notify({
          type: 'error',
          title: text('consultations.download.failed'),
          description: text(
            p.error.code === 'NETWORK_ERROR' ? 'consultations.error.network' : 'consultations.download.later',
          ),
        }),
    },
  });
  return overrides ? real.provide(overrides) : real;
}

/** Ticks every 30 s: the Join button opens by itself 10 minutes before the start. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(id);
  }, []);
  return now;
}

const groupTitle = css({ textStyle: 'heading.sm', color: 'fg.default' });

/** Her consultations, /dashboard/consultations (issue 10): upcoming, past, cancelled; join; cancel. */
export default function ConsultationsPage() {
  const intl = useIntl();
  const intlRef = useRef(intl);
  intlRef.current = intl;
  const overrides = useScreenOverrides();
  const [logic] = useState(() => createLogic(overrides.consultations, intlRef));
  const actor = useActorRef(logic, { inspect: overrides.inspect });
  usePageHeader(intl.formatMessage({ id: 'consultations.title' }));

  useLocaleChange(() => actor.send({ type: 'consultations.localeChanged' }));

  const loading = useSelector(actor, (s) => s.hasTag('list:loading'));
  const failed = useSelector(actor, (s) => s.hasTag('list:failed'));
  const error = useSelector(actor, (s) => s.context.error);
  const data = useSelector(actor, (s) => s.context.data);
  const empty = !!data && data.upcoming.length + data.past.length + data.cancelled.length === 0;

  return (
    <div data-testid="consultations-page" className={css({ display: 'grid', gap: '6' })}>
      <div
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          gap: '3',
          justifyContent: 'space-between',
          alignItems: 'center',
        })}
      >
        <p className={css({ color: 'fg.muted', maxWidth: '65ch' })}>
          <FormattedMessage id="consultations.intro" />
        </p>
        <LinkButton href="/experts" variant="outline" size="sm">
          <FormattedMessage id="consultations.bookAnother" />
        </LinkButton>
      </div>
      {loading && !data && (
        <LoadingState
          label={<FormattedMessage id="consultations.loading" />}
          data-testid="consultations-loading"
        >
          <div className={css({ display: 'grid', gap: '3' })}>
            <Skeleton className={css({ height: '32' })} />
            <Skeleton className={css({ height: '32' })} />
          </div>
        </LoadingState>
      )}
      {failed && (
        <Notice
          data-testid="consultations-error"
          title={<FormattedMessage id="consultations.error" />}
          description={
            error?.code === 'NETWORK_ERROR' ? (
              <FormattedMessage id="consultations.error.network" />
            ) : undefined
          }
          actions={
            <RetryButton
              labelId="consultations.retry"
              onClick={() => actor.send({ type: 'consultations.retry' })}
            />
          }
        />
      )}
      {empty && (
        <section data-testid="consultations-empty" className={panel({ padding: 'none' })}>
          <EmptyState
            icon={<UserIcon />}
            title={<FormattedMessage id="consultations.empty.title" />}
            description={<FormattedMessage id="consultations.empty.body" />}
            action={
              <LinkButton href="/experts">
                <FormattedMessage id="consultations.empty.action" />
              </LinkButton>
            }
          />
        </section>
      )}
      {data && !empty && (
        <>
          <Group actor={actor} kind="upcoming" bookings={data.upcoming} />
          <Group actor={actor} kind="past" bookings={data.past} />
          <Group actor={actor} kind="cancelled" bookings={data.cancelled} />
        </>
      )}
      <CancelDialog actor={actor} />
      <CallDialog actor={actor} />
    </div>
  );
}

function Group({
  actor,
  kind,
  bookings,
}: {
  actor: ConsultationsActor;
  kind: 'upcoming' | 'past' | 'cancelled';
  bookings: Booking[];
}) {
  return (
    <section
      aria-labelledby={`consultations-${kind}`}
      data-testid={`consultations-${kind}`}
      className={css({ display: 'grid', gap: '3' })}
    >
      <h2 id={`consultations-${kind}`} className={groupTitle}>
        <FormattedMessage id={`consultations.group.${kind}`} values={{ count: bookings.length }} />
      </h2>
      {bookings.length === 0 ? (
        <p className={css({ color: 'fg.muted', textStyle: 'body.sm' })}>
          <FormattedMessage id={`consultations.group.${kind}.none`} />
        </p>
      ) : (
        <ul className={css({ display: 'grid', gap: '3', listStyle: 'none', p: '0', m: '0' })}>
          {bookings.map((b) => (
            <BookingCard key={b.id} actor={actor} booking={b} />
          ))}
        </ul>
      )}
    </section>
  );
}

function BookingCard({ actor, booking: b }: { actor: ConsultationsActor; booking: Booking }) {
  const intl = useIntl();
  const now = useNow();
  const language = intl.locale.startsWith('ar') ? 'ar' : ('en' as Locale);
  const downloading = useSelector(actor, (s) => s.context.downloading?.id ?? null);
  const ModeIcon = MODE_ICONS[b.mode];
  const joinable =
    b.status === 'confirmed' && isJoinable(new Date(b.startsAt), new Date(b.endsAt), new Date(now));
  const upcoming = (b.status === 'confirmed' || b.status === 'held') && Date.parse(b.endsAt) > now;
  const cancellable = b.cancellable && Date.parse(b.startsAt) > now;
  // a hold is hers until holdExpiresAt (the server drops it from the list after that)
  const heldLive = b.status === 'held' && Date.parse(b.holdExpiresAt ?? '') > now;
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
              {b.cancellation.refundAmount > 0 ? (
                <FormattedMessage
                  id="consultations.refunded"
                  values={{
                    percent: b.cancellation.refundPercent,
                    amount: formatMoney(intl, b.cancellation.refundAmount),
                  }}
                />
              ) : (
                <FormattedMessage id="consultations.notRefunded" />
              )}
            </p>
          )}
          {upcoming && b.status === 'confirmed' && !joinable && (
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
        {upcoming && b.status === 'confirmed' && (
          <Button
            type="button"
            size="sm"
            disabled={!joinable}
            onClick={() => actor.send({ type: 'consultations.join', bookingId: b.id })}
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
              actor.send({
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
              actor.send({
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
        {cancellable && (b.status !== 'held' || heldLive) && (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            onClick={() => actor.send({ type: 'consultations.cancel', bookingId: b.id })}
            data-testid="consultation-cancel"
          >
            <FormattedMessage id="consultations.cancel" />
          </Button>
        )}
      </div>
    </li>
  );
}

/** Cancel: the refund first (100 %, 50 % or nothing, and why), then the cancellation and its credit note. */
function CancelDialog({ actor }: { actor: ConsultationsActor }) {
  const intl = useIntl();
  const open = useSelector(actor, (s) => s.hasTag('dialog:cancel'));
  const busy = useSelector(actor, (s) => s.hasTag('dialog:busy'));
  const quoting = useSelector(actor, (s) => s.matches({ dialog: 'quoting' }));
  const confirming = useSelector(
    actor,
    (s) => s.matches({ dialog: 'confirming' }) || s.matches({ dialog: 'cancelling' }),
  );
  const failed = useSelector(actor, (s) => s.hasTag('dialog:failed'));
  const done = useSelector(actor, (s) => s.hasTag('dialog:done'));
  const quote = useSelector(actor, (s) => s.context.quote);
  const cancellation = useSelector(actor, (s) => s.context.cancellation);
  const booking = useSelector(actor, (s) => findBooking(s.context.data, s.context.bookingId));
  const close = () => actor.send({ type: 'consultations.close' });

  const reason = (percent: number) =>
    percent === 100
      ? 'consultations.cancel.full'
      : percent === 50
        ? 'consultations.cancel.half'
        : 'consultations.cancel.none';

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && !busy && close()} role="alertdialog">
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content data-testid="cancel-dialog">
          <Dialog.Title>
            <FormattedMessage id={done ? 'consultations.cancelled.title' : 'consultations.cancel.title'} />
          </Dialog.Title>
          <Dialog.Description>
            {booking ? (
              <FormattedMessage
                id="consultations.cancel.about"
                values={{ name: booking.expert.name, when: formatWhen(intl, booking.startsAt) }}
              />
            ) : null}
          </Dialog.Description>
          <div className={css({ display: 'grid', gap: '3', my: '4' })} aria-live="polite">
            {quoting && (
              <LoadingState label={<FormattedMessage id="consultations.cancel.quoting" />}>
                <Skeleton className={css({ height: '16' })} />
              </LoadingState>
            )}
            {confirming && quote && (
              <div
                data-testid="cancel-quote"
                className={cx(panel({ tone: 'muted', padding: 'md' }), css({ display: 'grid', gap: '2' }))}
              >
                <p className={css({ fontWeight: '700', textStyle: 'body.lg' })} data-testid="cancel-refund">
                  {quote.amountPaid === 0 ? (
                    <FormattedMessage id="consultations.cancel.nothingPaid" />
                  ) : quote.refundAmount === 0 ? (
                    <FormattedMessage id="consultations.cancel.noRefund" />
                  ) : (
                    <FormattedMessage
                      id="consultations.cancel.refund"
                      values={{ percent: quote.refundPercent, amount: formatMoney(intl, quote.refundAmount) }}
                    />
                  )}
                </p>
                {quote.amountPaid > 0 && (
                  <p className={css({ textStyle: 'body.sm' })}>
                    <FormattedMessage
                      id={reason(quote.refundPercent)}
                      values={{
                        full: formatWhen(intl, quote.fullRefundUntil),
                        half: formatWhen(intl, quote.halfRefundUntil),
                      }}
                    />
                  </p>
                )}
                <p className={css({ textStyle: 'body.sm', color: 'fg.muted' })}>
                  <FormattedMessage id="consultations.cancel.policy" />
                </p>
                {!quote.cancellable && (
                  <Notice
                    status="info"
                    description={<FormattedMessage id="consultations.cancel.notCancellable" />}
                  />
                )}
              </div>
            )}
            {done && cancellation && (
              <div data-testid="cancel-done" className={css({ display: 'grid', gap: '2' })}>
                <p role="status" className={css({ fontWeight: '700' })}>
                  {cancellation.refund.amount > 0 ? (
                    <FormattedMessage
                      id="consultations.cancelled.refund"
                      values={{
                        percent: cancellation.refund.percent,
                        amount: formatMoney(intl, cancellation.refund.amount),
                      }}
                    />
                  ) : (
                    <FormattedMessage id="consultations.cancelled.noRefund" />
                  )}
                </p>
                {cancellation.creditNote && (
                  <p className={css({ textStyle: 'body.sm' })} data-testid="cancel-credit-note">
                    <FormattedMessage
                      id="consultations.cancelled.creditNote"
                      values={{ number: <bdi dir="ltr">{cancellation.creditNote.number}</bdi> }}
                    />
                  </p>
                )}
              </div>
            )}
            {failed && (
              <Notice
                data-testid="cancel-error"
                title={<FormattedMessage id="consultations.cancel.error" />}
                actions={
                  <RetryButton
                    labelId="consultations.retry"
                    onClick={() => actor.send({ type: 'consultations.dialogRetry' })}
                  />
                }
              />
            )}
          </div>
          <Dialog.Footer>
            <Button
              type="button"
              variant="outline"
              disabled={busy}
              onClick={close}
              data-testid="cancel-close"
            >
              <FormattedMessage id={done ? 'consultations.close' : 'consultations.cancel.keep'} />
            </Button>
            {!done && (
              <Button
                type="button"
                variant="solid"
                disabled={!quote?.cancellable || (busy && !confirming)}
                loading={busy && confirming}
                onClick={() => actor.send({ type: 'consultations.confirmCancel' })}
                data-testid="cancel-confirm"
              >
                <FormattedMessage id="consultations.cancel.confirm" />
              </Button>
            )}
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}

/** The call: the Jitsi room in a dialog (camera and microphone allowed for it), or in a new tab. */
function CallDialog({ actor }: { actor: ConsultationsActor }) {
  const intl = useIntl();
  const open = useSelector(actor, (s) => s.hasTag('dialog:join'));
  const busy = useSelector(actor, (s) => s.hasTag('dialog:busy'));
  const failed = useSelector(actor, (s) => s.hasTag('dialog:failed'));
  const error = useSelector(actor, (s) => s.context.dialogError);
  const join = useSelector(actor, (s) => s.context.join);
  const close = () => actor.send({ type: 'consultations.close' });
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && close()}>
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content
          data-testid="call-dialog"
          className={css({ width: { base: 'calc(100vw - 1rem)', md: '4xl' }, maxWidth: '4xl' })}
        >
          <Dialog.Title>
            <FormattedMessage id="consultations.call.title" />
          </Dialog.Title>
          <Dialog.Description>
            <FormattedMessage
              id={join?.mode === 'voice' ? 'consultations.call.voice' : 'consultations.call.video'}
            />
          </Dialog.Description>
          <div className={css({ display: 'grid', gap: '3', my: '4' })}>
            {busy && (
              <LoadingState label={<FormattedMessage id="consultations.call.opening" />}>
                <Skeleton className={css({ height: '64' })} />
              </LoadingState>
            )}
            {failed && (
              <Notice
                data-testid="call-error"
                title={intl.formatMessage({
                  id:
                    error?.code === 'NOT_YET_OPEN'
                      ? 'consultations.call.notYet'
                      : error?.code === 'ENDED'
                        ? 'consultations.call.ended'
                        : 'consultations.call.error',
                })}
                actions={
                  <RetryButton
                    labelId="consultations.retry"
                    onClick={() => actor.send({ type: 'consultations.dialogRetry' })}
                  />
                }
              />
            )}
            {join && (
              <>
                <iframe
                  src={join.url}
                  title={intl.formatMessage({ id: 'consultations.call.frame' })}
                  allow="camera; microphone"
                  data-testid="call-frame"
                  className={css({
                    width: 'full',
                    height: { base: '60vh', md: '70vh' },
                    border: '0',
                    borderRadius: 'lg',
                    bg: 'black',
                  })}
                />
                <p className={css({ display: 'flex', gap: '2', textStyle: 'body.sm', color: 'fg.muted' })}>
                  <InfoIcon
                    aria-hidden="true"
                    className={css({ boxSize: '4', flexShrink: '0', mt: '0.5' })}
                  />
                  <span>
                    <FormattedMessage id="consultations.call.alias" values={{ alias: join.displayName }} />{' '}
                    <a
                      href={join.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      data-testid="call-new-tab"
                      className={css({ color: 'accent.fg', textDecoration: 'underline' })}
                    >
                      <FormattedMessage id="consultations.call.newTab" />
                    </a>
                  </span>
                </p>
              </>
            )}
          </div>
          <Dialog.Footer>
            <Button type="button" variant="outline" onClick={close} data-testid="call-close">
              <FormattedMessage id="consultations.call.leave" />
            </Button>
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}
