import { FormattedMessage } from 'react-intl';
import { useFlowSelect } from '../../app/flow';
import { AliasField } from '../auth/AliasField';
import { OtherWay } from './CodeStep';
import { ForgotPinFlow, Step, StepActions, type StepProps, useStepState } from './parts';

/**
 * Step 1: the alias (filled in when she came from sign-in); her questions load from it, or she goes
 * on with her recovery code instead.
 */
export function AliasStep({ heading }: StepProps) {
  const { send, error, busy: loading } = useStepState();
  const alias = useFlowSelect(ForgotPinFlow, (s) => s.context.alias);
  const fieldError = useFlowSelect(ForgotPinFlow, (s) => s.context.fieldErrors.alias);
  return (
    <Step
      heading={heading}
      title={<FormattedMessage id="forgot.alias.title" />}
      intro={<FormattedMessage id="forgot.alias.intro" />}
      error={error}
      onSubmit={() => send({ type: 'forgotPin.submitAlias' })}
    >
      <AliasField
        value={alias}
        error={fieldError}
        invalid={!!fieldError || error?.code === 'USER_NOT_FOUND'}
        readOnly={loading}
        onChange={(value) => send({ type: 'forgotPin.aliasChanged', value })}
      />
      <StepActions
        primary={<FormattedMessage id="forgot.alias.submit" />}
        busyText={<FormattedMessage id="forgot.loading" />}
      />
      <OtherWay to="code" />
    </Step>
  );
}
