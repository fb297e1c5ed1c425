import { cva } from '../../styled-system/css';

/**
 * Cards in a grid (courses, articles, experts): one column on a phone, two from `sm`, then three
 * (or `columns` 4, a little closer) on a wide screen.
 */
export const cardGrid = cva({
  base: {
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
    gap: { base: '4', md: '6' },
  },
  variants: {
    columns: { 3: {}, 4: { gridTemplateColumns: { lg: 'repeat(4, minmax(0, 1fr))' }, gap: { md: '5' } } },
  },
  defaultVariants: { columns: 3 },
});
