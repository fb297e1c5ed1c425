import { FormattedMessage } from 'react-intl';
import { useSession } from '../../app/actors';
import { BookIcon, CheckCircleIcon, LanguagesIcon, LockIcon } from '../../theme/icons';
import { ArticleIcon, BuildingIcon, ChatIcon, HeartIcon, UsersIcon } from '../site-page/icons';
import {
  Callout,
  CardGrid,
  ClosingBand,
  linkTo,
  PageBody,
  PageHero,
  Paragraphs,
  Section,
  usePageMeta,
} from '../site-page/parts';

const VALUES = [
  { titleId: 'about.values.privacy.title', bodyId: 'about.values.privacy.body', Icon: LockIcon },
  { titleId: 'about.values.accuracy.title', bodyId: 'about.values.accuracy.body', Icon: CheckCircleIcon },
  { titleId: 'about.values.kindness.title', bodyId: 'about.values.kindness.body', Icon: HeartIcon },
  { titleId: 'about.values.language.title', bodyId: 'about.values.language.body', Icon: LanguagesIcon },
] as const;

const OFFER = [
  {
    titleId: 'about.offer.courses.title',
    bodyId: 'about.offer.courses.body',
    Icon: BookIcon,
    links: [{ href: '/courses', labelId: 'about.offer.more' }],
  },
  {
    titleId: 'about.offer.articles.title',
    bodyId: 'about.offer.articles.body',
    Icon: ArticleIcon,
    links: [{ href: '/articles', labelId: 'about.offer.more' }],
  },
  {
    titleId: 'about.offer.consultations.title',
    bodyId: 'about.offer.consultations.body',
    Icon: ChatIcon,
    links: [{ href: '/experts', labelId: 'about.offer.more' }],
  },
  {
    titleId: 'about.offer.circle.title',
    bodyId: 'about.offer.circle.body',
    Icon: UsersIcon,
    links: [{ href: '/community', labelId: 'about.offer.more' }],
  },
  {
    titleId: 'about.offer.programs.title',
    bodyId: 'about.offer.programs.body',
    Icon: BuildingIcon,
    links: [{ href: '/programs', labelId: 'about.offer.more' }],
  },
] as const;

/** About us: why Amina exists, what it holds to, what it offers, who is behind it. */
export default function AboutView() {
  usePageMeta('about.title', 'about.description');
  const signedIn = useSession((s) => s.matches('signedIn'));
  return (
    <>
      <PageHero titleId="about.title" leadId="about.description" />
      <PageBody>
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
              ? [{ href: '/courses', labelId: 'about.cta.courses' }]
              : [
                  { href: '/signup', labelId: 'about.cta.join' },
                  { href: '/courses', labelId: 'about.cta.courses', variant: 'outline' },
                ]
          }
        />
      </PageBody>
    </>
  );
}
