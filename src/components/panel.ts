import { cva } from '../../styled-system/css';

/**
 * The surface the screens' boxes share (a quiz question, a dashboard row, the course's action card):
 * `tone` subtle (quiet border, lg corners), strong (the page's main boxes: darker border, xl
 * corners), or a tinted box without a visible border, accent (what to do next, what she will learn)
 * or muted (a summary); `padding` none to lg; `raised` a light shadow. Layout inside is the caller's.
 */
export const panel = cva({
  base: { bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.subtle', borderRadius: 'lg' },
  variants: {
    tone: {
      subtle: {},
      strong: { borderColor: 'border.default', borderRadius: 'xl' },
      accent: { bg: 'accent.subtle', borderColor: 'transparent', borderRadius: 'xl' },
      muted: { bg: 'bg.subtle', borderColor: 'transparent', borderRadius: 'xl' },
    },
    padding: {
      none: {},
      sm: { p: { base: '4', md: '5' } },
      md: { p: { base: '4', md: '6' } },
      lg: { p: { base: '5', md: '6' } },
    },
    raised: { true: { boxShadow: 'xs' } },
  },
  defaultVariants: { tone: 'subtle', padding: 'md' },
});
