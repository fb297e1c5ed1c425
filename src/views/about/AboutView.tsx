import { FormattedMessage } from 'react-intl';
import { useSession } from '../../app/actors';
import { BookIcon, CheckCircleIcon, LanguagesIcon, LockIcon } from '../../theme/icons';
import { Callout, CardGrid, ClosingBand, cards, linkTo, Paragraphs, Section, SitePage } from '../site-page';
import { ArticleIcon, BuildingIcon, ChatIcon, HeartIcon, UsersIcon } from '../site-page/icons';

const VALUES = cards([
  ['about.values.privacy.title', 'about.values.privacy.body', LockIcon],
  ['about.values.accuracy.title', 'about.values.accuracy.body', CheckCircleIcon],
  ['about.values.kindness.title', 'about.values.kindness.body', HeartIcon],
  ['about.values.language.title', 'about.values.language.body', LanguagesIcon],
]);

const more = 'about.offer.more';
const OFFER = cards([
  ['about.offer.courses.title', 'about.offer.courses.body', BookIcon, ['/courses', more]],
  ['about.offer.articles.title', 'about.offer.articles.body', ArticleIcon, ['/articles', more]],
  ['about.offer.consultations.title', 'about.offer.consultations.body', ChatIcon, ['/experts', more]],
  ['about.offer.circle.title', 'about.offer.circle.body', UsersIcon, ['/community', more]],
  ['about.offer.programs.title', 'about.offer.programs.body', BuildingIcon, ['/programs', more]],
]);

/** About us: why Amina exists, what it holds to, what it offers, who is behind it. */
export default function AboutView() {
  const signedIn = useSession((s) => s.matches('signedIn'));
  return (
    <SitePage titleId="about.title" descriptionId="about.description">
      <Section titleId="about.mission.title">
        <Paragraphs ids={['about.mission.body1', 'about.mission.body2']} />
      </Section>
      <Section titleId="about.values.title">
        <CardGrid items={VALUES} columns={4} />
      </Section>
      <Section titleId="about.offer.title">
        <CardGrid items={OFFER} columns={3} />
      </Section>
      <Section titleId="about.experts.title">
        <Paragraphs ids={['about.experts.body']} values={{ link: linkTo('/careers') }} />
      </Section>
      <Section titleId="about.care.title">
        <Callout tone="urgent">
          <FormattedMessage id="about.care.body" />
        </Callout>
      </Section>
      <ClosingBand
        titleId="about.cta.title"
        bodyId="about.cta.body"
        actions={
          signedIn
            ? [['/courses', 'about.cta.courses']]
            : [
                ['/signup', 'about.cta.join'],
                ['/courses', 'about.cta.courses', 'outline'],
              ]
        }
      />
    </SitePage>
  );
}
