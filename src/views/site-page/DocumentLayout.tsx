import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { css } from '../../../styled-system/css';
import { grid, stack } from '../../../styled-system/patterns';
import { Section } from './frame';

export interface DocumentSection {
  /** The section's anchor (`/terms#refunds`): stable, in English, never translated. */
  id: string;
  titleId: string;
  content: ReactNode;
}

const layout = grid({
  gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: '16rem minmax(0, 1fr)' },
  gap: { base: '8', lg: '12' },
  alignItems: 'start',
});
const tocBox = css({
  position: { base: 'static', lg: 'sticky' },
  top: '24',
  maxHeight: { lg: 'calc(100dvh - token(spacing.28))' },
  overflowY: { lg: 'auto' },
  bg: { base: 'bg.subtle', lg: 'transparent' },
  borderRadius: 'xl',
  p: { base: '4', lg: '0' },
});
const tocList = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: '1fr' },
  columnGap: '4',
  mt: '2',
  borderInlineStartWidth: { lg: '2px' },
  borderColor: 'border.subtle',
});
const tocLink = css({
  display: 'flex',
  alignItems: 'center',
  minHeight: '10',
  py: '1',
  ps: { base: '0', lg: '4' },
  ms: { lg: '-2px' },
  borderInlineStartWidth: { lg: '2px' },
  borderColor: 'transparent',
  color: 'fg.muted',
  textStyle: 'body.sm',
  textDecoration: 'underline',
  textDecorationColor: 'transparent',
  textUnderlineOffset: '0.2em',
  _hover: { color: 'accent.fg', borderColor: 'accent.default', textDecorationColor: 'currentColor' },
});

/**
 * A long document (terms, privacy): "On this page" (a list of its sections; beside the text and
 * sticky on wide screens, above it on phones) and the sections, each an h2 with an anchor.
 */
export function DocumentLayout({
  tocLabelId,
  sections,
}: {
  tocLabelId: string;
  sections: readonly DocumentSection[];
}) {
  return (
    <div className={layout}>
      <nav aria-labelledby="toc-label" className={tocBox}>
        <p id="toc-label" className={css({ textStyle: 'label', color: 'fg.default' })}>
          <FormattedMessage id={tocLabelId} />
        </p>
        <ol className={tocList}>
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className={tocLink}>
                <FormattedMessage id={s.titleId} />
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className={stack({ gap: { base: '10', md: '12' } })}>
        {sections.map((s) => (
          <Section key={s.id} id={s.id} titleId={s.titleId}>
            {s.content}
          </Section>
        ))}
      </div>
    </div>
  );
}
