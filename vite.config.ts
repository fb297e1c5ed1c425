/// <reference types="vitest/config" />
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { parse } from '@formatjs/icu-messageformat-parser';
import pandacss from '@pandacss/dev/postcss';
import react from '@vitejs/plugin-react';
import { build, type ConfigEnv, defineConfig, type Plugin, type UserConfig } from 'vite';
import { pwa } from './.ci/vite-pwa.ts';
import { staticCss } from './.ci/vite-static-css.ts';
import { stripDescriptions } from './.ci/vite-strip-descriptions.ts';
import { MESSAGE_BUNDLES, type MessageBundle, pickMessages } from './src/app/message-bundles.ts';

const LOCALES = ['en', 'ar'] as const;
const VIRTUAL = 'virtual:messages/';

/** Reads a flat lang file (dotted id -> ICU message). */
export function readMessages(locale: string): Record<string, string> {
  return JSON.parse(readFileSync(new URL(`./lang/${locale}.json`, import.meta.url), 'utf8'));
}

/**
 * `virtual:messages/<locale>` (the core) and `virtual:messages/<locale>/<bundle>` (a screen's bundle,
 * see src/app/message-bundles.ts): the lang file precompiled to ICU ASTs, so the browser ships
 * react-intl without its message parser. English core ships in the entry; everything else loads on
 * demand, and other languages are layered over English at run time (src/app/effects.ts), so a
 * missing id falls back to English text instead of a raw id (`npm run check` keeps both complete).
 */
function precompiledMessages(): Plugin {
  return {
    name: 'precompiled-messages',
    resolveId(id) {
      if (id.startsWith(VIRTUAL)) return `\0${id}`;
    },
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL}`)) return;
      const [locale, bundle = null] = id.slice(VIRTUAL.length + 1).split('/');
      if (!(LOCALES as readonly string[]).includes(locale)) throw new Error(`Unknown locale ${locale}`);
      if (bundle !== null && !(bundle in MESSAGE_BUNDLES))
        throw new Error(`Unknown message bundle ${bundle}`);
      this.addWatchFile(new URL(`./lang/${locale}.json`, import.meta.url).pathname);
      const source = pickMessages(readMessages(locale), bundle as MessageBundle | null);
      const compiled = Object.fromEntries(Object.entries(source).map(([k, v]) => [k, parse(v)]));
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}

const gzip = (code: string | Uint8Array) => gzipSync(code, { level: 9 }).length;
const brotli = (code: string | Uint8Array) =>
  brotliCompressSync(code, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** The screens whose first visit the report measures: the entry plus the screen's own chunk. */
const FIRST_VISITS = {
  '/': /\/src\/views\/home\/HomeView\.tsx$/,
  '/login': /\/src\/views\/login\/LoginView\.tsx$/,
  '/courses': /\/src\/views\/courses\/CatalogueView\.tsx$/,
  '/courses/:id': /\/src\/views\/course\/CourseView\.tsx$/,
} as const;

/**
 * Build report (dist/size-report.json; `npm run check` holds it to package.json's budgets): for
 * each first visit above, the JavaScript it loads (the entry, the screen's chunk and the English
 * messages, with everything they import statically) and the stylesheet, in gzip bytes (what the
 * budgets count) and in Brotli bytes (what the server sends a browser that accepts it).
 */
function sizeReport(): Plugin {
  return {
    name: 'size-report',
    apply: clientBuild,
    generateBundle(_options, bundle) {
      const files = Object.values(bundle);
      const chunks = files.filter((c) => c.type === 'chunk');
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const entry = chunks.filter((c) => c.isEntry);
      const css = files.filter((f) => f.type === 'asset' && f.fileName.endsWith('.css'));
      const cssBytes = css.reduce((n, f) => n + gzip((f as { source: string }).source), 0);
      const cssBrotli = css.reduce((n, f) => n + brotli((f as { source: string }).source), 0);
      const kib = (bytes: number) => +(bytes / 1024).toFixed(1);
      const visits = Object.entries(FIRST_VISITS).map(([route, screen]) => {
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          if (seen.has(fileName)) return;
          seen.add(fileName);
          for (const dep of byName.get(fileName)?.imports ?? []) visit(dep);
        };
        for (const c of [...entry, ...chunks.filter((c) => screen.test(c.facadeModuleId ?? ''))])
          visit(c.fileName);
        const js = [...seen].map((f) => ({ file: f, gzipBytes: gzip(byName.get(f)!.code) }));
        const sent = [...seen].reduce((n, f) => n + brotli(byName.get(f)!.code), 0);
        return {
          route,
          jsGzipKiB: kib(js.reduce((n, f) => n + f.gzipBytes, 0)),
          jsBrotliKiB: kib(sent),
          files: js,
        };
      });
      const report = {
        visits,
        cssGzipKiB: kib(cssBytes),
        cssBrotliKiB: kib(cssBrotli),
        allJsGzipKiB: kib(chunks.reduce((n, c) => n + gzip(c.code), 0)),
      };
      this.emitFile({ type: 'asset', fileName: 'size-report.json', source: JSON.stringify(report, null, 2) });
      for (const v of visits)
        this.info(
          `first visit to ${v.route}: ${v.jsGzipKiB} KiB gzip JavaScript (${v.jsBrotliKiB} KiB sent as Brotli)`,
        );
      this.info(`stylesheet: ${report.cssGzipKiB} KiB gzip (${report.cssBrotliKiB} KiB Brotli)`);
    },
  };
}

/** Text files worth compressing, and the size below which compression does not pay. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, so the server
 * sends compressed bytes without compressing on each request (server/static.ts picks by Accept-Encoding).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: clientBuild,
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const path = join(dir, name);
          if (name.startsWith('.')) continue; // the server's render bundle (.ssr) is never sent
          if (statSync(path).isDirectory()) walk(path);
          else if (COMPRESSIBLE.test(name) && statSync(path).size >= MIN_COMPRESS_BYTES) {
            const source = readFileSync(path);
            writeFileSync(
              `${path}.br`,
              brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
            );
            writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
          }
        }
      };
      walk(outDir);
    },
  };
}

/**
 * Preloads the font the first screen needs, so text does not wait for the stylesheet to discover it:
 * Inter's Latin file always, Noto Sans Arabic's Arabic file when the saved language is Arabic (the
 * inline language script adds that link; `__ARABIC_FONT__` in index.html is its URL). Fonts swap in
 * (`font-display: swap`, fontsource's default), so text never hides while they load.
 */
function fontPreload(): Plugin {
  return {
    name: 'font-preload',
    apply: clientBuild,
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const assets = Object.keys(ctx.bundle ?? {});
        const find = (pattern: RegExp) => assets.find((f) => pattern.test(f));
        const latin = find(/inter-latin-wght-normal-[\w-]+\.woff2$/);
        const arabic = find(/noto-sans-arabic-core-wght-[\w-]+\.woff2$/);
        if (!latin || !arabic)
          throw new Error('font-preload: the Latin or Arabic font file is missing from the build');
        return {
          html: html.replaceAll('__ARABIC_FONT__', `/${arabic}`),
          tags: [
            {
              tag: 'link',
              attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${latin}`, crossorigin: '' },
              injectTo: 'head',
            },
          ],
        };
      },
    },
  };
}

