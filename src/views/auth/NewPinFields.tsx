import { type CSSProperties, type KeyboardEvent, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PIN_LENGTHS, type PinLength } from '../../../contract/account-rules';
import { css } from '../../../styled-system/css';
import { Button } from '../../components/button';
import * as PinInput from '../../components/pin-input';
import * as RadioGroup from '../../components/radio-group';
import { EyeIcon, EyeOffIcon, InfoIcon } from '../../theme/icons';

// ASCII, Arabic-Indic and Eastern Arabic-Indic digits, one or more (paste included)
const DIGITS = '^[0-9\u0660-\u0669\u06F0-\u06F9]+$';
// digits stay as typed (Arabic digits show as Arabic); the machines turn them into ASCII
const sanitize = (value: string) => value.replace(/[^0-9\u0660-\u0669\u06F0-\u06F9]/g, '');
const errorText = css({ color: 'error.fg', fontSize: 'sm', fontWeight: 'medium' });

/**
 * One PIN as a row of boxes (Ark PinInput). Ark reads the box count when it mounts, so callers key
 * it by length. On phones 10 and 12 digits take two rows, so each box stays big enough to tap.
 * Masked unless `visible`; paste and Arabic digits work; Enter submits the form even before every
 * box is filled (the form then says what is missing).
 */
function PinBoxes(props: {
  testId: string;
  label: string;
  count: number;
  value: string;
  visible: boolean;
  error?: string;
  describedBy?: string;
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  const { testId, label, count, value, visible, error, describedBy, disabled, onChange } = props;
  const intl = useIntl();
  const errorId = useId();
  const digits = Array.from({ length: count }, (_, i) => value[i] ?? '');
  const columns = { '--pin-cols': count > 8 ? count / 2 : count, '--pin-cols-md': count } as CSSProperties;
  const described = [describedBy, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <PinInput.Root
      count={count}
      value={digits}
      mask={!visible}
      pattern={DIGITS}
      sanitizeValue={sanitize}
      invalid={!!error}
      disabled={disabled}
      onValueChange={(e) => onChange(sanitize(e.valueAsString))}
      translations={{
        inputLabel: (index, length) =>
          `${label}: ${intl.formatMessage({ id: 'auth.pin.digitLabel' }, { index: index + 1, count: length })}`,
      }}
      data-testid={testId}
    >
      <PinInput.Label>{label}</PinInput.Label>
      <PinInput.Control
        style={columns}
        className={css({
          display: 'grid',
          width: 'full',
          gridTemplateColumns: {
            base: 'repeat(var(--pin-cols), minmax(0, 3rem))',
            md: 'repeat(var(--pin-cols-md), minmax(0, 3rem))',
          },
          gap: { base: '1.5', sm: '2' },
        })}
        onKeyDown={(e: KeyboardEvent<HTMLDivElement>) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            e.currentTarget.closest('form')?.requestSubmit();
          }
        }}
      >
        {digits.map((_, i) => (
          <PinInput.Input
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions
            key={i}
            index={i}
            inputMode="numeric"
            aria-describedby={described}
            className={css({ width: 'full', minWidth: '0', height: { base: '12', md: '14' } })}
          />
        ))}
      </PinInput.Control>
      <PinInput.HiddenInput />
      {error && (
        <p id={errorId} className={errorText} data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
    </PinInput.Root>
  );
}

/**
 * Setting a PIN, the same in sign-up and in recovery: the rules first, a choice of length, the PIN
 * and its repeat as boxes, and a show/hide toggle for both.
 */
export function NewPinFields(props: {
  length: PinLength;
  pin: string;
  pinConfirm: string;
  pinLabel: string;
  confirmLabel: string;
  pinError?: string;
  confirmError?: string;
  testIds: { pin: string; confirm: string; visibility: string };
  disabled?: boolean;
  onLengthChange: (length: PinLength) => void;
  onPinChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
}) {
  const [visible, setVisible] = useState(false);
  const rulesId = useId();
  return (
    <>
      <p
        id={rulesId}
        className={css({
          display: 'flex',
          gap: '2',
          alignItems: 'start',
          bg: 'info.subtle',
          color: 'fg.default',
          borderRadius: 'md',
          p: '3',
          fontSize: 'sm',
          lineHeight: 'relaxed',
        })}
        data-testid="pin-rules"
      >
        <InfoIcon className={css({ flexShrink: '0', mt: '0.5', color: 'info.fg' })} />
        <span>
          <FormattedMessage id="signup.pin.rules" />
        </span>
      </p>
      <RadioGroup.Root
        value={String(props.length)}
        onValueChange={(e) => e.value && props.onLengthChange(Number(e.value) as PinLength)}
        orientation="horizontal"
        disabled={props.disabled}
        className={css({ gap: '2' })}
      >
        <RadioGroup.Label>
          <FormattedMessage id="signup.pin.length" />
        </RadioGroup.Label>
        <div className={css({ display: 'flex', flexWrap: 'wrap', columnGap: '5', rowGap: '1' })}>
          {PIN_LENGTHS.map((n) => (
            <RadioGroup.Item key={n} value={String(n)}>
              <RadioGroup.ItemControl />
              <RadioGroup.ItemText>
                <FormattedMessage id="signup.pin.lengthOption" values={{ count: n }} />
              </RadioGroup.ItemText>
              <RadioGroup.ItemHiddenInput />
            </RadioGroup.Item>
          ))}
        </div>
      </RadioGroup.Root>
      <PinBoxes
        key={`pin-${props.length}`}
        testId={props.testIds.pin}
        label={props.pinLabel}
        count={props.length}
        value={props.pin}
        visible={visible}
        error={props.pinError}
        describedBy={rulesId}
        disabled={props.disabled}
        onChange={props.onPinChange}
      />
      <PinBoxes
        key={`confirm-${props.length}`}
        testId={props.testIds.confirm}
        label={props.confirmLabel}
        count={props.length}
        value={props.pinConfirm}
        visible={visible}
        error={props.confirmError}
        disabled={props.disabled}
        onChange={props.onConfirmChange}
      />
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
          data-testid={props.testIds.visibility}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
          <FormattedMessage id={visible ? 'auth.pin.hide' : 'auth.pin.show'} />
        </Button>
      </div>
    </>
  );
}
