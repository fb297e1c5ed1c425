/** Compressed delivery: the build's .br/.gz copies by Accept-Encoding, the shell, and JSON over 1 KiB. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { acceptedEncodings } from '../../server/static.ts';
import type { TestApp } from './helpers.ts';
import { setupTestDb } from './test-db.ts';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const INDEX = `<!doctype html><html><head><title>${'t'.repeat(2000)}</title></head><body><div id="root"></div></body></html>`;

const dist = mkdtempSync(join(tmpdir(), 'amina-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), INDEX);
writeFileSync(join(dist, 'assets/index-abc123.js'), SCRIPT);
writeFileSync(join(dist, 'assets/index-abc123.js.br'), brotliCompressSync(SCRIPT));
writeFileSync(join(dist, 'assets/index-abc123.js.gz'), gzipSync(SCRIPT));
writeFileSync(join(dist, 'assets/small-abc123.js'), 'console.log(1)');
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
});
const { app } = await setupTestDb({ distDir: dist });

/** The raw answer: app.request does not decode, as a browser would. */
async function raw(target: TestApp, path: string, acceptEncoding?: string) {
  const headers: Record<string, string> =
    acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
  const res = await target.request(
    path,
    { headers },
    { incoming: { socket: { remoteAddress: '203.0.113.9' } } },
  );
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('Accept-Encoding', () => {
  it('prefers Brotli, honours q=0 and the wildcard, and sends nothing compressed without the header', () => {
    expect(acceptedEncodings('gzip, deflate, br').map((e) => e.name)).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('br;q=0, gzip').map((e) => e.name)).toEqual(['gzip']);
    expect(acceptedEncodings('gzip;q=0.5').map((e) => e.name)).toEqual(['gzip']);
    expect(acceptedEncodings('*').map((e) => e.name)).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('*;q=0, gzip').map((e) => e.name)).toEqual(['gzip']);
    expect(acceptedEncodings('identity')).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });
});

describe('static files', () => {
  it('sends the Brotli copy to a browser that accepts it, gzip to one that accepts only gzip, the file otherwise', async () => {
    const br = await raw(app, '/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.res.headers.get('content-encoding')).toBe('br');
    expect(br.res.headers.get('vary')).toContain('Accept-Encoding');
    expect(br.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Number(br.res.headers.get('content-length'))).toBe(br.bytes.length);
    expect(br.bytes.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(br.bytes).toString()).toBe(SCRIPT);

    const gz = await raw(app, '/assets/index-abc123.js', 'gzip');
    expect(gz.res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.bytes).toString()).toBe(SCRIPT);

    const plain = await raw(app, '/assets/index-abc123.js');
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    expect(plain.bytes.toString()).toBe(SCRIPT);
    expect(plain.res.headers.get('vary')).toContain('Accept-Encoding');
  });

  it('gives each encoding its own ETag and answers 304 to it', async () => {
    const br = await raw(app, '/assets/index-abc123.js', 'br');
    const plain = await raw(app, '/assets/index-abc123.js');
    expect(br.res.headers.get('etag')).not.toBe(plain.res.headers.get('etag'));
    const again = await app.request('/assets/index-abc123.js', {
      headers: { 'accept-encoding': 'br', 'if-none-match': br.res.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-encoding')).toBe('br');
  });

  it('sends a file without a compressed copy as it is', async () => {
    const small = await raw(app, '/assets/small-abc123.js', 'br, gzip');
    expect(small.res.headers.get('content-encoding')).toBeNull();
    expect(small.bytes.toString()).toBe('console.log(1)');
  });

  it('compresses the app shell on every client route', async () => {
    const page = await raw(app, '/courses/menopause', 'br, gzip');
    expect(page.res.headers.get('content-encoding')).toBe('br');
    expect(page.res.headers.get('cache-control')).toBe('no-cache');
    expect(brotliDecompressSync(page.bytes).toString()).toBe(INDEX);
    const gz = await raw(app, '/login', 'gzip');
    expect(gunzipSync(gz.bytes).toString()).toBe(INDEX);
    expect((await raw(app, '/login')).bytes.toString()).toBe(INDEX);
  });
});

describe('API answers', () => {
  it('gzips JSON of 1 KiB or more for a client that accepts it, and leaves small answers alone', async () => {
    const big = await raw(app, '/api/openapi.json', 'gzip, br');
    expect(big.res.headers.get('content-encoding')).toBe('gzip');
    expect(big.res.headers.get('vary')).toContain('Accept-Encoding');
    const doc = JSON.parse(gunzipSync(big.bytes).toString());
    expect(doc.openapi).toBe('3.1.0');
    expect(Number(big.res.headers.get('content-length'))).toBe(big.bytes.length);

    const plain = await raw(app, '/api/openapi.json');
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(plain.bytes.toString()).openapi).toBe('3.1.0');

    const small = await raw(app, '/api/nothing-here', 'gzip');
    expect(small.res.status).toBe(404);
    expect(small.res.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(small.bytes.toString()).error.code).toBeTruthy();
  });
});
