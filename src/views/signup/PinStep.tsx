import { FormattedMessage, useIntl } from 'react-intl';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { NewPinFields } from '../auth/NewPinFields';
import { fieldMessage } from '../messages';
import { introText, SignupFlow, StepFrame } from './shared';

/** Step 2: PIN length, the PIN and its repeat, with the rules shown before she can break them. */
export function PinStep({ focusHeading }: { focusHeading: boolean }) {
  const intl = useIntl();
  const send = useFlowSend(SignupFlow);
  const pinLength = useFlowSelect(SignupFlow, (s) => s.context.pinLength);
  const pin = useFlowSelect(SignupFlow, (s) => s.context.pin);
  const pinConfirm = useFlowSelect(SignupFlow, (s) => s.context.pinConfirm);
  const pinError = useFlowSelect(SignupFlow, (s) => s.context.fieldErrors.pin);
  const confirmError = useFlowSelect(SignupFlow, (s) => s.context.fieldErrors.pinConfirm);
  return (
    <StepFrame step="pin" title={<FormattedMessage id="signup.pin.title" />} focusHeading={focusHeading}>
      <NewPinFields
        length={pinLength}
        pin={pin}
        pinConfirm={pinConfirm}
        pinLabel={intl.formatMessage({ id: 'auth.pin.label' })}
        confirmLabel={intl.formatMessage({ id: 'signup.pin.repeat' })}
        pinError={fieldMessage(intl, pinError)}
        confirmError={fieldMessage(intl, confirmError)}
        testIds={{ pin: 'pin', confirm: 'pin-confirm', visibility: 'pin-visibility' }}
        onLengthChange={(n) => send({ type: 'signup.fieldChanged', field: 'pinLength', value: n })}
        onPinChange={(v) => send({ type: 'signup.fieldChanged', field: 'pin', value: v })}
        onConfirmChange={(v) => send({ type: 'signup.fieldChanged', field: 'pinConfirm', value: v })}
      />
      <p className={introText}>
        <FormattedMessage id="signup.pin.remember" />
      </p>
    </StepFrame>
  );
}
