import { type ComponentType, type ReactNode, useId } from 'react';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import { Link } from 'wouter';
import { css, cva, cx } from '../../../styled-system/css';
import { stack } from '../../../styled-system/patterns';
import { callout } from '../../components/callout';
import { bulletList } from '../../components/check-list';
import { panel } from '../../components/panel';
import { roundBadge } from '../../components/round-badge';
import { ArrowEndIcon, CheckIcon, type IconProps, InfoIcon } from '../../theme/icons';

/**
 * What the content pages' sections hold: paragraphs, lists, numbered steps, card grids and
 * callouts, each drawn from message ids so every page reads from its own bundle.
 */

export const prose = css({ textStyle: 'body.md', color: 'fg.default', maxWidth: '70ch', textWrap: 'pretty' });

type RichValues = Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

/** Paragraphs, one per message id. */
export function Paragraphs({ ids, values }: { ids: readonly string[]; values?: RichValues }) {
  return (
    <div className={stack({ gap: '4' })}>
      {ids.map((id) => (
        <p key={id} className={prose}>
          <FormattedMessage id={id} values={values} />
        </p>
      ))}
    </div>
  );
}

const checkList = css({
  display: 'grid',
  gap: '3',
  '& li': { display: 'flex', gap: '3', alignItems: 'flex-start', maxWidth: '70ch', textStyle: 'body.md' },
  '& svg': { width: '5', height: '5', flexShrink: '0', mt: '0.5', color: 'success.default' },
});

/** A list, one item per message id: `dots` (plain bullets) or `checks` (a green tick before each). */
export function List({
  ids,
  marker = 'dots',
  values,
}: {
  ids: readonly string[];
  marker?: 'dots' | 'checks';
  values?: RichValues;
}) {
  return (
    <ul className={marker === 'checks' ? checkList : bulletList}>
      {ids.map((id) => (
        <li key={id}>
          {marker === 'checks' && <CheckIcon />}
          <span>
            <FormattedMessage id={id} values={values} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Numbered steps, each a short title and a sentence (a row of cards on wide screens). */
export function Steps({ steps }: { steps: readonly { titleId: string; bodyId: string }[] }) {
  return (
    <ol
      className={css({
        display: 'grid',
        gap: '4',
        gridTemplateColumns: { base: '1fr', md: 'repeat(auto-fit, minmax(12rem, 1fr))' },
      })}
    >
      {steps.map((step, i) => (
        <li key={step.titleId} className={cx(panel({ padding: 'md' }), stack({ gap: '3' }))}>
          <span className={roundBadge({ tone: 'solid', size: 'md' })} aria-hidden="true">
            <FormattedNumber value={i + 1} />
          </span>
          <h3 className={css({ textStyle: 'heading.sm' })}>
            <FormattedMessage id={step.titleId} />
          </h3>
          <p className={css({ color: 'fg.muted' })}>
            <FormattedMessage id={step.bodyId} />
          </p>
        </li>
      ))}
    </ol>
  );
}

/** Short numbered instructions in a sentence each ("Open the course page…"). */
export function NumberedList({ ids, values }: { ids: readonly string[]; values?: RichValues }) {
  return (
    <ol className={css({ display: 'grid', gap: '3' })}>
      {ids.map((id, i) => (
        <li
          key={id}
          className={css({ display: 'flex', gap: '3', alignItems: 'flex-start', maxWidth: '70ch' })}
        >
          <span className={roundBadge({ tone: 'solid', size: 'sm' })} aria-hidden="true">
            <FormattedNumber value={i + 1} />
          </span>
          <span className={css({ textStyle: 'body.md', pt: '0.5' })}>
            <FormattedMessage id={id} values={values} />
          </span>
        </li>
      ))}
    </ol>
  );
}

export interface CardItem {
  titleId: string;
  bodyId: string;
  Icon?: ComponentType<IconProps>;
  /** Links under the text ("Learn more"), each with its own label. */
  links?: readonly { href: string; labelId: string }[];
}

/** A card as one line of data: its title's and sentence's ids, its icon, then its links as [href, label id]. */
export type CardRow = readonly [
  titleId: string,
  bodyId: string,
  Icon?: ComponentType<IconProps>,
  ...links: (readonly [href: string, labelId: string])[],
];

export const cards = (rows: readonly CardRow[]): CardItem[] =>
  rows.map(([titleId, bodyId, Icon, ...links]) => ({
    titleId,
    bodyId,
    Icon,
    links: links.map(([href, labelId]) => ({ href, labelId })),
  }));

const cardGrid = cva({
  base: { display: 'grid', gap: { base: '4', md: '5' }, gridTemplateColumns: '1fr' },
  variants: {
    columns: {
      2: { gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' } },
      3: { gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } },
      4: { gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } },
    },
  },
  defaultVariants: { columns: 3 },
});
const cardLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  minHeight: '11',
  color: 'accent.fg',
  fontWeight: '600',
  textDecoration: 'underline',
  textDecorationColor: 'transparent',
  textUnderlineOffset: '0.2em',
  _hover: { textDecorationColor: 'currentColor' },
  '& svg': { width: '4', height: '4' },
});

/** Cards in a grid, each an h3 and a sentence, with an optional icon and links. */
export function CardGrid({ items, columns }: { items: readonly CardItem[]; columns?: 2 | 3 | 4 }) {
  const base = useId();
  return (
    <ul className={cardGrid({ columns })}>
      {items.map(({ titleId, bodyId, Icon, links }, i) => (
        <li key={titleId} className={cx(panel({ padding: 'md', raised: true }), stack({ gap: '3' }))}>
          {Icon && (
            <span className={roundBadge()}>
              <Icon />
            </span>
          )}
          <h3 id={`${base}-${i}`} className={css({ textStyle: 'heading.sm', color: 'fg.default' })}>
            <FormattedMessage id={titleId} />
          </h3>
          <p className={css({ color: 'fg.muted', flex: '1' })}>
            <FormattedMessage id={bodyId} />
          </p>
          {links && links.length > 0 && (
            <div className={css({ display: 'flex', flexWrap: 'wrap', columnGap: '5' })}>
              {links.map((l) => (
                // "Learn more" says which card it belongs to (screen readers list links out of context)
                <Link key={l.href} href={l.href} className={cardLink} aria-describedby={`${base}-${i}`}>
                  <FormattedMessage id={l.labelId} />
                  <ArrowEndIcon />
                </Link>
              ))}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A boxed sentence that must not be missed ("In an emergency…"). Not a live region: it is part of the page. */
export function Callout({
  tone,
  titleId,
  children,
}: {
  tone?: 'info' | 'urgent';
  titleId?: string;
  children: ReactNode;
}) {
  return (
    <div className={callout({ tone })}>
      <InfoIcon className={css({ mt: '0.5' })} />
      <div className={stack({ gap: '1', minWidth: '0' })}>
        {titleId && (
          <p className={css({ fontWeight: '700', color: 'fg.default' })}>
            <FormattedMessage id={titleId} />
          </p>
        )}
        <div className={css({ textStyle: 'body.md', color: 'fg.default', maxWidth: '70ch' })}>{children}</div>
      </div>
    </div>
  );
}
