import { type ComponentType, type ReactNode, useEffect, useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { css, cva, cx } from '../../../styled-system/css';
import { button } from '../../../styled-system/recipes';
import { LinkButton } from '../../components/link-button';
import { pageColumn } from '../../components/page-column';
import { panel } from '../../components/panel';
import { ArrowEndIcon, CheckIcon, type IconProps, InfoIcon, LockIcon } from '../../theme/icons';
import { useDocumentTitleText } from '../useDocumentTitle';

/**
 * The building blocks of the public site's content pages (about, programs, terms, safeguarding…):
 * a hero with the page's h1 and lead, sections with an h2, card grids with h3s, lists, callouts and
 * a slot for a page's form. Words come in as message ids, so every page reads from its own bundle.
 */

/** Tab title "<page> · Amina" and the page's meta description, both from message ids. */
export function usePageMeta(titleId: string, descriptionId: string) {
  const intl = useIntl();
  usePageMetaText(intl.formatMessage({ id: titleId }), intl.formatMessage({ id: descriptionId }));
}

/** The same from texts already known (an article's own title and summary); nothing until they are. */
export function usePageMetaText(title: string | null | undefined, description: string | null | undefined) {
  useDocumentTitleText(title);
  useEffect(() => {
    if (!description) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    const previous = meta.content;
    meta.content = description;
    return () => {
      if (!meta) return;
      if (created) meta.remove();
      else meta.content = previous;
    };
  }, [description]);
}

// ------------------------------------------------------------------ rich text in messages

const inlineLinkStyle = css({
  color: 'accent.fg',
  fontWeight: '500',
  textDecoration: 'underline',
  textDecorationThickness: '1px',
  textUnderlineOffset: '0.2em',
  borderRadius: 'xs',
  _hover: { textDecorationThickness: '2px' },
});

/** `<link>…</link>` in a message as a link inside the sentence (underlined, so it stands out from the text). */
export function linkTo(href: string) {
  return (chunks: ReactNode[]) => (
    <Link href={href} className={inlineLinkStyle}>
      {chunks}
    </Link>
  );
}

const kbdStyle = css({
  display: 'inline-block',
  px: '1.5',
  mx: '0.5',
  minWidth: '7',
  textAlign: 'center',
  fontFamily: 'mono',
  fontSize: '0.9em',
  lineHeight: '1.5',
  bg: 'bg.surface',
  color: 'fg.default',
  borderWidth: '1px',
  borderBottomWidth: '2px',
  borderColor: 'border.emphasized',
  borderRadius: 'sm',
  direction: 'ltr',
  unicodeBidi: 'isolate',
});

/** `<kbd>…</kbd>` in a message: a key on the keyboard. */
export const kbd = (chunks: ReactNode[]) => <kbd className={kbdStyle}>{chunks}</kbd>;

const codeStyle = css({
  display: 'inline-block',
  mx: '1',
  px: '2',
  py: '0.5',
  fontFamily: 'mono',
  fontWeight: '700',
  letterSpacing: '0.06em',
  bg: 'bg.surface',
  color: 'accent.fg',
  borderWidth: '1px',
  borderStyle: 'dashed',
  borderColor: 'accent.border',
  borderRadius: 'md',
  direction: 'ltr',
  unicodeBidi: 'isolate',
});

/** A promo code as the member types it (left to right, in Arabic too). */
export function PromoCode({ code }: { code: string }) {
  return (
    <code className={codeStyle} translate="no">
      {code}
    </code>
  );
}

// ------------------------------------------------------------------ page frame

const heroStyle = css({
  bgGradient: 'to-b',
  gradientFrom: 'accent.subtle',
  gradientTo: 'bg.canvas',
  borderBottomWidth: '1px',
  borderColor: 'border.subtle',
});
const heroInner = css({
  maxWidth: '6xl',
  mx: 'auto',
  px: { base: '4', md: '6' },
  pt: { base: '10', md: '16' },
  pb: { base: '8', md: '12' },
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: '4',
});

/** The top of a page: an optional line above the title, the h1, the lead (the page's description), then actions. */
export function PageHero({
  titleId,
  leadId,
  above,
  children,
}: {
  titleId: string;
  leadId: string;
  above?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className={heroStyle}>
      <div className={heroInner}>
        {above}
        <h1
          className={css({ textStyle: 'display', color: 'accent.fg', textWrap: 'balance', maxWidth: '4xl' })}
        >
          <FormattedMessage id={titleId} />
        </h1>
        <p className={css({ textStyle: 'body.lg', color: 'fg.muted', maxWidth: '65ch', textWrap: 'pretty' })}>
          <FormattedMessage id={leadId} />
        </p>
        {children && (
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', mt: '2' })}>{children}</div>
        )}
      </div>
    </header>
  );
}

/** The column under the hero: sections stacked with room between them. */
export function PageBody({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cx(
        pageColumn({ space: 'md' }),
        css({ display: 'flex', flexDirection: 'column', gap: { base: '10', md: '14' } }),
        className,
      )}
    >
      {children}
    </div>
  );
}

