import { FormattedMessage } from 'react-intl';
import { css } from '../../../styled-system/css';
import { LinkButton } from '../../components/link-button';
import { BookIcon } from '../../theme/icons';
import { CardGrid, ClosingBand, cards, List, Paragraphs, Section, SitePage } from '../site-page';
import { BabyIcon, ChatIcon, StethoscopeIcon } from '../site-page/icons';

const ROLES = cards([
  ['careers.roles.physicians.title', 'careers.roles.physicians.body', StethoscopeIcon],
  ['careers.roles.therapists.title', 'careers.roles.therapists.body', ChatIcon],
  ['careers.roles.midwives.title', 'careers.roles.midwives.body', BabyIcon],
  ['careers.roles.educators.title', 'careers.roles.educators.body', BookIcon],
]);

/** Careers: Amina works with independent experts; the way in is the application, "Leave an Impact". */
export default function CareersView() {
  return (
    <SitePage
      titleId="careers.title"
      descriptionId="careers.description"
      actions={
        <LinkButton href="/experts/apply" size="lg">
          <FormattedMessage id="careers.apply.action" />
        </LinkButton>
      }
    >
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
        actions={[['/experts/apply', 'careers.apply.action']]}
      />
    </SitePage>
  );
}
