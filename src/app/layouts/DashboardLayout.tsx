import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { css, cx } from '../../../styled-system/css';
import { Button, IconButton } from '../../components/button';
import * as Drawer from '../../components/drawer';
import { LogoutIcon, MenuIcon } from '../../theme/icons';
import { useSession, useSystemActor } from '../actors';
import { LanguageSwitch } from '../LanguageSwitch';
import { SafetyBar } from '../SafetyBar';
import { setPageTitle } from '../safety-effects';
import { useLabel } from '../useLabel';
import { BrandLink } from './BrandLink';
import { SidebarNav, SiteNav } from './DashboardNav';
import { resolveTitle } from './dashboard-nav';
import { MemberBadge } from './MemberBadge';

export const SIDEBAR_WIDTH = '280px';

interface PageHeader {
  title?: string;
  actions?: ReactNode;
}
const PageHeaderContext = createContext<(header: PageHeader) => void>(() => {});

/** A dashboard page supplies its own header title and actions (spec §2: the page title comes first). */
export function usePageHeader(title?: string, actions?: ReactNode) {
  const set = useContext(PageHeaderContext);
  useEffect(() => {
    set({ title, actions });
    return () => set({});
  }, [set, title, actions]);
}

/**
 * Dashboard shell (spec §2): a 280 px sidebar on wide screens, a drawer titled Menu on small ones
 * (sliding in from the inline end), and a header with the title, the page's actions and Log out.
 */
export function DashboardLayout({
  title,
  actions,
  children,
}: {
  title?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const label = useLabel();
  const session = useSystemActor('session');
  const leaving = useSession((s) => s.matches('signingOut'));
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [page, setPage] = useState<PageHeader>({});
  const resolved = resolveTitle(page.title, title, location);
  const heading = typeof resolved === 'string' ? resolved : label(resolved.id, resolved.fallback);
  const appName = label('app.name', 'Amina');

  useEffect(() => {
    setPageTitle(`${heading} · ${appName}`);
  }, [heading, appName]);

  const logout = (
    <Button
      type="button"
      variant="outline"
      size="sm"
      loading={leaving}
      onClick={() => session.send({ type: 'session.logout' })}
      data-testid="logout"
      // its name shows on tablets; on a phone and beside the site's links (lg up) only the icon, the
      // name still read out and shown on hover
      aria-label={label('dashboard.header.logout', 'Log out')}
      title={label('dashboard.header.logout', 'Log out')}
    >
      <LogoutIcon className={css({ boxSize: '4', _rtl: { transform: 'scaleX(-1)' } })} />
      <span className={css({ display: { base: 'none', md: 'inline', lg: 'none' } })}>
        {label('dashboard.header.logout', 'Log out')}
      </span>
    </Button>
  );

  return (
    <PageHeaderContext.Provider value={setPage}>
      <div
        className={css({
          minHeight: '100dvh',
          bg: 'bg.canvas',
          display: 'grid',
          gridTemplateColumns: { base: '1fr', lg: `${SIDEBAR_WIDTH} 1fr` },
        })}
      >
        <aside
          data-testid="sidebar"
          className={css({
            display: { base: 'none', lg: 'flex' },
            flexDirection: 'column',
            gap: '6',
            width: SIDEBAR_WIDTH,
            p: '5',
            borderEndWidth: '1px',
            borderColor: 'border.subtle',
            bg: 'bg.surface',
            position: 'sticky',
            top: 0,
            height: '100dvh',
          })}
        >
          <BrandLink href="/dashboard" label={label('dashboard.sidebar.home', 'Dashboard home')} />
          <SidebarNav />
        </aside>
        <div className={css({ display: 'flex', flexDirection: 'column', minWidth: 0 })}>
          {/* the safety strip stays on screen with the header */}
          {/* toasts open under it (src/components/toast.tsx) */}
          <div data-toast-anchor className={css({ position: 'sticky', top: 0, zIndex: 5 })}>
            <SafetyBar wide />
            <header
              className={css({
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                gap: { base: '2', md: '3' },
                px: { base: '3', md: '8' },
                py: '2',
                minHeight: '16',
                borderBottomWidth: '1px',
                borderColor: 'border.subtle',
                bg: 'bg.surface',
                position: 'sticky',
                top: 0,
                zIndex: 5,
              })}
            >
              <Drawer.Root open={menuOpen} onOpenChange={(e) => setMenuOpen(e.open)}>
                <Drawer.Trigger asChild>
                  <IconButton
                    aria-label={label('dashboard.header.openMenu', 'Open menu')}
                    className={css({ display: { base: 'inline-flex', lg: 'none' } })}
                    data-testid="open-menu"
                  >
                    <MenuIcon />
                  </IconButton>
                </Drawer.Trigger>
                <Drawer.Portal>
                  <Drawer.Backdrop />
                  <Drawer.Positioner>
                    <Drawer.Content data-testid="menu-drawer">
                      <Drawer.Header>
                        <Drawer.Title>{label('dashboard.header.menu', 'Menu')}</Drawer.Title>
                        <Drawer.CloseTrigger aria-label={label('dashboard.header.closeMenu', 'Close menu')} />
                      </Drawer.Header>
                      <Drawer.Body>
                        <SidebarNav onNavigate={() => setMenuOpen(false)} />
                        <SiteNav inDrawer onNavigate={() => setMenuOpen(false)} />
                      </Drawer.Body>
                    </Drawer.Content>
                  </Drawer.Positioner>
                </Drawer.Portal>
              </Drawer.Root>
              <span className={css({ display: { base: 'inline-flex', lg: 'none' } })}>
                <BrandLink
                  href="/dashboard"
                  label={label('dashboard.sidebar.home', 'Dashboard home')}
                  compact
                />
              </span>
              <SiteNav />
              <div
                className={cx(
                  css({ display: 'flex', alignItems: 'center', gap: { base: '1', sm: '2' }, ms: 'auto' }),
                )}
                data-testid="header-actions"
              >
                {page.actions}
                {actions}
                <LanguageSwitch />
                <MemberBadge compact />
                {logout}
              </div>
              {/* the title has a line of its own under the controls, so it is never cut short (320 px) */}
              <h1
                data-testid="page-title"
                className={css({
                  width: '100%',
                  minWidth: 0,
                  fontSize: { base: 'lg', md: '2xl' },
                  fontWeight: 'bold',
                  color: 'fg.default',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                })}
              >
                {heading}
              </h1>
            </header>
          </div>
          <main
            id="main"
            className={css({ flex: 1, p: { base: '4', md: '8' }, maxWidth: '5xl', width: '100%' })}
          >
            {children}
          </main>
        </div>
      </div>
    </PageHeaderContext.Provider>
  );
}
