/**
 * Being findable (issue 9): what the server writes into the app shell for each page, and the
 * sitemap and robots.txt.
 *
 * - The shell (dist/index.html) marks a region `<!-- page-meta: … -->…<!-- /page-meta -->`; for every
 *   app route the server replaces it with the page's own <title>, meta description, canonical link,
 *   hreflang alternates (en, ar, x-default), Open Graph and Twitter tags, in the page's language, plus
 *   the Quick exit address (QUICK_EXIT_URL) and discreet mode's neutral tab titles. A shell without the
 *   region is served as it is.
 * - Language: `?lang=ar` is Arabic (the boot script honours it too); otherwise English. The English
 *   page's address is the bare path (also x-default), the Arabic one the path with `?lang=ar`.
 * - Titles and descriptions are the catalogue's ids the pages themselves use (`<page>.title`,
 *   `<page>.description`, or the server's own `server.meta.*` where a page has none, never shipped
 *   to the browser), through server/lib/i18n.ts; detail pages (a course…) read theirs
 *   from the database through a DetailSource. Members' areas (/dashboard, /cart, /checkout) and unknown
 *   paths get `noindex`. Everything written is escaped.
 * - Detail pages come from a small registry (`DetailSource`, server/site-sources.ts): courses,
 *   articles and experts; another kind of page is one more source passed in app.ts.
 * - While payments go to the embedded sandbox (issue 20), every page starts with a "test payments"
 *   ribbon written here, at the top of <body>, outside the app's root: in both languages, the one
 *   of `<html lang>` shown by index.html's inline style (so the app's language switch turns it too),
 *   no script and nothing for the app to hydrate or download.
 */
import { type Locale, plainMessage } from './lib/i18n.ts';

export interface SiteConfig {
  /** Absolute origin the site is reached at, without a trailing slash (PUBLIC_URL). */
  publicUrl: string;
  /** Where Quick exit sends her (QUICK_EXIT_URL). */
  quickExitUrl: string;
  /** Payments go to the sandbox (test cards, nothing charged): every page carries the ribbon saying so. */
  testPayments?: boolean;
}

export const DEFAULT_QUICK_EXIT_URL = 'https://www.google.com/search?q=weather';

/** A page with its own words: a fixed public page (message ids) or a detail page (texts). */
export interface PageTexts {
  title: Record<Locale, string>;
  description: Record<Locale, string>;
}

/** One kind of detail page read from the database: e.g. /courses/:id. */
export interface DetailSource {
  /** The path prefix, e.g. `/courses/`: the rest of the path is the id. */
  prefix: string;
  /** A published item's texts by id, or null (the page is then noindex). */
  get(id: string): Promise<PageTexts | null>;
  /** Every published id (for the sitemap). */
  ids(): Promise<string[]>;
}

/** The public site's fixed pages: path → [title id, description id]. Order is the sitemap's. */
export const PUBLIC_PAGES: ReadonlyArray<readonly [path: string, titleId: string, descriptionId: string]> = [
  ['/', 'server.meta.home.title', 'server.meta.home.description'],
  ['/courses', 'learning.catalogue.title', 'server.meta.courses.description'],
  ['/articles', 'articles.meta.title', 'articles.meta.description'],
  ['/experts', 'experts.meta.title', 'experts.meta.description'],
  ['/experts/apply', 'forms.apply.title', 'forms.apply.description'],
  ['/menopause', 'menopause.title', 'menopause.description'],
  ['/about', 'about.title', 'about.description'],
  ['/programs', 'programs.title', 'programs.description'],
  ['/partnerships', 'partnerships.title', 'partnerships.description'],
  ['/community', 'circle.title', 'circle.description'],
  ['/careers', 'careers.title', 'careers.description'],
  ['/faq', 'faq.title', 'faq.description'],
  ['/safeguarding', 'safeguarding.title', 'safeguarding.description'],
  ['/contact', 'contact.title', 'contact.description'],
  ['/report-a-concern', 'concern.title', 'concern.description'],
  ['/terms', 'terms.title', 'terms.description'],
  ['/privacy', 'privacy.title', 'privacy.description'],
  ['/signup', 'signup.title', 'server.meta.signup.description'],
  ['/login', 'login.title', 'server.meta.login.description'],
  ['/forgot-pin', 'forgot.title', 'server.meta.forgot.description'],
];

