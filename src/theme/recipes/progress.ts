import { defineSlotRecipe } from '@pandacss/dev';

/** Ark Progress (linear, park-ui style): label and value on one line, a rounded bar below. */
export const progress = defineSlotRecipe({
  className: 'progress',
  jsx: [/Progress\.+/],
  slots: ['root', 'label', 'valueText', 'track', 'range'],
  base: {
    root: {
      display: 'grid',
      gridTemplateColumns: '1fr auto',
      alignItems: 'center',
      rowGap: '1.5',
      columnGap: '3',
      width: 'full',
    },
    label: { textStyle: 'body.sm', color: 'fg.muted' },
    valueText: {
      textStyle: 'body.sm',
      fontWeight: '600',
      color: 'fg.default',
      fontVariantNumeric: 'tabular-nums',
    },
    track: {
      gridColumn: '1 / -1',
      height: '2',
      bg: 'bg.muted',
      borderRadius: 'full',
      overflow: 'hidden',
    },
    range: {
      height: 'full',
      bg: 'accent.default',
      borderRadius: 'full',
      transitionProperty: 'width',
      transitionDuration: 'slow',
      '&[data-state=complete]': { bg: 'success.default' },
    },
  },
});
