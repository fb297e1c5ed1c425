/**
 * The installable app (issue 28) as the server serves the real build: the service worker and the
 * four web manifests with their types and caching, the manifests' installability fields and
 * languages (the neutral ones without the product's name), the shell the worker precaches (the
 * entry, its stylesheet and the shell document, not the staff area), and the shell document's CSP.
 *
 * Uses dist/ when it holds a build with the worker (`npm run check` builds right before the tests);
 * otherwise builds into a temporary folder first.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_DIST_DIR, inlineHashes } from '../../server/static.ts';
import { setupTestDb } from './test-db.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const lang = (locale: 'en' | 'ar'): Record<string, string> =>
  JSON.parse(readFileSync(join(root, 'lang', `${locale}.json`), 'utf8'));
const en = lang('en');
const ar = lang('ar');

async function builtDist(): Promise<string> {
  if (existsSync(join(DEFAULT_DIST_DIR, 'sw.js')) && existsSync(join(DEFAULT_DIST_DIR, 'shell-files.json')))
    return DEFAULT_DIST_DIR;
  const outDir = mkdtempSync(join(tmpdir(), 'amina-pwa-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));
  const { build } = await import('vite');
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  return outDir;
}

const dist = await builtDist();
const { app } = await setupTestDb({ distDir: dist });

const MANIFESTS = [
  { path: '/manifest.webmanifest', locale: 'en', neutral: false },
  { path: '/manifest.ar.webmanifest', locale: 'ar', neutral: false },
  { path: '/manifest.neutral.webmanifest', locale: 'en', neutral: true },
  { path: '/manifest.neutral.ar.webmanifest', locale: 'ar', neutral: true },
] as const;

interface Icon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** A PNG's width and height, from its header. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

/** The URLs the built worker precaches (the manifest Workbox injected into it). */
function precached(sw: string): string[] {
  return [...sw.matchAll(/"?url"?:\s*"([^"]+)"/g)].map((m) => m[1].replace(/^\/?/, '/'));
}

describe('the service worker', () => {
  it('is served as JavaScript, checked on every visit, with the strict CSP saying worker-src and manifest-src', async () => {
    const res = await app.request('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const body = await res.text();
    // the precache list was injected, and the runtime cache is the public assets' one
    expect(body).not.toContain('self.__WB_MANIFEST');
    expect(body).toContain('amina-assets');
  });

  it('precaches the shell only: the entry, its stylesheet, the core messages, the shell document; no font, not the staff area', async () => {
    const urls = precached(await (await app.request('/sw.js')).text());
    const index = readFileSync(join(dist, 'index.html'), 'utf8');
    const entry = index.match(/src='(\/assets\/index-[\w-]+\.js)'/)?.[1];
    const css = index.match(/href="(\/assets\/index-[\w-]+\.css)"/)?.[1];
    expect(entry).toBeTruthy();
    expect(css).toBeTruthy();
    expect(urls).toContain(entry);
    expect(urls).toContain(css);
    expect(urls).toContain('/_app?lang=en');
    expect(urls.some((u) => /\/assets\/ar-[\w-]+\.js$/.test(u))).toBe(true);
    // fonts are cached once used (CACHE_URLS), not downloaded for a language she does not read
    expect(urls.filter((u) => u.endsWith('.woff2'))).toEqual([]);
    // the build has a staff area, and none of it is precached; nor are the lazy screens
    const staff = readdirSync(join(dist, 'assets')).filter((f) => /^Staff[\w-]*\.js$/.test(f));
    expect(staff.length).toBeGreaterThan(0);
    expect(urls.filter((u) => /staff/i.test(u))).toEqual([]);
    expect(urls.filter((u) => /(HomeView|CourseView|Dashboard)/.test(u))).toEqual([]);
    expect(urls.length).toBeLessThan(20);
    // the build's own list agrees with what the worker got
    const shell = JSON.parse(readFileSync(join(dist, 'shell-files.json'), 'utf8')) as { files: string[] };
    for (const file of shell.files) expect(urls).toContain(`/${file}`);
  });

  it('the shell document it keeps is the bare shell, with a CSP that allows its own inline scripts', async () => {
    const res = await app.request('/_app?lang=en', { headers: { cookie: 'language=ar' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<html lang="en"/);
    expect(html).not.toContain('<div id="root" data-ssr');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    const scripts = inlineHashes(html).scripts;
    expect(scripts.length).toBeGreaterThan(0);
    const scriptSrc = (res.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src'));
    for (const hash of scripts) expect(scriptSrc).toContain(hash);
  });
});

describe('the web app manifests', () => {
  for (const { path, locale, neutral } of MANIFESTS) {
    it(`${path} is served as a manifest and has what installing needs`, async () => {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
      expect(res.headers.get('cache-control')).toBe('public, max-age=300');
      const m = JSON.parse(await res.text());
      const words = locale === 'ar' ? ar : en;
      expect(m).toMatchObject({
        id: '/',
        scope: '/',
        display: 'standalone',
        lang: locale,
        dir: locale === 'ar' ? 'rtl' : 'ltr',
        start_url: neutral ? '/' : '/dashboard',
      });
      expect(m.theme_color).toMatch(/^#[0-9A-F]{6}$/i);
      expect(m.background_color).toMatch(/^#[0-9A-F]{6}$/i);
      expect(m.name).toBe(neutral ? words['safety.discreet.tabTitle'] : words['app.name']);
      expect(m.short_name).toBe(m.name);
      const icons = m.icons as Icon[];
      for (const size of [192, 512])
        expect(icons.some((i) => i.sizes === `${size}x${size}` && i.purpose === 'any')).toBe(true);
      expect(icons.some((i) => i.purpose === 'maskable')).toBe(true);
      for (const icon of icons) {
        expect(icon.src.includes('neutral')).toBe(neutral);
        const file = await app.request(icon.src);
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toBe('image/png');
        const [width, height] = icon.sizes.split('x').map(Number);
        expect(pngSize(Buffer.from(await file.arrayBuffer()))).toEqual({ width, height });
      }
      if (locale === 'ar') expect(m.name).toMatch(/[\u0600-\u06FF]/);
      if (neutral) {
        // nothing in a neutral manifest names the product, in either language
        const text = JSON.stringify(m);
        for (const name of [en['app.name'], ar['app.name']]) expect(text).not.toContain(name);
        expect(text).not.toMatch(/amina/i);
      } else expect(m.description).toBe(words['server.meta.home.description']);
    });
  }

  it('every page links the manifest of its language, and a touch icon', async () => {
    const english = await (await app.request('/courses')).text();
    expect(english).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    expect(english).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"');
    const arabic = await (await app.request('/courses?lang=ar')).text();
    expect(arabic).toContain('<link rel="manifest" href="/manifest.ar.webmanifest"');
    const member = await (await app.request('/dashboard', { headers: { cookie: 'language=ar' } })).text();
    expect(member).toContain('<link rel="manifest" href="/manifest.ar.webmanifest"');
    for (const icon of ['/icons/apple-touch-icon.png', '/icons/apple-touch-icon-neutral.png'])
      expect(pngSize(Buffer.from(await (await app.request(icon)).arrayBuffer()))).toEqual({
        width: 180,
        height: 180,
      });
  });
});
