/**
 * NUL and lone surrogates are bad input, never a 500 (issue 20, finding 4). Every operation of the
 * OpenAPI document the app serves is called by a signed-in member with a body and parameters that
 * would pass (real course, code, card, booking), then with one string of it at a time replaced by
 * such a string: no answer is 5xx, and one in a body is a 400 VALIDATION_ERROR naming that field.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '../../contract/commerce-rules.ts';
import { DEFAULT_FORMS_CONFIG } from '../../server/domain/forms.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import { isUnsafeText, unsafeTextAt } from '../../server/lib/unsafe-text.ts';
import {
  ANSWERS,
  addCard,
  expectEnvelope,
  GOOD_PIN,
  get,
  post,
  registerMember,
  totalFor,
} from './helpers.ts';
import { setupTestDb, usingPostgres } from './test-db.ts';

const UNSAFE = ['\u0000', 'a\u0000b', '\ud800', 'x\udfffy'];
const PDF = readFileSync(join(import.meta.dirname, '../fixtures/cv.pdf'));
const open = { limit: 1_000_000, windowMs: 60_000 };

const { app } = await setupTestDb({
  clock: new ManualClock(Date.UTC(2026, 10, 30)),
  config: {
    forms: { ...DEFAULT_FORMS_CONFIG, rateLimit: open, uploadsDir: mkdtempSync(join(tmpdir(), 'amina-cv-')) },
  },
});

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is walked as plain JSON
type Json = any;
let doc: Json;
/** Values that pass, by field or parameter name: the rest is made from the schema. */
let good: Record<string, unknown>;
let token: string;

beforeAll(async () => {
  doc = (await get(app, '/openapi.json')).body;
  const member = await registerMember(app);
  token = member.token;
  const paid = (await get(app, '/lms/courses/all?limit=50')).body.items.find(
    (c: { price: number }) => c.price > 0,
  ).id as string;
  const slots = (await get(app, '/p/experts/rana-aziz/slots?offer=consult-30')).body.slots as string[];
  const held = await post(
    app,
    '/consultations/hold',
    { expertId: 'rana-aziz', offerId: 'consult-30', mode: 'video', startsAt: slots[0] },
    { token },
  );
  expect(held.status, held.text).toBe(201);
  good = {
    alias: member.alias,
    userId: member.user.id,
    pin: GOOD_PIN,
    pinConfirm: GOOD_PIN,
    securityAnswers: ANSWERS,
    answers: ANSWERS,
    courseIds: [paid],
    courseId: paid,
    code: 'WELCOME10',
    expectedTotal: await totalFor(app, [paid], 'WELCOME10', token),
    paymentMethodId: await addCard(app, token, SANDBOX_TEST_CARDS.success),
    bookingId: held.body.id,
    expertId: 'rana-aziz',
    offerId: 'consult-30',
    offer: 'consult-30',
    startsAt: slots[1],
    number: SANDBOX_TEST_CARDS.success,
    expiry: '12/35',
    cvc: '123',
    country: 'AE',
    postalCode: '00000',
    replyTo: 'amina@example.org',
    email: 'amina@example.org',
    phone: '+971501234567',
    yearsOfPractice: '12',
    dateOfBirth: '1990-04-21',
    search: 'pain',
  };
});

const resolve = (schema: Json): Json =>
  schema?.$ref ? resolve(doc.components.schemas[schema.$ref.split('/').pop()]) : schema;

/** A value the schema accepts, as far as the schema tells. */
function sample(schema: Json, name?: string): unknown {
  if (name !== undefined && name in good) return good[name];
  const s = resolve(schema);
  if (!s) return undefined;
  if (s.example !== undefined) return s.example;
  const enums = (s.enum ?? []).filter((v: unknown) => v !== null);
  if (enums.length) return enums[0];
  const type = [s.type].flat().find((t: string) => t && t !== 'null');
  if (type === 'object' || s.properties) {
    const o: Record<string, unknown> = {};
    for (const [k, p] of Object.entries(s.properties ?? {})) {
      const v = sample(p, k);
      if (v !== undefined) o[k] = v;
    }
    return o;
  }
  if (type === 'array') return [sample(s.items)];
  if (type === 'integer' || type === 'number') return s.minimum ?? 1;
  if (type === 'boolean') return true;
  if (type !== 'string') return undefined; // no type: the honeypot, left out
  if (s.format === 'uuid') return randomUUID();
  if (s.format === 'email') return 'amina@example.org';
  if (s.format === 'date-time') return '2026-12-01T09:00:00Z';
  const length = Math.min(s.maxLength ?? 60, Math.max(s.minLength ?? 0, 60));
  return 'Plain words from a member '.repeat(5).slice(0, length).trim().padEnd(length, 'x');
}

