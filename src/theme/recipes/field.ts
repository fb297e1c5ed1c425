import { defineSlotRecipe } from '@pandacss/dev';

export const label = {
  textStyle: 'label',
  color: 'fg.default',
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  _disabled: { opacity: '0.6' },
} as const;

export const field = defineSlotRecipe({
  className: 'field',
  jsx: [/Field\.+/],
  slots: ['root', 'label', 'input', 'textarea', 'select', 'helperText', 'errorText', 'requiredIndicator'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', width: 'full' },
    label,
    helperText: { textStyle: 'body.sm', color: 'fg.muted' },
    errorText: {
      textStyle: 'body.sm',
      color: 'error.fg',
      fontWeight: '500',
      display: 'inline-flex',
      alignItems: 'flex-start',
      gap: '1.5',
      '& svg': { width: '1.1em', height: '1.1em', flexShrink: '0', mt: '0.2em' },
    },
    requiredIndicator: { color: 'error.fg', fontWeight: '600' },
  },
});
