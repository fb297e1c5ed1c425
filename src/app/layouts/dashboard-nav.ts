/** Dashboard entries and header titles (spec §2). Pure, so the rules are tested on their own. */
export const DASHBOARD_PREFIX = '/dashboard';

export const DASHBOARD_ENTRIES = [
  { href: '/dashboard', messageId: 'dashboard.sidebar.courses', fallback: 'Enrolled Courses', icon: 'book' },
  {
    href: '/dashboard/test-scores',
    messageId: 'dashboard.sidebar.testScores',
    fallback: 'My Test Scores',
    icon: 'chart',
  },
  {
    href: '/dashboard/ratings',
    messageId: 'dashboard.sidebar.ratings',
    fallback: 'Ratings & Reviews',
    icon: 'star',
  },
  {
    href: '/dashboard/invoices',
    messageId: 'dashboard.sidebar.invoices',
    fallback: 'Invoices',
    icon: 'receipt',
  },
  {
    href: '/dashboard/settings',
    messageId: 'dashboard.sidebar.settings',
    fallback: 'Account Settings',
    icon: 'settings',
  },
] as const;

export type DashboardEntry = (typeof DASHBOARD_ENTRIES)[number];

export interface TitleMessage {
  id: string;
  fallback: string;
}

const TITLE_DASHBOARD: TitleMessage = { id: 'dashboard.title.default', fallback: 'Dashboard' };
const TITLE_QUIZ: TitleMessage = { id: 'dashboard.title.quiz', fallback: 'Test Your Knowledge' };

function trimSlash(path: string) {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The header title from the path: /course/ and /quiz paths, then /dashboard, then the four pages. */
export function titleFromPath(pathname: string): TitleMessage {
  const path = trimSlash(pathname);
  if (path.includes('/course/') || path.includes('/quiz')) return TITLE_QUIZ;
  if (path === DASHBOARD_PREFIX) return TITLE_DASHBOARD;
  const entry = DASHBOARD_ENTRIES.find((e) => e.href !== DASHBOARD_PREFIX && e.href === path);
  return entry ? { id: entry.messageId, fallback: entry.fallback } : TITLE_DASHBOARD;
}

/** Title precedence: what the page supplies, then the layout's explicit title, then the path. */
export function resolveTitle(
  pageTitle: string | undefined,
  layoutTitle: string | undefined,
  pathname: string,
): string | TitleMessage {
  return pageTitle || layoutTitle || titleFromPath(pathname);
}

/** The sidebar entry that matches the path: exact for /dashboard, the page and its sub-pages otherwise. */
export function selectedEntry(pathname: string): DashboardEntry['href'] | null {
  const path = trimSlash(pathname);
  const match = DASHBOARD_ENTRIES.find(
    (e) => e.href !== DASHBOARD_PREFIX && (path === e.href || path.startsWith(`${e.href}/`)),
  );
  if (match) return match.href;
  return path === DASHBOARD_PREFIX ? DASHBOARD_PREFIX : null;
}

export { safeNext } from '../../../contract/safe-next';
