import { FormattedMessage, useIntl } from 'react-intl';
import { answerField, questionField } from '../../../machines/signup';
import { css } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { QuestionPicker } from '../auth/QuestionPicker';
import { fieldMessage } from '../messages';
import { SignupFlow, StepFrame, useCatalog } from './shared';

/** Step 3: three different questions from the server's list, each with an answer. */
export function SecurityStep({ focusHeading }: { focusHeading: boolean }) {
  const intl = useIntl();
  const send = useFlowSend(SignupFlow);
  const status = useCatalog('questions');
  const questions = useFlowSelect(SignupFlow, (s) => s.context.questions);
  const security = useFlowSelect(SignupFlow, (s) => s.context.security);
  const fieldErrors = useFlowSelect(SignupFlow, (s) => s.context.fieldErrors);
  const groupError = fieldErrors.securityAnswers;
  return (
    <StepFrame
      step="security"
      title={<FormattedMessage id="signup.security.title" />}
      intro={<FormattedMessage id="signup.security.intro" />}
      focusHeading={focusHeading}
      catalog="questions"
    >
      {groupError && (
        <p role="alert" className={css({ color: 'error.fg', fontSize: 'sm', fontWeight: 'medium' })}>
          {fieldMessage(intl, groupError)}
        </p>
      )}
      {status === 'ready' &&
        security.map((entry, index) => (
          <QuestionPicker
            // biome-ignore lint/suspicious/noArrayIndexKey: the three slots are positions
            key={index}
            index={index}
            questions={questions}
            questionId={entry.questionId}
            answer={entry.answer}
            takenElsewhere={security.filter((_, i) => i !== index).map((s) => s.questionId)}
            questionError={fieldMessage(intl, fieldErrors[questionField(index)])}
            answerError={fieldMessage(intl, fieldErrors[answerField(index)])}
            onQuestionChange={(value) =>
              send({ type: 'signup.fieldChanged', field: questionField(index), value })
            }
            onAnswerChange={(value) =>
              send({ type: 'signup.fieldChanged', field: answerField(index), value })
            }
          />
        ))}
    </StepFrame>
  );
}
