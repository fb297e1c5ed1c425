import type { ComponentProps, ReactNode } from 'react';
import * as Field from './field';

/**
 * One text input in its Ark Field (required): the label, the input (every other prop is the
 * input's), a helper line when there is one and the error line, shown while `invalid`.
 */
export function InputField({
  label,
  invalid,
  helper,
  error,
  errorTestId,
  ...input
}: {
  label: ReactNode;
  invalid: boolean;
  helper?: ReactNode;
  error?: ReactNode;
  errorTestId?: string;
} & ComponentProps<typeof Field.Input>) {
  return (
    <Field.Root invalid={invalid} required>
      <Field.Label>{label}</Field.Label>
      <Field.Input {...input} />
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText data-testid={errorTestId}>{error}</Field.ErrorText>
    </Field.Root>
  );
}
