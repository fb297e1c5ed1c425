import type { AnchorHTMLAttributes } from 'react';
import { FormattedMessage } from 'react-intl';
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

/** One of a row of links as buttons: where it goes, its words (a message id), its look. */
export type LinkRow = readonly [href: string, labelId: string, variant?: ButtonVariantProps['variant']];

/** Links as buttons, side by side in the caller's row ("Join", "Browse courses"). */
export function LinkButtons({
  links,
  size,
}: {
  links: readonly LinkRow[];
  size?: ButtonVariantProps['size'];
}) {
  return links.map(([href, labelId, variant]) => (
    <LinkButton key={href} href={href} size={size} variant={variant}>
      <FormattedMessage id={labelId} />
    </LinkButton>
  ));
}
