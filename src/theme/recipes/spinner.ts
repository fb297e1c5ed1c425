import { defineRecipe } from '@pandacss/dev';

export const spinner = defineRecipe({
  className: 'spinner',
  jsx: ['Spinner'],
  base: {
    display: 'inline-block',
    flexShrink: '0',
    borderRadius: 'full',
    borderStyle: 'solid',
    borderColor: 'color-mix(in srgb, currentColor 22%, transparent)',
    borderBlockStartColor: 'currentColor',
    animation: 'spin 0.75s linear infinite',
  },
  variants: {
    size: {
      xs: { width: '3.5', height: '3.5', borderWidth: '2px' },
      sm: { width: '4', height: '4', borderWidth: '2px' },
      md: { width: '6', height: '6', borderWidth: '2.5px' },
      lg: { width: '10', height: '10', borderWidth: '3px' },
      xl: { width: '14', height: '14', borderWidth: '4px' },
    },
  },
  defaultVariants: { size: 'md' },
});
