import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { InfoIcon } from '../../theme/icons';
import { Callout, CardGrid, cards, List, Paragraphs, Section, SitePage } from '../site-page';
import { BuildingIcon, ShieldIcon, StethoscopeIcon } from '../site-page/icons';

const TOPICS = cards([
  ['contact.topics.faq.title', 'contact.topics.faq.body', InfoIcon, ['/faq', 'contact.topics.faq.action']],
  [
    'contact.topics.organisations.title',
    'contact.topics.organisations.body',
    BuildingIcon,
    ['/programs', 'contact.topics.organisations.action'],
    ['/partnerships', 'contact.topics.partnerships.action'],
  ],
  [
    'contact.topics.experts.title',
    'contact.topics.experts.body',
    StethoscopeIcon,
    ['/careers', 'contact.topics.experts.action'],
  ],
  [
    'contact.topics.concern.title',
    'contact.topics.concern.body',
    ShieldIcon,
    ['/report-a-concern', 'contact.topics.concern.action'],
  ],
]);

/**
 * Contact: how to reach the team, where each kind of question is answered fastest, what not to send.
 * `form`: the contact form (FORM SLOT), shown under "Send us a message".
 */
export default function ContactView({ form }: { form?: ReactNode }) {
  return (
    <SitePage
      titleId="contact.title"
      descriptionId="contact.description"
      form={{ node: form, titleId: 'contact.form.title' }}
    >
      <Paragraphs ids={['contact.intro']} />
      <Section titleId="contact.topics.title">
        <CardGrid items={TOPICS} columns={2} />
      </Section>
      <Section titleId="contact.before.title" tone="muted">
        <List ids={['contact.before.item1', 'contact.before.item2', 'contact.before.item3']} />
      </Section>
      <Callout tone="urgent">
        <FormattedMessage id="contact.urgent" />
      </Callout>
    </SitePage>
  );
}
