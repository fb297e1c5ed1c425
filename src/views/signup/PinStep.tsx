import { FormattedMessage, useIntl } from 'react-intl';
import { signupEvents } from '../../../machines/signup';
import { NewPinFields } from '../auth/NewPinFields';
import { fieldMessage } from '../messages';
import { introText, StepFrame, useSignup, useSignupActor } from './shared';

/** Step 2: PIN length, the PIN and its repeat, with the rules shown before she can break them. */
export function PinStep({ focusHeading }: { focusHeading: boolean }) {
  const intl = useIntl();
  const actor = useSignupActor();
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
      onBack={() => actor.send(signupEvents.back())}
      onSubmit={() => actor.send(signupEvents.next())}
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
        onLengthChange={(n) => actor.send(signupEvents.pinLengthChanged(n))}
        onPinChange={(v) => actor.send(signupEvents.pinChanged(v))}
        onConfirmChange={(v) => actor.send(signupEvents.pinConfirmChanged(v))}
      />
      <p className={introText}>
        <FormattedMessage id="signup.pin.remember" />
      </p>
    </StepFrame>
  );
}
