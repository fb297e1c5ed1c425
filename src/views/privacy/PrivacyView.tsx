import { FormattedMessage } from 'react-intl';
import { css } from '../../../styled-system/css';
import { CloseIcon } from '../../theme/icons';
import { Callout, List, linkTo, Paragraphs, SitePage } from '../site-page';
import { DocumentLayout, type DocumentSection } from '../site-page/DocumentLayout';

const neverList = css({
  display: 'grid',
  gap: '3',
  '& li': { display: 'flex', gap: '3', alignItems: 'flex-start', maxWidth: '70ch', textStyle: 'body.md' },
  '& svg': {
    width: '5',
    height: '5',
    flexShrink: '0',
    mt: '0.5',
    p: '0.5',
    borderRadius: 'full',
    bg: 'error.subtle',
    color: 'error.fg',
  },
});

/** A heading inside a section (what she can do about what the section lists). */
const subheading = css({ textStyle: 'heading.sm', color: 'fg.default', mt: '2' });

/** What is never kept: a cross before each line. */
function NeverList({ ids }: { ids: readonly string[] }) {
  return (
    <ul className={neverList}>
      {ids.map((id) => (
        <li key={id}>
          <CloseIcon />
          <span>
            <FormattedMessage id={id} />
          </span>
        </li>
      ))}
    </ul>
  );
}

const SECTIONS: readonly DocumentSection[] = [
  { id: 'principle', titleId: 'privacy.intro.title', content: <Paragraphs ids={['privacy.intro.body']} /> },
  {
    id: 'account',
    titleId: 'privacy.account.title',
    content: (
      <List
        marker="checks"
        ids={[
          'privacy.account.alias',
          'privacy.account.pin',
          'privacy.account.profile',
          'privacy.account.optional',
          'privacy.account.language',
        ]}
      />
    ),
  },
  {
    id: 'learning',
    titleId: 'privacy.activity.title',
    content: (
      <List
        marker="checks"
        ids={['privacy.activity.progress', 'privacy.activity.reviews', 'privacy.activity.purchases']}
      />
    ),
  },
  {
    id: 'consultations',
    titleId: 'privacy.consultation.title',
    content: (
      <Callout>
        <FormattedMessage id="privacy.consultation.body" />
      </Callout>
    ),
  },
  {
    id: 'never',
    titleId: 'privacy.never.title',
    content: (
      <NeverList
        ids={['privacy.never.card', 'privacy.never.name', 'privacy.never.location', 'privacy.never.photo']}
      />
    ),
  },
  {
    id: 'who-sees',
    titleId: 'privacy.visible.title',
    content: <Paragraphs ids={['privacy.visible.body1', 'privacy.visible.body2']} />,
  },
  {
    id: 'device',
    titleId: 'privacy.device.title',
    content: (
      <>
        <Paragraphs ids={['privacy.device']} />
        <List
          marker="checks"
          ids={[
            'privacy.device.signIn',
            'privacy.device.choices',
            'privacy.device.offline',
            'privacy.device.queue',
          ]}
        />
        <h3 className={subheading}>
          <FormattedMessage id="privacy.device.removeTitle" />
        </h3>
        <List
          ids={[
            'privacy.device.removeOne',
            'privacy.device.removeAll',
            'privacy.device.signOut',
            'privacy.device.quickExit',
            'privacy.device.browser',
          ]}
        />
        <Paragraphs ids={['privacy.device.expired']} />
      </>
    ),
  },
  { id: 'server', titleId: 'privacy.server.title', content: <Paragraphs ids={['privacy.server.body']} /> },
  {
    id: 'choices',
    titleId: 'privacy.choices.title',
    content: (
      <>
        <List ids={['privacy.choices.delete', 'privacy.choices.copy']} />
        <Paragraphs ids={['privacy.choices.contact']} values={{ link: linkTo('/contact') }} />
      </>
    ),
  },
];

/** Privacy: what Amina keeps about an anonymous member, what it never keeps, who sees what, her choices. */
export default function PrivacyView() {
  return (
    <SitePage titleId="privacy.title" descriptionId="privacy.description">
      <DocumentLayout tocLabelId="privacy.toc" sections={SECTIONS} />
    </SitePage>
  );
}
