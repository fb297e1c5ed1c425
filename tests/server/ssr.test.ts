/**
 * Public pages as HTML (issue 11, part 3), the server's side: which requests get a rendered page,
 * in which language, what goes beside it, the policy for its style attributes, the one-second
 * keeping, and the plain shell when rendering fails. The real renderer (src/entry-server.tsx) is
 * exercised in Chromium (tests/e2e/ssr.spec.ts); here a stand-in bundle plays its part and reads
 * the API in-process, as the real one does.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/lib/clock.ts';
import { pageLocale, rendersOnServer } from '../../server/ssr.ts';
import { styleAttributeHashes } from '../../server/static.ts';
import { setupTestDb } from './test-db.ts';

const INDEX = `<!doctype html><html lang="en" dir="ltr"><head><!-- page-meta --><title>x</title><!-- /page-meta --></head><body><div id="root"><div class="app-splash"></div></div></body></html>`;

const STYLE = 'border:0;clip:rect(0 0 0 0);height:1px';
const RENDER = `
const calls = (globalThis.__ssrCalls ??= []);
export async function render({ url, locale, fetch }) {
  calls.push({ url, locale });
  if (url.includes('boom')) throw new Error('render failed');
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
const { app } = await setupTestDb({ distDir: dist, clock });
const seen = globalThis as unknown as { __ssrCalls?: { url: string; locale: string }[] };
seen.__ssrCalls = [];
const calls = () => seen.__ssrCalls!;

async function page(path: string, cookie?: string) {
  const res = await app.request(path, { headers: cookie ? { cookie } : {} });
  return { res, html: await res.text() };
}

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
    expect(calls()).toEqual([{ url: '/courses?lang=ar', locale: 'ar' }]);
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
