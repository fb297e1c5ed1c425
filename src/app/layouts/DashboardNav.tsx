import { Link, useLocation } from 'wouter';
import { css, cx } from '../../../styled-system/css';
import { button } from '../../components/button';
import { BookIcon, ChartIcon, ReceiptIcon, SettingsIcon, StarIcon } from '../../theme/icons';
import { useLabel } from '../useLabel';
import { DASHBOARD_ENTRIES, type DashboardEntry, selectedEntry } from './dashboard-nav';

/** The dashboard's two navigations: its five entries (the sidebar) and the rest of the site (the header). */
const ICONS: Record<DashboardEntry['icon'], typeof BookIcon> = {
  book: BookIcon,
  chart: ChartIcon,
  star: StarIcon,
  receipt: ReceiptIcon,
  settings: SettingsIcon,
};

/** The five entries (spec §2): in the sidebar from lg up, in the menu drawer below. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const label = useLabel();
  const [location] = useLocation();
  const selected = selectedEntry(location);
  return (
    <nav aria-label={label('dashboard.sidebar.label', 'Dashboard')}>
      <ul
        className={css({ display: 'flex', flexDirection: 'column', gap: '1', listStyle: 'none', p: 0, m: 0 })}
      >
        {DASHBOARD_ENTRIES.map((entry) => {
          const Icon = ICONS[entry.icon];
          const current = selected === entry.href;
          return (
            <li key={entry.href}>
              <Link
                href={entry.href}
                onClick={onNavigate}
                aria-current={current ? 'page' : undefined}
                className={css({
                  display: 'flex',
                  alignItems: 'center',
                  gap: '3',
                  minHeight: '11',
                  px: '3',
                  borderRadius: 'md',
                  color: 'fg.default',
                  textDecoration: 'none',
                  fontWeight: 'medium',
                  _hover: { bg: 'bg.subtle' },
                  '&[aria-current=page]': { bg: 'accent.subtle', color: 'accent.fg', fontWeight: 'semibold' },
                  '& svg': { boxSize: '5', flexShrink: 0 },
                })}
              >
                <Icon />
                {/* the name on one line; "Coming soon" under it, so the 280 px sidebar does not break it */}
                <span
                  className={css({
                    flex: 1,
                    display: 'flex',
                    flexDirection: 'column',
                    alignItems: 'flex-start',
                    py: '1',
                  })}
                >
                  <span className={css({ whiteSpace: 'nowrap' })} data-testid="sidebar-entry-name">
                    {label(entry.messageId, entry.fallback)}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The rest of the site, reached from the dashboard's header (issue 21): not sidebar entries. */
const SITE_ENTRIES = [
  { href: '/courses', messageId: 'site.nav.courses', fallback: 'Courses' },
  { href: '/articles', messageId: 'site.nav.articles', fallback: 'Articles' },
  { href: '/experts', messageId: 'site.nav.experts', fallback: 'Experts' },
  { href: '/dashboard/consultations', messageId: 'site.header.consultations', fallback: 'My consultations' },
  // the community circle (issue 27), reached like her consultations
  { href: '/dashboard/circle', messageId: 'site.header.circle', fallback: 'Community circle' },
] as const;

/**
 * The rest of the site from the dashboard (issue 21): Courses, Articles, Experts and her
 * consultations. In the header from lg up; below, in the menu drawer under the five entries.
 */
export function SiteNav({ inDrawer, onNavigate }: { inDrawer?: boolean; onNavigate?: () => void }) {
  const label = useLabel();
  const [location] = useLocation();
  return (
    <nav
      aria-label={label('dashboard.header.siteNav', 'Amina')}
      data-testid={inDrawer ? 'drawer-site-nav' : 'header-site-nav'}
      className={
        inDrawer
          ? css({ mt: '4', pt: '4', borderTopWidth: '1px', borderColor: 'border.subtle' })
          : css({ display: { base: 'none', lg: 'flex' }, gap: '1', flexShrink: 0 })
      }
    >
      {/* one line of links in the header, a list in the drawer */}
      <ul
        className={css({
          display: 'flex',
          flexDirection: inDrawer ? 'column' : 'row',
          gap: '1',
          listStyle: 'none',
          p: 0,
          m: 0,
        })}
      >
        {SITE_ENTRIES.map((entry) => (
          <li key={entry.href}>
            <Link
              href={entry.href}
              onClick={onNavigate}
              aria-current={location.startsWith(entry.href) ? 'page' : undefined}
              className={cx(
                button({ variant: 'ghost', size: 'sm' }),
                css({
                  whiteSpace: 'nowrap',
                  '&[aria-current=page]': { bg: 'accent.muted' },
                  ...(inDrawer ? { width: '100%', justifyContent: 'flex-start', minHeight: '11' } : {}),
                }),
              )}
            >
              {label(entry.messageId, entry.fallback)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
