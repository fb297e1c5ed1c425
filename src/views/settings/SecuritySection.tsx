import { FormattedMessage, useIntl } from 'react-intl';
import { answerField, questionField } from '../../../machines/securityAnswers';
import { css } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend, useFlowStep } from '../../app/flow';
import { Button } from '../../components/button';
import { Notice } from '../../components/notice';
import { QuestionPicker } from '../auth/QuestionPicker';
import { errorMessage, fieldMessage } from '../messages';
import { AnswersFlow, useAnswersActor } from './actors';
import { CurrentPinField } from './CurrentPinField';
import { actionsRow, formColumn, SectionFrame } from './SectionFrame';
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
  const intl = useIntl();
  const send = useFlowSend(AnswersFlow);
  const step = useFlowStep(AnswersFlow, STEPS, 'editing');
  const c = useFlowSelect(AnswersFlow, (s) => s.context);
  const questions = useFlowSelect(SettingsFlow, (s) => s.context.data!.questions);
  const busy = step === 'saving';
  const groupError = c.fieldErrors.securityAnswers;
  return (
    <form
      noValidate
      className={formColumn}
      aria-busy={busy}
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'answers.submitted' });
      }}
    >
      <CurrentPinField
        name="answers-current-pin"
        value={c.fields.currentPin}
        error={c.fieldErrors.currentPin}
        disabled={busy}
        onChange={(value) => send({ type: 'answers.fieldChanged', field: 'currentPin', value })}
      />
      {groupError && (
        <p role="alert" className={css({ color: 'error.fg', fontSize: 'sm', fontWeight: 'medium' })}>
          {fieldMessage(intl, groupError)}
        </p>
      )}
      {c.fields.answers.map((entry, index) => (
        <QuestionPicker
          // biome-ignore lint/suspicious/noArrayIndexKey: the three slots are positions
          key={index}
          index={index}
          questions={questions}
          questionId={entry.questionId}
          answer={entry.answer}
          takenElsewhere={c.fields.answers.filter((_, i) => i !== index).map((s) => s.questionId)}
          questionError={fieldMessage(intl, c.fieldErrors[questionField(index)])}
          answerError={fieldMessage(intl, c.fieldErrors[answerField(index)])}
          onQuestionChange={(value) =>
            send({ type: 'answers.fieldChanged', field: 'question', index, value })
          }
          onAnswerChange={(value) => send({ type: 'answers.fieldChanged', field: 'answer', index, value })}
        />
      ))}
      {step === 'failed' && c.error && (
        <Notice
          data-testid="answers-error"
          title={<FormattedMessage id="settings.security.failed" />}
          description={errorMessage(intl, c.error, 'settings.tryLater')}
        />
      )}
      {step === 'saved' && (
        <Notice
          status="success"
          data-testid="answers-saved"
          title={<FormattedMessage id="settings.security.saved" />}
        />
      )}
      <div className={actionsRow}>
        <Button type="submit" loading={busy} data-testid="answers-save">
          <FormattedMessage id="settings.security.save" />
        </Button>
      </div>
    </form>
  );
}
