import { defineRecipe, defineSlotRecipe } from '@pandacss/dev';

export const fullScreenLoader = defineRecipe({
  className: 'full-screen-loader',
  jsx: ['FullScreenLoader'],
  base: {
    position: 'fixed',
    inset: '0',
    zIndex: 'overlay',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    bg: 'bg.canvas',
    color: 'accent.default',
    // a short delay so quick loads never flash a spinner
    '& > .spinner': {
      opacity: '0',
      animation: 'spin 0.75s linear infinite, fadeIn 0.3s 0.25s ease-out forwards',
    },
  },
});

export const logo = defineSlotRecipe({
  className: 'logo',
  jsx: ['Logo'],
  slots: ['root', 'mark', 'wordmark'],
  base: {
    root: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '2.5',
      color: 'accent.fg',
      textDecoration: 'none',
    },
    mark: { flexShrink: '0', height: 'auto' },
    wordmark: { fontWeight: '700', letterSpacing: '-0.01em', lineHeight: '1', color: 'accent.fg' },
  },
  variants: {
    size: {
      sm: { mark: { width: '7' }, wordmark: { fontSize: 'md' } },
      md: { mark: { width: '9' }, wordmark: { fontSize: 'lg' } },
      lg: { mark: { width: '14' }, wordmark: { fontSize: '2xl' } },
      xl: { mark: { width: '24' }, wordmark: { fontSize: '3xl' } },
    },
  },
  defaultVariants: { size: 'md' },
});

/** Visually hidden but read by screen readers. */
export const srOnly = defineRecipe({
  className: 'sr-only',
  base: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    p: '0',
    m: '-1px',
    overflow: 'hidden',
    clip: 'rect(0, 0, 0, 0)',
    whiteSpace: 'nowrap',
    borderWidth: '0',
  },
});
