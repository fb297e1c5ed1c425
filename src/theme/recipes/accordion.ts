import { defineSlotRecipe } from '@pandacss/dev';

/**
 * Accordion (Ark Accordion), for questions and answers: full-width rows divided by a quiet line,
 * a 44 px+ trigger with the question at the start and a chevron at the end that turns when open.
 * Logical properties only, so it mirrors in RTL.
 */
export const accordion = defineSlotRecipe({
  className: 'accordion',
  jsx: [/Accordion\.+/],
  slots: ['root', 'item', 'heading', 'trigger', 'indicator', 'content', 'body'],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      width: 'full',
      bg: 'bg.surface',
      borderWidth: '1px',
      borderColor: 'border.subtle',
      borderRadius: 'xl',
      overflow: 'hidden',
    },
    item: {
      borderBottomWidth: '1px',
      borderColor: 'border.subtle',
      _last: { borderBottomWidth: '0' },
    },
    heading: { margin: '0', fontSize: 'inherit', fontWeight: 'inherit' },
    trigger: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '4',
      width: 'full',
      minHeight: '14',
      px: { base: '4', md: '6' },
      py: '3',
      bg: 'transparent',
      color: 'fg.default',
      textAlign: 'start',
      textStyle: 'body.md',
      fontWeight: '600',
      cursor: 'pointer',
      outline: 'none',
      transitionProperty: 'background-color, color',
      transitionDuration: 'normal',
      _hover: { bg: 'bg.subtle' },
      _open: { color: 'accent.fg' },
      _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '-2px' },
      _disabled: { opacity: '0.5', cursor: 'not-allowed' },
    },
    indicator: {
      display: 'inline-flex',
      flexShrink: '0',
      color: 'fg.muted',
      transitionProperty: 'transform',
      transitionDuration: 'normal',
      '& svg': { width: '5', height: '5' },
      _open: { transform: 'rotate(180deg)', color: 'accent.fg' },
    },
    content: { overflow: 'hidden' },
    body: {
      px: { base: '4', md: '6' },
      pb: '5',
      color: 'fg.default',
      textStyle: 'body.md',
      maxWidth: '70ch',
    },
  },
});
