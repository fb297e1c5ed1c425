import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { css } from '../../../styled-system/css';
import { LinkButton } from '../../components/link-button';
import { pageColumn } from '../../components/page-column';
import { ArrowEndIcon } from '../../theme/icons';

const head = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: '4',
  mb: { base: '6', md: '8' },
});

/**
 * One of the front page's sections that show a few of something (courses, experts, articles): its
 * heading, a line under it, a link to all of them, and the items (or their placeholders) below.
 */
export function HomeSection({
  id,
  testId,
  busy,
  titleId,
  introId,
  allHref,
  allLabelId,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  testId: string;
  busy: boolean;
  titleId: string;
  introId: string;
  allHref: string;
  allLabelId: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      aria-busy={busy}
      className={pageColumn({ space: 'md' })}
      data-testid={testId}
    >
      <div className={head}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', maxWidth: '2xl' })}>
          <h2 id={id} className={css({ textStyle: 'heading.lg', color: 'fg.default' })}>
            <FormattedMessage id={titleId} />
          </h2>
          <p className={css({ color: 'fg.muted' })}>
            <FormattedMessage id={introId} />
          </p>
        </div>
        <LinkButton href={allHref} variant="outline">
          <FormattedMessage id={allLabelId} />
          <ArrowEndIcon aria-hidden="true" />
        </LinkButton>
      </div>
      {children}
    </section>
  );
}

/** `count` placeholders while a section's items load (they have no identity but their place). */
export function Placeholders({ count, children }: { count: number; children: ReactNode }) {
  return Array.from({ length: count }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity but their place
    <li key={i}>{children}</li>
  ));
}
