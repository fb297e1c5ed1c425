import { FormattedMessage, useIntl } from 'react-intl';
import { signupEvents } from '../../../machines/signup';
import { NewPinFields } from '../auth/NewPinFields';
import { fieldMessage } from '../messages';
import { introText, StepFrame, useSignup, useSignupSend } from './shared';

/** Step 2: PIN length, the PIN and its repeat, with the rules shown before she can break them. */
export function PinStep({ focusHeading }: { focusHeading: boolean }) {
  const intl = useIntl();
  const send = useSignupSend();
  const pinLength = useSignup((s) => s.context.pinLength);
  const pin = useSignup((s) => s.context.pin);
  const pinConfirm = useSignup((s) => s.context.pinConfirm);
  const pinError = useSignup((s) => s.context.fieldErrors.pin);
  const confirmError = useSignup((s) => s.context.fieldErrors.pinConfirm);
  return (
    <StepFrame
      testId="signup-step-pin"
      title={<FormattedMessage id="signup.pin.title" />}
      focusHeading={focusHeading}
      onBack={() => send(signupEvents.back())}
      onSubmit={() => send(signupEvents.next())}
    >
      <NewPinFields
        length={pinLength}
        pin={pin}
        pinConfirm={pinConfirm}
        pinLabel={intl.formatMessage({ id: 'auth.pin.label' })}
        confirmLabel={intl.formatMessage({ id: 'signup.pin.repeat' })}
        pinError={fieldMessage(intl, pinError)}
        confirmError={fieldMessage(intl, confirmError)}
        testIds={{ pin: 'pin', confirm: 'pin-confirm', visibility: 'pin-visibility' }}
        onLengthChange={(n) => send(signupEvents.fieldChanged('pinLength', n))}
        onPinChange={(v) => send(signupEvents.fieldChanged('pin', v))}
        onConfirmChange={(v) => send(signupEvents.fieldChanged('pinConfirm', v))}
      />
      <p className={introText}>
        <FormattedMessage id="signup.pin.remember" />
      </p>
    </StepFrame>
  );
}
