import type { ReactNode } from 'react';
import { BookIcon } from '../../theme/icons';
import { CardGrid, cards, List, Paragraphs, PrivacyBeside, Section, SitePage, Steps } from '../site-page';
import { BabyIcon, ChatIcon, StethoscopeIcon } from '../site-page/icons';

const ROLES = cards([
  ['forms.apply.roles.physician.title', 'forms.apply.roles.physician.body', StethoscopeIcon],
  ['forms.apply.roles.therapist.title', 'forms.apply.roles.therapist.body', ChatIcon],
  ['forms.apply.roles.midwife.title', 'forms.apply.roles.midwife.body', BabyIcon],
  ['forms.apply.roles.educator.title', 'forms.apply.roles.educator.body', BookIcon],
]);

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
  return (
    <SitePage
      titleId="forms.apply.title"
      descriptionId="forms.apply.description"
      form={{
        node: form,
        titleId: 'forms.apply.form.title',
        introId: 'forms.apply.form.intro',
        jumpId: 'forms.apply.jump',
      }}
    >
      <Paragraphs ids={['forms.apply.intro']} />
      <Section titleId="forms.apply.roles.title">
        <CardGrid items={ROLES} columns={4} />
      </Section>
      <PrivacyBeside note={{ titleId: 'forms.apply.privacy.title', bodyId: 'forms.apply.privacy.body' }}>
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
      </PrivacyBeside>
      <Section titleId="forms.apply.next.title">
        <Steps steps={STEPS} />
      </Section>
    </SitePage>
  );
}
