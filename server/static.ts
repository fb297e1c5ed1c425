/**
 * Serves the Vite build (dist/ at the repository root, found from this file, not the cwd):
 * hashed /assets/* cached for a year, other files briefly (the service worker and the manifests: see
 * FILE_CACHE), and every other GET/HEAD falls back to
 * index.html (no-cache) so client routes work on reload. Text files go out compressed: the build
 * writes `.br` and `.gz` copies (vite.config.ts `precompress`), and the browser gets the best its
 * Accept-Encoding allows, with `Vary: Accept-Encoding`. Also computes the app's CSP (csp.ts),
 * allowing exactly the inline scripts and styles index.html contains (by SHA-256). With a ShellRenderer
 * (site-meta.ts), each route's shell carries its own title and tags: compressed once per content,
 * with its own ETag.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { appCsp, inlineHashes, styleAttributeHashes } from './csp.ts';
import { qualityList } from './lib/accept.ts';

export { appCsp, inlineHashes, sha256Source, styleAttributeHashes } from './csp.ts';

export const DEFAULT_DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url));
export const PUBLIC_DIR = fileURLToPath(new URL('../public', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.pdf': 'application/pdf',
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Files of the installable app (issue 28): the service worker is checked on every visit (a new
 * build's worker is seen at once), the manifests kept a few minutes only (their names and icons
 * follow the build).
 */
const FILE_CACHE: Record<string, string> = {
  '/sw.js': 'no-cache',
  '/manifest.webmanifest': 'public, max-age=300',
  '/manifest.ar.webmanifest': 'public, max-age=300',
  '/manifest.neutral.webmanifest': 'public, max-age=300',
  '/manifest.neutral.ar.webmanifest': 'public, max-age=300',
};
const VARY = 'Accept-Encoding';

/** The encodings served, best first, with the suffix of the build's copies. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number];

/**
 * What an Accept-Encoding header allows, best first (RFC 9110 §12.5.3): a coding named with q=0,
 * or left out under `*;q=0`, is refused; without the header, nothing is compressed.
 */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const q = new Map(qualityList(header).map((e) => [e.value, e.q]));
  const wildcard = q.get('*') ?? 0;
  return ENCODINGS.filter((e) => (q.get(e.name) ?? wildcard) > 0);
}
const SHORT = 'public, max-age=3600';

export interface StaticSite {
  /** The directory served, or null when there is none. */
  root: string | null;
  /** True when dist/index.html exists (the app can be served). */
  hasApp: boolean;
  csp: string;
  middleware: MiddlewareHandler;
  /** A line for the start-up log. */
  status: string;
}

/**
 * Writes a page's own shell (server/site-meta.ts): the HTML for this URL, or null to serve
 * index.html as it is.
 */
export type ShellRenderer = (
  template: string,
  url: URL,
  request: { cookie?: string },
) => Promise<string | null>;

/** Per-page shells are small and repeat: their compressed copies are kept, by content, up to this many. */
const SHELL_CACHE_SIZE = 256;

interface Shell {
  body: Buffer;
  etag: string;
  /** The page's policy: the app's, plus its server-rendered style attributes. */
  csp: string;
  copies: Partial<Record<Encoding['name'], Buffer>>;
}

