import { FormattedMessage } from 'react-intl';
import { stack } from '../../../styled-system/patterns';
import * as Accordion from '../../components/accordion';
import { linkTo, prose, Section, SitePage } from '../site-page';

/** The groups of questions, each question and answer by id (`…q1` / `…a1`). */
const GROUPS = [
  {
    key: 'account',
    titleId: 'faq.account.title',
    items: [
      ['faq.account.q1', 'faq.account.a1'],
      ['faq.account.q2', 'faq.account.a2'],
      ['faq.account.q3', 'faq.account.a3'],
      ['faq.account.q4', 'faq.account.a4'],
      ['faq.account.q5', 'faq.account.a5'],
    ],
  },
  {
    key: 'learning',
    titleId: 'faq.learning.title',
    items: [
      ['faq.learning.q1', 'faq.learning.a1'],
      ['faq.learning.q2', 'faq.learning.a2'],
      ['faq.learning.q3', 'faq.learning.a3'],
      ['faq.learning.q4', 'faq.learning.a4'],
    ],
  },
  {
    key: 'consultations',
    titleId: 'faq.consultations.title',
    items: [
      ['faq.consultations.q1', 'faq.consultations.a1'],
      ['faq.consultations.q2', 'faq.consultations.a2'],
      ['faq.consultations.q3', 'faq.consultations.a3'],
    ],
  },
  {
    key: 'payments',
    titleId: 'faq.payments.title',
    items: [
      ['faq.payments.q1', 'faq.payments.a1'],
      ['faq.payments.q2', 'faq.payments.a2'],
      ['faq.payments.q3', 'faq.payments.a3'],
      ['faq.payments.q4', 'faq.payments.a4'],
    ],
  },
] as const;

/** Frequently asked questions, by theme: each theme an h2, each question an h3 that opens its answer (Ark Accordion). */
export default function FaqView() {
  return (
    <SitePage titleId="faq.title" descriptionId="faq.description">
      <div className={stack({ gap: { base: '10', md: '12' }, maxWidth: '4xl' })}>
        {GROUPS.map((group) => (
          <Section key={group.key} id={group.key} titleId={group.titleId}>
            <Accordion.Root multiple>
              {group.items.map(([q, a]) => (
                <Accordion.Item key={q} value={q}>
                  <Accordion.Heading as="h3">
                    <Accordion.Trigger>
                      <FormattedMessage id={q} />
                      <Accordion.Indicator />
                    </Accordion.Trigger>
                  </Accordion.Heading>
                  <Accordion.Content>
                    <Accordion.Body>
                      <FormattedMessage id={a} />
                    </Accordion.Body>
                  </Accordion.Content>
                </Accordion.Item>
              ))}
            </Accordion.Root>
          </Section>
        ))}
        <p className={prose}>
          <FormattedMessage id="faq.more" values={{ link: linkTo('/contact') }} />
        </p>
      </div>
    </SitePage>
  );
}
