import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { refundDeadlines } from '../../../contract/consultation-rules';
import type { Booking } from '../../../contract/consultations';
import { isFreeOffer } from '../../../machines/booking';
import { css, cx } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { Button } from '../../components/button';
import { useFocusFirstInvalid } from '../../components/focus-field';
import { LinkButton } from '../../components/link-button';
import { Notice } from '../../components/notice';
import { panel } from '../../components/panel';
import { CheckCircleIcon, ClockIcon, LockIcon } from '../../theme/icons';
import { CardFields, RequiredTextField, TestCards } from '../checkout/CardFields';
import { BankChallengeDialog, useBankChallenge } from '../checkout/ChallengeDialog';
import { PaymentNotices, type PaymentNoticeWords } from '../checkout/PaymentNotices';
import { formatDuration, formatMoney } from '../courses/format';
import { BookingFlow } from './flow';
import { formatCountdown, formatDeadline, formatWhen } from './format';

const PAY_WORDS: PaymentNoticeWords = {
  declinedTitle: 'booking.declined.title',
  declinedAgain: 'booking.declined.again',
  failedTitle: 'booking.failed.title',
  failedBody: 'booking.failed.body',
  interruptedTitle: 'booking.interrupted.title',
  interruptedBody: 'booking.interrupted.body',
  interruptedRetry: 'booking.interrupted.retry',
  network: 'booking.error.network',
  generic: 'booking.error.generic',
};

