/**
 * The installable app (issue 28): the web app manifests and the service worker's precache list.
 *
 * - Manifests: four, written by the build from the lang files (so their words are the app's own):
 *   `/manifest.webmanifest` (English), `/manifest.ar.webmanifest` (Arabic, right to left), and the
 *   neutral pair discreet mode links instead (`/manifest.neutral.webmanifest`, `.neutral.ar.`): the
 *   discreet tab title (`safety.discreet.tabTitle`) and the neutral icon, no product name anywhere.
 *   The same `id` in all four: one app, whichever of them the page linked when she installed it.
 * - The app shell (`shellPlugin`): what the service worker precaches, computed from the build: the
 *   entry with everything it imports statically, its stylesheet, the two fonts the first screen needs
 *   (the ones index.html preloads), the Arabic core messages (the English ones are in the entry), and
 *   the shell document itself, served by the server at `/_app` with its CSP (a route the server never
 *   renders a page into). Nothing else: the other chunks (the staff area, every lazy screen) are cached
 *   when they are first used (src/sw.ts), so installing the worker does not download the whole app.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestEntry } from 'workbox-build';

type SizedEntry = ManifestEntry & { size: number };

/** The shell document the service worker keeps: the server's bare shell, always in English (the boot script applies her language). */
export const SHELL_URL = '/_app?lang=en';

export const THEME = { product: '#6B2D5C', productBackground: '#FDFAF6', neutral: '#F4F4F5' } as const;

type Locale = 'en' | 'ar';
const readLang = (locale: Locale): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../lang/${locale}.json`, import.meta.url), 'utf8'));

interface ManifestFile {
  fileName: string;
  manifest: Record<string, unknown>;
}

/** The four manifests, by file name (served from the site's root). */
export function webManifests(read: (locale: Locale) => Record<string, string> = readLang): ManifestFile[] {
  const icons = (prefix: string) => [
    { src: `/icons/${prefix}-192.png`, sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: `/icons/${prefix}-512.png`, sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: `/icons/${prefix}-maskable-512.png`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ];
  const common = { id: '/', scope: '/', display: 'standalone' };
  return (['en', 'ar'] as const).flatMap((locale) => {
    const t = read(locale);
    const suffix = locale === 'ar' ? '.ar' : '';
    const language = { lang: locale, dir: locale === 'ar' ? 'rtl' : 'ltr' };
    const neutralName = t['safety.discreet.tabTitle'];
    return [
      {
        fileName: `manifest${suffix}.webmanifest`,
        manifest: {
          ...common,
          ...language,
          name: t['app.name'],
          short_name: t['app.name'],
          description: t['server.meta.home.description'],
          start_url: '/dashboard',
          theme_color: THEME.product,
          background_color: THEME.productBackground,
          icons: icons('icon'),
        },
      },
      {
        fileName: `manifest.neutral${suffix}.webmanifest`,
        manifest: {
          ...common,
          ...language,
          name: neutralName,
          short_name: neutralName,
          start_url: '/',
          theme_color: THEME.neutral,
          background_color: THEME.neutral,
          icons: icons('icon-neutral'),
        },
      },
    ];
  });
}

const MANIFEST_TYPE = 'application/manifest+json; charset=utf-8';

/** The manifests in the build (and from `npm run dev`'s Vite server). */
function manifestsPlugin(): Plugin {
  return {
    name: 'web-manifests',
    apply: (_config, env) => !env.isSsrBuild,
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = webManifests().find((m) => req.url === `/${m.fileName}`);
        if (!file) return next();
        res.setHeader('Content-Type', MANIFEST_TYPE);
        res.end(JSON.stringify(file.manifest, null, 2));
      });
    },
    generateBundle() {
      for (const { fileName, manifest } of webManifests())
        this.emitFile({ type: 'asset', fileName, source: `${JSON.stringify(manifest, null, 2)}\n` });
    },
  };
}

/**
 * No font is precached: a font she has used is cached once the worker is told what the page loaded
 * (CACHE_URLS, src/app/offline/register-sw.ts), and an English reader does not pay ~70 KB for the
 * Arabic font on a data bundle (the shell falls back to the system font when offline without it).
 */
const ARABIC_CORE = '\0virtual:messages/ar';

/** The build's files the shell needs (computed in generateBundle, read by the precache transform). */
export function shellFiles(
  bundle: Record<
    string,
    | {
        type: 'chunk';
        fileName: string;
        isEntry: boolean;
        imports: string[];
        facadeModuleId: string | null;
        viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> };
      }
    | { type: 'asset'; fileName: string }
  >,
): string[] {
  const files = Object.values(bundle);
  const chunks = new Map(files.flatMap((f) => (f.type === 'chunk' ? [[f.fileName, f] as const] : [])));
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    const chunk = chunks.get(fileName);
    if (!chunk) return;
    seen.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) seen.add(css);
    for (const dep of chunk.imports) visit(dep);
  };
  for (const chunk of chunks.values())
    if (chunk.isEntry || chunk.facadeModuleId === ARABIC_CORE) visit(chunk.fileName);
  return [...seen].sort();
}

/**
 * The PWA plugins: the manifests, the shell's list, and vite-plugin-pwa building src/sw.ts with
 * that list injected (`self.__WB_MANIFEST`). Registration is the app's own (src/app/offline/register-sw.ts).
 */
export function pwa(): Plugin[] {
  let shell: string[] = [];
  const shellPlugin: Plugin = {
    name: 'app-shell',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      shell = shellFiles(bundle as never);
      if (!shell.some((f) => f.endsWith('.css')) || !shell.some((f) => f.endsWith('.js')))
        throw new Error('app-shell: the entry or its stylesheet is missing from the build');
      this.emitFile({
        type: 'asset',
        fileName: 'shell-files.json',
        source: `${JSON.stringify({ document: SHELL_URL, files: shell }, null, 2)}\n`,
      });
    },
  };
  return [
    manifestsPlugin(),
    shellPlugin,
    ...VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      // before the build's compression (vite.config.ts precompress), so sw.js gets its .br/.gz copies
      integration: { closeBundleOrder: 'pre' },
      injectManifest: {
        globPatterns: ['assets/*.{js,css,woff2}', 'index.html', 'favicon.svg', 'favicon-neutral.svg'],
        // the precache is the shell only; the rest is cached when used (src/sw.ts)
        manifestTransforms: [
          (entries: SizedEntry[]) => {
            const wanted = new Set(shell);
            const manifest = entries.flatMap((entry) => {
              if (entry.url === 'index.html')
                // the document: the server's shell of index.html, revised whenever index.html is
                return [{ ...entry, url: SHELL_URL }];
              if (entry.url.startsWith('favicon')) return [entry];
              return wanted.has(entry.url) ? [entry] : [];
            });
            return { manifest, warnings: [] };
          },
        ],
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      },
    }),
  ];
}
