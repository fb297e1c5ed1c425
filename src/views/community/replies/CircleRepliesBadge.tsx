import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { css } from '../../../../styled-system/css';
import { loadCircleMe } from '../../../api/circle';

const dot = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '5',
  height: '5',
  paddingInline: '1.5',
  borderRadius: 'full',
  bg: 'accent.default',
  color: 'fg.onAccent',
  textStyle: 'body.xs',
  fontWeight: 'semibold',
});

/**
 * How many new replies to her threads she has not seen (GET /circle/me), or nothing when none (or
 * it could not be asked). `count`: given by a page that already knows it.
 */
export function CircleRepliesBadge({ count }: { count?: number }) {
  const intl = useIntl();
  const actor = useActorRef(loadCircleMe);
  const asked = useSelector(actor, (s) => (s.status === 'done' ? s.output.unread : 0));
  const unread = count ?? asked;
  if (!unread) return null;
  const label = intl.formatMessage({ id: 'community.replies.badge' }, { count: unread });
  return (
    <span className={dot} title={label} data-testid="circle-replies-badge">
      <span aria-hidden="true">{intl.formatNumber(unread)}</span>
      <span className={css({ srOnly: true })}>{label}</span>
    </span>
  );
}