/** Ticks every second while mounted (the hold's countdown). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return now;
}

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

/** The hold's countdown: how long the time stays hers, and what happens when it runs out. */
export function HoldTimer({ expiresAt }: { expiresAt: string }) {
  const now = useNow();
  const left = Date.parse(expiresAt) - now;
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

/** Step 2 (a medical consultation only): first and last name and date of birth, and why. */
export function DetailsStep() {
  const intl = useIntl();
  const send = useFlowSend(BookingFlow);
  const details = useFlowSelect(BookingFlow, (s) => s.context.details);
  const errors = useFlowSelect(BookingFlow, (s) => s.context.detailErrors);
  const resumed = useFlowSelect(BookingFlow, (s) => s.context.attempt !== null);
  const today = useFlowSelect(BookingFlow, (s) => s.context.today);
  const focus = useFocusFirstInvalid(errors);
  // the field's own words when it has them (what to enter there), else the code's
  const message = (field: keyof typeof errors) => {
    const code = errors[field];
    if (!code) return undefined;
    const own = `booking.details.error.${field}.${code}`;
    return intl.formatMessage({ id: intl.messages[own] ? own : `booking.details.error.${code}` });
  };
  return (
    <form
      ref={focus.ref}
      noValidate
      data-testid="booking-details"
      className={css({ display: 'grid', gap: '4' })}
      onSubmit={(e) => {
        e.preventDefault();
        focus.submitted();
        send({ type: 'booking.submitDetails' });
      }}
    >
      <div className={cx(panel({ tone: 'muted', padding: 'md' }), css({ display: 'flex', gap: '3' }))}>
        <LockIcon aria-hidden="true" className={css({ boxSize: '5', flexShrink: '0', color: 'accent.fg' })} />
        <div className={css({ display: 'grid', gap: '1', textStyle: 'body.sm' })}>
          <p className={css({ fontWeight: '700' })}>
            <FormattedMessage id="booking.details.why.title" />
          </p>
          <p>
            <FormattedMessage id="booking.details.why.body" />
          </p>
        </div>
      </div>
      {resumed && <Notice status="info" description={<FormattedMessage id="booking.details.resumed" />} />}
      <div
        className={css({
          display: 'grid',
          gap: '4',
          gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
        })}
      >
        <RequiredTextField
          label={<FormattedMessage id="booking.details.firstName" />}
          error={message('firstName')}
          name="firstName"
          autoComplete="given-name"
          maxLength={80}
          value={details.firstName}
          onChange={(e) => send({ type: 'booking.detailChanged', field: 'firstName', value: e.target.value })}
          data-testid="booking-first-name"
        />
        <RequiredTextField
          label={<FormattedMessage id="booking.details.lastName" />}
          error={message('lastName')}
          name="lastName"
          autoComplete="family-name"
          maxLength={80}
          value={details.lastName}
          onChange={(e) => send({ type: 'booking.detailChanged', field: 'lastName', value: e.target.value })}
          data-testid="booking-last-name"
        />
        <RequiredTextField
          label={<FormattedMessage id="booking.details.dateOfBirth" />}
          // the 18+ rule said once: the hint, or in its place the problem
          hint={errors.dateOfBirth ? undefined : <FormattedMessage id="booking.details.dateOfBirthHint" />}
          error={message('dateOfBirth')}
          type="date"
          name="dateOfBirth"
          autoComplete="bday"
          max={today}
          value={details.dateOfBirth}
          onChange={(e) =>
            send({ type: 'booking.detailChanged', field: 'dateOfBirth', value: e.target.value })
          }
          data-testid="booking-dob"
        />
      </div>
      <StepButtons submitId="booking.details.next" />
    </form>
  );
}

/** Back (gives the time up) and the step's main action. */
function StepButtons({ submitId, submitLabel }: { submitId?: string; submitLabel?: string }) {
  const send = useFlowSend(BookingFlow);
  const busy = useFlowSelect(BookingFlow, (s) => s.hasTag('busy'));
  const locked = useFlowSelect(
    BookingFlow,
    (s) => s.hasTag('busy') || s.hasTag('challenge') || s.hasTag('interrupted'),
  );
  const interrupted = useFlowSelect(BookingFlow, (s) => s.hasTag('interrupted'));
  const held = useFlowSelect(BookingFlow, (s) => s.hasTag('held'));
  return (
    <div
      className={css({
        display: 'flex',
        flexDirection: { base: 'column-reverse', sm: 'row' },
        justifyContent: 'space-between',
        gap: '3',
      })}
    >
      <Button
        type="button"
        variant="ghost"
        disabled={!held || locked}
        onClick={() => send({ type: 'booking.release' })}
        data-testid="booking-release"
      >
        <FormattedMessage id="booking.release" />
      </Button>
      {!interrupted && (
        <Button type="submit" loading={busy} disabled={locked && !busy} data-testid="booking-submit">
          {submitLabel ?? (submitId ? <FormattedMessage id={submitId} /> : null)}
        </Button>
      )}
    </div>
  );
}

/** Step 3: the card (a free discovery call needs none), then Pay. */
export function PayStep() {
  const intl = useIntl();
  const send = useFlowSend(BookingFlow);
  const booking = useFlowSelect(BookingFlow, (s) => s.context.booking);
  const card = useFlowSelect(BookingFlow, (s) => s.context.card);
  const errors = useFlowSelect(BookingFlow, (s) => s.context.fieldErrors);
  const locked = useFlowSelect(
    BookingFlow,
    (s) => s.hasTag('busy') || s.hasTag('challenge') || s.hasTag('interrupted'),
  );
  const free = useFlowSelect(BookingFlow, (s) => isFreeOffer(s.context));
  const medical = useFlowSelect(BookingFlow, (s) => !!s.context.booking?.medical);
  const editing = useFlowSelect(BookingFlow, (s) => s.matches({ held: 'payment' }));
  const total = booking?.price.total ?? 0;
  const focus = useFocusFirstInvalid(errors);
  return (
    <form
      ref={focus.ref}
      noValidate
      data-testid="booking-pay"
      aria-busy={locked}
      className={css({ display: 'grid', gap: '4' })}
      onSubmit={(e) => {
        e.preventDefault();
        focus.submitted();
        send({ type: 'booking.submit' });
      }}
    >
      <PayNotices />
      {!free && booking && <RefundTiers startsAt={booking.startsAt} />}
      {free ? (
        <p className={css({ color: 'fg.muted' })}>
          <FormattedMessage id="booking.pay.freeBody" />
        </p>
      ) : (
        <CardFields
          card={card}
          errors={errors}
          disabled={locked}
          onChange={(field, value) => send({ type: 'booking.fieldChanged', field, value })}
        />
      )}
      {medical && editing && (
        <div>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => send({ type: 'booking.editDetails' })}
          >
            <FormattedMessage id="booking.pay.editDetails" />
          </Button>
        </div>
      )}
      <StepButtons
        submitLabel={
          free
            ? intl.formatMessage({ id: 'booking.pay.confirmFree' })
            : intl.formatMessage({ id: 'booking.pay.pay' }, { total: formatMoney(intl, total) })
        }
      />
      {!free && (
        <p className={css({ textStyle: 'body.sm', color: 'fg.muted' })}>
          <FormattedMessage id="checkout.secure" />
        </p>
      )}
      {!free && <TestCards />}
      <BookingChallenge />
    </form>
  );
}

