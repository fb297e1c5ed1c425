/** HTTP conventions: the envelope, body handling, headers, static serving, the contract, logging. */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DrizzleQueryError } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { STAFF_ROUTES } from '../../contract/staff.ts';
import { DOCS_CSP } from '../../server/docs.ts';
import { createLogger, describeError, redact } from '../../server/lib/log.ts';
import {
  ANSWERS,
  answerQuestions,
  call,
  cheapHasher,
  expectEnvelope,
  GOOD_PIN,
  get,
  OTHER_PIN,
  post,
  registerMember,
  resetPin,
  testApp,
} from './helpers.ts';
import { createTestDb, setupTestDb } from './test-db.ts';

const INLINE = "window.__boot={theme:'warm'};";
const INDEX = `<!doctype html><html><head><script>${INLINE}</script><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;

const dist = mkdtempSync(join(tmpdir(), 'amina-dist-'));
mkdirSync(join(dist, 'assets'));
mkdirSync(join(dist, 'avatars'));
writeFileSync(join(dist, 'index.html'), INDEX);
writeFileSync(join(dist, 'assets/index-abc123.js'), 'console.log(1)');
writeFileSync(join(dist, 'avatars/date-palm.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
writeFileSync(join(dist, '.env'), 'SECRET=1');
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
});
const { db, app } = await setupTestDb({ distDir: dist });

const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

describe('request bodies', () => {
  it('413 for bodies over 64 KiB, by header and by stream', async () => {
    const big = JSON.stringify({ alias: 'a'.repeat(70 * 1024) });
    const r = await call(app, 'POST', '/api/users/login', {
      body: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(413);
    expectEnvelope(r, 'PAYLOAD_TOO_LARGE');
    const streamed = await app.request(
      '/api/users/login',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: new Blob([big]).stream(),
        duplex: 'half',
      } as RequestInit,
      { incoming: { socket: { remoteAddress: '203.0.113.9' } } },
    );
    expect(streamed.status).toBe(413);
    // just under the limit is fine (and then just invalid)
    const under = JSON.stringify({ alias: 'a'.repeat(60 * 1024), pin: GOOD_PIN });
    const ok = await call(app, 'POST', '/api/users/login', {
      body: under,
      headers: { 'content-type': 'application/json' },
    });
    expect(ok.status).toBe(401);
  });

  it('415 for non-JSON bodies; 400 INVALID_JSON for broken JSON, non-objects and a missing body', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const r = await call(app, 'POST', '/api/users/login', {
        body: 'alias=a&pin=1',
        headers: { 'content-type': type },
      });
      expect(r.status, type).toBe(415);
      expectEnvelope(r, 'UNSUPPORTED_MEDIA_TYPE');
    }
    for (const body of ['{"alias":', '[]', '"x"', '42', 'null', '']) {
      const r = await call(app, 'POST', '/api/users/login', {
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(r.status, body).toBe(400);
      expectEnvelope(r, 'INVALID_JSON');
    }
    const none = await call(app, 'POST', '/api/users/login');
    expect(none.status).toBe(400);
    expectEnvelope(none, 'INVALID_JSON');
    const charset = await call(app, 'POST', '/api/users/login', {
      body: JSON.stringify({ alias: 'someone', pin: OTHER_PIN }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(charset.status).toBe(401);
  });

  it('never leaks a stack trace, even for internal errors', async () => {
    const broken = await createTestDb();
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', out: (l) => lines.push(l), err: (l) => lines.push(l) });
    const brokenApp = testApp({ db: broken, hasher: cheapHasher(), logger });
    await broken.close();
    const r = await post(brokenApp, '/users/login', { alias: 'someone', pin: GOOD_PIN });
    expect(r.status).toBe(500);
    expectEnvelope(r, 'INTERNAL_ERROR');
    expect(r.text).not.toMatch(/at |\.ts|stack|select/i);
    const logged = lines.join('\n');
    expect(logged).toContain('unhandled error');
    expect(logged).not.toContain(GOOD_PIN);
  });
});

describe('routing', () => {
  it('unknown /api paths and methods give the JSON 404 envelope, in Arabic on request', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['GET', '/api/users'],
      ['DELETE', '/api/users/profile'],
      ['POST', '/api/lms/courses/all'],
      ['GET', '/api/users/login'],
    ]) {
      const r = await call(app, method, path, { headers: { 'accept-language': 'ar' } });
      expect(r.status, `${method} ${path}`).toBe(404);
      expectEnvelope(r, 'NOT_FOUND');
      expect(r.body.error.message).toMatch(/[\u0600-\u06ff]/);
    }
  });

  it('serves the OpenAPI document with every endpoint of the contract', async () => {
    const r = await get(app, '/openapi.json');
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe('3.1.0');
    expect(Object.keys(r.body.paths).sort()).toEqual(
      [
        '/api/p/avatar/all',
        '/api/security-questions',
        '/api/security-questions/user',
        '/api/security-questions/verify-by-alias',
        '/api/users/forgot-pin/reset',
        '/api/users/forgot-pin/verify-recovery-code',
        '/api/users/login',
        '/api/users/logout',
        '/api/users/me/pin',
        '/api/users/me/preferences',
        '/api/users/me/profile',
        '/api/users/me/recovery-code',
        '/api/users/me/security-answers',
        '/api/users/me/sessions',
        '/api/users/me/sessions/sign-out-others',
        '/api/users/me/sessions/{sessionId}',
        '/api/users/me/settings',
        '/api/users/profile',
        '/api/users/register/standard',
        '/api/users/verify-alias/',
        '/api/users/verify-alias/{alias}',
        // her data (issue 25)
        '/api/users/me/export',
        '/api/users/me/delete',
        '/api/lms/courses/all',
        '/api/p/lms/get-course-by-id/{courseId}',
        '/api/lms/get-course-by-id/{courseId}/{userId}',
        '/api/articles/enroll-free-course',
        '/api/articles/all',
        '/api/articles/{id}',
        '/api/lms/lesson/complete',
        '/api/lms/mark-complete-all',
        '/api/lms/quiz/submit',
        '/api/lms/user/courses/{userId}',
        '/api/lms/user/{userId}/quiz-results',
        '/api/feedback/user/{userId}',
        '/api/feedback/course/{courseId}/reviews',
        '/api/course-purchase/quote',
        '/api/course-purchase/validate-coupon',
        '/api/course-purchase/enroll-multiple',
        '/api/sandbox-pay/payment-methods',
        '/api/sandbox-pay/challenges/{id}',
        '/api/billing/list/{userId}',
        '/api/billing/generate-invoice',
        '/api/p/experts',
        '/api/p/experts/{expertId}',
        '/api/p/experts/{expertId}/slots',
        '/api/consultations',
        '/api/consultations/hold',
        '/api/consultations/{bookingId}',
        '/api/consultations/{bookingId}/confirm',
        '/api/consultations/{bookingId}/join',
        '/api/consultations/{bookingId}/cancellation',
        '/api/consultations/{bookingId}/cancel',
        '/api/billing/generate-credit-note',
        '/api/forms/contact',
        '/api/forms/programs',
        '/api/forms/partnerships',
        '/api/forms/concern',
        '/api/forms/expert-application',
        // the community circle (issue 27), members' routes
        '/api/circle/spaces',
        '/api/circle/threads',
        '/api/circle/threads/{id}',
        '/api/circle/threads/{id}/replies',
        '/api/circle/posts/{id}',
        '/api/circle/posts/{id}/helpful',
        '/api/circle/posts/{id}/reports',
        '/api/circle/me',
        '/api/circle/me/rules',
        '/api/circle/me/email',
        '/api/circle/me/replies',
        '/api/circle/me/replies/seen',
        // the staff side (issue 26): every row of its route table, listed apart under the tag 'staff'
        ...new Set(STAFF_ROUTES.map((route) => `/api${route.path}`)),
      ].sort(),
    );
    expect(r.body.paths['/api/users/register/standard'].post.responses).toHaveProperty('201');
    expect(r.body.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('renders /api/docs as HTML under its own CSP, whose style hash matches the inline style', async () => {
    const r = await get(app, '/docs');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/html');
    expect(r.text).toContain('/api/users/login');
    expect(r.text).not.toMatch(/<script/i);
    const style = /<style>([\s\S]*?)<\/style>/.exec(r.text)![1];
    expect(r.headers.get('content-security-policy')).toBe(DOCS_CSP);
    expect(DOCS_CSP).toContain(`style-src ${sha(style)}`);
    expect(DOCS_CSP).not.toContain('unsafe-inline');
  });
});

describe('headers', () => {
  it('sets the security headers on every response, API, static and error alike', async () => {
    for (const r of [
      await get(app, '/p/avatar/all'),
      await get(app, '/nope'),
      await call(app, 'GET', '/dashboard'),
      await call(app, 'GET', '/assets/index-abc123.js'),
      await post(app, '/users/login', { alias: 'x' }),
    ]) {
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('referrer-policy')).toBe('no-referrer');
      expect(r.headers.get('x-frame-options')).toBe('DENY');
      expect(r.headers.get('permissions-policy')).toBe(
        'camera=(self "https://meet.jit.si"), microphone=(self "https://meet.jit.si"), geolocation=()',
      );
      expect(r.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(r.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(r.headers.get('content-security-policy')).toBe(
        `default-src 'self'; script-src 'self' ${sha(INLINE)}; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; frame-src 'self' https://meet.jit.si`,
      );
    }
  });

  it('echoes a well-formed X-Request-Id and replaces a malformed one', async () => {
    const ok = await get(app, '/p/avatar/all', { headers: { 'x-request-id': 'abc-123' } });
    expect(ok.headers.get('x-request-id')).toBe('abc-123');
    const bad = await get(app, '/p/avatar/all', { headers: { 'x-request-id': 'a b<script>' } });
    expect(bad.headers.get('x-request-id')).not.toContain(' ');
  });
});

