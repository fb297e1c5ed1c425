import { defineSlotRecipe } from '@pandacss/dev';

/** A placeholder block shown while content loads. */
export const skeleton = defineSlotRecipe({
  className: 'skeleton',
  jsx: ['Skeleton'],
  slots: ['root'],
  base: {
    root: {
      display: 'block',
      bg: 'bg.muted',
      borderRadius: 'md',
      animation: 'fadeIn 0.9s ease-in-out infinite alternate',
      _motionReduce: { animation: 'none' },
    },
  },
});
