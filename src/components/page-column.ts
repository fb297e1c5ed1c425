import { cva } from '../../styled-system/css';

/** A public page's content column (the catalogue, a course, the front page's sections): `space` above and below. */
export const pageColumn = cva({
  base: { maxWidth: '6xl', mx: 'auto', px: { base: '4', md: '6' } },
  variants: {
    space: {
      sm: { py: { base: '6', md: '10' } },
      md: { py: { base: '8', md: '12' } },
      lg: { py: { base: '10', md: '16' } },
    },
  },
  defaultVariants: { space: 'md' },
});
