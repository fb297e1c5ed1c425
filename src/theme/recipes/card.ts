import { defineSlotRecipe } from '@pandacss/dev';

export const card = defineSlotRecipe({
  className: 'card',
  jsx: [/Card\.+/],
  slots: ['root', 'header', 'title', 'description', 'body', 'footer'],
  base: {
    root: {
      position: 'relative',
      display: 'flex',
      flexDirection: 'column',
      minWidth: '0',
      bg: 'bg.surface',
      color: 'fg.default',
      borderRadius: 'lg',
      overflow: 'hidden',
    },
    header: {
      display: 'flex',
      flexDirection: 'column',
      gap: '1',
      px: { base: '5', md: '6' },
      pt: { base: '5', md: '6' },
    },
    title: { textStyle: 'heading.sm', color: 'fg.default' },
    description: { textStyle: 'body.sm', color: 'fg.muted' },
    body: {
      display: 'flex',
      flexDirection: 'column',
      gap: '3',
      flex: '1',
      px: { base: '5', md: '6' },
      py: { base: '4', md: '5' },
    },
    footer: {
      display: 'flex',
      flexWrap: 'wrap',
      justifyContent: 'flex-end',
      alignItems: 'center',
      gap: '3',
      px: { base: '5', md: '6' },
      pb: { base: '5', md: '6' },
    },
  },
  variants: {
    variant: {
      outline: { root: { borderWidth: '1px', borderColor: 'border.default', boxShadow: 'xs' } },
      elevated: { root: { boxShadow: 'md' } },
      subtle: { root: { bg: 'bg.subtle' } },
    },
    interactive: {
      true: {
        root: {
          transitionProperty: 'box-shadow, transform, border-color',
          transitionDuration: 'normal',
          _hover: { boxShadow: 'lg', transform: 'translateY(-2px)' },
          _focusWithin: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
        },
      },
    },
  },
  defaultVariants: { variant: 'outline' },
});
