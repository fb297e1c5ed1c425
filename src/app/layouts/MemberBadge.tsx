import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { css } from '../../../styled-system/css';
import { useSession } from '../actors';
import { initialOf, useDataSaver } from '../data-saver';

/** The signed-in member's avatar (her initial with the data saver on) and alias, linking to the dashboard. */
export function MemberBadge({ compact = false }: { compact?: boolean }) {
  const intl = useIntl();
  const user = useSession((s) => s.context.user);
  const alias = typeof user?.alias === 'string' ? user.alias : '';
  const avatarUrl = user?.avatar?.url;
  const [broken, setBroken] = useState<string | null>(null);
  // the data saver (issue 28) shows her initial and loads no picture
  const saving = useDataSaver();
  return (
    <Link
      href="/dashboard"
      data-testid="member-badge"
      aria-label={intl.formatMessage({ id: 'site.header.account' }, { alias })}
      className={css({
        display: 'inline-flex',
        alignItems: 'center',
        gap: '2',
        px: '2',
        py: '1',
        minHeight: '11',
        borderRadius: 'full',
        color: 'fg.default',
        textDecoration: 'none',
        _hover: { bg: 'bg.subtle' },
      })}
    >
      <span
        aria-hidden="true"
        className={css({
          boxSize: '9',
          borderRadius: 'full',
          bg: 'accent.muted',
          overflow: 'hidden',
          display: 'grid',
          placeItems: 'center',
          fontWeight: 'bold',
          color: 'accent.fg',
          flexShrink: 0,
        })}
      >
        {avatarUrl && broken !== avatarUrl && !saving ? (
          <img src={avatarUrl} alt="" width={36} height={36} onError={() => setBroken(avatarUrl)} />
        ) : (
          initialOf(alias)
        )}
      </span>
      <span
        dir="auto"
        className={css({
          display: compact ? 'none' : { base: 'none', sm: 'inline' },
          fontWeight: 'medium',
          maxWidth: '40',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        })}
      >
        {alias}
      </span>
    </Link>
  );
}
