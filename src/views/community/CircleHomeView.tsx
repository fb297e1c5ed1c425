import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { CIRCLE_PAGES, type CircleSpace } from '../../../contract/circle';
import { circleSpacesMachine } from '../../../machines/circleSpaces';
import { css } from '../../../styled-system/css';
import { loadSpaces } from '../../api/circle';
import { usePageHeader } from '../../app/layouts/DashboardLayout';
import { useLocaleChange } from '../../app/useLocaleChange';
import { LoadingState } from '../../components/loading-state';
import { Notice, RetryButton } from '../../components/notice';
import { Skeleton } from '../../components/skeleton';
import { ArrowEndIcon } from '../../theme/icons';
import { muted, pageStack, useCircleActor, useNow, When } from './circle-parts';
import { CircleRepliesBadge } from './replies/CircleRepliesBadge';

export const spacePath = (id: string) => CIRCLE_PAGES.space.replace(':space', encodeURIComponent(id));

/**
 * The circle's home, /dashboard/circle (issue 27): what the circle is, a way to the new replies to
 * her threads, and the spaces as cards (their threads and last activity).
 */
export default function CircleHomeView() {
  const intl = useIntl();
  usePageHeader(intl.formatMessage({ id: 'community.home.title' }));
  const actor = useCircleActor(() => circleSpacesMachine.provide({ actors: { loadSpaces } }));
  useLocaleChange(() => actor.send({ type: 'circleSpaces.localeChanged' }));
  const snap = useSelector(actor, (s) => s);
  const now = useNow();
  return (
    <section className={pageStack} data-testid="circle-home" aria-busy={snap.hasTag('step:loading')}>
      <p className={css({ color: 'fg.muted', maxWidth: '65ch' })}>
        <FormattedMessage id="community.home.intro" />
      </p>
      <Link href={CIRCLE_PAGES.replies} className={wideLink} data-testid="circle-replies-link">
        <span className={css({ fontWeight: '700', color: 'accent.fg' })}>
          <FormattedMessage id="community.home.replies" />
        </span>
        <CircleRepliesBadge />
        <span className={css({ flex: '1' })} />
        <ArrowEndIcon
          aria-hidden="true"
          className={css({ flexShrink: '0', _rtl: { transform: 'scaleX(-1)' } })}
        />
      </Link>
      <h2 className={css({ textStyle: 'heading.sm' })}>
        <FormattedMessage id="community.home.spaces" />
      </h2>
      {snap.hasTag('step:loading') && (
        <LoadingState
          label={<FormattedMessage id="community.home.loading" />}
          data-testid="circle-spaces-loading"
        >
          <div className={css({ display: 'grid', gap: '3' })}>
            <Skeleton className={css({ height: '20' })} />
            <Skeleton className={css({ height: '20' })} />
          </div>
        </LoadingState>
      )}
      {snap.hasTag('step:failed') && (
        <Notice
          data-testid="circle-spaces-error"
          title={<FormattedMessage id="community.home.failed" />}
          actions={
            <RetryButton
              labelId="community.retry"
              onClick={() => actor.send({ type: 'circleSpaces.retry' })}
            />
          }
        />
      )}
      {snap.hasTag('step:ready') && (
        <ul className={spaceGrid} data-testid="circle-spaces">
          {snap.context.spaces.map((space) => (
            <SpaceCard key={space.id} space={space} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SpaceCard({ space, now }: { space: CircleSpace; now: number }) {
  return (
    <li>
      <Link href={spacePath(space.id)} className={card} data-testid="circle-space">
        <span className={css({ fontWeight: '700', color: 'accent.fg', textStyle: 'heading.xs' })}>
          {space.title}
        </span>
        <span className={css({ color: 'fg.muted' })}>{space.description}</span>
        <span className={muted}>
          <FormattedMessage id="community.space.threads" values={{ count: space.threads }} />
          {space.lastActivityAt && (
            <>
              {' · '}
              <FormattedMessage
                id="community.space.lastActivity"
                values={{ when: <When iso={space.lastActivityAt} now={now} /> }}
              />
            </>
          )}
        </span>
      </Link>
    </li>
  );
}

const spaceGrid = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
  gap: '3',
  listStyle: 'none',
  p: '0',
  m: '0',
});
export const card = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  height: 'full',
  p: '4',
  minHeight: '11',
  borderRadius: 'lg',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
  color: 'fg.default',
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  _hover: { borderColor: 'accent.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.solid', outlineOffset: '2px' },
});
const wideLink = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '4',
  p: '4',
  minHeight: '11',
  borderRadius: 'lg',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
  textDecoration: 'none',
  _hover: { borderColor: 'accent.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.solid', outlineOffset: '2px' },
});
