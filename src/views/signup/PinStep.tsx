import { type CSSProperties, type KeyboardEvent, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { toAsciiDigits } from '../../../machines/pin';
import { PIN_LENGTHS, type PinLength, signupEvents } from '../../../machines/signup';
import { css } from '../../../styled-system/css';
import { Button } from '../../components/button';
import * as PinInput from '../../components/pin-input';
import * as RadioGroup from '../../components/radio-group';
import { EyeIcon, EyeOffIcon, InfoIcon } from '../../theme/icons';
import { introText, StepFrame, signupFieldMessage, useSignup, useSignupActor } from './shared';

// ASCII, Arabic-Indic and Eastern Arabic-Indic digits, one or more (paste included)
const DIGITS = '^[0-9\u0660-\u0669\u06F0-\u06F9]+$';
const sanitize = (value: string) => toAsciiDigits(value).replace(/\D/g, '');

const errorText = css({ color: 'error.fg', fontSize: 'sm', fontWeight: 'medium' });

/** Step 2: PIN length, the PIN and its repeat, with the rules shown before she can break them. */
export function PinStep({ focusHeading }: { focusHeading: boolean }) {
  const intl = useIntl();
  const actor = useSignupActor();
  const pinLength = useSignup((s) => s.context.pinLength);
  const pin = useSignup((s) => s.context.pin);
  const pinConfirm = useSignup((s) => s.context.pinConfirm);
  const pinError = useSignup((s) => s.context.fieldErrors.pin);
  const confirmError = useSignup((s) => s.context.fieldErrors.pinConfirm);
  const [visible, setVisible] = useState(false);
  const rulesId = useId();
  return (
    <StepFrame
      testId="signup-step-pin"
      title={<FormattedMessage id="signup.pin.title" />}
      focusHeading={focusHeading}
      onBack={() => actor.send(signupEvents.back())}
      onSubmit={() => actor.send(signupEvents.next())}
    >
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
        value={String(pinLength)}
        onValueChange={(e) =>
          e.value && actor.send(signupEvents.pinLengthChanged(Number(e.value) as PinLength))
        }
        orientation="horizontal"
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
        key={`pin-${pinLength}`}
        testId="pin"
        label={intl.formatMessage({ id: 'auth.pin.label' })}
        count={pinLength}
        value={pin}
        visible={visible}
        error={signupFieldMessage(intl, pinError)}
        describedBy={rulesId}
        onChange={(v) => actor.send(signupEvents.pinChanged(v))}
      />
      <PinBoxes
        key={`confirm-${pinLength}`}
        testId="pin-confirm"
        label={intl.formatMessage({ id: 'signup.pin.repeat' })}
        count={pinLength}
        value={pinConfirm}
        visible={visible}
        error={signupFieldMessage(intl, confirmError)}
        onChange={(v) => actor.send(signupEvents.pinConfirmChanged(v))}
      />
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })}>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
          data-testid="pin-visibility"
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
          <FormattedMessage id={visible ? 'auth.pin.hide' : 'auth.pin.show'} />
        </Button>
      </div>
      <p className={introText}>
        <FormattedMessage id="signup.pin.remember" />
      </p>
    </StepFrame>
  );
}

function PinBoxes({
  testId,
  label,
  count,
  value,
  visible,
  error,
  describedBy,
  onChange,
}: {
  testId: string;
  label: string;
  count: number;
  value: string;
  visible: boolean;
  error?: string;
  describedBy?: string;
  onChange: (value: string) => void;
}) {
  const intl = useIntl();
  const errorId = useId();
  const digits = Array.from({ length: count }, (_, i) => value[i] ?? '');
  // on phones 10 and 12 digits take two rows, so each box stays big enough to tap
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
          // Enter continues even before every box is filled (the step then says what is missing)
          if (e.key === 'Enter') e.currentTarget.closest('form')?.requestSubmit();
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
      {error && (
        <p id={errorId} className={errorText} data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
    </PinInput.Root>
  );
}