/** The browser's build (the plugins that report, compress and preload apply to it only). */
function clientBuild(_config: UserConfig, env: ConfigEnv): boolean {
  return env.command === 'build' && !env.isSsrBuild;
}

/**
 * After the browser's build, the server's: src/entry-server.tsx (the public pages rendered on the
 * server, issue 11) to `<outDir>/.ssr/`, which the static server never serves (dot directories).
 */
function ssrBuild(): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  return {
    name: 'ssr-build',
    apply: clientBuild,
    configResolved(config) {
      root = config.root;
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(root, config.build.outDir);
    },
    async closeBundle() {
      await build({
        root,
        configFile: fileURLToPath(import.meta.url),
        logLevel: 'warn',
        // everything in the bundle: the build may be served from a folder with no node_modules beside it
        ssr: { noExternal: true },
        // React's production build on the server too, whatever NODE_ENV the server runs with
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          ssr: 'src/entry-server.tsx',
          outDir: join(outDir, '.ssr'),
          emptyOutDir: true,
          copyPublicDir: false,
          minify: false,
        },
      });
      // ES modules wherever the build is copied (a dist outside the repository has no package.json)
      writeFileSync(join(outDir, '.ssr', 'package.json'), '{ "type": "module" }\n');
    },
  };
}

/**
 * The app's script is asked for once the page has painted its first content (a paint
 * PerformanceObserver), not while the page, its stylesheet and its font are still arriving: on a
 * slow network the HTML the server rendered is read first, and the script hydrates it after (issue
 * 11). A hidden tab starts at once (it paints nothing); 3 s is the latest it waits. The page has no
 * `modulepreload` links for the same reason (`build.modulePreload: false`); the entry asks for its
 * chunks itself.
 * Until the app listens, a tap on one of the page's buttons is kept, not lost: the app replays it
 * when it takes the page over (src/app/early-tap.ts, issue 23).
 */
