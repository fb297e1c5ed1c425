import { FormattedMessage } from 'react-intl';
import { aliasStatus } from '../../../machines/signup';
import { css } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import * as Alert from '../../components/alert';
import { Spinner } from '../../components/spinner';
import { CheckCircleIcon, InfoIcon } from '../../theme/icons';
import { AliasField } from '../auth/AliasField';
import { SignupFlow, StepFrame } from './shared';

/** Step 1: the alias, checked while she types; never her real name. */
export function AliasStep({ focusHeading }: { focusHeading: boolean }) {
  const send = useFlowSend(SignupFlow);
  const alias = useFlowSelect(SignupFlow, (s) => s.context.alias);
  const error = useFlowSelect(SignupFlow, (s) => s.context.fieldErrors.alias);
  // what the live check says, and whether Continue is verifying it: the machine's tags
  const status = useFlowSelect(SignupFlow, aliasStatus);
  const busy = useFlowSelect(SignupFlow, (s) => s.hasTag('busy'));
  return (
    <StepFrame
      step="alias"
      title={<FormattedMessage id="signup.alias.title" />}
      focusHeading={focusHeading}
      submitting={busy}
    >
      <Alert.Root status="info">
        <Alert.Icon />
        <Alert.Content>
          <Alert.Description>
            <FormattedMessage id="signup.alias.realNameAdvice" />
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <AliasField
        value={alias}
        onChange={(value) => send({ type: 'signup.fieldChanged', field: 'alias', value })}
        error={error}
        helper={<FormattedMessage id="signup.alias.rules" />}
        errorTestId="alias-error"
      />
      <div aria-live="polite" className={css({ minHeight: '6', fontSize: 'sm' })} data-testid="alias-status">
        {status === 'checking' && (
          <span
            className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', color: 'fg.muted' })}
          >
            <Spinner size="sm" />
            <FormattedMessage id="signup.alias.checking" />
          </span>
        )}
        {status === 'available' && (
          <span
            className={css({
              display: 'inline-flex',
              alignItems: 'center',
              gap: '2',
              color: 'success.fg',
              fontWeight: 'medium',
            })}
          >
            <CheckCircleIcon />
            <FormattedMessage id="signup.alias.available" values={{ alias: <bdi>{alias.trim()}</bdi> }} />
          </span>
        )}
        {status === 'checkFailed' && (
          <span className={css({ display: 'inline-flex', alignItems: 'start', gap: '2', color: 'fg.muted' })}>
            <InfoIcon className={css({ flexShrink: '0', mt: '0.5' })} />
            <FormattedMessage id="signup.alias.checkFailed" />
          </span>
        )}
      </div>
    </StepFrame>
  );
}
