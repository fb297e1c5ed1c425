import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Callout, List, Paragraphs, PrivacyBeside, Section, SitePage } from '../site-page';

/**
 * Report a concern: what can be reported, that it may be anonymous, what happens next.
 * `form`: the report form (FORM SLOT), shown under "Tell us what happened".
 */
export default function ConcernView({ form }: { form?: ReactNode }) {
  return (
    <SitePage
      titleId="concern.title"
      descriptionId="concern.description"
      form={{ node: form, titleId: 'concern.form.title' }}
    >
      <Callout tone="urgent">
        <FormattedMessage id="concern.urgent" />
      </Callout>
      <Paragraphs ids={['concern.intro']} />
      <PrivacyBeside note={{ titleId: 'concern.anonymous.title', bodyId: 'concern.anonymous.body' }}>
        <Section titleId="concern.what.title">
          <List
            ids={[
              'concern.what.item1',
              'concern.what.item2',
              'concern.what.item3',
              'concern.what.item4',
              'concern.what.item5',
              'concern.what.item6',
            ]}
          />
        </Section>
      </PrivacyBeside>
      <Section titleId="concern.next.title">
        <Paragraphs ids={['concern.next.body']} />
      </Section>
    </SitePage>
  );
}
