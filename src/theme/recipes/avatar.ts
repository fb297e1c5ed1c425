import { defineSlotRecipe } from '@pandacss/dev';

export const avatar = defineSlotRecipe({
  className: 'avatar',
  jsx: [/Avatar\.+/],
  slots: ['root', 'image', 'fallback'],
  base: {
    root: {
      position: 'relative',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flexShrink: '0',
      borderRadius: 'full',
      overflow: 'hidden',
      bg: 'accent.muted',
      color: 'accent.fg',
      fontWeight: '600',
      userSelect: 'none',
      boxShadow: '0 0 0 2px token(colors.bg.surface)',
    },
    image: { width: 'full', height: 'full', objectFit: 'cover' },
    fallback: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: 'full',
      height: 'full',
      lineHeight: '1',
      '& svg': { width: '55%', height: '55%' },
    },
  },
  variants: {
    size: {
      sm: { root: { width: '8', height: '8', fontSize: 'xs' } },
      md: { root: { width: '10', height: '10', fontSize: 'sm' } },
      lg: { root: { width: '14', height: '14', fontSize: 'lg' } },
      xl: { root: { width: '20', height: '20', fontSize: '2xl' } },
    },
  },
  defaultVariants: { size: 'md' },
});
