import {
  FieldErrorText,
  FieldHelperText,
  FieldInput,
  type FieldInputProps,
  FieldLabel,
  FieldRoot,
  FieldTextarea,
  type FieldTextareaProps,
} from '@ark-ui/react/field';
import { cx } from '../../styled-system/css';
import {
  field,
  type InputVariantProps,
  input,
  type TextareaVariantProps,
  textarea,
} from '../../styled-system/recipes';
import { createStyleContext } from './create-style-context';

const ctx = /* @__PURE__ */ createStyleContext(field);

/** Field: wires label, control, helper and error text together (ids, aria-describedby, aria-invalid). */
export const Root = /* @__PURE__ */ ctx.withProvider(FieldRoot, 'root');
export const Label = /* @__PURE__ */ ctx.withContext(FieldLabel, 'label');
export const HelperText = /* @__PURE__ */ ctx.withContext(FieldHelperText, 'helperText');
/** Shown only while Root has `invalid`. */
export const ErrorText = /* @__PURE__ */ ctx.withContext(FieldErrorText, 'errorText');
/** Renders "*" (aria-hidden) when Root has `required`. */

type InputProps = FieldInputProps & InputVariantProps;
export const Input = ({ size, className, ...props }: InputProps) => (
  <FieldInput {...props} className={cx(input({ size }), className)} />
);

type TextareaProps = FieldTextareaProps & TextareaVariantProps;
export const Textarea = ({ size, className, ...props }: TextareaProps) => (
  <FieldTextarea {...props} className={cx(textarea({ size }), className)} />
);
