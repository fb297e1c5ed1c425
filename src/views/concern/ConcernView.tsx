import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import {
  Callout,
  FormSlot,
  JumpToForm,
  List,
  PageBody,
  PageHero,
  Paragraphs,
  PrivacyNote,
  Section,
  twoColumns,
  usePageMeta,
} from '../site-page/parts';

/**
 * Report a concern: what can be reported, that it may be anonymous, what happens next.
 * `form`: the report form (FORM SLOT), shown under "Tell us what happened".
 */
export default function ConcernView({ form }: { form?: ReactNode }) {
  usePageMeta('concern.title', 'concern.description');
  return (
    <>
      <PageHero titleId="concern.title" leadId="concern.description">
        {form && <JumpToForm labelId="concern.form.title" />}
      </PageHero>
      <PageBody>
        <Callout tone="urgent">
          <FormattedMessage id="concern.urgent" />
        </Callout>
        <Paragraphs ids={['concern.intro']} />
        <div className={twoColumns}>
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
          <PrivacyNote
            id="concern-anonymous"
            titleId="concern.anonymous.title"
            bodyId="concern.anonymous.body"
          />
        </div>
        <Section titleId="concern.next.title">
          <Paragraphs ids={['concern.next.body']} />
        </Section>
        <FormSlot titleId="concern.form.title">{form}</FormSlot>
      </PageBody>
    </>
  );
}
