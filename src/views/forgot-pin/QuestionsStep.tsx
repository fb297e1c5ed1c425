import { FormattedMessage, useIntl } from 'react-intl';
import { css } from '../../../styled-system/css';
import { stack } from '../../../styled-system/patterns';
import { useFlowSelect } from '../../app/flow';
import * as Field from '../../components/field';
import { asTyped } from '../auth/AliasField';
import { fieldMessage } from '../messages';
import { OtherWay } from './CodeStep';
import { ForgotPinFlow, Step, StepActions, type StepProps, useStepState } from './parts';

/**
 * Step 2: her three security questions, in the language of the screen (after a switch they load
 * again, answers kept). Empty answers are marked before the server is asked.
 */
export function QuestionsStep({ heading }: StepProps) {
  const intl = useIntl();
  const { send, error, busy } = useStepState();
  const questions = useFlowSelect(ForgotPinFlow, (s) => s.context.questions);
  const answers = useFlowSelect(ForgotPinFlow, (s) => s.context.answers);
  const loading = useFlowSelect(ForgotPinFlow, (s) => s.hasTag('loading'));
  const missing = error?.code === 'ANSWERS_REQUIRED';
  return (
    <Step
      heading={heading}
      title={<FormattedMessage id="forgot.questions.title" />}
      intro={<FormattedMessage id="forgot.questions.intro" />}
      error={error}
      onSubmit={() => send({ type: 'forgotPin.submitAnswers' })}
    >
      <ol className={stack({ gap: '5', listStyle: 'none' })}>
        {questions.map((q, index) => {
          const value = answers[q.id] ?? '';
          return (
            <li key={q.id}>
              <Field.Root invalid={missing && !value.trim()} required>
                <Field.Label className={css({ alignItems: 'baseline', gap: '2' })}>
                  <span
                    aria-hidden
                    className={css({
                      flexShrink: '0',
                      display: 'inline-grid',
                      placeItems: 'center',
                      boxSize: '6',
                      borderRadius: 'full',
                      bg: 'accent.muted',
                      color: 'accent.fg',
                      fontSize: 'sm',
                      fontWeight: 'bold',
                    })}
                  >
                    {intl.formatNumber(index + 1)}
                  </span>
                  <span>{q.text}</span>
                </Field.Label>
                <Field.Input
                  name={`answer-${q.id}`}
                  autoComplete="off"
                  {...asTyped}
                  maxLength={200}
                  readOnly={busy}
                  value={value}
                  onChange={(e) =>
                    send({ type: 'forgotPin.answerChanged', questionId: q.id, value: e.target.value })
                  }
                />
                <Field.ErrorText>{fieldMessage(intl, 'ANSWER_REQUIRED')}</Field.ErrorText>
              </Field.Root>
            </li>
          );
        })}
      </ol>
      <p className={css({ textStyle: 'body.sm', color: 'fg.muted' })}>
        <FormattedMessage id="forgot.questions.hint" />
      </p>
      <StepActions
        primary={<FormattedMessage id="forgot.questions.submit" />}
        busyText={<FormattedMessage id={loading ? 'forgot.loading' : 'forgot.verifying'} />}
      />
      <OtherWay to="code" />
    </Step>
  );
}