/** Members' and buying pages and the staff area: never indexed (robots.txt disallows them too). */
export const PRIVATE_PREFIXES = ['/dashboard', '/checkout', '/cart', '/api', '/staff'] as const;
const isStaff = (path: string) => path === '/staff' || path.startsWith('/staff/');
const isPrivate = (path: string) => PRIVATE_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));

const OG_LOCALE: Record<Locale, string> = { en: 'en_US', ar: 'ar_AR' };
export const OG_IMAGE = '/og-image.png';
const OG_IMAGE_SIZE = { width: 1200, height: 630 };

const START = /<!--\s*page-meta\b[\s\S]*?-->/;
const END = /<!--\s*\/page-meta\s*-->/;

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** XML text and attribute values (sitemap). */
export const escapeXml = escapeHtml;

/** A message as plain text: rich-text tags (`<link>…</link>`) keep their words, whitespace folded. */
const plain = (locale: Locale, id: string) => plainMessage(locale, id).replace(/\s+/g, ' ').trim();

/** Up to ~160 characters at a word boundary, for meta descriptions taken from longer texts. */
export function clip(text: string, max = 160): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:،؛]+$/, '')}…`;
}

export interface PageMeta {
  locale: Locale;
  title: string;
  description: string;
  /** The page's path (no query). */
  path: string;
  index: boolean;
}

export function createSiteMeta({ config, sources = [] }: { config: SiteConfig; sources?: DetailSource[] }) {
  const t = plain;
  const base = config.publicUrl.replace(/\/+$/, '');
  const fixed = new Map(PUBLIC_PAGES.map(([path, title, description]) => [path, { title, description }]));

  /** The page's address in a language: English bare, Arabic with ?lang=ar. */
  const urlOf = (path: string, locale: Locale) => `${base}${path}${locale === 'ar' ? '?lang=ar' : ''}`;
  const withProduct = (locale: Locale, title: string) => `${title} · ${t(locale, 'app.name')}`;

  async function metaFor(path: string, locale: Locale): Promise<PageMeta> {
    const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const page = fixed.get(clean);
    if (page) {
      const title = t(locale, page.title);
      return {
        locale,
        path: clean,
        index: true,
        title: clean === '/' ? title : withProduct(locale, title),
        description: t(locale, page.description),
      };
    }
    for (const source of sources) {
      if (!clean.startsWith(source.prefix)) continue;
      let id: string;
      try {
        id = decodeURIComponent(clean.slice(source.prefix.length));
      } catch {
        continue;
      }
      if (!id || id.includes('/')) continue;
      const found = await source.get(id);
      if (found)
        return {
          locale,
          path: clean,
          index: true,
          title: withProduct(locale, found.title[locale]),
          description: clip(found.description[locale]),
        };
    }
    // the staff area (issue 26): a plain title that says nothing of the page, not indexed
    if (isStaff(clean))
      return {
        locale,
        path: clean,
        index: false,
        title: t(locale, 'staff.layout.brand'),
        description: t(locale, 'staff.layout.brand'),
      };
    // members' pages, the cart, unknown paths: the product's own words, not indexed
    return {
      locale,
      path: clean,
      index: false,
      title: t(locale, 'server.meta.home.title'),
      description: t(locale, 'server.meta.home.description'),
    };
  }

  function tags(meta: PageMeta): string {
    const { locale, path } = meta;
    const other: Locale = locale === 'ar' ? 'en' : 'ar';
    const e = escapeHtml;
    const image = `${base}${OG_IMAGE}`;
    const lines = [
      `<title>${e(meta.title)}</title>`,
      `<meta name="description" content="${e(meta.description)}" />`,
    ];
    if (meta.index && !isPrivate(path)) {
      lines.push(
        `<link rel="canonical" href="${e(urlOf(path, locale))}" />`,
        `<link rel="alternate" hreflang="en" href="${e(urlOf(path, 'en'))}" />`,
        `<link rel="alternate" hreflang="ar" href="${e(urlOf(path, 'ar'))}" />`,
        `<link rel="alternate" hreflang="x-default" href="${e(urlOf(path, 'en'))}" />`,
      );
    } else {
      lines.push('<meta name="robots" content="noindex, nofollow" />');
    }
    lines.push(
      `<meta property="og:site_name" content="${e(t(locale, 'app.name'))}" />`,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:title" content="${e(meta.title)}" />`,
      `<meta property="og:description" content="${e(meta.description)}" />`,
      `<meta property="og:url" content="${e(urlOf(path, locale))}" />`,
      `<meta property="og:locale" content="${OG_LOCALE[locale]}" />`,
      `<meta property="og:locale:alternate" content="${OG_LOCALE[other]}" />`,
      `<meta property="og:image" content="${e(image)}" />`,
      `<meta property="og:image:width" content="${OG_IMAGE_SIZE.width}" />`,
      `<meta property="og:image:height" content="${OG_IMAGE_SIZE.height}" />`,
      `<meta property="og:image:alt" content="${e(t(locale, 'server.meta.imageAlt'))}" />`,
      `<meta name="twitter:card" content="summary_large_image" />`,
      `<meta name="twitter:title" content="${e(meta.title)}" />`,
      `<meta name="twitter:description" content="${e(meta.description)}" />`,
      `<meta name="twitter:image" content="${e(image)}" />`,
      `<meta name="quick-exit-url" content="${e(config.quickExitUrl)}" />`,
      `<meta name="discreet-title" content="${e(t('en', 'safety.discreet.tabTitle'))}" data-ar="${e(t('ar', 'safety.discreet.tabTitle'))}" />`,
    );
    return lines.join('\n    ');
  }

  /** The sandbox's ribbon (role note), both languages; index.html's style shows the page's one. */
  const ribbon = config.testPayments
    ? `<div class="test-payments" role="note" data-testid="test-payments"><span lang="en">${escapeHtml(t('en', 'server.meta.testPayments'))}</span><span lang="ar">${escapeHtml(t('ar', 'server.meta.testPayments'))}</span></div>`
    : '';

  /**
   * The shell for one request: the page-meta region replaced, `<html lang dir>` in the page's
   * language, and the test-payments ribbon while it applies. Null when the shell has no region (it
   * is then served unchanged).
   */
  async function renderShell(
    template: string,
    url: URL,
    locale: Locale = url.searchParams.get('lang') === 'ar' ? 'ar' : 'en',
  ): Promise<string | null> {
    const start = template.match(START);
    const end = template.match(END);
    if (!start || !end || start.index === undefined || end.index === undefined || end.index < start.index)
      return null;
    const meta = await metaFor(url.pathname, locale);
    let html = `${template.slice(0, start.index)}${tags(meta)}${template.slice(end.index + end[0].length)}`;
    if (ribbon) html = html.replace(/<body\b[^>]*>/i, (body) => `${body}${ribbon}`);
    if (locale === 'ar') {
      html = html.replace(/<html\b[^>]*>/i, '<html lang="ar" dir="rtl">');
      // the installable app's name and words in Arabic (issue 28; .ci/vite-pwa.ts writes the manifests)
      html = html.replace(
        '<link rel="manifest" href="/manifest.webmanifest"',
        '<link rel="manifest" href="/manifest.ar.webmanifest"',
      );
      // an Arabic page's first screen needs the Arabic font (the boot script preloads it), not Inter
      html = html.replace(/<link rel="preload" as="font"[^>]*inter-latin[^>]*>\s*/, '');
    }
    return html;
  }

  /** Every public page in both languages, each with its alternates (sitemaps.org + xhtml:link). */
  async function sitemap(): Promise<string> {
    const paths = [...fixed.keys()];
    for (const source of sources) {
      for (const id of await source.ids()) paths.push(`${source.prefix}${encodeURIComponent(id)}`);
    }
    const e = escapeXml;
    const alternates = (path: string) =>
      [
        `<xhtml:link rel="alternate" hreflang="en" href="${e(urlOf(path, 'en'))}"/>`,
        `<xhtml:link rel="alternate" hreflang="ar" href="${e(urlOf(path, 'ar'))}"/>`,
        `<xhtml:link rel="alternate" hreflang="x-default" href="${e(urlOf(path, 'en'))}"/>`,
      ].join('');
    const urls = paths.flatMap((path) =>
      (['en', 'ar'] as const).map(
        (locale) => `<url><loc>${e(urlOf(path, locale))}</loc>${alternates(path)}</url>`,
      ),
    );
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ...urls,
      '</urlset>',
      '',
    ].join('\n');
  }

  function robots(): string {
    return [
      'User-agent: *',
      'Allow: /',
      ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`),
      '',
      `Sitemap: ${base}/sitemap.xml`,
      '',
    ].join('\n');
  }

  return { metaFor, renderShell, sitemap, robots, urlOf };
}
export type SiteMeta = ReturnType<typeof createSiteMeta>;
