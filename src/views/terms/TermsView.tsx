import { FormattedMessage, FormattedNumber } from 'react-intl';
import { css, cx } from '../../../styled-system/css';
import { grid } from '../../../styled-system/patterns';
import { panel } from '../../components/panel';
import { Callout, List, linkTo, Paragraphs, SitePage } from '../site-page';
import { DocumentLayout, type DocumentSection } from '../site-page/DocumentLayout';

const refundRow = cx(
  panel({ padding: 'none' }),
  grid({ gridTemplateColumns: { base: '1fr', sm: 'auto minmax(0, 1fr)' }, gap: '1', columnGap: '4', p: '4' }),
  css({ alignItems: 'center' }),
);
const refundBadge = css({
  justifySelf: 'start',
  px: '3',
  py: '1',
  borderRadius: 'full',
  fontWeight: '700',
  fontSize: 'sm',
  fontVariantNumeric: 'tabular-nums',
});

/** The consultation refund rules, one row per case, with its share as a badge. */
function ConsultationRefunds() {
  const rows = [
    { id: 'terms.consultations.full', share: 100, tone: css({ bg: 'success.subtle', color: 'success.fg' }) },
    { id: 'terms.consultations.half', share: 50, tone: css({ bg: 'accent.muted', color: 'accent.fg' }) },
    { id: 'terms.consultations.none', share: 0, tone: css({ bg: 'bg.muted', color: 'fg.default' }) },
  ];
  return (
    <ul className={css({ display: 'grid', gap: '3' })}>
      {rows.map((r) => (
        <li key={r.id} className={refundRow}>
          <span className={cx(refundBadge, r.tone)} aria-hidden="true">
            <FormattedNumber value={r.share / 100} style="percent" maximumFractionDigits={0} />
          </span>
          <span className={css({ textStyle: 'body.md' })}>
            <FormattedMessage id={r.id} />
          </span>
        </li>
      ))}
    </ul>
  );
}

const SECTIONS: readonly DocumentSection[] = [
  {
    id: 'about',
    titleId: 'terms.intro.title',
    content: <Paragraphs ids={['terms.intro.body1', 'terms.intro.body2']} />,
  },
  {
    id: 'education',
    titleId: 'terms.education.title',
    content: <Paragraphs ids={['terms.education.body1', 'terms.education.body2']} />,
  },
  { id: 'age', titleId: 'terms.age.title', content: <Paragraphs ids={['terms.age.body']} /> },
  {
    id: 'account',
    titleId: 'terms.account.title',
    content: (
      <List
        ids={['terms.account.item1', 'terms.account.item2', 'terms.account.item3', 'terms.account.item4']}
      />
    ),
  },
  {
    id: 'conduct',
    titleId: 'terms.conduct.title',
    content: (
      <>
        <Paragraphs ids={['terms.conduct.body']} />
        <List
          ids={['terms.conduct.item1', 'terms.conduct.item2', 'terms.conduct.item3', 'terms.conduct.item4']}
        />
        <Paragraphs ids={['terms.conduct.after']} />
      </>
    ),
  },
  { id: 'content', titleId: 'terms.content.title', content: <Paragraphs ids={['terms.content.body']} /> },
  {
    id: 'payments',
    titleId: 'terms.payments.title',
    content: (
      <List
        ids={['terms.payments.item1', 'terms.payments.item2', 'terms.payments.item3', 'terms.payments.item4']}
      />
    ),
  },
  {
    id: 'subscriptions',
    titleId: 'terms.subscriptions.title',
    content: (
      <List ids={['terms.subscriptions.item1', 'terms.subscriptions.item2', 'terms.subscriptions.item3']} />
    ),
  },
  {
    id: 'consultations',
    titleId: 'terms.consultations.title',
    content: (
      <>
        <Paragraphs ids={['terms.consultations.body']} />
        <ConsultationRefunds />
        <Paragraphs ids={['terms.consultations.after']} />
      </>
    ),
  },
  {
    id: 'courses',
    titleId: 'terms.courses.title',
    content: (
      <Callout>
        <FormattedMessage id="terms.courses.body" />
      </Callout>
    ),
  },
  { id: 'experts', titleId: 'terms.experts.title', content: <Paragraphs ids={['terms.experts.body']} /> },
  { id: 'ending', titleId: 'terms.ending.title', content: <Paragraphs ids={['terms.ending.body']} /> },
  { id: 'changes', titleId: 'terms.changes.title', content: <Paragraphs ids={['terms.changes.body']} /> },
  {
    id: 'questions',
    titleId: 'terms.contact.title',
    content: (
      <Paragraphs
        ids={['terms.contact.body']}
        values={{ link: linkTo('/contact'), privacy: linkTo('/privacy') }}
      />
    ),
  },
];

/** Terms of use: education not advice, 18+, alias and PIN, conduct, payments, subscriptions, refunds. */
export default function TermsView() {
  return (
    <SitePage titleId="terms.title" descriptionId="terms.description">
      <DocumentLayout tocLabelId="terms.toc" sections={SECTIONS} />
    </SitePage>
  );
}
