/**
 * Property-based bad input on every endpoint: whatever arrives, the server never answers 5xx,
 * and every 4xx carries the error envelope (fields always paired with fieldCodes).
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANSWERS, call, expectEnvelope, type Reply, registerMember } from './helpers.ts';
import { setupTestDb } from './test-db.ts';

const { app } = await setupTestDb();
let member: { alias: string; token: string };

beforeAll(async () => {
  member = await registerMember(app);
});

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

/** Strings that have broken servers before: control, bidi, NUL, lone surrogates, huge digits. */
const nasty = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202eabc',
  '\u200d\u200d\u200d',
  '٠١٢٣٤٥',
  '۰۱۲۳۴۵۶۷۸۹۰۱۲',
  '１２３４５６',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '9'.repeat(400),
  'ا'.repeat(40),
  '𝒜𝓁𝒾𝒶𝓈',
  'e\u0301\u0301\u0301',
  'null',
  '{}',
);
const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.string({ maxLength: 300 }), nasty);
const scalar = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const value = fc.oneof(
  { depthSize: 'small' },
  scalar,
  fc.array(scalar, { maxLength: 5 }),
  fc.dictionary(text, scalar, { maxKeys: 4 }),
  fc.jsonValue({ maxDepth: 3 }),
);
const answer = fc.record(
  {
    questionId: fc.oneof(fc.constantFrom(...ANSWERS.map((a) => a.questionId), 'favourite_food', 'x'), value),
    answer: fc.oneof(text, value),
  },
  { requiredKeys: [] },
);
const answers = fc.oneof(fc.array(answer, { maxLength: 5 }), value);

/** An object with the endpoint's field names, each missing, right-ish or garbage. */
function shaped(fields: Record<string, fc.Arbitrary<unknown>>) {
  const withGarbage = Object.fromEntries(Object.entries(fields).map(([k, a]) => [k, fc.oneof(a, value)]));
  return fc.oneof(
    fc.record(withGarbage, { requiredKeys: [] }),
    fc
      .tuple(fc.record(withGarbage, { requiredKeys: [] }), fc.dictionary(text, value, { maxKeys: 3 }))
      .map(([a, b]) => ({
        ...b,
        ...a,
      })),
    value,
  );
}

/** encodeURIComponent, but lone surrogates become U+FFFD's bytes instead of throwing. */
const enc = (s: string) => encodeURIComponent(s.replace(/\p{Cs}/gu, '\ufffd'));

const pin = fc.oneof(fc.stringMatching(/^[0-9٠-٩]{0,14}$/), text);
const alias = fc.oneof(fc.stringMatching(/^[a-zA-Z0-9._-]{0,32}$/), text, fc.constant('member'));

/** Body encodings: mostly JSON, sometimes raw text with or without a JSON content type. */
const encoded = (body: fc.Arbitrary<unknown>) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: body.map((b) => ({
        body: JSON.stringify(b) ?? 'null',
        type: 'application/json' as string | undefined,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        body: text,
        type: fc.constantFrom(
          undefined,
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=latin1',
          'application/vnd.api+json',
        ),
      }),
    },
  );

const headers = fc.record(
  {
    'accept-language': fc.oneof(fc.constantFrom('ar', 'en', 'ar;q=0.1, en;q=0.2', '*', 'fr-CA'), text),
    authorization: fc.oneof(
      text.map((t) => `Bearer ${t}`),
      text,
    ),
    'x-request-id': fc.oneof(fc.stringMatching(/^[a-z0-9-]{0,70}$/), fc.constant('ok-id')),
  },
  { requiredKeys: [] },
);

function check(r: Reply, allowed: number[]): void {
  expect(r.status, r.text.slice(0, 300)).toBeLessThan(500);
  expect(allowed, `${r.status} ${r.text.slice(0, 300)}`).toContain(r.status);
  if (r.status >= 400) expectEnvelope(r);
}

const safeHeaders = (h: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.entries(h).filter(([, v]) => v !== undefined && !/[\r\n\0]/.test(v) && /^[\x20-\x7e]*$/.test(v)),
  ) as Record<string, string>;

async function send(
  method: string,
  path: string,
  e: { body: string; type?: string },
  h: Record<string, string | undefined>,
) {
  const hs = safeHeaders(h);
  if (e.type) hs['content-type'] = e.type;
  return call(app, method, path, { body: e.body, headers: hs });
}

