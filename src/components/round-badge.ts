import { cva } from '../../styled-system/css';

/**
 * A round badge before a title or a line: an icon (`lg`, `xl`) or a number (`sm`, `md`), on a tint
 * of the accent (`accent`, `subtle`), the accent itself (`solid`) or the highlight (`highlight`).
 */
export const roundBadge = cva({
  base: {
    display: 'inline-grid',
    placeItems: 'center',
    flexShrink: '0',
    borderRadius: 'full',
    fontWeight: '700',
  },
  variants: {
    tone: {
      highlight: { bg: 'highlight.subtle', color: 'highlight.fg' },
      accent: { bg: 'accent.muted', color: 'accent.fg' },
      subtle: { bg: 'accent.subtle', color: 'accent.fg' },
      solid: { bg: 'accent.default', color: 'fg.onAccent' },
    },
    size: {
      sm: { boxSize: '7', fontSize: 'sm' },
      md: { boxSize: '9' },
      lg: { boxSize: '11', '& svg': { boxSize: '5' } },
      xl: { boxSize: '12', '& svg': { boxSize: '6' } },
    },
  },
  defaultVariants: { tone: 'highlight', size: 'lg' },
});
