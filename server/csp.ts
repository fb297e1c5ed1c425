/**
 * The app's Content-Security-Policy (server/static.ts serves it with every page): only this origin,
 * the exact inline scripts and styles of the page's HTML allowed by SHA-256, a server-rendered
 * page's `style` attributes one by one ('unsafe-hashes', never 'unsafe-inline'), and the frames of
 * the consultations' Jitsi Meet server.
 */
import { createHash } from 'node:crypto';

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

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

/**
 * Hash sources for the `style` attributes of server-rendered HTML (a widget's visually hidden
 * input, say): allowed one by one with 'unsafe-hashes', never with 'unsafe-inline'.
 */
export function styleAttributeHashes(html: string): string[] {
  const values = [...html.matchAll(/\sstyle="([^"]*)"/g)].map((m) =>
    m[1].replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (e) => ENTITIES[e]),
  );
  return [...new Set(values)].map(sha256Source);
}

export function appCsp(
  hashes: { scripts: string[]; styles: string[]; styleAttributes?: string[] } = { scripts: [], styles: [] },
  /** Origins the app may frame (the consultations' Jitsi Meet server, issue 10). */
  frameOrigins: string[] = [],
): string {
  const attributes = hashes.styleAttributes ?? [];
  return [
    "default-src 'self'",
    ["script-src 'self'", ...hashes.scripts].join(' '),
    [
      "style-src 'self'",
      ...hashes.styles,
      ...(attributes.length ? ["'unsafe-hashes'", ...attributes] : []),
    ].join(' '),
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    // the installable app (issue 28): its service worker and manifests, from this origin only
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(frameOrigins.length ? [["frame-src 'self'", ...frameOrigins].join(' ')] : []),
  ].join('; ');
}
