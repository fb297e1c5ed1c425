/**
 * Being findable (issue 9): /sitemap.xml, /robots.txt and each page's own shell (title, description,
 * canonical, hreflang alternates, Open Graph and Twitter tags, in the page's language), from the real
 * index.html, on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, describe, expect, it } from 'vitest';
import { PUBLIC_PAGES } from '../../server/site-meta.ts';
import { setupTestDb, usingPostgres } from './test-db.ts';

const root = new URL('../../', import.meta.url).pathname;
const en = JSON.parse(readFileSync(join(root, 'lang/en.json'), 'utf8')) as Record<string, string>;
const ar = JSON.parse(readFileSync(join(root, 'lang/ar.json'), 'utf8')) as Record<string, string>;
const BASE = 'https://amina.example';
const EXIT = 'https://neutral.example/weather?city=x&units=c';
const EVIL = `Periods <script>alert("x")</script> & 'you'`;
const EVIL_SUMMARY = `A "summary" with <b>tags</b> & more`;

// the real shell, as the build writes it (the page-meta region and the boot script included)
const dist = mkdtempSync(join(tmpdir(), 'amina-site-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), readFileSync(join(root, 'index.html')));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

let evilCourse = '';
let plainCourse = '';
const { db, app } = await setupTestDb({
  distDir: dist,
  config: { site: { publicUrl: `${BASE}/`, quickExitUrl: EXIT } },
  // one course's texts carry markup: whatever the content says, the shell must escape it
  prepare: async (database) => {
    const r = (await database.db.execute(
      sql`select id from courses where published order by position`,
    )) as unknown as { rows: { id: string }[] };
    evilCourse = r.rows[0].id;
    plainCourse = r.rows[1].id;
    await database.db.execute(sql`update courses set texts = jsonb_set(jsonb_set(texts,
      '{en,title}', to_jsonb(${EVIL}::text)), '{en,summary}', to_jsonb(${EVIL_SUMMARY}::text))
      where id = ${evilCourse}`);
    await database.db.execute(sql`update content_state set version = version || '-site-test' where id = 1`);
  },
});

async function courseTexts(id: string) {
  const r = (await db.db.execute(sql`select texts from courses where id = ${id}`)) as unknown as {
    rows: { texts: Record<'en' | 'ar', { title: string; summary: string }> }[];
  };
  return r.rows[0].texts;
}

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await app.request(path, { headers });
  const html = await res.text();
  return { res, html, doc: new JSDOM(html).window.document };
}

const attr = (doc: Document, selector: string, name = 'content') =>
  doc.querySelector(selector)?.getAttribute(name) ?? null;

describe(`site meta on ${usingPostgres() ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('robots.txt allows the public site, keeps members’ pages out and points to the sitemap', async () => {
    const res = await app.request('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/$/m);
    for (const p of ['/dashboard', '/checkout', '/cart', '/api']) expect(text).toContain(`Disallow: ${p}\n`);
    expect(text).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    // the security headers every answer carries
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('sitemap.xml is valid XML listing every public page and course in both languages with alternates', async () => {
    const res = await app.request('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    const doc = new JSDOM(xml, { contentType: 'application/xml' }).window.document;
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(doc.documentElement.localName).toBe('urlset');
    expect(doc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = [...doc.getElementsByTagName('url')];
    const locs = urls.map((u) => u.getElementsByTagName('loc')[0].textContent);
    const ids = async (table: 'courses' | 'articles' | 'experts') =>
      (
        (await db.db.execute(sql.raw(`select id from ${table} where published`))) as unknown as {
          rows: { id: string }[];
        }
      ).rows.map((r) => r.id);
    const details = {
      courses: await ids('courses'),
      articles: await ids('articles'),
      experts: await ids('experts'),
    };
    expect(details.courses.length).toBeGreaterThan(0);
    expect(details.articles.length).toBeGreaterThan(0);
    expect(details.experts.length).toBeGreaterThan(0);
    const paths = [
      ...PUBLIC_PAGES.map(([p]) => p),
      ...Object.entries(details).flatMap(([kind, list]) => list.map((id) => `/${kind}/${id}`)),
    ];
    expect(urls).toHaveLength(paths.length * 2);
    for (const p of paths) {
      expect(locs).toContain(`${BASE}${p}`);
      expect(locs).toContain(`${BASE}${p}?lang=ar`);
    }
    expect(locs).toContain(`${BASE}/safeguarding?lang=ar`);
    expect(locs.some((l) => l?.includes('/dashboard') || l?.includes('/cart'))).toBe(false);
    // each entry names all three alternates
    for (const u of urls) {
      const links = [...u.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link')];
      const byLang = Object.fromEntries(
        links.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]),
      );
      const loc = u.getElementsByTagName('loc')[0].textContent ?? '';
      const bare = loc.replace('?lang=ar', '');
      expect(byLang).toEqual({ en: bare, ar: `${bare}?lang=ar`, 'x-default': bare });
    }
  });

  it('a public page has its own title, description, canonical, hreflang and Open Graph tags in English', async () => {
    const { res, doc } = await page('/safeguarding');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self' 'sha256-");
    expect(doc.title).toBe(`${en['safeguarding.title']} · ${en['app.name']}`);
    expect(doc.querySelectorAll('title')).toHaveLength(1);
    expect(doc.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(attr(doc, 'meta[name="description"]')).toBe(en['safeguarding.description']);
    expect(attr(doc, 'link[rel="canonical"]', 'href')).toBe(`${BASE}/safeguarding`);
    expect(attr(doc, 'link[hreflang="en"]', 'href')).toBe(`${BASE}/safeguarding`);
    expect(attr(doc, 'link[hreflang="ar"]', 'href')).toBe(`${BASE}/safeguarding?lang=ar`);
    expect(attr(doc, 'link[hreflang="x-default"]', 'href')).toBe(`${BASE}/safeguarding`);
    expect(attr(doc, 'meta[property="og:title"]')).toBe(doc.title);
    expect(attr(doc, 'meta[property="og:description"]')).toBe(en['safeguarding.description']);
    expect(attr(doc, 'meta[property="og:url"]')).toBe(`${BASE}/safeguarding`);
    expect(attr(doc, 'meta[property="og:locale"]')).toBe('en_US');
    expect(attr(doc, 'meta[property="og:type"]')).toBe('website');
    expect(attr(doc, 'meta[property="og:image"]')).toBe(`${BASE}/og-image.png`);
    expect(attr(doc, 'meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(attr(doc, 'meta[name="robots"]')).toBeNull();
    // what the page's scripts need: the exit address and discreet mode's neutral titles
    expect(attr(doc, 'meta[name="quick-exit-url"]')).toBe(EXIT);
    expect(attr(doc, 'meta[name="discreet-title"]')).toBe(en['safety.discreet.tabTitle']);
    expect(doc.querySelector('meta[name="discreet-title"]')?.getAttribute('data-ar')).toBe(
      ar['safety.discreet.tabTitle'],
    );
    expect(doc.documentElement.lang).toBe('en');
    // the rest of the shell is untouched: the boot script and the app's entry
    expect(doc.querySelector('script:not([src])')?.textContent).toContain("localStorage.getItem('discreet')");
    expect(doc.querySelector('#root .app-splash')).not.toBeNull();
  });

  it('the same page with ?lang=ar is Arabic: words, canonical, og:locale, lang and dir', async () => {
    const { doc } = await page('/safeguarding?lang=ar');
    expect(doc.title).toBe(`${ar['safeguarding.title']} · ${ar['app.name']}`);
    expect(attr(doc, 'meta[name="description"]')).toBe(ar['safeguarding.description']);
    expect(attr(doc, 'link[rel="canonical"]', 'href')).toBe(`${BASE}/safeguarding?lang=ar`);
    expect(attr(doc, 'link[hreflang="en"]', 'href')).toBe(`${BASE}/safeguarding`);
    expect(attr(doc, 'meta[property="og:locale"]')).toBe('ar_AR');
    expect(attr(doc, 'meta[property="og:locale:alternate"]')).toBe('en_US');
    expect(attr(doc, 'meta[property="og:url"]')).toBe(`${BASE}/safeguarding?lang=ar`);
    expect(doc.documentElement.lang).toBe('ar');
    expect(doc.documentElement.dir).toBe('rtl');
  });

  it('the home page carries the product title; a course page its course’s title and summary', async () => {
    const home = await page('/');
    expect(home.doc.title).toBe(en['server.meta.home.title']);
    expect(attr(home.doc, 'link[rel="canonical"]', 'href')).toBe(`${BASE}/`);

    const texts = await courseTexts(plainCourse);
    const { doc } = await page(`/courses/${plainCourse}`);
    expect(doc.title).toBe(`${texts.en.title} · ${en['app.name']}`);
    expect(attr(doc, 'meta[name="description"]')).toBe(texts.en.summary);
    expect(attr(doc, 'link[rel="canonical"]', 'href')).toBe(`${BASE}/courses/${plainCourse}`);
    const arabic = await page(`/courses/${plainCourse}?lang=ar`);
    expect(arabic.doc.title).toBe(`${texts.ar.title} · ${ar['app.name']}`);
    expect(attr(arabic.doc, 'meta[property="og:title"]')).toBe(arabic.doc.title);
  });

  it('an article page and an expert page carry their own titles from the database', async () => {
    const [article] = (
      (await db.db.execute(sql`select id, texts from articles where published limit 1`)) as unknown as {
        rows: { id: string; texts: Record<'en' | 'ar', { title: string; summary: string }> }[];
      }
    ).rows;
    const a = await page(`/articles/${article.id}?lang=ar`);
    expect(a.doc.title).toBe(`${article.texts.ar.title} · ${ar['app.name']}`);
    expect(attr(a.doc, 'link[rel="canonical"]', 'href')).toBe(`${BASE}/articles/${article.id}?lang=ar`);
    const [expert] = (
      (await db.db.execute(sql`select id, texts from experts where published limit 1`)) as unknown as {
        rows: { id: string; texts: Record<'en' | 'ar', { name: string; title: string }> }[];
      }
    ).rows;
    const e = await page(`/experts/${expert.id}`);
    expect(e.doc.title).toBe(`${expert.texts.en.name}, ${expert.texts.en.title} · ${en['app.name']}`);
    expect(attr(e.doc, 'meta[name="robots"]')).toBeNull();
    // the application form is a page of its own, not an expert called "apply"
    const apply = await page('/experts/apply');
    expect(apply.doc.title).toBe(`${en['forms.apply.title']} · ${en['app.name']}`);
  });

  it('escapes text from the database in the title and in attributes', async () => {
    const { html, doc } = await page(`/courses/${evilCourse}`);
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;you&#39;');
    // parsed back, the text is exactly what was stored: nothing became markup
    expect(doc.title).toBe(`${EVIL} · ${en['app.name']}`);
    expect(attr(doc, 'meta[property="og:title"]')).toBe(`${EVIL} · ${en['app.name']}`);
    expect(attr(doc, 'meta[name="description"]')).toBe(EVIL_SUMMARY);
    expect(doc.querySelectorAll('script:not([src])')).toHaveLength(1);
    // a path full of markup is escaped in og:url too
    const odd = await page('/nowhere/%22%3E%3Cscript%3Ex%3C/script%3E');
    expect(odd.html).not.toMatch(/"><script>x/);
    expect(odd.doc.querySelectorAll('script:not([src])')).toHaveLength(1);
  });

  it('members’ pages, the cart and unknown pages are noindex, without canonical or alternates', async () => {
    for (const path of [
      '/dashboard',
      '/dashboard/invoices',
      '/cart',
      '/checkout',
      '/no-such-page',
      '/courses/nope',
    ]) {
      const { res, doc } = await page(path);
      expect(res.status).toBe(200);
      expect(attr(doc, 'meta[name="robots"]')).toBe('noindex, nofollow');
      expect(doc.querySelector('link[rel="canonical"]')).toBeNull();
      expect(doc.querySelector('link[hreflang]')).toBeNull();
      expect(doc.title).toBe(en['server.meta.home.title']);
    }
  });

  it('keeps compression and ETags: each page its own ETag, 304 on a match, Brotli decoding to the page', async () => {
    const a = await app.request('/about', { headers: { 'accept-encoding': 'br' } });
    expect(a.headers.get('content-encoding')).toBe('br');
    expect(a.headers.get('vary')).toContain('Accept-Encoding');
    const html = brotliDecompressSync(Buffer.from(await a.arrayBuffer())).toString();
    expect(html).toContain(`<title>${en['about.title']} · ${en['app.name']}</title>`);
    const b = await app.request('/faq', { headers: { 'accept-encoding': 'br' } });
    expect(b.headers.get('etag')).not.toBe(a.headers.get('etag'));
    const arabic = await app.request('/about?lang=ar', { headers: { 'accept-encoding': 'br' } });
    expect(arabic.headers.get('etag')).not.toBe(a.headers.get('etag'));
    const again = await app.request('/about', {
      headers: { 'accept-encoding': 'br', 'if-none-match': a.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    const head = await app.request('/about', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});
