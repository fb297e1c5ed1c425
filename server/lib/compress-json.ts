/**
 * Compresses the API's JSON answers of 1 KiB or more with gzip when the client accepts it (the
 * catalogue, a course page, the OpenAPI document), with `Vary: Accept-Encoding` on every answer.
 * Hono's own `compress` cannot honour the threshold for `c.json()` answers (they carry no
 * Content-Length), so this reads the body, which a JSON answer already holds in memory.
 */
import { gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { acceptedEncodings } from '../static.ts';

export const COMPRESS_MIN_BYTES = 1024;

export const compressJson: MiddlewareHandler = async (c, next) => {
  await next();
  const res = c.res;
  res.headers.append('Vary', 'Accept-Encoding');
  // headers and method first: touching `res.body` turns @hono/node-server's lightweight response
  // into a web stream, the slow way out (a quarter of a small answer's cost), so it comes last
  if (
    c.req.method === 'HEAD' ||
    res.headers.has('Content-Encoding') ||
    !res.headers.get('Content-Type')?.startsWith('application/json') ||
    !acceptedEncodings(c.req.header('accept-encoding')).some((e) => e.name === 'gzip') ||
    !res.body
  )
    return;
  const body = new Uint8Array(await res.arrayBuffer());
  const headers = new Headers(res.headers);
  let sent = body;
  if (body.length >= COMPRESS_MIN_BYTES) {
    sent = gzipSync(body, { level: 6 });
    headers.set('Content-Encoding', 'gzip');
  }
  headers.set('Content-Length', String(sent.length));
  c.res = new Response(sent, { status: res.status, headers });
};
