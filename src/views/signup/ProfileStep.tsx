import { FormattedMessage } from 'react-intl';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { ProfileFields } from '../auth/ProfileFields';
import { SignupFlow, StepFrame } from './shared';

/** Step 4: country of residence (named in her language), age range, and the optional rest. */
export function ProfileStep({ focusHeading }: { focusHeading: boolean }) {
  const send = useFlowSend(SignupFlow);
  const c = useFlowSelect(SignupFlow, (s) => s.context);
  return (
    <StepFrame
      step="profile"
      title={<FormattedMessage id="signup.profile.title" />}
      intro={<FormattedMessage id="signup.profile.intro" />}
      focusHeading={focusHeading}
    >
      <ProfileFields
        values={c}
        errors={c.fieldErrors}
        onChange={(field, value) => send({ type: 'signup.fieldChanged', field, value })}
      />
    </StepFrame>
  );
}