const sectionStyle = cva({
  base: { display: 'flex', flexDirection: 'column', gap: '4', scrollMarginTop: '24', minWidth: '0' },
  variants: {
    tone: {
      plain: {},
      accent: { bg: 'accent.subtle', borderRadius: 'xl', p: { base: '5', md: '8' } },
      muted: { bg: 'bg.subtle', borderRadius: 'xl', p: { base: '5', md: '8' } },
      outline: {
        bg: 'bg.surface',
        borderWidth: '1px',
        borderColor: 'border.subtle',
        borderRadius: 'xl',
        p: { base: '5', md: '8' },
      },
    },
  },
  defaultVariants: { tone: 'plain' },
});

export const sectionTitle = css({ textStyle: 'heading.lg', color: 'fg.default', textWrap: 'balance' });

/** A titled part of the page (h2), a region named by its title. `id` makes it a target for "On this page". */
export function Section({
  id,
  titleId,
  tone,
  icon,
  children,
  className,
}: {
  id?: string;
  titleId: string;
  tone?: 'plain' | 'accent' | 'muted' | 'outline';
  /** A decorative icon at the start of the title's line. */
  icon?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const auto = useId();
  const headingId = `${id ?? auto}-title`;
  const heading = (
    <h2 id={headingId} className={sectionTitle}>
      <FormattedMessage id={titleId} />
    </h2>
  );
  return (
    <section id={id} aria-labelledby={headingId} className={cx(sectionStyle({ tone }), className)}>
      {icon ? (
        <div className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
          <span className={sectionIcon}>{icon}</span>
          {heading}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

const sectionIcon = css({
  display: 'inline-grid',
  placeItems: 'center',
  flexShrink: '0',
  boxSize: '11',
  borderRadius: 'full',
  bg: 'accent.muted',
  color: 'accent.fg',
  '& svg': { boxSize: '5' },
});

export const prose = css({
  textStyle: 'body.md',
  color: 'fg.default',
  maxWidth: '70ch',
  textWrap: 'pretty',
});

type RichValues = Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

/** Paragraphs, one per message id. */
export function Paragraphs({ ids, values }: { ids: readonly string[]; values?: RichValues }) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      {ids.map((id) => (
        <p key={id} className={prose}>
          <FormattedMessage id={id} values={values} />
        </p>
      ))}
    </div>
  );
}

const bulletList = css({
  display: 'grid',
  gap: '2.5',
  ps: '5',
  listStyleType: 'disc',
  '& li': { textStyle: 'body.md', maxWidth: '70ch', ps: '1' },
  '& li::marker': { color: 'accent.fg' },
});
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

const stepsList = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: '1fr', md: 'repeat(auto-fit, minmax(12rem, 1fr))' },
});
const numberBadge = cva({
  base: {
    display: 'inline-grid',
    placeItems: 'center',
    flexShrink: '0',
    borderRadius: 'full',
    bg: 'accent.default',
    color: 'fg.onAccent',
    fontWeight: '700',
  },
  variants: { size: { md: { boxSize: '9' }, sm: { boxSize: '7', fontSize: 'sm' } } },
  defaultVariants: { size: 'md' },
});

