import { defineSlotRecipe } from '@pandacss/dev';

/** Stars shown (not chosen): a small row with the average beside it. */
export const stars = defineSlotRecipe({
  className: 'stars',
  jsx: ['Stars'],
  slots: ['root', 'icons', 'star', 'text'],
  base: {
    root: { display: 'inline-flex', alignItems: 'center', gap: '1.5', color: 'fg.muted' },
    icons: { display: 'inline-flex', gap: '0.5', color: 'highlight.fg' },
    star: { width: '4', height: '4', flexShrink: '0' },
    text: { textStyle: 'body.sm', fontVariantNumeric: 'tabular-nums' },
  },
});
