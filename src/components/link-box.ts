import { css } from '../../styled-system/css';

/** A link drawn as a box (a course to read next, the next lesson): bordered, the accent's border on hover, a ring on focus. */
export const linkBox = css({
  minHeight: '11',
  px: '4',
  py: '3',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  color: 'fg.default',
  _hover: { borderColor: 'accent.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
});
