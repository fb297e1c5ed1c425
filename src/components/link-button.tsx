import type { AnchorHTMLAttributes } from 'react';
import { Link } from 'wouter';
import { cx } from '../../styled-system/css';
import { type ButtonVariantProps, button } from '../../styled-system/recipes';

type LinkButtonProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> &
  ButtonVariantProps & { href: string };

/** A link in the app that looks like a button (same recipe, sizes and variants): "Browse courses". */
export function LinkButton({ className, ...rest }: LinkButtonProps) {
  const [variants, props] = button.splitVariantProps(rest);
  return <Link {...props} className={cx(button(variants), className)} />;
}
