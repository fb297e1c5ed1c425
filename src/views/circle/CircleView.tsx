import { FormattedMessage, FormattedNumber } from 'react-intl';
import { css } from '../../../styled-system/css';
import { useSession } from '../../app/actors';
import { roundBadge } from '../../components/round-badge';
import { LockIcon } from '../../theme/icons';
import { Callout, CardGrid, ClosingBand, cards, linkTo, Paragraphs, Section, SitePage } from '../site-page';
import { HeartIcon, ShieldIcon } from '../site-page/icons';

const SAFE = cards([
  ['circle.safe.anonymous.title', 'circle.safe.anonymous.body', LockIcon],
  ['circle.safe.moderated.title', 'circle.safe.moderated.body', ShieldIcon],
  ['circle.safe.kind.title', 'circle.safe.kind.body', HeartIcon],
]);

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

/**
 * The community circle: what it is, how it stays safe (anonymous, moderated, kind), its rules; a
 * visitor is asked to join, a signed-in member is taken to the circle itself.
 */
export default function CircleView() {
  const signedIn = useSession((s) => s.matches('signedIn'));
  return (
    <SitePage titleId="circle.title" descriptionId="circle.description">
      <Section titleId="circle.what.title">
        <Paragraphs ids={['circle.what.body1', 'circle.what.body2']} />
      </Section>
      <Section titleId="circle.safe.title">
        <CardGrid items={SAFE} columns={3} />
      </Section>
      <Section id="rules" titleId="circle.rules.title" tone="muted">
        <RulesList />
        <Paragraphs ids={['circle.report.body']} values={{ link: linkTo('/report-a-concern') }} />
      </Section>
      <Callout titleId="circle.care.title">
        <FormattedMessage id="circle.care.body" />
      </Callout>
      {signedIn ? (
        <ClosingBand
          titleId="circle.member.title"
          bodyId="circle.member.body"
          actions={[['/dashboard/circle', 'circle.member.action']]}
        />
      ) : (
        <ClosingBand
          titleId="circle.join.title"
          bodyId="circle.join.body"
          actions={[['/signup', 'circle.join.action']]}
        />
      )}
    </SitePage>
  );
}

function RulesList() {
  return (
    <ol className={rulesList}>
      {RULES.map((id, i) => (
        <li key={id}>
          <span className={roundBadge({ tone: 'accent', size: 'sm' })} aria-hidden="true">
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
