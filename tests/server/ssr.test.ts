/**
 * Public pages as HTML (issue 11, part 3), the server's side: which requests get a rendered page,
 * in which language, what goes beside it, the policy for its style attributes, the one-second
 * keeping (keyed on the query values the page reads), the bound on renders running at once, and
 * the plain shell when rendering fails or every render is taken. The real renderer (src/entry-server.tsx) is
 * exercised in Chromium (tests/e2e/ssr.spec.ts); here a stand-in bundle plays its part and reads
 * the API in-process, as the real one does.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/lib/clock.ts';
import { createLogger } from '../../server/lib/log.ts';
import { NEXT_MAX, PAGE_PARAMS } from '../../server/page-params.ts';
import { createPageRenderer, pageLocale, rendersOnServer } from '../../server/ssr.ts';
import { styleAttributeHashes } from '../../server/static.ts';
import { cheapHasher, testApp } from './helpers.ts';
import { setupTestDb } from './test-db.ts';

const INDEX = `<!doctype html><html lang="en" dir="ltr"><head><!-- page-meta --><title>x</title><!-- /page-meta --></head><body><div id="root"><div class="app-splash"></div></div></body></html>`;

const STYLE = 'border:0;clip:rect(0 0 0 0);height:1px';
const RENDER = `
const calls = (globalThis.__ssrCalls ??= []);
export async function render({ url, locale, fetch }) {
  calls.push({ url, locale });
  if (url.includes('boom')) throw new Error('render failed');
  // a render held open until the test lets it go
  if (url.includes('hold')) {
    globalThis.__ssrStarted?.();
    await globalThis.__ssrHold;
  }
  const res = await fetch('http://render.internal/api/lms/courses/all?page=1&limit=10', { headers: { 'accept-language': locale } });
  const data = await res.json();
  return {
    html: '<main><h1>' + data.items[0].title + '</h1><input style="${STYLE}"></main>',
    state: { locale, snapshots: { a: { context: { data } } }, responses: { held: data, other: { note: '</script><script>alert(1)</script>' } }, bundles: [], sent: [] },
  };
}
`;

const dist = mkdtempSync(join(tmpdir(), 'amina-ssr-'));
mkdirSync(join(dist, '.ssr'));
writeFileSync(join(dist, 'index.html'), INDEX);
writeFileSync(join(dist, '.ssr', 'entry-server.js'), RENDER);
writeFileSync(join(dist, '.ssr', 'package.json'), '{ "type": "module" }');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const clock = new ManualClock(Date.UTC(2026, 10, 26, 9));
const { app, db } = await setupTestDb({ distDir: dist, clock });
const seen = globalThis as unknown as {
  __ssrCalls?: { url: string; locale: string }[];
  __ssrStarted?: () => void;
  __ssrHold?: Promise<void>;
};
seen.__ssrCalls = [];
const calls = () => seen.__ssrCalls!;

async function page(path: string, cookie?: string, on = app) {
  const res = await on.request(path, { headers: cookie ? { cookie } : {} });
  return { res, html: await res.text() };
}

const PLAIN_SHELL = '<div id="root"><div class="app-splash"></div></div>';

const state = (html: string) => {
  const m = html.match(/<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/);
  return m ? JSON.parse(m[1]) : null;
};

describe('which page, in which language', () => {
  it('is the link’s ?lang=, else the saved cookie, else English', () => {
    const url = (s: string) => new URL(`http://x${s}`);
    expect(pageLocale(url('/courses?lang=ar'), 'language=en')).toBe('ar');
    expect(pageLocale(url('/courses?lang=en'), 'language=ar')).toBe('en');
    expect(pageLocale(url('/courses'), 'a=1; language=ar')).toBe('ar');
    expect(pageLocale(url('/courses'), 'language=fr')).toBe('en');
    expect(pageLocale(url('/courses'), undefined)).toBe('en');
  });

  it('renders a visitor’s public pages; members and the members’ routes keep the plain shell', () => {
    const url = (s: string) => new URL(`http://x${s}`);
    expect(rendersOnServer(url('/'), undefined)).toBe(true);
    expect(rendersOnServer(url('/courses/menopause-care'), 'language=ar')).toBe(true);
    expect(rendersOnServer(url('/dashboard/invoices'), undefined)).toBe(false);
    // the staff side (issue 26) is behind its own sign-in: the browser renders it
    expect(rendersOnServer(url('/staff/login'), undefined)).toBe(false);
    expect(rendersOnServer(url('/staff'), undefined)).toBe(false);
    expect(rendersOnServer(url('/staffing-news'), undefined)).toBe(true);
    expect(rendersOnServer(url('/checkout'), undefined)).toBe(false);
    expect(rendersOnServer(url('/cart'), undefined)).toBe(false);
    expect(rendersOnServer(url('/dashboards-of-the-world'), undefined)).toBe(true);
    expect(rendersOnServer(url('/courses'), 'language=ar; authToken=abc')).toBe(false);
  });
});

describe('a rendered page', () => {
  beforeEach(() => {
    calls().length = 0;
    clock.advance(5_000);
  });

  it('puts the render in #root, in the page’s language, read from the API in-process', async () => {
    const { res, html } = await page('/courses?lang=ar');
    expect(res.status).toBe(200);
    // the language is the render's locale; the address keeps only what the page reads
    expect(calls()).toEqual([{ url: '/courses', locale: 'ar' }]);
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    // the splash of the template is replaced by the render, which carries its own
    expect(html).toMatch(/<div id="root" data-ssr=""><main><h1>[^<]+<\/h1>/);
    expect(html).not.toContain('class="app-splash"></div></div>');
    expect(res.headers.get('vary')).toContain('Cookie');
  });

  it('writes the state beside it, with nothing that could close the script, and no answer twice', async () => {
    const { html } = await page('/courses');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const s = state(html);
    expect(s.locale).toBe('en');
    // an answer a screen's snapshot already holds is not sent again
    expect(Object.keys(s.responses)).toEqual(['other']);
    expect(s.responses.other.note).toBe('</script><script>alert(1)</script>');
  });

  it('allows exactly its style attributes in the policy, by hash', async () => {
    const { res } = await page('/about');
    const hash = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;
    expect(styleAttributeHashes(`<i style="${STYLE}"></i><b style="${STYLE}">`)).toEqual([hash]);
    const csp = res.headers.get('content-security-policy') ?? '';
    const styleSrc = csp.split('; ').find((d) => d.startsWith('style-src')) ?? '';
    expect(styleSrc).toContain("'unsafe-hashes'");
    expect(styleSrc).toContain(hash);
    expect(styleSrc).not.toContain("'unsafe-inline'");
  });

  it('uses the saved language cookie when the link names none', async () => {
    const { html } = await page('/faq', 'language=ar');
    expect(calls()).toEqual([{ url: '/faq', locale: 'ar' }]);
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
  });

  it('keeps a render one second, then renders again', async () => {
    await page('/articles');
    await page('/articles');
    expect(calls()).toHaveLength(1);
    clock.advance(1_100);
    await page('/articles');
    expect(calls()).toHaveLength(2);
  });

  it('serves the plain shell to a member and on the members’ routes, without rendering', async () => {
    const member = await page('/courses', 'authToken=abc');
    const dashboard = await page('/dashboard');
    expect(calls()).toEqual([]);
    for (const { res, html } of [member, dashboard]) {
      expect(res.status).toBe(200);
      expect(html).toContain('<div id="root"><div class="app-splash"></div></div>');
      expect(state(html)).toBeNull();
    }
  });

  it('serves the plain shell when rendering fails: the browser renders the page', async () => {
    const { res, html } = await page('/boom');
    expect(calls()).toHaveLength(1);
    expect(res.status).toBe(200);
    expect(html).toContain('<div id="root"><div class="app-splash"></div></div>');
    expect(state(html)).toBeNull();
  });
});

describe('renders kept by what the page reads (issue 20)', () => {
  beforeEach(() => {
    calls().length = 0;
    clock.advance(5_000);
  });

  it('renders once for addresses that differ only in what the page does not read', async () => {
    for (const path of [
      '/articles?search=a',
      '/articles?search=a&zzz=1',
      '/articles?utm_source=mail&search=%20%20a%20&page=1',
      '/articles?page=01&search=a&x=random',
    ])
      expect((await page(path)).html).toContain('<div id="root" data-ssr="">');
    expect(calls()).toEqual([{ url: '/articles?search=a', locale: 'en' }]);
    // what the page reads still makes a page of its own
    await page('/articles?search=b');
    await page('/articles?search=a&page=2');
    expect(calls().map((c) => c.url)).toEqual([
      '/articles?search=a',
      '/articles?search=b',
      '/articles?search=a&page=2',
    ]);
  });

  it('keys every public page on its own parameters, and the language on ?lang= alone', async () => {
    await page('/courses?x=1');
    await page('/courses?page=1');
    await page('/courses?page=3&utm_campaign=y');
    await page('/experts?specialty=nope&mode=video&x=1');
    await page('/experts?mode=video');
    await page('/login?next=/experts/amira&x=1');
    await page('/login?next=https://evil.example/');
    await page('/login');
    await page('/faq?lang=ar&x=1');
    await page('/faq?x=2&lang=ar');
    await page('/faq?lang=en&y=1');
    expect(calls()).toEqual([
      { url: '/courses', locale: 'en' },
      { url: '/courses?page=3', locale: 'en' },
      { url: '/experts?mode=video', locale: 'en' },
      { url: '/login?next=%2Fexperts%2Famira', locale: 'en' },
      { url: '/login', locale: 'en' },
      { url: '/faq', locale: 'ar' },
      { url: '/faq', locale: 'en' },
    ]);
  });

  it('serves the plain shell, without rendering, for a `next` longer than a page of the site', async () => {
    const { res, html } = await page(`/signup?next=/${'a'.repeat(NEXT_MAX)}`);
    expect(res.status).toBe(200);
    expect(html).toContain(PLAIN_SHELL);
    expect(calls()).toEqual([]);
  });

  it('knows every public view that reads the address (a new one must be added to server/page-params.ts)', () => {
    const src = fileURLToPath(new URL('../../src', import.meta.url));
    const readers: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, e.name);
        if (e.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(e.name) && /useSearch\(|location\.search/.test(readFileSync(path, 'utf8')))
          readers.push(relative(src, path));
      }
    };
    walk(src);
    // the members' and staff screens and the guard are never rendered on the server; effects.ts runs in the browser
    const clientOnly = [
      'views/dashboard/',
      'views/staff/',
      'views/staff-expert/',
      'views/staff-inbox/',
      'views/staff-admin/',
      'app/RequireAuth.tsx',
      'app/effects.ts',
    ];
    expect(readers.filter((f) => !clientOnly.some((c) => f.startsWith(c))).sort()).toEqual([
      'views/articles/ArticlesView.tsx',
      'views/courses/CatalogueView.tsx',
      'views/experts/ExpertsView.tsx',
      'views/login/LoginView.tsx',
      'views/signup/SignupView.tsx',
    ]);
    expect(Object.keys(PAGE_PARAMS).sort()).toEqual([
      '/articles',
      '/courses',
      '/experts',
      '/login',
      '/signup',
    ]);
  });
});

describe('renders running at once (issue 20)', () => {
  const one = testApp({ db, clock, distDir: dist, hasher: cheapHasher(), config: { ssrConcurrency: 1 } });

  beforeEach(() => {
    calls().length = 0;
    clock.advance(5_000);
  });

  it('serves the plain shell at once to a page that finds every render taken, and renders again once one is free', async () => {
    let release = () => {};
    seen.__ssrHold = new Promise<void>((r) => {
      release = r;
    });
    const started = new Promise<void>((r) => {
      seen.__ssrStarted = r;
    });
    const first = page('/articles?search=hold', undefined, one);
    await started;
    // while that render runs: another page is not rendered; she gets the shell the browser renders
    const second = await page('/courses?page=2', undefined, one);
    expect(second.res.status).toBe(200);
    expect(second.html).toContain(PLAIN_SHELL);
    expect(calls().map((c) => c.url)).toEqual(['/articles?search=hold']);
    // a request for the page being rendered shares that render (it takes no second one)
    const same = page('/articles?search=hold&utm=1', undefined, one);
    release();
    for (const r of [await first, await same]) expect(r.html).toContain('<div id="root" data-ssr="">');
    expect(calls().map((c) => c.url)).toEqual(['/articles?search=hold']);
    // the render is free again
    expect((await page('/courses?page=2', undefined, one)).html).toContain('<div id="root" data-ssr="">');
    expect(calls().map((c) => c.url)).toEqual(['/articles?search=hold', '/courses?page=2']);
  });

  it('gives up a render that never ends, so it does not keep its place', async () => {
    const pages = createPageRenderer({
      distDir: dist,
      fetch: async (input, init) => app.fetch(new Request(input, init)),
      clock,
      log: createLogger({ level: 'silent' }),
      timeoutMs: 50,
      concurrency: 1,
    })!;
    seen.__ssrHold = new Promise<void>(() => {});
    seen.__ssrStarted = undefined;
    const shell = '<html><body><div id="root"></div></body></html>';
    expect(await pages.fill(shell, new URL('http://x/articles?search=hold-forever'), 'en')).toBeNull();
    expect(await pages.fill(shell, new URL('http://x/courses'), 'en')).toContain('data-ssr');
    expect(calls().map((c) => c.url)).toEqual(['/articles?search=hold-forever', '/courses']);
  });
});
