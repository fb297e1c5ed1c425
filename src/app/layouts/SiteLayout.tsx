import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { css } from '../../../styled-system/css';
import { button } from '../../components/button';
import { Apart } from '../Apart';
import { useSession } from '../actors';
import { LanguageSwitch } from '../LanguageSwitch';
import { SafetyBar } from '../SafetyBar';
import { BrandLink } from './BrandLink';
import { CartBadge } from './CartBadge';
import { MemberBadge } from './MemberBadge';
import { SiteFooter } from './SiteFooter';
import { SiteMenu } from './SiteMenu';

const shell = css({ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bg: 'bg.canvas' });
const header = css({
  position: 'sticky',
  top: 0,
  zIndex: 10,
  bg: 'bg.canvas/90',
  backdropFilter: 'blur(8px)',
  borderBottomWidth: '1px',
  borderColor: 'border.subtle',
});
const bar = css({
  maxWidth: '6xl',
  mx: 'auto',
  px: { base: '2', sm: '3', md: '6' },
  height: '16',
  display: 'flex',
  alignItems: 'center',
  gap: { base: '1', sm: '2', md: '4' },
  // narrower buttons on phones, so the bar fits 320 px with the cart and sign-in in either language
  '& > :is(a, button):not(:first-child), & nav > a': { px: { base: '2', sm: '3.5' } },
});
const skip = css({
  position: 'absolute',
  insetStart: '4',
  top: '-20',
  zIndex: 100,
  bg: 'accent.default',
  color: 'fg.onAccent',
  px: '4',
  py: '2',
  borderRadius: 'md',
  _focusVisible: { top: '2' },
});

/** Public website frame (spec §2): header with language switch and sign-in, footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const signedIn = useSession((s) => s.matches('signedIn'));
  const [location] = useLocation();
  return (
    <div className={shell}>
      <a href="#main" className={skip}>
        <FormattedMessage id="app.skipToContent" />
      </a>
      {/* toasts open under it (src/components/toast.tsx) */}
      <header data-toast-anchor className={header}>
        <SafetyBar />
        <div className={bar}>
          <BrandLink href="/" compact />
          <div className={css({ flex: 1 })} />
          {/* from sm up; a phone's header has room only for the cart, language, sign-in and the menu, which lists it */}
          <Link
            href="/courses"
            aria-current={location.startsWith('/courses') ? 'page' : undefined}
            className={`${button({ variant: 'ghost', size: 'sm' })} ${css({ display: { base: 'none', sm: 'inline-flex' }, '&[aria-current=page]': { bg: 'accent.muted' } })}`}
          >
            <FormattedMessage id="site.nav.courses" />
          </Link>
          {/* from lg up (narrower headers have no room): elsewhere the home page's Latest articles leads there */}
          <Link
            href="/articles"
            aria-current={location.startsWith('/articles') ? 'page' : undefined}
            className={`${button({ variant: 'ghost', size: 'sm' })} ${css({ display: { base: 'none', lg: 'inline-flex' }, '&[aria-current=page]': { bg: 'accent.muted' } })}`}
          >
            <FormattedMessage id="site.nav.articles" />
          </Link>
          {/* from md up (the phone's header has no room): on a phone, the home page's Our experts leads there */}
          <Link
            href="/experts"
            aria-current={location.startsWith('/experts') ? 'page' : undefined}
            className={`${button({ variant: 'ghost', size: 'sm' })} ${css({ display: { base: 'none', md: 'inline-flex' }, '&[aria-current=page]': { bg: 'accent.muted' } })}`}
          >
            <FormattedMessage id="site.nav.experts" />
          </Link>
          <CartBadge />
          <LanguageSwitch />
          {signedIn ? (
            <>
              {/* her consultations (issue 10), from md up; on a phone the dashboard home leads there */}
              <Link
                href="/dashboard/consultations"
                data-testid="header-consultations"
                className={`${button({ variant: 'ghost', size: 'sm' })} ${css({ display: { base: 'none', md: 'inline-flex' } })}`}
              >
                <FormattedMessage id="site.header.consultations" />
              </Link>
              <MemberBadge />
            </>
          ) : (
            <nav
              aria-label={intl.formatMessage({ id: 'site.nav.label' })}
              className={css({ display: 'flex', gap: { base: '1', sm: '2' } })}
            >
              <Link href="/login" className={button({ variant: 'ghost', size: 'sm' })}>
                <FormattedMessage id="site.header.signIn" />
              </Link>
              <Link
                href="/signup"
                className={`${button({ variant: 'solid', size: 'sm' })} ${css({ display: { base: 'none', sm: 'inline-flex' } })}`}
              >
                <FormattedMessage id="site.header.signUp" />
              </Link>
            </nav>
          )}
          <SiteMenu />
        </div>
      </header>
      <main id="main" tabIndex={-1} className={css({ flex: 1, outline: 'none' })}>
        {children}
      </main>
      {/* below the fold on every page: hydrated after the page, in its own tasks */}
      <Apart>
        <SiteFooter />
      </Apart>
    </div>
  );
}
