import { FormattedMessage, useIntl } from 'react-intl';
import { selectFree, selectMedical } from '../../../machines/booking-selectors';
import {
  selectBusy,
  selectEditing,
  selectFieldErrors,
  selectInterrupted,
  selectLocked,
} from '../../../machines/cardPayment-selectors';
import { css } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { Button } from '../../components/button';
import { useFocusFirstInvalid } from '../../components/focus-field';
import { TestCards } from '../checkout/CardFields';
import { ChallengeDialog } from '../checkout/ChallengeDialog';
import { PaymentNotices, type PaymentNoticeWords } from '../checkout/PaymentNotices';
import { PaymentCardFields, PaymentFlow } from '../checkout/payment-flow';
import { formatMoney } from '../courses/format';
import { BookingFlow } from './flow';
import { RefundTiers } from './HoldTimer';
import { StepButtons } from './StepButtons';

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

/**
 * The last step: the card (a free discovery call needs none), then Pay. The card, the notices and
 * the bank's dialog are the card payment's (the booking's child `payment`, in PaymentFlow).
 */
export function PayStep() {
  const intl = useIntl();
  const send = useFlowSend(BookingFlow);
  const pay = useFlowSend(PaymentFlow);
  const total = useFlowSelect(BookingFlow, (s) => s.context.booking?.price.total ?? 0);
  const free = useFlowSelect(BookingFlow, selectFree);
  const medical = useFlowSelect(BookingFlow, selectMedical);
  const errors = useFlowSelect(PaymentFlow, selectFieldErrors);
  const busy = useFlowSelect(PaymentFlow, selectBusy);
  const locked = useFlowSelect(PaymentFlow, selectLocked);
  const interrupted = useFlowSelect(PaymentFlow, selectInterrupted);
  const editing = useFlowSelect(PaymentFlow, selectEditing);
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
        pay({ type: 'cardPayment.submit' });
      }}
    >
      <PaymentNotices domain="booking" words={PAY_WORDS} stepErrorTestId="booking-pay-error" />
      {!free && <RefundTiers />}
      {free ? (
        <p className={css({ color: 'fg.muted' })}>
          <FormattedMessage id="booking.pay.freeBody" />
        </p>
      ) : (
        <PaymentCardFields />
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
        busy={busy}
        locked={locked}
        interrupted={interrupted}
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
      <ChallengeDialog />
    </form>
  );
}
