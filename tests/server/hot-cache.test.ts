/**
 * The public-read micro-cache (server/lib/hot-cache.ts) as main.ts serves it: node:http in front of
 * the app. A cached answer carries the same bytes and headers as the app's (a fresh request id), is
 * logged, varies by language and encoding, expires with the clock, and never serves a request that
 * carries a token, a conditional request, a write or a failure.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/lib/clock.ts';
import type { Logger, RequestLine } from '../../server/lib/log.ts';
import { registerMember, testApp } from './helpers.ts';
import { setupTestDb } from './test-db.ts';

const { db } = await setupTestDb();
const clock = new ManualClock(Date.UTC(2026, 10, 26, 9));
const lines: RequestLine[] = [];
const logger: Logger = { request: (l) => lines.push(l), info() {}, error() {} };
const app = testApp({ db, clock, logger });
let reachedApp = 0;
const appListener = getRequestListener(app.fetch);
const server = createServer(
  app.hot.listener(logger, (req: IncomingMessage, res: ServerResponse) => {
    reachedApp++;
    return appListener(req, res);
  }),
);
let base = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function get(path: string, headers: Record<string, string> = {}) {
  const before = reachedApp;
  const res = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } });
  const body = Buffer.from(await res.arrayBuffer());
  return { res, body, fromMemory: reachedApp === before };
}

const headersOf = (res: Response) =>
  Object.fromEntries(
    [...res.headers].filter(
      ([k]) => k !== 'x-request-id' && k !== 'date' && k !== 'keep-alive' && k !== 'connection',
    ),
  );

describe('public reads from memory', () => {
  it('the second read within a second is the same answer, from memory, logged with its route', async () => {
    const first = await get('/api/lms/courses/all');
    expect(first.res.status).toBe(200);
    expect(first.fromMemory).toBe(false);
    const second = await get('/api/lms/courses/all');
    expect(second.fromMemory).toBe(true);
    expect(second.body.equals(first.body)).toBe(true);
    expect(headersOf(second.res)).toEqual(headersOf(first.res));
    expect(second.res.headers.get('x-request-id')).not.toBe(first.res.headers.get('x-request-id'));
    for (const h of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'vary'])
      expect(second.res.headers.get(h), h).toBeTruthy();
    const last = lines.at(-1)!;
    expect(last).toMatchObject({ method: 'GET', path: '/api/lms/courses/all', status: 200 });
    expect(last.id).toBe(second.res.headers.get('x-request-id'));
  });

  it('expires with the clock', async () => {
    await get('/api/p/avatar/all');
    expect((await get('/api/p/avatar/all')).fromMemory).toBe(true);
    clock.advance(1001);
    expect((await get('/api/p/avatar/all')).fromMemory).toBe(false);
    expect((await get('/api/p/avatar/all')).fromMemory).toBe(true);
  });

  it('keeps languages and encodings apart', async () => {
    clock.advance(5000);
    const en = await get('/api/lms/courses/all', { 'accept-language': 'en' });
    const ar = await get('/api/lms/courses/all', { 'accept-language': 'ar' });
    expect(ar.fromMemory).toBe(false);
    expect(JSON.parse(ar.body.toString()).items[0].title).not.toBe(
      JSON.parse(en.body.toString()).items[0].title,
    );
    const arAgain = await get('/api/lms/courses/all', { 'accept-language': 'ar-SA,ar;q=0.9' });
    expect(arAgain.fromMemory).toBe(true);
    expect(arAgain.body.equals(ar.body)).toBe(true);
    const gz = await get('/api/lms/courses/all', { 'accept-language': 'ar', 'accept-encoding': 'gzip' });
    expect(gz.fromMemory).toBe(false);
    expect(gz.res.headers.get('content-encoding')).toBe('gzip');
    const gzAgain = await get('/api/lms/courses/all', {
      'accept-language': 'ar',
      'accept-encoding': 'gzip, br',
    });
    expect(gzAgain.fromMemory).toBe(true);
    // fetch unzips: the same JSON, sent zipped from memory
    expect(gzAgain.res.headers.get('content-encoding')).toBe('gzip');
    expect(gzAgain.body.equals(ar.body)).toBe(true);
  });

  it('never for a member, a conditional request, a write, a failure or another path', async () => {
    const m = await registerMember(app);
    const courseId = JSON.parse((await get('/api/lms/courses/all')).body.toString()).items[0].id;
    await get(`/api/p/lms/get-course-by-id/${courseId}`);
    const withToken = await get(`/api/p/lms/get-course-by-id/${courseId}`, {
      authorization: `Bearer ${m.token}`,
    });
    expect(withToken.fromMemory).toBe(false);
    const etag = (await get('/api/lms/courses/all')).res.headers.get('etag');
    if (etag) expect((await get('/api/lms/courses/all', { 'if-none-match': etag })).fromMemory).toBe(false);
    await get('/api/p/lms/get-course-by-id/no-such-course');
    expect((await get('/api/p/lms/get-course-by-id/no-such-course')).fromMemory).toBe(false);
    await get('/api/users/profile');
    expect((await get('/api/users/profile')).fromMemory).toBe(false);
    const before = reachedApp;
    await fetch(`${base}/api/p/avatar/all`, { method: 'POST', body: '{}' });
    expect(reachedApp).toBe(before + 1);
  });
});
