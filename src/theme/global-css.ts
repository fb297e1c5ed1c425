import { defineGlobalStyles } from '@pandacss/dev';

export const globalCss = defineGlobalStyles({
  ':root': {
    '--dir-sign': '1',
    colorScheme: 'light',
  },
  '[dir=rtl]': { '--dir-sign': '-1' },
  html: {
    bg: 'bg.canvas',
    color: 'fg.default',
    fontFamily: 'body',
    lineHeight: 'body',
    WebkitFontSmoothing: 'antialiased',
    MozOsxFontSmoothing: 'grayscale',
    textRendering: 'optimizeLegibility',
    WebkitTapHighlightColor: 'transparent',
    textSizeAdjust: '100%',
  },
  'html[lang=ar]': { fontFamily: 'arabic' },
  body: {
    bg: 'bg.canvas',
    color: 'fg.default',
    fontSize: 'md',
    minHeight: '100dvh',
  },
  '::selection': { bg: 'plum.200', color: 'fg.default' },
  ':focus-visible': {
    outline: '2px solid',
    outlineColor: 'focusRing',
    outlineOffset: '2px',
  },
  a: { color: 'inherit', textUnderlineOffset: '0.2em' },
  /** Direction-implying icons (chevrons, arrows) mirror in RTL. */
  '[dir=rtl] [data-rtl-flip]': { transform: 'scaleX(-1)' },
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto !important',
    },
  },
});