function bootAfterPaint(): Plugin {
  return {
    name: 'boot-after-paint',
    apply: clientBuild,
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = html.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/);
        if (!entry) throw new Error('boot-after-paint: the entry script is missing from index.html');
        // taps on the page's buttons before React listens are kept (the last one) for src/app/early-tap.ts
        const keepTap = `const k=(e)=>{const t=e.target.closest&&e.target.closest('button,[role=button],[role=tab]');if(t&&!t.disabled){window.__earlyTap={t,k};e.preventDefault();e.stopPropagation()}};window.__earlyTap={k};document.addEventListener('click',k,true);`;
        // While the entry downloads the main thread is idle: the browser's Intl data for the page's
        // language is loaded then, each step a short task of its own, instead of inside the first
        // render (react-intl's createIntl asks which locales Intl supports, 45-65 ms at 4× CPU the
        // first time; lists and language names 10 ms each; issue 23, npm run perf:profile)
        const warmIntl = `const w=(l)=>{const q=[()=>Intl.NumberFormat.supportedLocalesOf(l),()=>{Intl.DateTimeFormat.supportedLocalesOf(l);new Intl.PluralRules(l).select(1)},()=>new Intl.ListFormat(l).format([]),()=>new Intl.DisplayNames([l],{type:'language'}).of(l)];const n=()=>{const f=q.shift();if(!f)return;try{f()}catch{}setTimeout(n,0)};setTimeout(n,0)};`;
        const loader = `<script>(()=>{${keepTap}${warmIntl}let d=0;const go=()=>{if(d)return;d=1;const s=document.createElement('script');s.type='module';s.crossOrigin='';s.src='${entry[1]}';document.head.appendChild(s);w(document.documentElement.lang||'en')};if(document.visibilityState==='hidden')return go();document.addEventListener('visibilitychange',go,{once:true});setTimeout(go,3000);try{new PerformanceObserver((l)=>{if(l.getEntries().some((e)=>e.name==='first-contentful-paint'))setTimeout(go,0)}).observe({type:'paint',buffered:true})}catch{requestAnimationFrame(()=>setTimeout(go,0))}})()</script>`;
        return html.replace(entry[0], loader);
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    stripDescriptions(),
    // Panda's class names computed at build time where the call's arguments are known (issue 23)
    staticCss(),
    precompiledMessages(),
    sizeReport(),
    fontPreload(),
    bootAfterPaint(),
    // the installable app (issue 28): the manifests, the shell's precache list and src/sw.ts -> /sw.js
    ...pwa(),
    precompress(),
    ssrBuild(),
  ],
  // two postcss copies (vite's and panda's) have equal but distinct types
  css: { postcss: { plugins: [pandacss() as never] } },
  resolve: {
    alias: {
      // messages are precompiled at build time (see precompiledMessages), so the runtime parser is dead weight
      '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser.js',
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    // No <link rel="modulepreload"> for a lazy chunk's imports (nor the polyfill): the browser finds
    // them when the chunk arrives. A first visit imports 20-40 lazy chunks as it starts (the page's
    // screen and sections, the safety bar's switch, messages), and each link was DOM work on the main
    // thread, in the same task as the import (issue 23, measured with npm run perf against the same
    // build with the links: scripting 70-180 ms and TBT 50-70 ms lower at 4× CPU on the course
    // pages). The cost: a screen's first visit waits one round trip more for its chunks' imports;
    // the service worker keeps every chunk after its first use (src/sw.ts), so only once.
    modulePreload: false,
    sourcemap: false,
    reportCompressedSize: false,
    rollupOptions: {
      // Panda's generated recipes are plain definitions: without this every recipe ships with every page
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/styled-system/') },
      output: {
        // The root machines need xstate at start: keep all of it together, so the chunking never
        // pairs a piece of it with a widget only the lazy screens use (e.g. the PIN boxes).
        codeSplitting: {
          groups: [
            { name: 'xstate', test: /node_modules[\\/]xstate[\\/]/ },
            // what every first visit loads beside the entry (the button, its spinner, the icons, the
            // page title), with what they share with the shell (Panda's runtime, Ark's factory): one
            // chunk instead of ten small ones, each with its own imports, exports and preload entry
            // (measured: 1.3 KiB gzip less on each first visit, 2 KiB less JavaScript in all). The root's
            // actors module, js-cookie and React's external-store shim too: once the staff area's chunks
            // shared them (issue 26), Rolldown moved them out of the entry into two chunks of their own,
            // 1.2–1.4 KiB more on each first visit; here they are back in one chunk every visit loads
            {
              name: 'ui',
              test: /src[\\/](components[\\/](button|spinner)\.tsx|theme[\\/]icons\.tsx|views[\\/]useDocumentTitle\.ts|app[\\/]actors\.tsx)$|node_modules[\\/](js-cookie|use-sync-external-store)[\\/]/,
            },
            // the sign-in `next` rule lives in contract/ (the server reads it too) but ships with the
            // dashboard's links, as it did before it moved: one chunk, not one more request
            {
              name: 'dashboard-nav',
              test: /(src[\\/]app[\\/]layouts[\\/]dashboard-nav|contract[\\/]safe-next)\.ts$/,
            },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'machines', include: ['tests/machines/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'views',
          include: ['tests/views/**/*.test.{ts,tsx}', 'tests/model/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/setup/dom.ts'],
          // room for Testing Library's 5 s wait (tests/setup/dom.ts), so its message is the one shown
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
