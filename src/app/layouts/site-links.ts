/**
 * Every public page a visitor can reach, in the groups the footer and the phone menu show them.
 * One list, so a new public page appears in both (the sitemap has its own, on the server).
 */
export interface SiteLink {
  href: string;
  labelId: string;
}

export interface SiteLinkGroup {
  titleId: string;
  links: readonly SiteLink[];
}

export const SITE_LINK_GROUPS: readonly SiteLinkGroup[] = [
  {
    titleId: 'site.links.learn',
    links: [
      { href: '/courses', labelId: 'site.nav.courses' },
      { href: '/articles', labelId: 'site.nav.articles' },
      { href: '/experts', labelId: 'site.nav.experts' },
      { href: '/menopause', labelId: 'site.links.menopause' },
    ],
  },
  {
    titleId: 'site.links.about',
    links: [
      { href: '/about', labelId: 'site.nav.about' },
      { href: '/programs', labelId: 'site.links.programs' },
      { href: '/partnerships', labelId: 'site.links.partnerships' },
      { href: '/community', labelId: 'site.links.community' },
      { href: '/careers', labelId: 'site.links.careers' },
      { href: '/experts/apply', labelId: 'site.links.apply' },
    ],
  },
  {
    titleId: 'site.links.help',
    links: [
      { href: '/faq', labelId: 'site.links.faq' },
      { href: '/contact', labelId: 'site.links.contact' },
      { href: '/report-a-concern', labelId: 'site.links.concern' },
      { href: '/safeguarding', labelId: 'safety.link' },
    ],
  },
  {
    titleId: 'site.links.legal',
    links: [
      { href: '/terms', labelId: 'site.footer.terms' },
      { href: '/privacy', labelId: 'site.footer.privacy' },
    ],
  },
];