function shellEtag(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

export function createStaticSite(
  distDir: string = DEFAULT_DIST_DIR,
  renderShell?: ShellRenderer,
  frameOrigins: string[] = [],
): StaticSite {
  const indexFile = join(distDir, 'index.html');
  const hasApp = existsSync(indexFile) && statSync(indexFile).isFile();
  // without a build, still serve public/ (avatars), so the API's avatar URLs work
  const root = hasApp ? resolve(distDir) : existsSync(PUBLIC_DIR) ? resolve(PUBLIC_DIR) : null;
  const indexHtml = hasApp ? readFileSync(indexFile) : null;
  const baseHashes = indexHtml ? inlineHashes(indexHtml.toString('utf8')) : undefined;
  const csp = appCsp(baseHashes, frameOrigins);
  // the shell is small and read once: compress it here rather than trust copies beside it
  const indexCopies: Record<Encoding['name'], Buffer> = {
    br: indexHtml ? brotliCompressSync(indexHtml) : Buffer.alloc(0),
    gzip: indexHtml ? gzipSync(indexHtml, { level: 9 }) : Buffer.alloc(0),
  };
  const indexEtag = indexHtml ? shellEtag(indexHtml) : '';
  const template = indexHtml ? indexHtml.toString('utf8') : '';
  const shells = new Map<string, Shell>();
  /** A page's shell, compressed once per encoding and kept (least recently used dropped). */
  const shellOf = (html: string): Shell => {
    const body = Buffer.from(html, 'utf8');
    const etag = shellEtag(body);
    const known = shells.get(etag);
    if (known) {
      shells.delete(etag);
      shells.set(etag, known);
      return known;
    }
    const styleAttributes = styleAttributeHashes(html);
    const shell: Shell = {
      body,
      etag,
      csp: styleAttributes.length
        ? appCsp({ scripts: [], styles: [], ...baseHashes, styleAttributes }, frameOrigins)
        : csp,
      copies: {},
    };
    shells.set(etag, shell);
    if (shells.size > SHELL_CACHE_SIZE) shells.delete(shells.keys().next().value as string);
    return shell;
  };
  const compress = (shell: Shell, name: Encoding['name']): Buffer => {
    shell.copies[name] ??=
      name === 'br'
        ? brotliCompressSync(shell.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } })
        : gzipSync(shell.body, { level: 9 });
    return shell.copies[name];
  };

  const middleware: MiddlewareHandler = async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const found = root ? await findFile(root, c.req.path) : null;
    const file = found && found.path !== resolve(indexFile) ? found : null;
    if (file) {
      // the best compressed copy the browser accepts, if the build wrote one
      let sent = file;
      let encoding: Encoding | null = null;
      for (const e of acceptedEncodings(c.req.header('accept-encoding'))) {
        const copy = await statFile(file.path + e.suffix);
        if (copy) {
          sent = copy;
          encoding = e;
          break;
        }
      }
      const etag = `W/"${file.size.toString(36)}-${Math.trunc(file.mtimeMs).toString(36)}${encoding ? `-${encoding.name}` : ''}"`;
      const headers: Record<string, string> = {
        'Content-Type': TYPES[extname(file.path).toLowerCase()] ?? 'application/octet-stream',
        'Cache-Control': c.req.path.startsWith('/assets/') ? IMMUTABLE : (FILE_CACHE[c.req.path] ?? SHORT),
        ETag: etag,
        Vary: VARY,
      };
      if (encoding) headers['Content-Encoding'] = encoding.name;
      if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
      const body = c.req.method === 'HEAD' ? null : new Uint8Array(await readFile(sent.path));
      return new Response(body, {
        status: 200,
        headers: { ...headers, 'Content-Length': String(sent.size) },
      });
    }
    if (!indexHtml) return next();
    // a missing hashed asset must not turn into index.html (a browser would run HTML as JS)
    if (c.req.path.startsWith('/assets/')) return next();
    const encoding = acceptedEncodings(c.req.header('accept-encoding'))[0] ?? null;
    // the page's own title, description, links and tags (site-meta.ts), when the shell has their place
    const html = renderShell
      ? await renderShell(template, new URL(c.req.url), { cookie: c.req.header('cookie') })
      : null;
    const shell = html === null ? null : shellOf(html);
    const page = shell
      ? encoding
        ? compress(shell, encoding.name)
        : shell.body
      : encoding
        ? indexCopies[encoding.name]
        : indexHtml;
    const baseEtag = shell ? shell.etag : indexEtag;
    const etag = encoding ? `${baseEtag.slice(0, -1)}-${encoding.name}"` : baseEtag;
    const headers: Record<string, string> = {
      'Content-Type': TYPES['.html'],
      'Cache-Control': 'no-cache',
      ETag: etag,
      // a page is rendered in the language its cookie saved, and only for a visitor (server/ssr.ts)
      Vary: `${VARY}, Cookie`,
      'Content-Security-Policy': shell ? shell.csp : csp,
    };
    if (encoding) headers['Content-Encoding'] = encoding.name;
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(page), { status: 200, headers });
  };

  const status = hasApp
    ? `serving the app from ${distDir}`
    : `dist/ not found at ${distDir}: the app is not built (run \`npm run build\` or \`npm start\`); the API still works${root ? ', avatars are served from public/' : ''}`;
  return { root, hasApp, csp, middleware, status };
}

async function statFile(path: string): Promise<{ path: string; size: number; mtimeMs: number } | null> {
  try {
    const s = await stat(path);
    return s.isFile() ? { path, size: s.size, mtimeMs: s.mtimeMs } : null;
  } catch {
    return null;
  }
}

async function findFile(
  root: string,
  urlPath: string,
): Promise<{ path: string; size: number; mtimeMs: number } | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.endsWith('/')) return null;
  const path = normalize(join(root, decoded));
  if (!path.startsWith(root + sep)) return null; // traversal
  // never serve dotfiles (e.g. .DS_Store, .env) or the SPA shell under another name
  if (path.split(sep).some((part) => part.startsWith('.'))) return null;
  return statFile(path);
}
