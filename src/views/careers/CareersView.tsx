import { FormattedMessage } from 'react-intl';
import { css } from '../../../styled-system/css';
import { LinkButton } from '../../components/link-button';
import { BookIcon } from '../../theme/icons';
import { BabyIcon, ChatIcon, StethoscopeIcon } from '../site-page/icons';
import {
  CardGrid,
  ClosingBand,
  List,
  PageBody,
  PageHero,
  Paragraphs,
  Section,
  usePageMeta,
} from '../site-page/parts';

const ROLES = [
  {
    titleId: 'careers.roles.physicians.title',
    bodyId: 'careers.roles.physicians.body',
    Icon: StethoscopeIcon,
  },
  { titleId: 'careers.roles.therapists.title', bodyId: 'careers.roles.therapists.body', Icon: ChatIcon },
  { titleId: 'careers.roles.midwives.title', bodyId: 'careers.roles.midwives.body', Icon: BabyIcon },
  { titleId: 'careers.roles.educators.title', bodyId: 'careers.roles.educators.body', Icon: BookIcon },
] as const;

/** Careers: Amina works with independent experts; the way in is the application, "Leave an Impact". */
export default function CareersView() {
  usePageMeta('careers.title', 'careers.description');
  return (
    <>
      <PageHero titleId="careers.title" leadId="careers.description">
        <LinkButton href="/experts/apply" size="lg">
          <FormattedMessage id="careers.apply.action" />
        </LinkButton>
      </PageHero>
      <PageBody>
        <Paragraphs ids={['careers.intro']} />
        <Section titleId="careers.roles.title">
          <CardGrid items={ROLES} columns={4} />
        </Section>
        <div
          className={css({
            display: 'grid',
            gap: { base: '10', md: '8' },
            gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          })}
        >
          <Section titleId="careers.how.title">
            <List
              marker="checks"
              ids={['careers.how.item1', 'careers.how.item2', 'careers.how.item3', 'careers.how.item4']}
            />
          </Section>
          <Section titleId="careers.look.title">
            <List marker="checks" ids={['careers.look.item1', 'careers.look.item2', 'careers.look.item3']} />
          </Section>
        </div>
        <ClosingBand
          titleId="careers.apply.title"
          bodyId="careers.apply.body"
          actions={[{ href: '/experts/apply', labelId: 'careers.apply.action' }]}
        />
      </PageBody>
    </>
  );
}
