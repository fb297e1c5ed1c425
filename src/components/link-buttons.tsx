import { FormattedMessage } from 'react-intl';
import type { ButtonVariantProps } from '../../styled-system/recipes';
import { LinkButton } from './link-button';

/** One of a row of links as buttons: where it goes, its words (a message id), its look, its test id. */
export type LinkRow = readonly [
  href: string,
  labelId: string,
  variant?: ButtonVariantProps['variant'],
  testId?: string,
];

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
  return links.map(([href, labelId, variant, testId]) => (
    <LinkButton key={href} href={href} size={size} variant={variant} data-testid={testId}>
      <FormattedMessage id={labelId} />
    </LinkButton>
  ));
}
