import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { css } from '../../styled-system/css';
import { stack } from '../../styled-system/patterns';

/** A screen's h1 in the accent colour (no ring when the screen moves focus to it). */
export const pageTitle = css({ textStyle: 'heading.xl', color: 'accent.fg', outline: 'none' });

/** The line under a screen's title. */
export const pageIntro = css({
  color: 'fg.muted',
  textStyle: 'body.lg',
  maxWidth: '3xl',
  textWrap: 'pretty',
});

/**
 * A list screen's top (experts, articles, the cart): the h1, with `id` a target the screen moves
 * focus to (after clearing filters, on a new page), then what stands under it (`intro`, a count, the
 * disclaimer).
 */
export function PageHeader({
  id,
  titleId,
  introId,
  children,
}: {
  id?: string;
  titleId: string;
  introId?: string;
  children?: ReactNode;
}) {
  return (
    <header className={stack({ gap: '3', mb: { base: '6', md: '8' } })}>
      <h1 id={id} tabIndex={id ? -1 : undefined} className={pageTitle}>
        <FormattedMessage id={titleId} />
      </h1>
      {introId && (
        <p className={pageIntro}>
          <FormattedMessage id={introId} />
        </p>
      )}
      {children}
    </header>
  );
}
