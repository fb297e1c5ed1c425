import { FormattedMessage, useIntl } from 'react-intl';
import type { QuizQuestion as Question } from '../../../contract/learning';
import { css, cx } from '../../../styled-system/css';
import { hstack } from '../../../styled-system/patterns';
import * as Checkbox from '../../components/checkbox';
import { panel } from '../../components/panel';
import * as RadioGroup from '../../components/radio-group';
import { AlertIcon } from '../../theme/icons';

const box = cx(
  panel({ padding: 'sm' }),
  css({
    m: '0',
    minWidth: '0',
    '&[data-invalid]': { borderColor: 'error.default', borderWidth: '2px', bg: 'error.subtle' },
  }),
);

const needsAnswer = cx(
  hstack({ gap: '1.5', mt: '2' }),
  css({ color: 'error.fg', fontWeight: '500', textStyle: 'body.sm', '& svg': { width: '4', height: '4' } }),
);

interface QuizQuestionProps {
  question: Question;
  index: number;
  total: number;
  chosen: number[];
  invalid: boolean;
  disabled: boolean;
  onChange: (choices: number[]) => void;
}

/** One question as a fieldset: radios for one answer, checkboxes for several, marked when unanswered. */
export function QuizQuestion({
  question: q,
  index,
  total,
  chosen,
  invalid,
  disabled,
  onChange,
}: QuizQuestionProps) {
  const intl = useIntl();
  const legendId = `q-${q.id}-legend`;
  const errorId = `q-${q.id}-error`;
  const hintId = `q-${q.id}-hint`;
  const group = {
    'aria-labelledby': legendId,
    'aria-describedby':
      [q.multiple ? hintId : null, invalid ? errorId : null].filter(Boolean).join(' ') || undefined,
    'aria-invalid': invalid || undefined,
    invalid,
    disabled,
  };
  return (
    <fieldset
      className={box}
      data-question={q.id}
      data-testid={`question-${q.id}`}
      data-invalid={invalid || undefined}
      disabled={disabled}
    >
      <legend id={legendId} className={css({ float: 'inline-start', width: 'full', mb: '3', p: '0' })}>
        <span className={css({ display: 'block', textStyle: 'body.sm', color: 'fg.muted', mb: '1' })}>
          <FormattedMessage
            id="learning.quiz.question"
            values={{ n: intl.formatNumber(index + 1), total: intl.formatNumber(total) }}
          />
        </span>
        <span className={css({ display: 'block', textStyle: 'heading.sm', color: 'fg.default' })}>
          {q.prompt}
        </span>
      </legend>
      {q.multiple && (
        <p id={hintId} className={css({ clear: 'both', textStyle: 'body.sm', color: 'fg.muted', mb: '2' })}>
          <FormattedMessage id="learning.quiz.multiple" />
        </p>
      )}
      <div className={css({ clear: 'both' })}>
        {q.multiple ? (
          <Checkbox.Group
            {...group}
            value={chosen.map(String)}
            onValueChange={(v) => onChange(v.map(Number))}
          >
            {q.options.map((option, i) => (
              <Checkbox.Root key={option} value={String(i)}>
                <Checkbox.Control>
                  <Checkbox.Indicator />
                </Checkbox.Control>
                <Checkbox.Label>{option}</Checkbox.Label>
                <Checkbox.HiddenInput />
              </Checkbox.Root>
            ))}
          </Checkbox.Group>
        ) : (
          <RadioGroup.Root
            {...group}
            value={chosen.length ? String(chosen[0]) : null}
            onValueChange={(e) => e.value != null && onChange([Number(e.value)])}
            name={`q-${q.id}`}
          >
            {q.options.map((option, i) => (
              <RadioGroup.Item
                key={option}
                value={String(i)}
                className={css({ alignItems: 'flex-start', py: '2' })}
              >
                <RadioGroup.ItemControl className={css({ mt: '0.5' })} />
                <RadioGroup.ItemText>{option}</RadioGroup.ItemText>
                <RadioGroup.ItemHiddenInput />
              </RadioGroup.Item>
            ))}
          </RadioGroup.Root>
        )}
      </div>
      {invalid && (
        <p id={errorId} className={needsAnswer}>
          <AlertIcon aria-hidden="true" />
          <FormattedMessage id="learning.quiz.needsAnswer" />
        </p>
      )}
    </fieldset>
  );
}
