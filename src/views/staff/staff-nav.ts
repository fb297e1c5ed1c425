import { STAFF_PAGES, type StaffRole } from '../../../contract/staff';

/**
 * The staff area's pages by role (issue 26): the layout's nav, where /staff sends someone without
 * the expert role, and which pages a role reaches (any other shows "not for your role").
 */
export interface StaffNavItem {
  href: string;
  /** lang id under staff.layout.nav.* */
  label: string;
  roles: readonly StaffRole[];
}

const EXPERT = ['expert'] as const;
const TEAM = ['moderator', 'admin'] as const;
const ADMIN = ['admin'] as const;

export const STAFF_NAV: readonly StaffNavItem[] = [
  { href: STAFF_PAGES.home, label: 'staff.layout.nav.day', roles: EXPERT },
  { href: STAFF_PAGES.hours, label: 'staff.layout.nav.hours', roles: EXPERT },
  { href: STAFF_PAGES.profile, label: 'staff.layout.nav.profile', roles: EXPERT },
  { href: STAFF_PAGES.circle, label: 'staff.layout.nav.circle', roles: EXPERT },
  { href: STAFF_PAGES.inbox, label: 'staff.layout.nav.inbox', roles: TEAM },
  { href: STAFF_PAGES.circleQueue, label: 'staff.layout.nav.circleQueue', roles: TEAM },
  { href: STAFF_PAGES.experts, label: 'staff.layout.nav.experts', roles: ADMIN },
  { href: STAFF_PAGES.coupons, label: 'staff.layout.nav.coupons', roles: ADMIN },
  { href: STAFF_PAGES.orders, label: 'staff.layout.nav.orders', roles: ADMIN },
  { href: STAFF_PAGES.audit, label: 'staff.layout.nav.audit', roles: ADMIN },
];

export const PAGE_ROLES = { expert: EXPERT, team: TEAM, admin: ADMIN } as const;

export const mayReach = (roles: readonly StaffRole[], allowed: readonly StaffRole[]) =>
  roles.some((r) => allowed.includes(r));

export const navFor = (roles: readonly StaffRole[]) =>
  STAFF_NAV.filter((item) => mayReach(roles, item.roles));

/** Her first page: her day for an expert, else the inbox, else the admin's experts. */
export const firstPageFor = (roles: readonly StaffRole[]) => navFor(roles)[0]?.href ?? STAFF_PAGES.home;

/** Is this path the item's page (or under it: an inbox item under the inbox)? */
export const isCurrent = (href: string, path: string): boolean =>
  under(href, path) && !STAFF_NAV.some((i) => i.href.startsWith(`${href}/`) && under(i.href, path));

/** (An item under another, the circle's queue under the circle, is the current one, not both.) */
const under = (href: string, path: string) =>
  href === STAFF_PAGES.home ? path === href : path === href || path.startsWith(`${href}/`);
