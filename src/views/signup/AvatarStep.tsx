import { FormattedMessage, useIntl } from 'react-intl';
import { css } from '../../../styled-system/css';
import { srOnly } from '../../../styled-system/recipes';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import * as Alert from '../../components/alert';
import * as RadioCardGroup from '../../components/radio-card-group';
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
        <RadioCardGroup.Root
          value={avatarId || null}
          onValueChange={(e) =>
            send({ type: 'signup.fieldChanged', field: 'avatarId', value: e.value ?? '' })
          }
          size="md"
          data-testid="avatar-grid"
        >
          <RadioCardGroup.Label className={srOnly()}>
            <FormattedMessage id="signup.avatar.title" />
          </RadioCardGroup.Label>
          {avatars.map((a) => (
            <RadioCardGroup.Item key={a.id} value={a.id}>
              <img
                src={a.url}
                alt=""
                width={96}
                height={96}
                loading="lazy"
                className={css({ width: 'full', height: 'auto', aspectRatio: '1', borderRadius: 'md' })}
              />
              <RadioCardGroup.ItemText className={srOnly()}>{a.label}</RadioCardGroup.ItemText>
              <RadioCardGroup.ItemControl />
              <RadioCardGroup.ItemHiddenInput />
            </RadioCardGroup.Item>
          ))}
        </RadioCardGroup.Root>
      )}
    </StepFrame>
  );
}
