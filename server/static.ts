/**
 * Serves the Vite build (dist/ at the repository root, found from this file, not the cwd):
 * hashed /assets/* cached for a year, other files briefly, and every other GET/HEAD falls back to
 * index.html (no-cache) so client routes work on reload. Also computes the app's CSP, allowing
 * exactly the inline scripts index.html contains (by SHA-256).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MiddlewareHandler } from 'hono';

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
const SHORT = 'public, max-age=3600';

export function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** Hash sources for every inline <script> (no src) and <style> in an HTML document. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
    .filter((m) => !/\ssrc\s*=/i.test(` ${m[1]}`) && m[2].length > 0)
    .map((m) => sha256Source(m[2]));
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)]
    .filter((m) => m[1].length > 0)
    .map((m) => sha256Source(m[1]));
  return { scripts: [...new Set(scripts)], styles: [...new Set(styles)] };
}

export function appCsp(
  hashes: { scripts: string[]; styles: string[] } = { scripts: [], styles: [] },
): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...hashes.scripts].join(' '),
    ["style-src 'self'", ...hashes.styles].join(' '),
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

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

export function createStaticSite(distDir: string = DEFAULT_DIST_DIR): StaticSite {
  const indexFile = join(distDir, 'index.html');
  const hasApp = existsSync(indexFile) && statSync(indexFile).isFile();
  // without a build, still serve public/ (avatars), so the API's avatar URLs work
  const root = hasApp ? resolve(distDir) : existsSync(PUBLIC_DIR) ? resolve(PUBLIC_DIR) : null;
  const indexHtml = hasApp ? readFileSync(indexFile) : null;
  const csp = appCsp(indexHtml ? inlineHashes(indexHtml.toString('utf8')) : undefined);
  const indexEtag = indexHtml
    ? `"${createHash('sha256').update(indexHtml).digest('base64url').slice(0, 27)}"`
    : '';

  const middleware: MiddlewareHandler = async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const found = root ? await findFile(root, c.req.path) : null;
    const file = found && found.path !== resolve(indexFile) ? found : null;
    if (file) {
      const etag = `W/"${file.size.toString(36)}-${Math.trunc(file.mtimeMs).toString(36)}"`;
      const headers = {
        'Content-Type': TYPES[extname(file.path).toLowerCase()] ?? 'application/octet-stream',
        'Cache-Control': c.req.path.startsWith('/assets/') ? IMMUTABLE : SHORT,
        ETag: etag,
      };
      if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
      const body = c.req.method === 'HEAD' ? null : new Uint8Array(await readFile(file.path));
      return new Response(body, {
        status: 200,
        headers: { ...headers, 'Content-Length': String(file.size) },
      });
    }
    if (!indexHtml) return next();
    // a missing hashed asset must not turn into index.html (a browser would run HTML as JS)
    if (c.req.path.startsWith('/assets/')) return next();
    const headers = { 'Content-Type': TYPES['.html'], 'Cache-Control': 'no-cache', ETag: indexEtag };
    if (c.req.header('if-none-match') === indexEtag) return c.body(null, 304, headers);
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(indexHtml), { status: 200, headers });
  };

  const status = hasApp
    ? `serving the app from ${distDir}`
    : `dist/ not found at ${distDir}: the app is not built (run \`npm run build\` or \`npm start\`); the API still works${root ? ', avatars are served from public/' : ''}`;
  return { root, hasApp, csp, middleware, status };
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
  try {
    const s = await stat(path);
    return s.isFile() ? { path, size: s.size, mtimeMs: s.mtimeMs } : null;
  } catch {
    return null;
  }
}
