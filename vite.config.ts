/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { parse } from '@formatjs/icu-messageformat-parser';
import pandacss from '@pandacss/dev/postcss';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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

/**
 * Build report: gzip size of the JavaScript a first visit to /login loads (the entry chunk, the
 * login screen chunk and the English messages, with everything they import statically).
 * Written to dist/size-report.json; `npm run check` compares it with package.json's budget.
 */
function sizeReport(): Plugin {
  return {
    name: 'size-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const roots = chunks.filter(
        (c) => c.isEntry || /\/src\/views\/login\/LoginView\.tsx$/.test(c.facadeModuleId ?? ''),
      );
      const seen = new Set<string>();
      const visit = (fileName: string) => {
        if (seen.has(fileName)) return;
        seen.add(fileName);
        for (const dep of byName.get(fileName)?.imports ?? []) visit(dep);
      };
      for (const r of roots) visit(r.fileName);
      const files = [...seen].map((f) => ({
        file: f,
        gzipBytes: gzipSync(byName.get(f)!.code, { level: 9 }).length,
      }));
      const totalBytes = files.reduce((s, f) => s + f.gzipBytes, 0);
      const allJsBytes = chunks.reduce((s, c) => s + gzipSync(c.code, { level: 9 }).length, 0);
      const report = {
        route: '/login',
        totalGzipKiB: +(totalBytes / 1024).toFixed(1),
        allJsGzipKiB: +(allJsBytes / 1024).toFixed(1),
        files,
      };
      this.emitFile({ type: 'asset', fileName: 'size-report.json', source: JSON.stringify(report, null, 2) });
      this.info(
        `first visit to /login loads ${report.totalGzipKiB} KiB of gzip JavaScript (${files.length} files; all JS ${report.allJsGzipKiB} KiB)`,
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompiledMessages(), sizeReport()],
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
    sourcemap: false,
    reportCompressedSize: false,
    rollupOptions: {
      // Panda's generated recipes are plain definitions: without this every recipe ships with every page
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/styled-system/') },
      output: {
        // The root machines need xstate at start: keep all of it together, so the chunking never
        // pairs a piece of it with a widget only the lazy screens use (e.g. the PIN boxes).
        codeSplitting: { groups: [{ name: 'xstate', test: /node_modules[\\/]xstate[\\/]/ }] },
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
