import type { ReactNode } from 'react';
import { CardGrid, cards, List, Paragraphs, PrivacyBeside, Section, SitePage, Steps } from '../site-page';
import { BuildingIcon, HeartIcon } from '../site-page/icons';

const AUDIENCES = cards([
  ['programs.who.nonprofits.title', 'programs.who.nonprofits.body', HeartIcon],
  ['programs.who.companies.title', 'programs.who.companies.body', BuildingIcon],
]);

const STEPS = [
  { titleId: 'programs.steps.step1.title', bodyId: 'programs.steps.step1.body' },
  { titleId: 'programs.steps.step2.title', bodyId: 'programs.steps.step2.body' },
  { titleId: 'programs.steps.step3.title', bodyId: 'programs.steps.step3.body' },
  { titleId: 'programs.steps.step4.title', bodyId: 'programs.steps.step4.body' },
] as const;

/**
 * Educational programs for non-profits and companies, with sponsored seats explained.
 * `form`: the enquiry form (FORM SLOT), shown under "Tell us about your organisation".
 */
export default function ProgramsView({ form }: { form?: ReactNode }) {
  return (
    <SitePage
      titleId="programs.title"
      descriptionId="programs.description"
      form={{ node: form, titleId: 'programs.enquiry.title', introId: 'programs.enquiry.intro' }}
    >
      <Section titleId="programs.who.title">
        <CardGrid items={AUDIENCES} columns={2} />
      </Section>
      <PrivacyBeside
        note={{
          titleId: 'programs.seats.privacy.title',
          bodyId: 'programs.seats.privacy.body',
          level: 3,
        }}
      >
        <Section titleId="programs.seats.title">
          <Paragraphs ids={['programs.seats.body1', 'programs.seats.body2']} />
        </Section>
      </PrivacyBeside>
      <Section titleId="programs.offer.title">
        <List
          marker="checks"
          ids={[
            'programs.offer.item1',
            'programs.offer.item2',
            'programs.offer.item3',
            'programs.offer.item4',
          ]}
        />
      </Section>
      <Section titleId="programs.steps.title">
        <Steps steps={STEPS} />
      </Section>
    </SitePage>
  );
}