describe('static files', () => {
  it('hashed assets are immutable for a year; other files short; app routes fall back to index.html no-cache', async () => {
    const asset = await call(app, 'GET', '/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    const avatar = await call(app, 'GET', '/avatars/date-palm.svg');
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml');
    expect(avatar.headers.get('cache-control')).toBe('public, max-age=3600');
    for (const path of ['/', '/login', '/dashboard/test-scores', '/index.html', '/deep/link?x=1']) {
      const page = await call(app, 'GET', path);
      expect(page.status, path).toBe(200);
      expect(page.text).toBe(INDEX);
      expect(page.headers.get('cache-control')).toBe('no-cache');
    }
    const head = await call(app, 'HEAD', '/dashboard');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
  });

  it('answers 304 to a matching ETag', async () => {
    const first = await call(app, 'GET', '/assets/index-abc123.js');
    const again = await call(app, 'GET', '/assets/index-abc123.js', {
      headers: { 'if-none-match': first.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });

  it('never serves outside dist, dotfiles, or index.html for a missing asset', async () => {
    for (const path of [
      '/assets/missing.js',
      '/..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/.env',
    ]) {
      const r = await call(app, 'GET', path);
      expect(r.text, path).not.toContain('root:');
      expect(r.text, path).not.toContain('SECRET');
      if (path.startsWith('/assets/')) expect(r.status).toBe(404);
    }
  });

  it('says so when there is no build, while the API keeps working', async () => {
    const bare = testApp({ db, hasher: cheapHasher(), distDir: join(dist, 'missing') });
    expect(bare.site.hasApp).toBe(false);
    expect(bare.site.status).toMatch(/dist\/ not found/);
    expect((await get(bare, '/p/avatar/all')).status).toBe(200);
    expect((await call(bare, 'GET', '/dashboard')).status).toBe(404);
    // avatars still come from public/
    const svg = await call(bare, 'GET', '/avatars/date-palm.svg');
    expect(svg.status).toBe(200);
    expect(svg.text).toContain('<svg');
  });
});

describe('logging', () => {
  it('writes one line per request with id, method, path, status and ms, and never a secret', async () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', out: (l) => lines.push(l), err: (l) => lines.push(l) });
    const logged = testApp({ db, hasher: cheapHasher(), logger });
    const m = await registerMember(logged);
    await post(logged, '/users/login', { alias: m.alias, pin: GOOD_PIN });
    await get(logged, '/users/profile', { token: m.token });
    const verify = await answerQuestions(logged, m.alias);
    await resetPin(logged, verify.body.resetToken);
    await get(logged, `/security-questions/user?alias=${m.alias}&token=${m.token}`);
    expect(lines).toHaveLength(6);
    for (const line of lines) {
      const entry = JSON.parse(line);
      expect(entry).toMatchObject({
        msg: 'request',
        id: expect.any(String),
        method: expect.any(String),
        status: expect.any(Number),
      });
      expect(typeof entry.ms).toBe('number');
      expect(entry.path).not.toContain('?');
    }
    const all = lines.join('\n');
    for (const secret of [
      GOOD_PIN,
      OTHER_PIN,
      m.token,
      verify.body.resetToken,
      ...ANSWERS.map((a) => a.answer),
    ]) {
      expect(all).not.toContain(secret);
    }
  });

  it('redacts secret-looking fields and bearer tokens, and strips SQL parameters from database errors', () => {
    expect(
      redact({ pin: '1', nested: { resetToken: 'x', Authorization: 'Bearer abc' }, note: 'Bearer abc.def' }),
    ).toEqual({
      pin: '[redacted]',
      nested: { resetToken: '[redacted]', Authorization: '[redacted]' },
      note: 'Bearer [redacted]',
    });
    // what drizzle throws (its name stays "Error"): the class, not a hand-made look-alike
    const drizzleError = new DrizzleQueryError(
      'select … where hash = $1',
      ['$argon2id$secret'],
      Object.assign(new Error('duplicate key'), { code: '23505' }),
    );
    const d = describeError(drizzleError);
    expect(JSON.stringify(d)).not.toContain('argon2id');
    expect(d).toMatchObject({ code: '23505', message: 'duplicate key' });
  });

  it('is silent when configured so', async () => {
    const lines: string[] = [];
    const quiet = createLogger({ level: 'silent', out: (l) => lines.push(l), err: (l) => lines.push(l) });
    quiet.info('x');
    quiet.error('y');
    expect(lines).toEqual([]);
  });
});
