/**
 * The reference page of `npm run perf`: size:floor's last page (.ci/size-floor-pages.ts: React
 * hydrating a trivial tree, one xstate actor read with @xstate/react, react-intl's provider and a
 * precompiled message, a wouter route, one Panda `css()` call), built with the app's build settings
 * into `<dist>/perf-reference/` and rendered on the server as the app's public pages are, so the
 * app's own server serves it beside them and the browser hydrates it. Measured in the same run as
 * the app's pages, it is what the app's main-thread figures are compared with: the part of them
 * that the fixed libraries alone cost on this machine, at this moment.
 *
 * Differences from the app's pages, none of which bears on the main thread's work: the page's
 * module script is in the HTML (the app's inline loader asks for its entry after the first paint,
 * and the server's CSP allows only the app's own inline scripts), and it has no stylesheet or font.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { build, createServer } from 'vite';
import { Router } from 'wouter';
import { FLOOR_BUILD, FLOOR_PAGES, floorPageFiles } from '../../.ci/size-floor-pages.ts';
import { root } from './process.ts';

/** Where the reference is served from: a folder of the build, its page a plain file in it. */
export const REFERENCE_PATH = '/perf-reference/index.html';

/** The page: the fixed libraries' whole stack, size:floor's last and largest page. */
const page = FLOOR_PAGES.at(-1)!;

/** Builds the reference into `<distDir>/perf-reference/` (replacing any there); with source maps for perf:profile. */
export async function buildReference(distDir: string, options: { sourcemap?: boolean } = {}): Promise<void> {
  const work = join(root, 'node_modules/.cache/perf-reference');
  const outDir = join(distDir, 'perf-reference');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  for (const [name, text] of Object.entries(floorPageFiles(page, root)))
    writeFileSync(join(work, name), text);
  // Vite sets NODE_ENV for its build; the app server started after this must not inherit it
  const nodeEnv = process.env.NODE_ENV;
  try {
    // first: the dev server below would turn the build's React into the development one
    await build({
      mode: 'production',
      root: work,
      base: '/perf-reference/',
      configFile: false,
      logLevel: 'silent',
      resolve: FLOOR_BUILD.resolve,
      build: {
        ...FLOOR_BUILD.build,
        outDir,
        emptyOutDir: true,
        write: true,
        sourcemap: options.sourcemap ?? false,
      },
    });
    // the server's render of the same tree (as server/ssr.ts fills the app's pages)
    const server = await createServer({
      root: work,
      configFile: false,
      logLevel: 'silent',
      resolve: FLOOR_BUILD.resolve,
      server: { middlewareMode: true, hmr: false, watch: null },
      appType: 'custom',
    });
    let html: string;
    try {
      const { App } = (await server.ssrLoadModule(join(work, 'app.tsx'))) as { App: () => unknown };
      // wouter reads the address from `location` in a browser; on the server, from its Router
      const router = { ssrPath: REFERENCE_PATH } as Parameters<typeof Router>[0];
      html = renderToString(createElement(Router, router, createElement(App as never)));
    } finally {
      await server.close();
    }
    const index = join(outDir, 'index.html');
    writeFileSync(
      index,
      readFileSync(index, 'utf8').replace('<div id="root"></div>', `<div id="root">${html}</div>`),
    );
    // compressed copies, as the app's build writes them (server/static.ts sends the best accepted)
    for (const file of [index, ...listAssets(outDir)]) {
      const source = readFileSync(file);
      writeFileSync(`${file}.br`, brotliCompressSync(source));
      writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

function listAssets(outDir: string): string[] {
  return readdirSync(join(outDir, 'assets')).map((f) => join(outDir, 'assets', f));
}
