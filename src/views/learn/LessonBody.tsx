import { Fragment } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { isSitePath } from '../../../contract/content-rules';
import type { Block, Inline } from '../../../contract/learning';
import { css } from '../../../styled-system/css';
import { callout } from '../../components/callout';
import { inlineLinkStyle } from '../../components/text-link';
import { InfoIcon } from '../../theme/icons';

/**
 * A lesson body (the safe document tree made from the educator's Markdown) as React elements:
 * text is always text, never HTML; a link is an in-app link (wouter), and only to a path of this
 * site (checked again here: anything else shows as its text). The lesson title is the page's h2,
 * so the body's own headings sit one level below it (h2 → h3, h3 → h4); an article's title is its
 * page's h1, so there `sectionLevel={2}` keeps them as written (h2 → h2, h3 → h3).
 */
function Inlines({ runs }: { runs: Inline[] }) {
  return (
    <>
      {runs.map((run, i) => {
        // biome-ignore lint/suspicious/noArrayIndexKey: runs have no identity but their place
        if (run.t === 'strong') return <strong key={i}>{run.v}</strong>;
        // biome-ignore lint/suspicious/noArrayIndexKey: runs have no identity but their place
        if (run.t === 'em') return <em key={i}>{run.v}</em>;
        if (run.t === 'link' && isSitePath(run.href))
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: runs have no identity but their place
            <Link key={i} href={run.href} className={inlineLinkStyle}>
              {run.v}
            </Link>
          );
        // biome-ignore lint/suspicious/noArrayIndexKey: runs have no identity but their place
        return <Fragment key={i}>{run.v}</Fragment>;
      })}
    </>
  );
}

export const readable = css({
  maxWidth: '70ch',
  fontSize: { base: '1.0625rem', md: '1.1875rem' },
  lineHeight: '1.75',
  color: 'fg.default',
  overflowWrap: 'break-word',
  _arabic: { lineHeight: '1.9' },
  '& > * + *': { mt: '1.1em' },
  '& [data-level=section]': {
    fontSize: '1.35em',
    fontWeight: '700',
    lineHeight: '1.3',
    mt: '1.8em',
    textWrap: 'balance',
  },
  '& [data-level=sub]': { fontSize: '1.12em', fontWeight: '650', lineHeight: '1.35', mt: '1.5em' },
  '& ul, & ol': { ps: '1.4em', display: 'grid', gap: '0.5em' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& li::marker': { color: 'accent.fg' },
  '& strong': { fontWeight: '700' },
});

export function LessonBody({ blocks, sectionLevel = 3 }: { blocks: Block[]; sectionLevel?: 2 | 3 }) {
  const intl = useIntl();
  const Section = sectionLevel === 2 ? 'h2' : 'h3';
  const Sub = sectionLevel === 2 ? 'h3' : 'h4';
  return (
    <div className={readable} data-testid="lesson-body">
      {blocks.map((block, i) => {
        const key = `${block.t}-${i}`;
        switch (block.t) {
          case 'h2':
            return (
              <Section key={key} data-level="section">
                <Inlines runs={block.c} />
              </Section>
            );
          case 'h3':
            return (
              <Sub key={key} data-level="sub">
                <Inlines runs={block.c} />
              </Sub>
            );
          case 'p':
            return (
              <p key={key}>
                <Inlines runs={block.c} />
              </p>
            );
          case 'note':
            return (
              <aside
                key={key}
                className={callout()}
                aria-label={intl.formatMessage({ id: 'learning.learn.note' })}
              >
                <InfoIcon className={css({ mt: '0.35em' })} />
                <p>
                  <Inlines runs={block.c} />
                </p>
              </aside>
            );
          case 'ul':
          case 'ol': {
            const List = block.t;
            return (
              <List key={key}>
                {block.items.map((item, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity but their place
                  <li key={j}>
                    <Inlines runs={item} />
                  </li>
                ))}
              </List>
            );
          }
          default:
            return null;
        }
      })}
    </div>
  );
}