/** Every string in a value, by dotted path (arrays by index), as fieldsFromIssues names fields. */
function stringPaths(v: unknown, path: string[] = []): string[][] {
  if (typeof v === 'string') return [path];
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => stringPaths(x, [...path, k]));
  return [];
}
function replaced(v: unknown, path: string[], s: string): unknown {
  if (path.length === 0) return s;
  const copy: Json = Array.isArray(v) ? [...v] : { ...(v as object) };
  copy[path[0]] = replaced(copy[path[0]], path.slice(1), s);
  return copy;
}

/** Percent-encoding that also writes a lone surrogate (as the three bytes a careless client would send). */
const encode = (s: string) =>
  [...s]
    .map((ch) => {
      const c = ch.charCodeAt(0);
      if (ch.length > 1 || c < 0xd800 || c > 0xdfff) return encodeURIComponent(ch);
      return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');

interface Operation {
  method: string;
  path: string;
  params: { name: string; in: string; schema: Json }[];
  type?: string;
  body?: Json;
}
function operations(): Operation[] {
  return Object.entries(doc.paths as Json).flatMap(([path, methods]) =>
    Object.entries(methods as Json).map(([method, op]: [string, Json]) => {
      const content = op.requestBody?.content ?? {};
      const type = Object.keys(content)[0];
      return {
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        type,
        body: content[type]?.schema,
      };
    }),
  );
}

let ip = 0;
async function send(op: Operation, params: Record<string, string>, body: unknown) {
  let url = op.path;
  const query: string[] = [];
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  for (const p of op.params) {
    const value = params[p.name];
    if (p.in === 'path') url = url.replace(`{${p.name}}`, value);
    else if (p.in === 'query') query.push(`${p.name}=${value}`);
    else if (p.in === 'header') headers[p.name] = `key_${randomUUID()}`;
  }
  if (query.length) url += `?${query.join('&')}`;
  let payload: BodyInit | undefined;
  if (op.type === 'application/json') {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  } else if (op.type === 'multipart/form-data') {
    const form = new FormData();
    for (const [k, v] of Object.entries(body as object)) if (k !== 'cv') form.append(k, String(v));
    form.append('cv', new Blob([PDF], { type: 'application/pdf' }), 'cv.pdf');
    payload = form;
  }
  const env = { incoming: { socket: { remoteAddress: `198.51.100.${++ip % 250}` } } };
  const res = await app.request(url, { method: op.method, headers, body: payload }, env);
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    body: text.startsWith('{') ? JSON.parse(text) : text,
  };
}

describe(`NUL and lone surrogates on ${usingPostgres() ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('finds them in any string or key of a parsed body, however deep', () => {
    expect(UNSAFE.every(isUnsafeText)).toBe(true);
    expect(['', 'سلام', '😀', '\u0007\t\n', '\ufffd'].some(isUnsafeText)).toBe(false);
    expect(unsafeTextAt({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe('a.1.c');
    expect(unsafeTextAt({ a: { 'k\ud800': 1 } })).toBe('a');
    expect(unsafeTextAt({ a: 1, b: [true, null, 'fine'] })).toBeNull();
    let deep: unknown = '\u0000';
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(unsafeTextAt(deep)).toMatch(/^0(\.0)*$/);
  });

  it('every operation, every string field and parameter: no 5xx; in a body, 400 naming the field', async () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(40);
    let calls = 0;
    for (const op of ops) {
      const params = Object.fromEntries(
        op.params.map((p) => [p.name, encode(String(sample(p.schema, p.name) ?? 'x'))]),
      );
      const body = op.body ? sample(op.body) : undefined;
      for (const s of UNSAFE) {
        for (const p of op.params.filter((x) => x.in !== 'header')) {
          const r = await send(op, { ...params, [p.name]: encode(s) }, body);
          calls++;
          expect(r.status, `${op.method} ${op.path} ${p.name}=${JSON.stringify(s)}: ${r.text}`).toBeLessThan(
            500,
          );
        }
        // a form's text is UTF-8 on the wire: a lone surrogate cannot travel in it (it arrives as U+FFFD)
        if (op.type === 'multipart/form-data' && !s.includes('\u0000')) continue;
        // the CV is a file, not a string field: sent as a PDF every time
        for (const path of stringPaths(body).filter((x) => x.join('.') !== 'cv')) {
          const r = await send(op, params, replaced(body, path, s));
          calls++;
          const what = `${op.method} ${op.path} ${path.join('.')}=${JSON.stringify(s)}: ${r.text.slice(0, 300)}`;
          expect(r.status, what).toBe(400);
          expectEnvelope(r, 'VALIDATION_ERROR');
          expect(r.body.error.fieldCodes, what).toEqual({ [path.join('.')]: 'INVALID' });
        }
      }
    }
    expect(calls).toBeGreaterThan(300);
  });
});
