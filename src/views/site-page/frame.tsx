import { type ReactNode, useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { css, cva, cx } from '../../../styled-system/css';
import { hstack, stack } from '../../../styled-system/patterns';
import { button } from '../../../styled-system/recipes';
import { LinkButtons, type LinkRow } from '../../components/link-buttons';
import { pageColumn } from '../../components/page-column';
import { panel } from '../../components/panel';
import { roundBadge } from '../../components/round-badge';
import { LockIcon } from '../../theme/icons';
import { prose } from './blocks';
import { usePageMeta } from './meta';

/**
 * The frame of the public site's content pages (about, programs, terms, safeguarding…): the hero
 * with the page's h1 and lead, the column of sections under it, and the page's form at the end.
 */

const heroStyle = css({
  bgGradient: 'to-b',
  gradientFrom: 'accent.subtle',
  gradientTo: 'bg.canvas',
  borderBottomWidth: '1px',
  borderColor: 'border.subtle',
});
// the page's column, a little more room above the title (pt after the column's py: it wins)
const heroInner = cx(pageColumn(), stack({ align: 'flex-start', gap: '4', pt: { base: '10', md: '16' } }));
const actionRow = css({ display: 'flex', flexWrap: 'wrap', gap: '3' });

/** A page's form: where it goes, what its section says, and the hero's button down to it. */
export interface PageForm {
  /** The form itself (the page shows none of this until it is given). */
  node?: ReactNode;
  titleId: string;
  introId?: string;
  /** The hero button's words (the form's title unless said). */
  jumpId?: string;
}

/**
 * A content page: its tab title and meta description, the hero (the h1, the lead: the description
 * unless `leadId` says, then `actions`), and the sections under it. With a `form`: a button in the
 * hero down to it (a plain in-page link: it moves focus to the form's section) and the form's
 * section last, `id="form"`.
 */
export function SitePage({
  titleId,
  descriptionId,
  leadId = descriptionId,
  above,
  actions,
  form,
  children,
}: {
  titleId: string;
  descriptionId: string;
  leadId?: string;
  /** A line above the title. */
  above?: ReactNode;
  actions?: ReactNode;
  form?: PageForm;
  children: ReactNode;
}) {
  usePageMeta(titleId, descriptionId);
  const jump = form?.node ? (
    <a href="#form" className={button({ size: 'lg' })}>
      <FormattedMessage id={form.jumpId ?? form.titleId} />
    </a>
  ) : (
    actions
  );
  return (
    <>
      <header className={heroStyle}>
        <div className={heroInner}>
          {above}
          <h1
            className={css({
              textStyle: 'display',
              color: 'accent.fg',
              textWrap: 'balance',
              maxWidth: '4xl',
            })}
          >
            <FormattedMessage id={titleId} />
          </h1>
          <p
            className={css({ textStyle: 'body.lg', color: 'fg.muted', maxWidth: '65ch', textWrap: 'pretty' })}
          >
            <FormattedMessage id={leadId} />
          </p>
          {jump && <div className={cx(actionRow, css({ mt: '2' }))}>{jump}</div>}
        </div>
      </header>
      <div className={cx(pageColumn({ space: 'md' }), stack({ gap: { base: '10', md: '14' } }))}>
        {children}
        {form?.node && (
          <Section id="form" titleId={form.titleId} tone="outline">
            {form.introId && (
              <p className={prose}>
                <FormattedMessage id={form.introId} />
              </p>
            )}
            <div data-slot="form">{form.node}</div>
          </Section>
        )}
      </div>
    </>
  );
}

const sectionStyle = cva({
  base: { display: 'flex', flexDirection: 'column', gap: '4', scrollMarginTop: '24', minWidth: '0' },
  variants: {
    tone: {
      plain: {},
      accent: { bg: 'accent.subtle' },
      muted: { bg: 'bg.subtle' },
      outline: { bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.subtle' },
    },
    /** Any tone but plain: a box around the section. */
    boxed: { true: { borderRadius: 'xl', p: { base: '5', md: '8' } } },
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
    <section
      id={id}
      aria-labelledby={headingId}
      className={cx(sectionStyle({ tone, boxed: !!tone && tone !== 'plain' }), className)}
    >
      {icon ? (
        <div className={hstack({ gap: '3' })}>
          <span className={roundBadge({ tone: 'accent' })}>{icon}</span>
          {heading}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
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
  actions: readonly LinkRow[];
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
      <div className={actionRow}>
        <LinkButtons size="lg" links={actions} />
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

/**
 * A box beside the text, on an accent panel: its title, then what it holds. `level` 2 is a section
 * of its own; 3 sits in one. `roomy`: more space between its parts (a list of steps).
 */
export function SideBox({
  id: given,
  titleId,
  level = 2,
  icon,
  roomy,
  children,
}: {
  /** The heading's id (one of its own unless given). */
  id?: string;
  titleId: string;
  level?: 2 | 3;
  icon?: ReactNode;
  roomy?: boolean;
  children: ReactNode;
}) {
  const auto = useId();
  const id = given ?? auto;
  const Heading = level === 2 ? 'h2' : 'h3';
  const box = panel({ tone: 'accent', padding: 'lg' });
  return (
    <section aria-labelledby={id} className={cx(box, roomy ? stack({ gap: '4' }) : stack({ gap: '3' }))}>
      {icon}
      <Heading id={id} className={level === 2 ? sectionTitle : css({ textStyle: 'heading.sm' })}>
        <FormattedMessage id={titleId} />
      </Heading>
      {children}
    </section>
  );
}

interface PrivacyNoteProps {
  id?: string;
  titleId: string;
  bodyId: string;
  level?: 2 | 3;
}

/** A section (`children`) with a privacy promise beside it (under it on phones). */
export function PrivacyBeside({ note, children }: { note: PrivacyNoteProps; children: ReactNode }) {
  return (
    <div className={twoColumns}>
      {children}
      <PrivacyNote {...note} />
    </div>
  );
}

/**
 * A privacy promise beside a section (a lock, a title, a paragraph): what stays anonymous in a
 * report, a CV, a sponsored seat.
 */
export function PrivacyNote({ bodyId, ...box }: PrivacyNoteProps) {
  return (
    <SideBox
      {...box}
      icon={
        <span className={css({ color: 'accent.fg', '& svg': { boxSize: '6' } })}>
          <LockIcon />
        </span>
      }
    >
      <p className={prose}>
        <FormattedMessage id={bodyId} />
      </p>
    </SideBox>
  );
}
