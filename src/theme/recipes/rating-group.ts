import { defineSlotRecipe } from '@pandacss/dev';

/** Ark RatingGroup (park-ui style): five stars, each a 44 px target, the label above. */
export const ratingGroup = defineSlotRecipe({
  className: 'rating-group',
  jsx: [/RatingGroup\.+/],
  slots: ['root', 'label', 'control', 'item'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5' },
    label: { textStyle: 'label', color: 'fg.default' },
    control: { display: 'inline-flex', alignItems: 'center', gap: '0.5' },
    item: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: '11',
      height: '11',
      borderRadius: 'md',
      color: 'border.emphasized',
      cursor: 'pointer',
      outline: 'none',
      transitionProperty: 'color, transform',
      transitionDuration: 'fast',
      _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '1px' },
      // only the stars up to her choice (or the one under the pointer) fill: Ark marks the first star
      // checked before any choice (to take the Tab), so checked alone colours nothing; plum, the brand
      // colour, not the rose that reads as an error
      _highlighted: { color: 'accent.default' },
      '& svg': { width: '7', height: '7' },
      _readOnly: { cursor: 'default' },
    },
  },
});
