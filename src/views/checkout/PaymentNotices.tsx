import { FormattedMessage, useIntl } from 'react-intl';
import { PAYMENT_REFUSAL_CODES } from '../../../contract/commerce-rules';
import type { PaymentError } from '../../../machines/payment-rules';
import { Button } from '../../components/button';
import { Notice } from '../../components/notice';

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
  error: PaymentError | null;
  declined: boolean;
  failed: boolean;
  interrupted: boolean;
  /** The error of the step she is on (a card that did not go through, no network), or null. */
  stepError: PaymentError | null;
  /** The step error's test id. */
  stepErrorTestId: string;
  /** Sends the same attempt again after a lost answer. */
  onRetry: () => void;
}

/** What happened to the last try, on checkout and on the booking: declined and why, a failure, a lost answer. */
export function PaymentNotices({
  domain,
  error,
  declined,
  failed,
  interrupted,
  words,
  stepError,
  stepErrorTestId,
  onRetry,
}: PaymentNoticesProps) {
  const intl = useIntl();
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
