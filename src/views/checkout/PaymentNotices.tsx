import type { ComponentProps } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PAYMENT_REFUSAL_CODES } from '../../../contract/commerce-rules';
import {
  selectDeclined,
  selectError,
  selectFailed,
  selectInterrupted,
  selectStepError,
} from '../../../machines/cardPayment-selectors';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { Button } from '../../components/button';
import { Notice } from '../../components/notice';
import { PaymentFlow } from './payment-flow';

const DECLINE_REASONS = ['card_declined', 'insufficient_funds', 'challenge_failed'];

/** Each screen's own words for the notices (message ids). */
export interface PaymentNoticeWords {
  declinedTitle: string;
  declinedAgain: string;
  failedTitle: string;
  failedBody: string;
  interruptedTitle: string;
  interruptedBody: string;
  interruptedRetry: string;
  /** The step's error: no network, anything else. */
  network: string;
  generic: string;
}

export interface PaymentNoticesProps {
  /** Test ids: `checkout-declined`, `booking-failed`… */
  domain: 'checkout' | 'booking';
  words: PaymentNoticeWords;
  /** The step error's test id. */
  stepErrorTestId: string;
}

/**
 * What happened to the last try, on checkout and on the booking, from the card payment's snapshot:
 * declined and why, a failure, a lost answer (retry sends the same attempt again), the step's error.
 */
export function PaymentNotices({ domain, words, stepErrorTestId }: PaymentNoticesProps) {
  const intl = useIntl();
  const send = useFlowSend(PaymentFlow);
  const error = useFlowSelect(PaymentFlow, selectError);
  const declined = useFlowSelect(PaymentFlow, selectDeclined);
  const failed = useFlowSelect(PaymentFlow, selectFailed);
  const interrupted = useFlowSelect(PaymentFlow, selectInterrupted);
  const stepError = useFlowSelect(PaymentFlow, selectStepError);
  const onRetry = () => send({ type: 'cardPayment.retry' });
  return (
    <>
      {declined && (
        <Notice
          data-testid={`${domain}-declined`}
          title={<FormattedMessage id={words.declinedTitle} />}
          description={
            <>
              {intl.formatMessage({
                id: DECLINE_REASONS.includes(String(error?.reason))
                  ? `checkout.declined.${error?.reason}`
                  : 'checkout.declined.generic',
              })}{' '}
              <FormattedMessage id={words.declinedAgain} />
            </>
          }
        />
      )}
      {failed && (
        <Notice
          data-testid={`${domain}-failed`}
          title={<FormattedMessage id={words.failedTitle} />}
          description={
            <FormattedMessage
              id={
                (PAYMENT_REFUSAL_CODES as readonly string[]).includes(String(error?.code))
                  ? `checkout.refusal.${error?.code}`
                  : words.failedBody
              }
            />
          }
        />
      )}
      {interrupted && (
        <Notice
          data-testid={`${domain}-interrupted`}
          title={<FormattedMessage id={words.interruptedTitle} />}
          description={<FormattedMessage id={words.interruptedBody} />}
          actions={
            <Button type="button" size="sm" onClick={onRetry}>
              <FormattedMessage id={words.interruptedRetry} />
            </Button>
          }
        />
      )}
      {stepError && (
        <Notice
          data-testid={stepErrorTestId}
          title={intl.formatMessage({
            id: stepError.code === 'NETWORK_ERROR' ? words.network : words.generic,
          })}
        />
      )}
    </>
  );
}

/**
 * What changed while she was on the step (the time she chose was taken, the hold ran out, the price
 * moved): not her mistake, so not an error's red, but told at once.
 */
export function ChangedNotice(props: Omit<ComponentProps<typeof Notice>, 'status' | 'role'>) {
  return <Notice status="info" role="alert" {...props} />;
}
