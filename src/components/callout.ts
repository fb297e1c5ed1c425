import { cva } from '../../styled-system/css';

/**
 * A boxed note with a bar at its start and an icon before its words (the icon's offset from the
 * top is the caller's, to match its first line): `info` (the accent) or `urgent` (an error's red).
 */
export const callout = cva({
  base: {
    display: 'flex',
    gap: '3',
    alignItems: 'flex-start',
    p: { base: '4', md: '5' },
    borderRadius: 'lg',
    borderInlineStartWidth: '4px',
    '& > svg': { width: '5', height: '5', flexShrink: '0' },
  },
  variants: {
    tone: {
      info: { bg: 'info.subtle', borderColor: 'accent.default', '& > svg': { color: 'accent.fg' } },
      urgent: { bg: 'error.subtle', borderColor: 'error.default', '& > svg': { color: 'error.fg' } },
    },
  },
  defaultVariants: { tone: 'info' },
});