/**
 * The refund rules before she pays (spec §9), with their real moments in her zone: a full refund
 * until 48 hours before the start, half until 24 hours before, nothing after (tiers already past
 * are not offered).
 */
export function RefundTiers({ startsAt }: { startsAt: string }) {
  const intl = useIntl();
  const now = useNow();
  const { fullUntil, halfUntil } = refundDeadlines(new Date(startsAt));
  const id =
    now <= fullUntil.getTime()
      ? 'booking.refund.full'
      : now <= halfUntil.getTime()
        ? 'booking.refund.half'
        : 'booking.refund.none';
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
          id={id}
          values={{ full: formatDeadline(intl, fullUntil), half: formatDeadline(intl, halfUntil) }}
        />
      </p>
    </div>
  );
}

/** What happened to the last try: declined and why, a failure, a lost answer. */
function PayNotices() {
  const send = useFlowSend(BookingFlow);
  const error = useFlowSelect(BookingFlow, (s) => s.context.error);
  const declined = useFlowSelect(BookingFlow, (s) => s.hasTag('declined'));
  const failed = useFlowSelect(BookingFlow, (s) => s.hasTag('failed'));
  const interrupted = useFlowSelect(BookingFlow, (s) => s.hasTag('interrupted'));
  const editing = useFlowSelect(BookingFlow, (s) => s.matches({ held: 'payment' }));
  return (
    <PaymentNotices
      domain="booking"
      words={PAY_WORDS}
      error={error}
      declined={declined}
      failed={failed}
      interrupted={interrupted}
      stepError={editing ? error : null}
      stepErrorTestId="booking-pay-error"
      onRetry={() => send({ type: 'booking.retry' })}
    />
  );
}

function BookingChallenge() {
  const send = useFlowSend(BookingFlow);
  return (
    <BankChallengeDialog
      {...useBankChallenge(BookingFlow, 'challenge')}
      onApprove={() => send({ type: 'booking.approve' })}
      onDeny={() => send({ type: 'booking.deny' })}
    />
  );
}

/** Booked: when, the invoice, where to find it and how to join. */
export function ConfirmedStep() {
  const intl = useIntl();
  const send = useFlowSend(BookingFlow);
  const booking = useFlowSelect(BookingFlow, (s) => s.context.booking);
  const invoice = useFlowSelect(BookingFlow, (s) => s.context.result?.invoice ?? null);
  if (!booking) return null;
  return (
    <div data-testid="booking-confirmed" className={css({ display: 'grid', gap: '4' })}>
      <div className={css({ display: 'flex', gap: '3', alignItems: 'flex-start' })}>
        <CheckCircleIcon
          aria-hidden="true"
          className={css({ boxSize: '8', color: 'success.fg', flexShrink: '0' })}
        />
        <div className={css({ display: 'grid', gap: '1' })}>
          <p role="status" className={css({ fontWeight: '700', textStyle: 'body.lg' })}>
            <FormattedMessage id="booking.confirmed.title" />
          </p>
          <p className={css({ color: 'fg.muted' })}>
            <FormattedMessage
              id="booking.confirmed.body"
              values={{ when: formatWhen(intl, booking.startsAt) }}
            />
          </p>
        </div>
      </div>
      <BookingSummary booking={booking} />
      {invoice && (
        <p data-testid="booking-invoice">
          <FormattedMessage
            id="booking.confirmed.invoice"
            values={{ number: <bdi dir="ltr">{invoice.number}</bdi> }}
          />
        </p>
      )}
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
        <LinkButton href="/dashboard/consultations" data-testid="booking-my-consultations">
          <FormattedMessage id="booking.confirmed.mine" />
        </LinkButton>
        <Button type="button" variant="outline" onClick={() => send({ type: 'booking.restart' })}>
          <FormattedMessage id="booking.confirmed.another" />
        </Button>
      </div>
    </div>
  );
}

/** The hold ran out: the time was released, nothing was charged; choose again. */
export function ExpiredStep() {
  const send = useFlowSend(BookingFlow);
  return (
    <Notice
      status="info"
      role="alert"
      data-testid="booking-expired"
      title={<FormattedMessage id="booking.expired.title" />}
      description={<FormattedMessage id="booking.expired.body" />}
      actions={
        <Button type="button" size="sm" onClick={() => send({ type: 'booking.restart' })}>
          <FormattedMessage id="booking.expired.again" />
        </Button>
      }
    />
  );
}
