import { useId } from 'react';
import { useIntl } from 'react-intl';
import { css, cx } from '../../../styled-system/css';
import { field } from '../../../styled-system/recipes';
import * as PinInput from '../../components/pin-input';
import { AlertIcon } from '../../theme/icons';

/** ASCII, Arabic-Indic and Eastern Arabic-Indic digits (the machine turns them into ASCII). */
const DIGITS = '^[0-9\u0660-\u0669\u06F0-\u06F9]+$';

const boxes = css({
  display: 'grid',
  gap: '2',
  justifyContent: 'start',
  '& input': { width: '100%', height: '12', fontSize: 'xl', minWidth: '0' },
});

/**
 * One PIN as a row of boxes (Ark PinInput), `length` long. Ark reads the box count only when it
 * mounts, so a new length remounts it (`key`). More than six boxes wrap into two even rows, so
 * twelve still fit a 390 px phone. Masked unless `visible`; paste and Arabic digits work; Enter
 * submits the form even before every box is filled (Ark would swallow it).
 */
export function PinBoxes({
  label,
  length,
  value,
  visible,
  error,
  describedBy,
  onChange,
  testId,
}: {
  label: string;
  length: number;
  value: string;
  visible: boolean;
  error?: string;
  describedBy?: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  const intl = useIntl();
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const classes = field();
  const columns = length > 6 ? Math.ceil(length / 2) : length;
  const describedByIds = [error ? errorId : null, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      aria-labelledby={labelId}
      className={cx(classes.root, css({ minWidth: '0' }))}
      data-testid={testId}
    >
      <PinInput.Root
        key={length}
        count={length}
        value={[...value].slice(0, length)}
        onValueChange={(e) => onChange(e.valueAsString)}
        mask={!visible}
        invalid={!!error}
        pattern={DIGITS}
        sanitizeValue={(v) => v.replace(/[\s\u200e\u200f-]/g, '')}
        ids={{ label: labelId }}
        translations={{
          inputLabel: (index, count) =>
            `${label}: ${intl.formatMessage({ id: 'auth.pin.digitLabel' }, { index: index + 1, count })}`,
        }}
      >
        <PinInput.Label>{label}</PinInput.Label>
        <PinInput.Control
          className={boxes}
          style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 2.75rem))` }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              e.currentTarget.closest('form')?.requestSubmit();
            }
          }}
        >
          {Array.from({ length }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, not items
            <PinInput.Input key={index} index={index} aria-describedby={describedByIds} />
          ))}
        </PinInput.Control>
        <PinInput.HiddenInput />
      </PinInput.Root>
      {error && (
        <p id={errorId} className={classes.errorText}>
          <AlertIcon aria-hidden />
          {error}
        </p>
      )}
    </fieldset>
  );
}
