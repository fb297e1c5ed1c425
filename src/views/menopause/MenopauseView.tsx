import { FormattedMessage, FormattedNumber } from 'react-intl';
import { css, cx } from '../../../styled-system/css';
import { hstack } from '../../../styled-system/patterns';
import { LinkButton } from '../../components/link-button';
import { panel } from '../../components/panel';
import { roundBadge } from '../../components/round-badge';
import { ArrowEndIcon } from '../../theme/icons';
import {
  Callout,
  List,
  NumberedList,
  Paragraphs,
  PromoCode,
  Section,
  SideBox,
  SitePage,
  twoColumns,
} from '../site-page';

/** The course this page is about, and the code that makes it free (server/content/coupons.json). */
const COURSE_HREF = '/courses/menopause-care';
const CODE = 'MENOPAUSE';

const LESSONS = [
  'menopause.covers.lesson1',
  'menopause.covers.lesson2',
  'menopause.covers.lesson3',
  'menopause.covers.lesson4',
  'menopause.covers.lesson5',
] as const;

const offerPill = css({
  display: 'inline-flex',
  alignItems: 'center',
  px: '3',
  py: '1',
  borderRadius: 'full',
  bg: 'highlight.muted',
  color: 'highlight.fg',
  fontWeight: '700',
  fontSize: 'sm',
});
const lessonList = css(panel.raw({ padding: 'none' }), {
  display: 'grid',
  borderRadius: 'xl',
  overflow: 'hidden',
});
const lessonRow = cx(
  hstack({ gap: '4', px: { base: '4', md: '5' }, py: '4' }),
  css({ borderBottomWidth: '1px', borderColor: 'border.subtle', _last: { borderBottomWidth: '0' } }),
);

/** The menopause landing page: what the course covers, who it is for, and the code that makes it free. */
export default function MenopauseView() {
  const code = <PromoCode code={CODE} />;
  return (
    <SitePage
      titleId="menopause.title"
      descriptionId="menopause.description"
      leadId="menopause.intro"
      above={
        <p className={offerPill}>
          <FormattedMessage id="menopause.offer.label" />
        </p>
      }
      actions={
        <>
          <LinkButton href={COURSE_HREF} size="lg">
            <FormattedMessage id="menopause.action" />
            <ArrowEndIcon />
          </LinkButton>
          <p
            className={css({ display: 'flex', alignItems: 'center', textStyle: 'body.md', minHeight: '12' })}
          >
            <FormattedMessage id="menopause.offer.code" values={{ code }} />
          </p>
        </>
      }
    >
      <div className={twoColumns}>
        <Section titleId="menopause.covers.title">
          <ol className={lessonList}>
            {LESSONS.map((id, i) => (
              <li key={id} className={lessonRow}>
                <span className={roundBadge({ tone: 'subtle', size: 'md' })} aria-hidden="true">
                  <FormattedNumber value={i + 1} />
                </span>
                <span className={css({ fontWeight: '600' })}>
                  <FormattedMessage id={id} />
                </span>
              </li>
            ))}
          </ol>
          <Paragraphs ids={['menopause.covers.quizzes']} />
        </Section>
        <SideBox titleId="menopause.promo.title" roomy>
          <NumberedList
            ids={['menopause.promo.step1', 'menopause.promo.step2', 'menopause.promo.step3']}
            values={{ code }}
          />
          <p className={css({ textStyle: 'body.sm', color: 'fg.muted', maxWidth: '70ch' })}>
            <FormattedMessage id="menopause.promo.terms" />
          </p>
          <LinkButton href={COURSE_HREF} fullWidth>
            <FormattedMessage id="menopause.action" />
          </LinkButton>
        </SideBox>
      </div>
      <Section titleId="menopause.audience.title">
        <List
          marker="checks"
          ids={[
            'menopause.audience.item1',
            'menopause.audience.item2',
            'menopause.audience.item3',
            'menopause.audience.item4',
          ]}
        />
      </Section>
      <Callout titleId="menopause.care.title" tone="urgent">
        <FormattedMessage id="menopause.care.body" />
      </Callout>
    </SitePage>
  );
}
