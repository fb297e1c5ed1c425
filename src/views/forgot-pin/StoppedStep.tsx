import { FormattedMessage, useIntl } from 'react-intl';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { errorMessage, formatWait } from '../messages';
import { ForgotPinFlow, OutcomeAlert, Step, StepActions, type StepProps } from './parts';

/**
 * A stop on the way, with its reason and a way back: too many attempts (the wait counts down each
 * second; when it is over the alias step returns), or a reset that expired. Start again goes back
 * to the alias; Back returns one step; the link leaves for sign-in.
 */
export function StoppedStep({ heading }: StepProps) {
  const intl = useIntl();
  const send = useFlowSend(ForgotPinFlow);
  const locked = useFlowSelect(ForgotPinFlow, (s) => s.hasTag('reason:locked'));
  const error = useFlowSelect(ForgotPinFlow, (s) => s.context.error);
  let reason = intl.formatMessage({ id: 'forgot.expired.body' });
  if (locked) {
    reason =
      error?.code === 'TOO_MANY_ATTEMPTS' || !error
        ? intl.formatMessage({ id: 'forgot.locked.body' }, { wait: formatWait(intl, error?.retryAfter) })
        : errorMessage(intl, error);
  }
  return (
    <Step
      heading={heading}
      title={<FormattedMessage id={locked ? 'forgot.locked.title' : 'forgot.expired.title'} />}
      onSubmit={() => send({ type: 'forgotPin.restart' })}
    >
      <OutcomeAlert>{reason}</OutcomeAlert>
      <StepActions
        primary={<FormattedMessage id="forgot.startAgain" />}
        cancelLabel={<FormattedMessage id="forgot.backToLogin" />}
      />
    </Step>
  );
}
