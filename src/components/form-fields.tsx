import { FieldsetErrorText, FieldsetHelperText, FieldsetLegend, FieldsetRoot } from '@ark-ui/react/fieldset';
import { type ReactNode, useId } from 'react';
import { css } from '../../styled-system/css';
import { stack } from '../../styled-system/patterns';
import { field } from '../../styled-system/recipes';
import { AlertIcon } from '../theme/icons';
import * as Field from './field';
import * as RadioGroup from './radio-group';
import * as Select from './select';

/**
 * The public forms' fields, each an Ark Field (or Fieldset for a group): the label with a required
 * mark, the control, a helper line and the error line, joined by ids and aria-describedby, with
 * aria-invalid while there is an error. Texts arrive translated; the forms decide what they say.
 * The CV's file field is in ./file-field.
 */

export interface FieldProps {
  name: string;
  label: string;
  helper?: ReactNode;
  /** The problem, in words; the field is invalid while it is set. */
  error?: string;
  required?: boolean;
  /** The "(optional)" words shown after the label of a field that may stay empty. */
  optionalText?: string;
}

const requiredMark = css({ color: 'error.fg', fontWeight: '600', ms: '0.5' });
const optionalMark = css({ color: 'fg.muted', fontWeight: '400', textStyle: 'body.sm' });

export function LabelText({
  label,
  required,
  optionalText,
}: Pick<FieldProps, 'label' | 'required' | 'optionalText'>) {
  return (
    <>
      {label}
      {required ? (
        // the label's own mark (the control says aria-required); the same inside and outside an Ark Field
        <span aria-hidden="true" className={requiredMark}>
          *
        </span>
      ) : (
        optionalText && <span className={optionalMark}>{optionalText}</span>
      )}
    </>
  );
}

/**
 * The field's ids, and its description for screen readers: the helper and, while there is one, the
 * error (Ark links the error only through aria-errormessage, which few readers announce).
 */
function useFieldIds(props: Pick<FieldProps, 'helper' | 'error'>) {
  const id = useId();
  const ids = {
    control: `${id}-control`,
    label: `${id}-label`,
    helperText: `${id}-helper`,
    errorText: `${id}-error`,
  };
  const describedBy = [props.helper ? ids.helperText : null, props.error ? ids.errorText : null]
    .filter(Boolean)
    .join(' ');
  return { ids, describedBy: describedBy || undefined };
}

export function ErrorLine({ children }: { children?: string }) {
  return (
    <>
      <AlertIcon aria-hidden="true" />
      <span>{children}</span>
    </>
  );
}

/** Under an Ark Field's control: the helper line, then the error line (empty while there is none). */
function HelperAndError({ helper, error }: Pick<FieldProps, 'helper' | 'error'>) {
  return (
    <>
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText>
        <ErrorLine>{error}</ErrorLine>
      </Field.ErrorText>
    </>
  );
}

/** A line (input) or a few (textarea) of text. */
export function TextField({
  value,
  onChange,
  multiline,
  rows = 6,
  type = 'text',
  autoComplete,
  inputMode,
  dir,
  maxLength,
  ...props
}: FieldProps & {
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  rows?: number;
  type?: 'text' | 'email';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'numeric' | 'tel';
  /** `auto` for what may be written in either script (an address, a name). */
  dir?: 'auto' | 'ltr';
  maxLength?: number;
}) {
  const { ids, describedBy } = useFieldIds(props);
  const common = {
    'aria-describedby': describedBy,
    name: props.name,
    value,
    autoComplete: autoComplete ?? 'off',
    dir,
    maxLength,
    'data-testid': `field-${props.name}`,
  };
  return (
    <Field.Root ids={ids} invalid={!!props.error} required={props.required}>
      <Field.Label>
        <LabelText {...props} />
      </Field.Label>
      {multiline ? (
        <Field.Textarea {...common} rows={rows} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <Field.Input
          {...common}
          type={type}
          inputMode={inputMode}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      <HelperAndError {...props} />
    </Field.Root>
  );
}

export interface Option {
  value: string;
  label: string;
}

/** One choice from a list (Ark Select: a listbox with typeahead, keyboard and screen reader ready). */
export function SelectField({
  value,
  onChange,
  options,
  placeholder,
  ...props
}: FieldProps & {
  value: string;
  onChange: (value: string) => void;
  options: Option[];
  placeholder: string;
}) {
  const collection = Select.createListCollection({ items: options });
  const { ids, describedBy } = useFieldIds(props);
  return (
    <Field.Root ids={ids} invalid={!!props.error} required={props.required}>
      <Select.Root
        collection={collection}
        value={value ? [value] : []}
        onValueChange={(e) => onChange(e.value[0] ?? '')}
        name={props.name}
      >
        <Select.Label>
          <LabelText {...props} />
        </Select.Label>
        <Select.Control>
          <Select.Trigger data-testid={`field-${props.name}`} aria-describedby={describedBy}>
            <Select.ValueText placeholder={placeholder} />
            <Select.Indicator />
          </Select.Trigger>
        </Select.Control>
        <Select.Options items={options} itemKey={(o) => o.value} label={(o) => o.label} />
      </Select.Root>
      <HelperAndError {...props} />
    </Field.Root>
  );
}

export const fieldClasses = field();
const radioRow = css({
  display: 'flex',
  flexDirection: { base: 'column', sm: 'row' },
  flexWrap: 'wrap',
  gap: { base: '3', sm: '6' },
  mt: '1',
});

/** Two or three choices side by side (Ark RadioGroup in an Ark Fieldset: the legend names the group). */
export function RadioField({
  value,
  onChange,
  options,
  ...props
}: FieldProps & { value: string; onChange: (value: string) => void; options: Option[] }) {
  return (
    <FieldsetRoot
      invalid={!!props.error}
      className={stack({ gap: '1.5', minWidth: '0' })}
      data-testid={`field-${props.name}`}
    >
      <FieldsetLegend className={fieldClasses.label}>
        {props.label}
        {props.required && (
          <span aria-hidden="true" className={requiredMark}>
            *
          </span>
        )}
      </FieldsetLegend>
      <RadioGroup.Root
        name={props.name}
        value={value || null}
        onValueChange={(e) => onChange(e.value ?? '')}
        aria-invalid={props.error ? true : undefined}
        aria-label={props.label}
        className={radioRow}
      >
        {options.map((o) => (
          <RadioGroup.Item key={o.value} value={o.value}>
            <RadioGroup.ItemControl />
            <RadioGroup.ItemText>{o.label}</RadioGroup.ItemText>
            <RadioGroup.ItemHiddenInput />
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      {props.helper && (
        <FieldsetHelperText className={fieldClasses.helperText}>{props.helper}</FieldsetHelperText>
      )}
      {props.error && (
        <FieldsetErrorText className={fieldClasses.errorText}>
          <ErrorLine>{props.error}</ErrorLine>
        </FieldsetErrorText>
      )}
    </FieldsetRoot>
  );
}

/**
 * The honeypot: a field people never see or reach (off screen, aria-hidden, out of the tab order,
 * no autofill); a robot that fills it is answered like anyone else and nothing is kept.
 */
export function Honeypot({
  name,
  label,
  value,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <div
      aria-hidden="true"
      className={css({
        position: 'absolute',
        insetStart: '-10000px',
        width: '1px',
        height: '1px',
        overflow: 'hidden',
      })}
    >
      <label>
        {label}
        <input
          type="text"
          name={name}
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
    </div>
  );
}
