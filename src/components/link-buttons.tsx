import { FormattedMessage } from 'react-intl';
import type { ButtonVariantProps } from '../../styled-system/recipes';
import { LinkButton } from './link-button';

/** One of a row of links as buttons: where it goes, its words (a message id), its look. */
export type LinkRow = readonly [href: string, labelId: string, variant?: ButtonVariantProps['variant']];

/**
 * Links as buttons, side by side in the caller's row ("Join", "Browse courses"). (The front page
 * writes its own: its first visit loads no module more.)
 */
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
