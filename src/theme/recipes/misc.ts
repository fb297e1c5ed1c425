import { defineRecipe } from '@pandacss/dev';

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
