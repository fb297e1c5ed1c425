import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { css, cx } from '../../../styled-system/css';
import { stack } from '../../../styled-system/patterns';
import { panel } from '../../components/panel';
import { roundBadge } from '../../components/round-badge';
import { List, Paragraphs, Section, SitePage, sectionTitle } from '../site-page';
import { BuildingIcon, HeartIcon } from '../site-page/icons';

const CIRCLES = [
  {
    key: 'nonprofit',
    Icon: HeartIcon,
    titleId: 'partnerships.nonprofit.title',
    bodyId: 'partnerships.nonprofit.body',
    items: [
      'partnerships.nonprofit.item1',
      'partnerships.nonprofit.item2',
      'partnerships.nonprofit.item3',
      'partnerships.nonprofit.item4',
    ],
  },
  {
    key: 'corporate',
    Icon: BuildingIcon,
    titleId: 'partnerships.corporate.title',
    bodyId: 'partnerships.corporate.body',
    items: ['partnerships.corporate.item1', 'partnerships.corporate.item2', 'partnerships.corporate.item3'],
  },
] as const;

/**
 * Partnerships: the non-profit and corporate circles, and what every partnership respects.
 * `form`: the enquiry form (FORM SLOT), shown under "Start a conversation".
 */
export default function PartnershipsView({ form }: { form?: ReactNode }) {
  return (
    <SitePage
      titleId="partnerships.title"
      descriptionId="partnerships.description"
      form={{ node: form, titleId: 'partnerships.enquiry.title', introId: 'partnerships.enquiry.intro' }}
    >
      <Paragraphs ids={['partnerships.intro']} />
      <div
        className={css({
          display: 'grid',
          gap: { base: '5', md: '6' },
          gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' },
          mt: { base: '-4', md: '-6' },
        })}
      >
        {CIRCLES.map(({ key, Icon, titleId, bodyId, items }) => (
          <section
            key={key}
            aria-labelledby={`partnerships-${key}`}
            className={cx(panel({ tone: 'strong', padding: 'lg', raised: true }), stack({ gap: '4' }))}
          >
            <span className={roundBadge({ size: 'xl' })}>
              <Icon />
            </span>
            <h2 id={`partnerships-${key}`} className={sectionTitle}>
              <FormattedMessage id={titleId} />
            </h2>
            <p className={css({ textStyle: 'body.md', color: 'fg.muted', maxWidth: '70ch' })}>
              <FormattedMessage id={bodyId} />
            </p>
            <List marker="checks" ids={items} />
          </section>
        ))}
      </div>
      <Section titleId="partnerships.principles.title" tone="muted">
        <List
          ids={[
            'partnerships.principles.item1',
            'partnerships.principles.item2',
            'partnerships.principles.item3',
            'partnerships.principles.item4',
          ]}
        />
      </Section>
    </SitePage>
  );
}
