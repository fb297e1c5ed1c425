import type { AnchorHTMLAttributes } from 'react';
import { Link } from 'wouter';
import { css, cx } from '../../styled-system/css';

const style = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  minHeight: '11',
  color: 'accent.fg',
  fontWeight: '500',
  textDecoration: 'none',
  borderRadius: 'sm',
  _hover: { textDecoration: 'underline' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  '& svg': { width: '4.5', height: '4.5' },
});

/** A link inside a sentence (underlined, so it stands out from the text): messages' `<link>`, lessons' `[text](/path)`. */
export const inlineLinkStyle = css({
  color: 'accent.fg',
  fontWeight: '500',
  textDecoration: 'underline',
  textDecorationThickness: '1px',
  textUnderlineOffset: '0.2em',
  borderRadius: 'xs',
  _hover: { textDecorationThickness: '2px' },
});

/** A quiet link in the app's accent colour with room to tap ("Back to courses", "Course details"). */
export function TextLink({
  className,
  ...props
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { href: string }) {
  return <Link {...props} className={cx(style, className)} />;
}
