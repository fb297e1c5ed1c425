import type { ReactNode } from 'react';
import { BuildingIcon, HeartIcon } from '../site-page/icons';
import {
  CardGrid,
  FormSlot,
  JumpToForm,
  List,
  PageBody,
  PageHero,
  Paragraphs,
  PrivacyNote,
  Section,
  Steps,
  twoColumns,
  usePageMeta,
} from '../site-page/parts';

const AUDIENCES = [
  { titleId: 'programs.who.nonprofits.title', bodyId: 'programs.who.nonprofits.body', Icon: HeartIcon },
  { titleId: 'programs.who.companies.title', bodyId: 'programs.who.companies.body', Icon: BuildingIcon },
] as const;

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
  usePageMeta('programs.title', 'programs.description');
  return (
    <>
      <PageHero titleId="programs.title" leadId="programs.description">
        {form && <JumpToForm labelId="programs.enquiry.title" />}
      </PageHero>
      <PageBody>
        <Section titleId="programs.who.title">
          <CardGrid items={AUDIENCES} columns={2} />
        </Section>
        <div className={twoColumns}>
          <Section titleId="programs.seats.title">
            <Paragraphs ids={['programs.seats.body1', 'programs.seats.body2']} />
          </Section>
          <PrivacyNote
            id="programs-seats-privacy"
            titleId="programs.seats.privacy.title"
            bodyId="programs.seats.privacy.body"
            level={3}
          />
        </div>
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
        <FormSlot titleId="programs.enquiry.title" introId="programs.enquiry.intro">
          {form}
        </FormSlot>
      </PageBody>
    </>
  );
}
