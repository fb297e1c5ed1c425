import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { css, cx } from '../../../styled-system/css';
import { panel } from '../../components/panel';
import { LockIcon } from '../../theme/icons';
import {
  Callout,
  FormSlot,
  JumpToForm,
  List,
  PageBody,
  PageHero,
  Paragraphs,
  prose,
  Section,
  sectionTitle,
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
          <section
            aria-labelledby="concern-anonymous"
            className={cx(
              panel({ tone: 'accent', padding: 'lg' }),
              css({ display: 'flex', flexDirection: 'column', gap: '3' }),
            )}
          >
            <span className={css({ color: 'accent.fg', '& svg': { boxSize: '6' } })}>
              <LockIcon />
            </span>
            <h2 id="concern-anonymous" className={sectionTitle}>
              <FormattedMessage id="concern.anonymous.title" />
            </h2>
            <p className={prose}>
              <FormattedMessage id="concern.anonymous.body" />
            </p>
          </section>
        </div>
        <Section titleId="concern.next.title">
          <Paragraphs ids={['concern.next.body']} />
        </Section>
        <FormSlot titleId="concern.form.title">{form}</FormSlot>
      </PageBody>
    </>
  );
}
