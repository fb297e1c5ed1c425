import type { ReactNode } from 'react';
import { BookIcon } from '../../theme/icons';
import { BabyIcon, ChatIcon, StethoscopeIcon } from '../site-page/icons';
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

const ROLES = [
  {
    titleId: 'forms.apply.roles.physician.title',
    bodyId: 'forms.apply.roles.physician.body',
    Icon: StethoscopeIcon,
  },
  {
    titleId: 'forms.apply.roles.therapist.title',
    bodyId: 'forms.apply.roles.therapist.body',
    Icon: ChatIcon,
  },
  { titleId: 'forms.apply.roles.midwife.title', bodyId: 'forms.apply.roles.midwife.body', Icon: BabyIcon },
  { titleId: 'forms.apply.roles.educator.title', bodyId: 'forms.apply.roles.educator.body', Icon: BookIcon },
] as const;

const STEPS = [1, 2, 3, 4].map((n) => ({
  titleId: `forms.apply.next.step${n}.title`,
  bodyId: `forms.apply.next.step${n}.body`,
}));

/**
 * "Leave an Impact", /experts/apply (spec §1, §6): the expert application for physicians,
 * therapists, midwives and educators: what the role is (independent contractors, not employees),
 * what happens after applying, how the CV is kept, then the form (FORM SLOT) with the CV upload.
 */
export default function ExpertApplyView({ form }: { form?: ReactNode }) {
  usePageMeta('forms.apply.title', 'forms.apply.description');
  return (
    <>
      <PageHero titleId="forms.apply.title" leadId="forms.apply.description">
        {form && <JumpToForm labelId="forms.apply.jump" />}
      </PageHero>
      <PageBody>
        <Paragraphs ids={['forms.apply.intro']} />
        <Section titleId="forms.apply.roles.title">
          <CardGrid items={ROLES} columns={4} />
        </Section>
        <div className={twoColumns}>
          <Section titleId="forms.apply.contract.title">
            <List
              marker="checks"
              ids={[
                'forms.apply.contract.item1',
                'forms.apply.contract.item2',
                'forms.apply.contract.item3',
                'forms.apply.contract.item4',
              ]}
            />
          </Section>
          <PrivacyNote
            id="apply-privacy"
            titleId="forms.apply.privacy.title"
            bodyId="forms.apply.privacy.body"
          />
        </div>
        <Section titleId="forms.apply.next.title">
          <Steps steps={STEPS} />
        </Section>
        <FormSlot titleId="forms.apply.form.title" introId="forms.apply.form.intro">
          {form}
        </FormSlot>
      </PageBody>
    </>
  );
}
