import { FormattedMessage, useIntl } from 'react-intl';
import {
  selectBusy,
  selectChallengeOpen,
  selectEditing,
  selectFieldErrors,
  selectInterrupted,
} from '../../../machines/cardPayment-selectors';
import { selectFree, selectTotal } from '../../../machines/checkout-selectors';
import { css, cx } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { Button } from '../../components/button';
import { useFocusFirstInvalid } from '../../components/focus-field';
import { Notice } from '../../components/notice';
import { panel } from '../../components/panel';
import { LockIcon } from '../../theme/icons';
import { codeErrorMessage } from '../cart/parts';
import { formatMoney } from '../courses/format';
import { TestCards } from './CardFields';
import { CheckoutFlow } from './flow';
import { ChangedNotice, PaymentNotices, type PaymentNoticeWords } from './PaymentNotices';
import { PaymentCardFields, PaymentFlow } from './payment-flow';

const WORDS: PaymentNoticeWords = {
  declinedTitle: 'checkout.declined.title',
  declinedAgain: 'checkout.declined.again',
  failedTitle: 'checkout.failed.title',
  failedBody: 'checkout.failed.body',
  interruptedTitle: 'checkout.interrupted.title',
  interruptedBody: 'checkout.interrupted.body',
  interruptedRetry: 'checkout.interrupted.retry',
  network: 'cart.error.network',
  generic: 'checkout.error.generic',
};

/** The card form (spec §3, Card payment), its notices and the Pay button. */
export function CardForm() {
  const intl = useIntl();
  const send = useFlowSend(PaymentFlow);
  const errors = useFlowSelect(PaymentFlow, selectFieldErrors);
  const busy = useFlowSelect(PaymentFlow, (s) => selectBusy(s) || selectChallengeOpen(s));
  const interrupted = useFlowSelect(PaymentFlow, selectInterrupted);
  const total = useFlowSelect(CheckoutFlow, selectTotal);
  const free = useFlowSelect(CheckoutFlow, selectFree);
  const focus = useFocusFirstInvalid(errors);

  return (
    <section
      aria-labelledby="card-title"
      className={cx(panel({ tone: 'strong', padding: 'lg' }), css({ display: 'grid', gap: '5' }))}
    >
      <h2 id="card-title" className={css({ textStyle: 'heading.sm' })}>
        <FormattedMessage id={free ? 'checkout.free.title' : 'checkout.card.title'} />
      </h2>
      <Notices />
      <form
        ref={focus.ref}
        noValidate
        aria-busy={busy}
        data-testid="checkout-form"
        className={css({ display: 'grid', gap: '5' })}
        onSubmit={(e) => {
          e.preventDefault();
          focus.submitted();
          send({ type: 'cardPayment.submit' });
        }}
      >
        {free ? (
          <p className={css({ color: 'fg.muted' })}>
            <FormattedMessage id="checkout.free.body" />
          </p>
        ) : (
          <PaymentCardFields />
        )}
        {!free && (
          // spec §9: said before she pays, not after
          <p
            data-testid="checkout-non-refundable"
            className={css({ textStyle: 'body.sm', fontWeight: '600' })}
          >
            <FormattedMessage id="checkout.nonRefundable" />
          </p>
        )}
        {!interrupted && (
          <Button type="submit" size="lg" fullWidth loading={busy} data-testid="checkout-pay">
            {!free && <LockIcon />}
            {free ? (
              <FormattedMessage id="checkout.payFree" />
            ) : (
              <FormattedMessage id="checkout.pay" values={{ total: formatMoney(intl, total) }} />
            )}
          </Button>
        )}
        {!free && (
          <p className={css({ textStyle: 'body.sm', color: 'fg.muted' })}>
            <FormattedMessage id="checkout.secure" />
          </p>
        )}
      </form>
      {!free && <TestCards />}
    </section>
  );
}

/** What happened to the last try: a decline and why, a failure, a lost answer, a new price. */
function Notices() {
  const intl = useIntl();
  const editing = useFlowSelect(PaymentFlow, selectEditing);
  const previousTotal = useFlowSelect(CheckoutFlow, (s) => s.context.previousTotal);
  const total = useFlowSelect(CheckoutFlow, selectTotal);
  const couponError = useFlowSelect(CheckoutFlow, (s) => s.context.quote?.couponError ?? null);
  return (
    <>
      <PaymentNotices domain="checkout" words={WORDS} stepErrorTestId="checkout-error" />
      {editing && previousTotal !== null && (
        <ChangedNotice
          data-testid="checkout-price-changed"
          title={<FormattedMessage id="checkout.priceChanged.title" />}
          description={intl.formatMessage(
            { id: 'checkout.priceChanged.body' },
            { old: formatMoney(intl, previousTotal), new: formatMoney(intl, total) },
          )}
        />
      )}
      {couponError && (
        <Notice
          status="info"
          data-testid="checkout-coupon-dropped"
          description={intl.formatMessage(
            { id: 'checkout.couponDropped' },
            { reason: codeErrorMessage(intl, couponError) },
          )}
        />
      )}
    </>
  );
}
