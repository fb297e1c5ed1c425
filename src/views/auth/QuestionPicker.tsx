import { useId, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  answerField,
  questionField,
  type SecurityAnswer,
  type SecurityQuestion,
} from '../../../machines/signup-rules';
import { css } from '../../../styled-system/css';
import * as Field from '../../components/field';
import * as Select from '../../components/select';
import { fieldMessage } from '../messages';

const questionBox = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  borderRadius: 'lg',
  p: { base: '4', md: '5' },
  bg: 'bg.subtle',
  minWidth: '0',
  m: '0',
});

// the questions are long: on a phone they wrap, in the closed select and in the list
const wrappingTrigger = css({ height: 'auto', minHeight: '11', py: '2' });
const wrappingItem = css({ flexShrink: '0', lineHeight: 'snug' });

/**
 * One of her three security questions with its answer: a question from the server's list (one chosen
 * in another slot cannot be chosen twice) and the answer. The same in sign-up and in Account Settings.
 */
export function QuestionPicker({
  index,
  questions,
  questionId,
  answer,
  takenElsewhere,
  questionError,
  answerError,
  onQuestionChange,
  onAnswerChange,
}: {
  index: number;
  questions: SecurityQuestion[];
  questionId: string;
  answer: string;
  takenElsewhere: string[];
  questionError?: string;
  answerError?: string;
  onQuestionChange: (questionId: string) => void;
  onAnswerChange: (answer: string) => void;
}) {
  const intl = useIntl();
  const titleId = useId();
  const collection = useMemo(
    () =>
      Select.createListCollection({
        items: questions,
        itemToString: (q) => q.text,
        itemToValue: (q) => q.id,
        // a question chosen in another slot cannot be chosen twice
        isItemDisabled: (q) => takenElsewhere.includes(q.id),
      }),
    [questions, takenElsewhere],
  );
  return (
    <fieldset aria-labelledby={titleId} className={questionBox} data-testid={`question-${index}`}>
      <p id={titleId} className={css({ fontWeight: 'semibold' })}>
        <FormattedMessage id="signup.security.question" values={{ index: index + 1 }} />
      </p>
      <Field.Root invalid={!!questionError} required>
        <Select.Root
          collection={collection}
          value={questionId ? [questionId] : []}
          onValueChange={(e) => onQuestionChange(e.value[0] ?? '')}
        >
          <Select.Label className={css({ srOnly: true })}>
            <FormattedMessage id="signup.security.question" values={{ index: index + 1 }} />
          </Select.Label>
          <Select.Control>
            <Select.Trigger data-testid={`question-${index}-trigger`} className={wrappingTrigger}>
              <Select.ValueText
                placeholder={intl.formatMessage({ id: 'signup.security.choose' })}
                className={css({ whiteSpace: 'normal', textAlign: 'start', lineHeight: 'snug' })}
              />
              <Select.Indicator />
            </Select.Trigger>
          </Select.Control>
          <Select.Options
            items={collection.items}
            itemKey={(q) => q.id}
            label={(q) => q.text}
            itemClassName={wrappingItem}
          />
        </Select.Root>
        <Field.ErrorText>{questionError}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={!!answerError} required>
        <Field.Label>
          <FormattedMessage id="signup.security.answer" />
        </Field.Label>
        <Field.Input
          name={`answer-${index}`}
          autoComplete="off"
          dir="auto"
          maxLength={200}
          value={answer}
          onChange={(e) => onAnswerChange(e.target.value)}
        />
        <Field.ErrorText>{answerError}</Field.ErrorText>
      </Field.Root>
    </fieldset>
  );
}

/**
 * Her three questions and answers, with the group's problem above them (three different questions):
 * what sign-up's step and the settings' section show alike. Problems are read from the machines'
 * field errors under their names (`securityAnswers`, `securityAnswers.<i>.questionId`, `….answer`).
 */
export function QuestionPickers({
  questions,
  slots,
  fieldErrors,
  onQuestionChange,
  onAnswerChange,
}: {
  questions: SecurityQuestion[];
  slots: SecurityAnswer[];
  fieldErrors: Partial<Record<string, string>>;
  onQuestionChange: (index: number, questionId: string) => void;
  onAnswerChange: (index: number, answer: string) => void;
}) {
  const intl = useIntl();
  const groupError = fieldErrors.securityAnswers;
  return (
    <>
      {groupError && (
        <p role="alert" className={css({ color: 'error.fg', fontSize: 'sm', fontWeight: 'medium' })}>
          {fieldMessage(intl, groupError)}
        </p>
      )}
      {slots.map((entry, index) => (
        <QuestionPicker
          // biome-ignore lint/suspicious/noArrayIndexKey: the three slots are positions
          key={index}
          index={index}
          questions={questions}
          questionId={entry.questionId}
          answer={entry.answer}
          takenElsewhere={slots.filter((_, i) => i !== index).map((s) => s.questionId)}
          questionError={fieldMessage(intl, fieldErrors[questionField(index)])}
          answerError={fieldMessage(intl, fieldErrors[answerField(index)])}
          onQuestionChange={(value) => onQuestionChange(index, value)}
          onAnswerChange={(value) => onAnswerChange(index, value)}
        />
      ))}
    </>
  );
}
