import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { css } from '../../../styled-system/css';
import { useFlowActor } from '../../app/flow';
import { Button } from '../../components/button';
import { GlobeIcon, LogoutIcon } from '../../theme/icons';
import { AddFactor } from './AddFactor';
import { useStaffMe } from './staff-me';
import { isCurrent, navFor } from './staff-nav';
import { StaffSessionFlow } from './staff-session';

const bar = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '3',
  px: { base: '4', md: '6' },
  py: '3',
  bg: 'bg.surface',
  borderBlockEndWidth: '1px',
  borderColor: 'border.subtle',
});
const navList = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '1',
  px: { base: '3', md: '5' },
  py: '2',
  listStyle: 'none',
  bg: 'bg.subtle',
  borderBlockEndWidth: '1px',
  borderColor: 'border.subtle',
});
const navLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '10',
  px: '3',
  borderRadius: 'md',
  textStyle: 'sm',
  fontWeight: 'medium',
  color: 'fg.default',
  _hover: { bg: 'bg.muted' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  '&[aria-current=page]': { bg: 'accent.default', color: 'fg.onAccent' },
});

/**
 * The staff area's own layout (issue 26), plain, not the member site's: the brand, her name and
 * roles, the language (saved to her account), the other factor, sign out; the pages of her roles as
 * a wrapping list of links (a phone sees all of them, each at least 40 px high).
 */
export function StaffLayout({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const me = useStaffMe();
  const session = useFlowActor(StaffSessionFlow);
  const signingOut = useSelector(session, (s) => s.matches('signingOut'));
  const switching = useSelector(session, (s) => s.matches({ signedIn: 'savingLanguage' }));
  const [path] = useLocation();
  const other = intl.locale === 'ar' ? 'en' : 'ar';
  const roles = me.roles.map((r) => intl.formatMessage({ id: `staff.common.role.${r}` })).join(' · ');
  return (
    <div className={css({ minHeight: '100dvh', bg: 'bg.canvas', display: 'flex', flexDirection: 'column' })}>
      <header className={bar}>
        <Link href="/staff" className={css({ fontWeight: 'bold', textStyle: 'lg', color: 'accent.fg' })}>
          <FormattedMessage id="staff.layout.brand" />
        </Link>
        <p
          className={css({ flex: '1', minWidth: '0', textStyle: 'sm', color: 'fg.muted' })}
          data-testid="staff-who"
        >
          <span className={css({ color: 'fg.default', fontWeight: 'medium' })}>{me.name}</span> · {roles}
        </p>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          <AddFactor />
          <Button
            type="button"
            variant="ghost"
            size="sm"
            loading={switching}
            onClick={() => session.send({ type: 'staffSession.languageChosen', language: other })}
            data-testid="staff-language"
          >
            <GlobeIcon className={css({ boxSize: '4' })} />
            <span lang={other}>{intl.formatMessage({ id: 'site.language.switchTo' })}</span>
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            loading={signingOut}
            onClick={() => session.send({ type: 'staffSession.signOut' })}
            data-testid="staff-sign-out"
          >
            <LogoutIcon className={css({ boxSize: '4' })} />
            <FormattedMessage id="staff.layout.signOut" />
          </Button>
        </div>
      </header>
      <nav aria-label={intl.formatMessage({ id: 'staff.layout.navLabel' })}>
        <ul className={navList}>
          {navFor(me.roles).map((item) => (
            <li key={item.href}>
              <Link
                href={item.href}
                className={navLink}
                aria-current={isCurrent(item.href, path) ? 'page' : undefined}
                data-testid={`staff-nav-${item.label.split('.').pop()}`}
              >
                <FormattedMessage id={item.label} />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className={css({ flex: '1', px: { base: '4', md: '6' }, py: { base: '5', md: '8' } })}>
        {children}
      </main>
    </div>
  );
}
