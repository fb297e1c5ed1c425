import { FormattedMessage } from 'react-intl';
import { answerField, questionField } from '../../../machines/signup';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { QuestionPickers } from '../auth/QuestionPicker';
import { SignupFlow, StepFrame, useCatalog } from './shared';

/** Step 3: three different questions from the server's list, each with an answer. */
export function SecurityStep({ focusHeading }: { focusHeading: boolean }) {
  const send = useFlowSend(SignupFlow);
  const questions = useFlowSelect(SignupFlow, (s) => s.context.questions);
  const ready = useCatalog('questions') === 'ready';
  const security = useFlowSelect(SignupFlow, (s) => s.context.security);
  const fieldErrors = useFlowSelect(SignupFlow, (s) => s.context.fieldErrors);
  return (
    <StepFrame
      step="security"
      catalog="questions"
      focusHeading={focusHeading}
      title={<FormattedMessage id="signup.security.title" />}
      intro={<FormattedMessage id="signup.security.intro" />}
    >
      <QuestionPickers
        questions={questions}
        slots={ready ? security : []}
        fieldErrors={fieldErrors}
        onQuestionChange={(index, value) =>
          send({ type: 'signup.fieldChanged', field: questionField(index), value })
        }
        onAnswerChange={(index, value) =>
          send({ type: 'signup.fieldChanged', field: answerField(index), value })
        }
      />
    </StepFrame>
  );
}
