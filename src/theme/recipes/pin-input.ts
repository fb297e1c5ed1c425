import { defineSlotRecipe } from '@pandacss/dev';
import { label } from './field';

export const pinInput = defineSlotRecipe({
  className: 'pin-input',
  jsx: [/PinInput\.+/],
  slots: ['root', 'label', 'control', 'input'],
  base: {
    // the parts carry dir="ltr" (see components/pin-input.tsx); root and label follow the page again
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', '[dir=rtl] &': { direction: 'rtl' } },
    label: { ...label, '[dir=rtl] &': { direction: 'rtl' } },
    control: { display: 'flex', gap: '2', direction: 'ltr', alignSelf: 'flex-start' },
    input: {
      appearance: 'none',
      textAlign: 'center',
      fontWeight: '600',
      fontVariantNumeric: 'tabular-nums',
      bg: 'bg.surface',
      color: 'fg.default',
      borderWidth: '1px',
      borderColor: 'border.emphasized',
      borderRadius: 'md',
      outline: 'none',
      transitionProperty: 'border-color, box-shadow',
      transitionDuration: 'normal',
      _placeholder: { color: 'fg.muted', opacity: '1' },
      _hover: { borderColor: 'fg.muted' },
      _focusVisible: {
        borderColor: 'accent.default',
        outline: '2px solid',
        outlineColor: 'focusRing',
        outlineOffset: '2px',
      },
      _invalid: { borderColor: 'error.default', _focusVisible: { outlineColor: 'error.default' } },
      _disabled: { bg: 'bg.disabled', cursor: 'not-allowed' },
    },
  },
  variants: {
    size: {
      sm: { input: { width: '10', height: '11', fontSize: 'lg' } },
      md: { input: { width: '12', height: '14', fontSize: 'xl' } },
      lg: { input: { width: '14', height: '16', fontSize: '2xl', borderRadius: 'lg' } },
    },
  },
  defaultVariants: { size: 'md' },
});
