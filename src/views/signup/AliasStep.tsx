import { FormattedMessage, useIntl } from 'react-intl';
import { signupEvents } from '../../../machines/signup';
import { css } from '../../../styled-system/css';
import * as Alert from '../../components/alert';
import * as Field from '../../components/field';
import { Spinner } from '../../components/spinner';
import { CheckCircleIcon, InfoIcon } from '../../theme/icons';
import { fieldMessage } from '../messages';
import { StepFrame, useSignup, useSignupActor } from './shared';

type AliasStatus =
  | 'idle'
  | 'checking'
  | 'verifying'
  | 'available'
  | 'unavailable'
  | 'checkFailed'
  | 'invalid';

/** Step 1: the alias, checked while she types; never her real name. */
export function AliasStep({ focusHeading }: { focusHeading: boolean }) {
  const intl = useIntl();
  const actor = useSignupActor();
  const alias = useSignup((s) => s.context.alias);
  const error = useSignup((s) => s.context.fieldErrors.alias);
  const status = useSignup((s) => {
    const value = (s.value as { flow: unknown }).flow as { alias?: string | Record<string, unknown> };
    const sub = value.alias;
    return (typeof sub === 'string' ? sub : Object.keys(sub ?? {})[0]) as AliasStatus;
  });
  return (
    <StepFrame
      testId="signup-step-alias"
      title={<FormattedMessage id="signup.alias.title" />}
      focusHeading={focusHeading}
      submitting={status === 'verifying'}
      onSubmit={() => actor.send(signupEvents.next())}
    >
      <Alert.Root status="info">
        <Alert.Icon />
        <Alert.Content>
          <Alert.Description>
            <FormattedMessage id="signup.alias.realNameAdvice" />
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Field.Root invalid={!!error} required>
        <Field.Label>
          <FormattedMessage id="auth.alias.label" />
        </Field.Label>
        <Field.Input
          name="alias"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          dir="auto"
          maxLength={60}
          value={alias}
          onChange={(e) => actor.send(signupEvents.aliasChanged(e.target.value))}
        />
        <Field.HelperText>
          <FormattedMessage id="signup.alias.rules" />
        </Field.HelperText>
        <Field.ErrorText data-testid="alias-error">{fieldMessage(intl, error)}</Field.ErrorText>
      </Field.Root>
      <div aria-live="polite" className={css({ minHeight: '6', fontSize: 'sm' })} data-testid="alias-status">
        {(status === 'checking' || status === 'verifying') && (
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