describe('bad input never produces a 5xx and always the envelope', () => {
  it('POST /users/register/standard', async () => {
    const body = shaped({
      alias,
      pin,
      pinConfirm: pin,
      securityAnswers: answers,
      country: fc.oneof(fc.constantFrom('AE', 'ae', 'SA', 'XX'), text),
      avatarId: fc.oneof(fc.constantFrom('date-palm', 'crescent'), text),
      ageRange: fc.oneof(fc.constantFrom('18-24', '65+'), text),
      maritalStatus: fc.oneof(fc.constantFrom('single', null), text),
      email: fc.oneof(fc.emailAddress(), text, fc.constant(null)),
      phone: fc.oneof(fc.constantFrom('+971501234567', '+1 555-0100', ''), text),
      language: fc.oneof(fc.constantFrom('en', 'ar'), text),
      isAdult: fc.oneof(fc.constant(true), value),
      acceptTerms: fc.oneof(fc.constant(true), value),
    });
    await fc.assert(
      fc.asyncProperty(encoded(body), headers, async (e, h) => {
        check(await send('POST', '/api/users/register/standard', e, h), [201, 400, 409, 413, 415]);
      }),
      { numRuns: RUNS },
    );
  });

  it('POST /users/login', async () => {
    await fc.assert(
      fc.asyncProperty(encoded(shaped({ alias, pin })), headers, async (e, h) => {
        check(await send('POST', '/api/users/login', e, h), [200, 400, 401, 413, 415, 429]);
      }),
      { numRuns: RUNS },
    );
  });

  it('POST /users/verify-alias/ and /users/verify-alias/:alias', async () => {
    await fc.assert(
      fc.asyncProperty(encoded(shaped({ alias })), headers, async (e, h) => {
        const r = await send('POST', '/api/users/verify-alias/', e, h);
        check(r, [200, 400, 413, 415]);
        if (r.status === 200) expect(typeof r.body.available).toBe('boolean');
      }),
      { numRuns: RUNS },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(alias, text), headers, async (a, h) => {
        const path = `/api/users/verify-alias/${enc(a)}`;
        const r = await call(app, 'POST', path, { headers: safeHeaders(h) });
        // '', '.' and the like resolve to the body form of the route, called without a body: 400
        const bodyForm = /verify-alias\/?$/.test(new URL(path, 'http://x').pathname);
        check(r, bodyForm ? [400] : [200, 404]);
        if (r.status === 200) expect(typeof r.body.available).toBe('boolean');
      }),
      { numRuns: RUNS },
    );
  });

  it('GET /users/profile and POST /users/logout with any Authorization', async () => {
    await fc.assert(
      fc.asyncProperty(
        headers,
        fc.constantFrom('GET /api/users/profile', 'POST /api/users/logout'),
        async (h, route) => {
          const [method, path] = route.split(' ');
          const r = await call(app, method, path, { headers: safeHeaders(h) });
          check(r, [401]);
        },
      ),
      { numRuns: RUNS },
    );
    // the real member is still fine afterwards
    expect((await call(app, 'GET', '/api/users/profile', { token: member.token })).status).toBe(200);
  });

  it('GET /security-questions/user with any query', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(alias, text), fc.boolean(), headers, async (a, repeat, h) => {
        const q = `alias=${enc(a)}${repeat ? '&alias=x' : ''}`;
        check(
          await call(app, 'GET', `/api/security-questions/user?${q}`, { headers: safeHeaders(h) }),
          [200, 400, 404],
        );
      }),
      { numRuns: RUNS },
    );
    check(await call(app, 'GET', '/api/security-questions/user?alias=%E0%A4%A'), [200, 400, 404]);
  });

  it('POST /security-questions/verify-by-alias', async () => {
    await fc.assert(
      fc.asyncProperty(
        encoded(shaped({ alias: fc.oneof(alias, fc.constant(member.alias)), answers })),
        headers,
        async (e, h) => {
          check(
            await send('POST', '/api/security-questions/verify-by-alias', e, h),
            [200, 400, 401, 404, 413, 415, 429],
          );
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('POST /users/forgot-pin/reset', async () => {
    await fc.assert(
      fc.asyncProperty(
        encoded(
          shaped({
            resetToken: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), text),
            pin,
            pinConfirm: pin,
          }),
        ),
        headers,
        async (e, h) => {
          check(await send('POST', '/api/users/forgot-pin/reset', e, h), [200, 400, 413, 415]);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('GET catalogues and the contract with any headers', async () => {
    await fc.assert(
      fc.asyncProperty(
        headers,
        fc.constantFrom('/api/p/avatar/all', '/api/security-questions', '/api/openapi.json', '/api/docs'),
        async (h, path) => {
          check(await call(app, 'GET', path, { headers: safeHeaders(h) }), [200]);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('any method on any /api path', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
        fc.array(
          fc.oneof(
            fc.constantFrom('users', 'login', 'p', 'avatar', 'all', '..', '%2e%2e', '%00'),
            fc.stringMatching(/^[a-z0-9%_.-]{0,12}$/),
          ),
          { maxLength: 4 },
        ),
        async (method, parts) => {
          const path = `/api/${parts.join('/')}`;
          const r = await call(app, method, path, {
            headers: { 'content-type': 'application/json' },
            body: method === 'GET' || method === 'HEAD' ? undefined : '{}',
          });
          expect(r.status).toBeLessThan(500);
          // `/api/%2e%2e` is `/` once the URL is parsed: not an API path any more
          const isApi = new URL(path, 'http://x').pathname.startsWith('/api');
          if (isApi && r.status >= 400 && method !== 'HEAD') expectEnvelope(r);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });
});