/** Numbered steps, each a short title and a sentence (a row of cards on wide screens). */
export function Steps({ steps }: { steps: readonly { titleId: string; bodyId: string }[] }) {
  const intl = useIntl();
  return (
    <ol className={stepsList}>
      {steps.map((step, i) => (
        <li
          key={step.titleId}
          className={cx(
            panel({ padding: 'md' }),
            css({ display: 'flex', flexDirection: 'column', gap: '3' }),
          )}
        >
          <span className={numberBadge()} aria-hidden="true">
            {intl.formatNumber(i + 1)}
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
  const intl = useIntl();
  return (
    <ol className={css({ display: 'grid', gap: '3' })}>
      {ids.map((id, i) => (
        <li
          key={id}
          className={css({ display: 'flex', gap: '3', alignItems: 'flex-start', maxWidth: '70ch' })}
        >
          <span className={numberBadge({ size: 'sm' })} aria-hidden="true">
            {intl.formatNumber(i + 1)}
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
const cardIcon = css({
  display: 'inline-grid',
  placeItems: 'center',
  boxSize: '11',
  borderRadius: 'full',
  bg: 'highlight.subtle',
  color: 'highlight.fg',
  '& svg': { boxSize: '5' },
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
        <li
          key={titleId}
          className={cx(
            panel({ padding: 'md', raised: true }),
            css({ display: 'flex', flexDirection: 'column', gap: '3' }),
          )}
        >
          {Icon && (
            <span className={cardIcon}>
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

const calloutStyle = cva({
  base: {
    display: 'flex',
    gap: '3',
    alignItems: 'flex-start',
    p: { base: '4', md: '5' },
    borderRadius: 'lg',
    borderInlineStartWidth: '4px',
    '& > svg': { width: '5', height: '5', flexShrink: '0', mt: '0.5' },
  },
  variants: {
    tone: {
      info: { bg: 'info.subtle', borderColor: 'accent.default', '& > svg': { color: 'accent.fg' } },
      urgent: { bg: 'error.subtle', borderColor: 'error.default', '& > svg': { color: 'error.fg' } },
    },
  },
  defaultVariants: { tone: 'info' },
});

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
    <div className={calloutStyle({ tone })}>
      <InfoIcon />
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0' })}>
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

/**
 * FORM SLOT. Where a page's form goes (enquiry, contact, report a concern): a section with its
 * title and intro around `children`. Renders nothing until a form is given, so a page without its
 * form yet shows no empty box. `id="form"` lets the page's hero link to it.
 */
export function FormSlot({
  titleId,
  introId,
  children,
}: {
  titleId: string;
  introId?: string;
  children?: ReactNode;
}) {
  if (!children) return null;
  return (
    <Section id="form" titleId={titleId} tone="outline">
      {introId && (
        <p className={prose}>
          <FormattedMessage id={introId} />
        </p>
      )}
      <div data-slot="form">{children}</div>
    </Section>
  );
}

/** A closing band with a title, a sentence and actions (join, browse…). */
export function ClosingBand({
  titleId,
  bodyId,
  actions,
}: {
  titleId: string;
  bodyId: string;
  actions: readonly { href: string; labelId: string; variant?: 'solid' | 'outline' }[];
}) {
  return (
    <Section
      titleId={titleId}
      tone="accent"
      className={css({ alignItems: { base: 'stretch', sm: 'flex-start' } })}
    >
      <p className={prose}>
        <FormattedMessage id={bodyId} />
      </p>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
        {actions.map((a) => (
          <LinkButton key={a.href} href={a.href} size="lg" variant={a.variant ?? 'solid'}>
            <FormattedMessage id={a.labelId} />
          </LinkButton>
        ))}
      </div>
    </Section>
  );
}

/** Two columns on wide screens (main text, and a narrower column beside it); one on phones. */
export const twoColumns = css({
  display: 'grid',
  gap: { base: '10', md: '14', lg: '12' },
  gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
  alignItems: 'start',
});

/** The hero's button down to the page's form (a plain in-page link: it moves focus to the form's section). */
export function JumpToForm({ labelId }: { labelId: string }) {
  return (
    <a href="#form" className={button({ size: 'lg' })}>
      <FormattedMessage id={labelId} />
    </a>
  );
}

/**
 * A privacy promise beside a section (a lock, a title, a paragraph) on an accent panel: what stays
 * anonymous in a report, a CV, a sponsored seat. `level` 2 is a section of its own; 3 sits in one.
 */
export function PrivacyNote({
  id,
  titleId,
  bodyId,
  level = 2,
}: {
  id: string;
  titleId: string;
  bodyId: string;
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby={id}
      className={cx(
        panel({ tone: 'accent', padding: 'lg' }),
        css({ display: 'flex', flexDirection: 'column', gap: '3' }),
      )}
    >
      <span className={css({ color: 'accent.fg', '& svg': { boxSize: '6' } })}>
        <LockIcon />
      </span>
      <Heading id={id} className={level === 2 ? sectionTitle : css({ textStyle: 'heading.sm' })}>
        <FormattedMessage id={titleId} />
      </Heading>
      <p className={prose}>
        <FormattedMessage id={bodyId} />
      </p>
    </section>
  );
}
