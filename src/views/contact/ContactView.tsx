import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { InfoIcon } from '../../theme/icons';
import { BuildingIcon, ShieldIcon, StethoscopeIcon } from '../site-page/icons';
import {
  Callout,
  CardGrid,
  FormSlot,
  JumpToForm,
  List,
  PageBody,
  PageHero,
  Paragraphs,
  Section,
  usePageMeta,
} from '../site-page/parts';

const TOPICS = [
  {
    titleId: 'contact.topics.faq.title',
    bodyId: 'contact.topics.faq.body',
    Icon: InfoIcon,
    links: [{ href: '/faq', labelId: 'contact.topics.faq.action' }],
  },
  {
    titleId: 'contact.topics.organisations.title',
    bodyId: 'contact.topics.organisations.body',
    Icon: BuildingIcon,
    links: [
      { href: '/programs', labelId: 'contact.topics.organisations.action' },
      { href: '/partnerships', labelId: 'contact.topics.partnerships.action' },
    ],
  },
  {
    titleId: 'contact.topics.experts.title',
    bodyId: 'contact.topics.experts.body',
    Icon: StethoscopeIcon,
    links: [{ href: '/careers', labelId: 'contact.topics.experts.action' }],
  },
  {
    titleId: 'contact.topics.concern.title',
    bodyId: 'contact.topics.concern.body',
    Icon: ShieldIcon,
    links: [{ href: '/report-a-concern', labelId: 'contact.topics.concern.action' }],
  },
] as const;

/**
 * Contact: how to reach the team, where each kind of question is answered fastest, what not to send.
 * `form`: the contact form (FORM SLOT), shown under "Send us a message".
 */
export default function ContactView({ form }: { form?: ReactNode }) {
  usePageMeta('contact.title', 'contact.description');
  return (
    <>
      <PageHero titleId="contact.title" leadId="contact.description">
        {form && <JumpToForm labelId="contact.form.title" />}
      </PageHero>
      <PageBody>
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
        <FormSlot titleId="contact.form.title">{form}</FormSlot>
      </PageBody>
    </>
  );
}
