import { FormattedMessage } from 'react-intl';
import { css } from '../../../styled-system/css';
import { useFlowSelect } from '../../app/flow';
import { Button } from '../../components/button';
import { InputField } from '../../components/input-field';
import { ForgotPinFlow, Step, StepActions, type StepProps, useStepState } from './parts';

/**
 * Step 2, the other way (issue 25): her one-time recovery code instead of the answers. Typed in any
 * case, with or without hyphens or spaces; one that cannot be a code is marked before the server
 * is asked. "Answer my questions instead" goes back to the questions.
 */
export function CodeStep({ heading }: StepProps) {
  const { send, error, busy } = useStepState();
  const code = useFlowSelect(ForgotPinFlow, (s) => s.context.code);
  const fieldError = useFlowSelect(ForgotPinFlow, (s) => s.context.fieldErrors.code);
  return (
    <Step
      heading={heading}
      title={<FormattedMessage id="forgot.code.title" />}
      intro={<FormattedMessage id="forgot.code.intro" />}
      error={error}
      onSubmit={() => send({ type: 'forgotPin.submitCode' })}
    >
      <InputField
        label={<FormattedMessage id="forgot.code.label" />}
        invalid={!!fieldError || error?.code === 'RECOVERY_CODE_INVALID'}
        helper={<FormattedMessage id="forgot.code.hint" />}
        error={
          fieldError && (
            <FormattedMessage
              id={fieldError === 'RECOVERY_CODE_REQUIRED' ? 'forgot.code.required' : 'forgot.code.format'}
            />
          )
        }
        name="recovery-code"
        dir="ltr"
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        autoCorrect="off"
        maxLength={40}
        readOnly={busy}
        value={code}
        placeholder="XXXX-XXXX-XXXX-XXXX"
        className={css({ fontFamily: 'mono', letterSpacing: '0.08em', textTransform: 'uppercase' })}
        onChange={(e) => send({ type: 'forgotPin.codeChanged', value: e.target.value })}
      />
      <StepActions
        primary={<FormattedMessage id="forgot.code.submit" />}
        busyText={<FormattedMessage id="forgot.code.verifying" />}
      />
      <OtherWay to="answers" />
    </Step>
  );
}

/** The link to the other way of proving it is her: the recovery code, or the questions. */
export function OtherWay({ to }: { to: 'code' | 'answers' }) {
  const { send, busy } = useStepState();
  return (
    <div className={css({ display: 'flex', justifyContent: 'center', mt: '-2' })}>
      <Button
        type="button"
        variant="link"
        size="sm"
        disabled={busy}
        data-testid={to === 'code' ? 'forgot-use-code' : 'forgot-use-answers'}
        onClick={() => send({ type: to === 'code' ? 'forgotPin.useCode' : 'forgotPin.useAnswers' })}
      >
        <FormattedMessage id={to === 'code' ? 'forgot.code.useCode' : 'forgot.code.useAnswers'} />
      </Button>
    </div>
  );
}
