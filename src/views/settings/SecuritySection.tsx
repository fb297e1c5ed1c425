import { FormattedMessage } from 'react-intl';
import { useFlowSelect, useFlowSend, useFlowStep } from '../../app/flow';
import { Notice } from '../../components/notice';
import { QuestionPickers } from '../auth/QuestionPicker';
import { AnswersFlow, useAnswersActor } from './actors';
import { CurrentPinField } from './CurrentPinField';
import { SectionForm } from './SectionForm';
import { SectionFrame } from './SectionFrame';
import { SettingsFlow } from './useSettings';

const STEPS = ['editing', 'saving', 'saved', 'failed'] as const;

/** Security questions: her current PIN, three different questions and new answers (sign-up's rules). */
export function SecuritySection() {
  const questionIds = useFlowSelect(SettingsFlow, (s) => s.context.data!.settings.questionIds);
  const actor = useAnswersActor(questionIds);
  return (
    <AnswersFlow.Provider value={actor}>
      <SectionFrame
        name="security"
        title={<FormattedMessage id="settings.security.title" />}
        intro={<FormattedMessage id="settings.security.intro" />}
      >
        <AnswersForm />
      </SectionFrame>
    </AnswersFlow.Provider>
  );
}

function AnswersForm() {
  const send = useFlowSend(AnswersFlow);
  const step = useFlowStep(AnswersFlow, STEPS, 'editing');
  const c = useFlowSelect(AnswersFlow, (s) => s.context);
  const questions = useFlowSelect(SettingsFlow, (s) => s.context.data!.questions);
  const busy = step === 'saving';
  return (
    <SectionForm
      name="answers"
      busy={busy}
      failed={step === 'failed' ? c.error : null}
      done={
        step === 'saved' && (
          <Notice
            status="success"
            data-testid="answers-saved"
            title={<FormattedMessage id="settings.security.saved" />}
          />
        )
      }
      texts={{
        failed: <FormattedMessage id="settings.security.failed" />,
        save: <FormattedMessage id="settings.security.save" />,
      }}
      onSubmit={() => send({ type: 'answers.submitted' })}
    >
      <CurrentPinField
        name="answers-current-pin"
        value={c.fields.currentPin}
        error={c.fieldErrors.currentPin}
        disabled={busy}
        onChange={(value) => send({ type: 'answers.fieldChanged', field: 'currentPin', value })}
      />
      <QuestionPickers
        questions={questions}
        slots={c.fields.answers}
        fieldErrors={c.fieldErrors}
        onQuestionChange={(index, value) =>
          send({ type: 'answers.fieldChanged', field: 'question', index, value })
        }
        onAnswerChange={(index, value) =>
          send({ type: 'answers.fieldChanged', field: 'answer', index, value })
        }
      />
    </SectionForm>
  );
}
