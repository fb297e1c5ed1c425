import { FormattedMessage, useIntl } from 'react-intl';
import { useFlowSelect } from '../../app/flow';
import { NewPinFields } from '../auth/NewPinFields';
import { fieldMessage } from '../messages';
import { ForgotPinFlow, Step, StepActions, StepError, type StepProps, useStepState } from './parts';

/** Step 3: the new PIN, in boxes of the length she chooses, and its confirmation. */
export function PinStep({ heading }: StepProps) {
  const intl = useIntl();
  const { send, error, busy } = useStepState();
  const pinLength = useFlowSelect(ForgotPinFlow, (s) => s.context.pinLength);
  const pin = useFlowSelect(ForgotPinFlow, (s) => s.context.pin);
  const pinConfirm = useFlowSelect(ForgotPinFlow, (s) => s.context.pinConfirm);
  const fieldErrors = useFlowSelect(ForgotPinFlow, (s) => s.context.fieldErrors);
  const viaCode = useFlowSelect(ForgotPinFlow, (s) => s.context.via === 'code');
  // a server field code for something other than the two PINs has no place on screen: say it generally
  const otherField = Object.entries(fieldErrors).some(([k, v]) => v && k !== 'pin' && k !== 'pinConfirm');
  return (
    <Step
      heading={heading}
      title={<FormattedMessage id="forgot.newPin.title" />}
      intro={<FormattedMessage id={viaCode ? 'forgot.newPin.introCode' : 'forgot.newPin.intro'} />}
      error={error}
      onSubmit={() => send({ type: 'forgotPin.submitPin' })}
    >
      {otherField && !error && <StepError error={{ code: 'GENERIC' }} />}
      <NewPinFields
        length={pinLength}
        pin={pin}
        pinConfirm={pinConfirm}
        pinLabel={intl.formatMessage({ id: 'forgot.newPin.label' })}
        confirmLabel={intl.formatMessage({ id: 'forgot.newPin.confirm' })}
        pinError={fieldMessage(intl, fieldErrors.pin)}
        confirmError={fieldMessage(intl, fieldErrors.pinConfirm)}
        testIds={{ pin: 'new-pin', confirm: 'new-pin-confirm', visibility: 'toggle-pin-visibility' }}
        disabled={busy}
        onLengthChange={(length) => send({ type: 'forgotPin.pinLengthChanged', length })}
        onPinChange={(value) => send({ type: 'forgotPin.pinChanged', value })}
        onConfirmChange={(value) => send({ type: 'forgotPin.pinConfirmChanged', value })}
      />
      <StepActions
        primary={<FormattedMessage id="forgot.newPin.submit" />}
        busyText={<FormattedMessage id="forgot.resetting" />}
      />
    </Step>
  );
}
