import { FormattedMessage, FormattedNumber } from 'react-intl';
import { css } from '../../../styled-system/css';
import { useSession } from '../../app/actors';
import { LockIcon } from '../../theme/icons';
import { HeartIcon, ShieldIcon } from '../site-page/icons';
import {
  Callout,
  CardGrid,
  ClosingBand,
  linkTo,
  PageBody,
  PageHero,
  Paragraphs,
  prose,
  Section,
  usePageMeta,
} from '../site-page/parts';

const SAFE = [
  { titleId: 'circle.safe.anonymous.title', bodyId: 'circle.safe.anonymous.body', Icon: LockIcon },
  { titleId: 'circle.safe.moderated.title', bodyId: 'circle.safe.moderated.body', Icon: ShieldIcon },
  { titleId: 'circle.safe.kind.title', bodyId: 'circle.safe.kind.body', Icon: HeartIcon },
] as const;

const RULES = [
  'circle.rules.item1',
  'circle.rules.item2',
  'circle.rules.item3',
  'circle.rules.item4',
  'circle.rules.item5',
  'circle.rules.item6',
  'circle.rules.item7',
] as const;

const rulesList = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
  '& li': {
    display: 'flex',
    gap: '3',
    alignItems: 'flex-start',
    p: '4',
    bg: 'bg.surface',
    borderRadius: 'lg',
    borderWidth: '1px',
    borderColor: 'border.subtle',
    textStyle: 'body.md',
  },
});
const ruleNumber = css({
  display: 'inline-grid',
  placeItems: 'center',
  flexShrink: '0',
  boxSize: '7',
  borderRadius: 'full',
  bg: 'accent.muted',
  color: 'accent.fg',
  fontWeight: '700',
  fontSize: 'sm',
});

/** The community circle: what it is, how it stays safe (anonymous, moderated, kind), its rules. */
export default function CircleView() {
  usePageMeta('circle.title', 'circle.description');
  const signedIn = useSession((s) => s.matches('signedIn'));
  return (
    <>
      <PageHero titleId="circle.title" leadId="circle.description" />
      <PageBody>
        <Section titleId="circle.what.title">
          <Paragraphs ids={['circle.what.body1', 'circle.what.body2']} />
        </Section>
        <Section titleId="circle.safe.title">
          <CardGrid items={SAFE} columns={3} />
        </Section>
        <Section id="rules" titleId="circle.rules.title" tone="muted">
          <RulesList />
          <p className={prose}>
            <FormattedMessage id="circle.report.body" values={{ link: linkTo('/report-a-concern') }} />
          </p>
        </Section>
        <Callout titleId="circle.care.title">
          <FormattedMessage id="circle.care.body" />
        </Callout>
        {!signedIn && (
          <ClosingBand
            titleId="circle.join.title"
            bodyId="circle.join.body"
            actions={[{ href: '/signup', labelId: 'circle.join.action' }]}
          />
        )}
      </PageBody>
    </>
  );
}

function RulesList() {
  return (
    <ol className={rulesList}>
      {RULES.map((id, i) => (
        <li key={id}>
          <span className={ruleNumber} aria-hidden="true">
            <FormattedNumber value={i + 1} />
          </span>
          <span>
            <FormattedMessage id={id} />
          </span>
        </li>
      ))}
    </ol>
  );
}
