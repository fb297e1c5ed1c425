import { FormattedMessage, useIntl } from 'react-intl';
import {
  selectAsking,
  selectChallenge,
  selectChallengeFailed,
  selectChallengeOpen,
  selectDeciding,
} from '../../../machines/cardPayment-selectors';
import type { ChallengeDecision, ChallengeView } from '../../../machines/payment-rules';
import { css } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { Button } from '../../components/button';
import * as Dialog from '../../components/dialog';
import { Notice } from '../../components/notice';
import { LockIcon } from '../../theme/icons';
import { formatMoney } from '../courses/format';
import { PaymentFlow } from './payment-flow';

const BRANDS = ['visa', 'mastercard', 'amex', 'discover'];

/**
 * The sandbox bank's "confirm with your bank" screen (a 3-D Secure-style challenge), on checkout
 * and on the booking alike: the amount, the card, Approve or Deny, from the card payment's
 * snapshot. It asks until she answers: no outside click or Escape closes it.
 */
export function ChallengeDialog() {
  const send = useFlowSend(PaymentFlow);
  return (
    <BankChallengeDialog
      open={useFlowSelect(PaymentFlow, selectChallengeOpen)}
      asking={useFlowSelect(PaymentFlow, selectAsking)}
      deciding={useFlowSelect(PaymentFlow, selectDeciding)}
      challenge={useFlowSelect(PaymentFlow, selectChallenge)}
      failed={useFlowSelect(PaymentFlow, selectChallengeFailed)}
      onApprove={() => send({ type: 'cardPayment.approve' })}
      onDeny={() => send({ type: 'cardPayment.deny' })}
    />
  );
}

interface BankChallengeProps {
  open: boolean;
  /** The bank waits for her answer. */
  asking: boolean;
  /** The answer on its way, or null. */
  deciding: ChallengeDecision | null;
  challenge: ChallengeView | null;
  /** Her last answer did not reach the bank. */
  failed: boolean;
  onApprove: () => void;
  onDeny: () => void;
}

function BankChallengeDialog({
  open,
  asking,
  deciding,
  challenge,
  failed,
  onApprove,
  onDeny,
}: BankChallengeProps) {
  const intl = useIntl();
  const brand = challenge?.brand?.toLowerCase() ?? '';
  const brandName = BRANDS.includes(brand)
    ? intl.formatMessage({ id: `checkout.card.brand.${brand}` })
    : (challenge?.brand ?? '');

  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      closeOnEscape={false}
      closeOnInteractOutside={false}
      onOpenChange={() => {}}
    >
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content data-testid="challenge-dialog">
          <p
            className={css({
              display: 'flex',
              alignItems: 'center',
              gap: '2',
              textStyle: 'label',
              color: 'fg.muted',
              '& svg': { width: '4', height: '4' },
            })}
          >
            <LockIcon aria-hidden="true" />
            <FormattedMessage id="checkout.challenge.bank" />
          </p>
          <Dialog.Title>
            <FormattedMessage id="checkout.challenge.title" />
          </Dialog.Title>
          <Dialog.Description>
            <FormattedMessage id="checkout.challenge.body" />
          </Dialog.Description>
          {challenge && (
            <dl
              className={css({
                display: 'grid',
                gap: '2',
                my: '4',
                p: '4',
                borderRadius: 'lg',
                bg: 'bg.subtle',
                '& div': { display: 'flex', justifyContent: 'space-between', gap: '4' },
                '& dt': { color: 'fg.muted' },
                '& dd': { fontWeight: '700', fontVariantNumeric: 'tabular-nums' },
              })}
            >
              <div>
                <dt>
                  <FormattedMessage id="checkout.challenge.amount" />
                </dt>
                <dd data-testid="challenge-amount">{formatMoney(intl, challenge.amount)}</dd>
              </div>
              {challenge.last4 && (
                <div>
                  <dt>
                    <FormattedMessage id="checkout.challenge.card" />
                  </dt>
                  <dd data-testid="challenge-card">
                    <bdi dir="ltr">
                      {brandName} •••• {challenge.last4}
                    </bdi>
                  </dd>
                </div>
              )}
            </dl>
          )}
          {failed && <Notice description={<FormattedMessage id="checkout.challenge.error" />} />}
          <Dialog.Footer>
            <Button
              type="button"
              variant="outline"
              disabled={!asking && deciding !== 'deny'}
              loading={deciding === 'deny'}
              onClick={onDeny}
            >
              <FormattedMessage id="checkout.challenge.deny" />
            </Button>
            <Button
              type="button"
              disabled={!asking && deciding !== 'approve'}
              loading={deciding === 'approve'}
              onClick={onApprove}
            >
              <FormattedMessage id="checkout.challenge.approve" />
            </Button>
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}
