import { Field as ArkField } from '@ark-ui/react/field';
import type { ComponentProps } from 'react';
import { cx } from '../../styled-system/css';
import {
  field,
  type InputVariantProps,
  input,
  type TextareaVariantProps,
  textarea,
} from '../../styled-system/recipes';
import { createStyleContext } from './create-style-context';

const { withProvider, withContext } = createStyleContext(field);

/** Field: wires label, control, helper and error text together (ids, aria-describedby, aria-invalid). */
export const Root = /* @__PURE__ */ withProvider(ArkField.Root, 'root');
export const Label = /* @__PURE__ */ withContext(ArkField.Label, 'label');
export const HelperText = /* @__PURE__ */ withContext(ArkField.HelperText, 'helperText');
/** Shown only while Root has `invalid`. */
export const ErrorText = /* @__PURE__ */ withContext(ArkField.ErrorText, 'errorText');
/** Renders "*" (aria-hidden) when Root has `required`. */
export const RequiredIndicator = /* @__PURE__ */ withContext(ArkField.RequiredIndicator, 'requiredIndicator');

export type InputProps = ArkField.InputProps & InputVariantProps;
export const Input = ({ size, className, ...props }: InputProps) => (
  <ArkField.Input {...props} className={cx(input({ size }), className)} />
);

export type TextareaProps = ArkField.TextareaProps & TextareaVariantProps;
export const Textarea = ({ size, className, ...props }: TextareaProps) => (
  <ArkField.Textarea {...props} className={cx(textarea({ size }), className)} />
);

export { FieldContext as Context, useFieldContext as useContext } from '@ark-ui/react/field';
export type RootProps = ComponentProps<typeof Root>;
