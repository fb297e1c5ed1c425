import { FormattedMessage, useIntl } from 'react-intl';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import * as Alert from '../../components/alert';
import { AvatarPicker } from '../auth/AvatarPicker';
import { fieldMessage } from '../messages';
import { SignupFlow, StepFrame, useCatalog } from './shared';

/** Step 5: an illustrated avatar from the server's set, shown instead of a photo. */
export function AvatarStep({ focusHeading }: { focusHeading: boolean }) {
  const intl = useIntl();
  const send = useFlowSend(SignupFlow);
  const status = useCatalog('avatars');
  const avatars = useFlowSelect(SignupFlow, (s) => s.context.avatars);
  const avatarId = useFlowSelect(SignupFlow, (s) => s.context.avatarId);
  const error = useFlowSelect(SignupFlow, (s) => s.context.fieldErrors.avatarId);
  return (
    <StepFrame
      step="avatar"
      title={<FormattedMessage id="signup.avatar.title" />}
      intro={<FormattedMessage id="signup.avatar.intro" />}
      focusHeading={focusHeading}
      catalog="avatars"
    >
      {error && (
        <Alert.Root status="error" role="alert" data-testid="avatar-error">
          <Alert.Icon />
          <Alert.Content>
            <Alert.Description>{fieldMessage(intl, error)}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {status === 'ready' && (
        <AvatarPicker
          avatars={avatars}
          value={avatarId}
          label={<FormattedMessage id="signup.avatar.title" />}
          onChange={(value) => send({ type: 'signup.fieldChanged', field: 'avatarId', value })}
        />
      )}
    </StepFrame>
  );
}
