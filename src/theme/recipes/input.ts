import { defineRecipe } from '@pandacss/dev';

const control = {
  appearance: 'none',
  width: 'full',
  minWidth: '0',
  bg: 'bg.surface',
  color: 'fg.default',
  borderWidth: '1px',
  borderColor: 'border.emphasized',
  borderRadius: 'md',
  // 16px keeps iOS Safari from zooming into the field on focus
  fontSize: 'md',
  outline: 'none',
  transitionProperty: 'border-color, box-shadow, background-color',
  transitionDuration: 'normal',
  _placeholder: { color: 'fg.muted', opacity: '1' },
  _hover: { borderColor: 'fg.muted' },
  _focusVisible: {
    borderColor: 'accent.default',
    outline: '2px solid',
    outlineColor: 'focusRing',
    outlineOffset: '2px',
  },
  _invalid: {
    borderColor: 'error.default',
    _focusVisible: { outlineColor: 'error.default' },
  },
  _disabled: {
    bg: 'bg.disabled',
    color: 'fg.disabled',
    cursor: 'not-allowed',
    _hover: { borderColor: 'border.emphasized' },
  },
  _readOnly: { bg: 'bg.subtle' },
  // e-mail addresses, phone numbers and URLs are written left to right, Arabic pages included
  '[dir=rtl] &:is([type=email], [type=tel], [type=url]):not(:placeholder-shown)': {
    direction: 'ltr',
    textAlign: 'end',
  },
} as const;

export const input = defineRecipe({
  className: 'input',
  jsx: ['Input', 'Field.Input'],
  base: { ...control, px: '3.5' },
  variants: {
    size: {
      sm: { height: '9', px: '3', fontSize: 'sm' },
      md: { height: '11' },
      lg: { height: '12', px: '4', borderRadius: 'lg' },
    },
  },
  defaultVariants: { size: 'md' },
});

export const textarea = defineRecipe({
  className: 'textarea',
  jsx: ['Textarea', 'Field.Textarea'],
  base: { ...control, px: '3.5', py: '2.5', minHeight: '24', lineHeight: 'body', resize: 'vertical' },
  variants: {
    size: {
      sm: { fontSize: 'sm', minHeight: '20' },
      md: {},
      lg: { minHeight: '32' },
    },
  },
  defaultVariants: { size: 'md' },
});
