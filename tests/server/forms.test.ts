/**
 * The public forms (issue 9) on PGlite and PostgreSQL: every form's bad input is a 4xx envelope with
 * field codes (never a 5xx), the honeypot stores nothing, the CV is a PDF by its content and at most
 * 5 MB, kept 0600 in a 0700 folder under the uploads dir, the throttle holds and refills with the
 * clock, rows carry the clock's time and the page language, and with SMTP_URL the team gets a mail
 * with the CV attached (a real SMTP server on loopback). Nothing a person wrote reaches the log.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { formProblems } from '../../contract/forms-rules.ts';
import type { FormsConfig } from '../../server/config.ts';
import { formSubmissions } from '../../server/db/schema.ts';
import { formatSubmission, parseListArgs } from '../../server/forms-list.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import type { Logger } from '../../server/lib/log.ts';
import { APPLICATION } from './fixtures/forms.ts';
import { call, expectEnvelope, post, type Reply, testApp } from './helpers.ts';
import { setupTestDb } from './test-db.ts';

const uploads = mkdtempSync(join(tmpdir(), 'amina-forms-'));
const uploadsDir = join(uploads, 'uploads');
afterAll(() => rmSync(uploads, { recursive: true, force: true }));

const formsConfig = (over: Partial<FormsConfig> = {}): FormsConfig => ({
  rateLimit: { limit: 100_000, windowMs: 15 * 60_000 },
  uploadsDir,
  teamEmail: 'team@example.org',
  mailFrom: 'forms@example.org',
  ...over,
});

const lines: string[] = [];
const logger: Logger = {
  request: (l) => lines.push(JSON.stringify(l)),
  info: (msg, f) => lines.push(JSON.stringify({ msg, ...f })),
  error: (msg, f) => lines.push(JSON.stringify({ msg, ...f })),
} as Logger;

const clock = new ManualClock(Date.UTC(2026, 10, 20, 9, 30));
const { db, app } = await setupTestDb({ clock, config: { forms: formsConfig() }, logger });

let ipCounter = 0;
/** Each test its own address, so the throttle of one never touches another (PostgreSQL shares buckets). */
let ip = '';
beforeEach(() => {
  ip = `198.51.100.${++ipCounter}`;
});

const PDF = readFileSync(join(import.meta.dirname, '../fixtures/cv.pdf'));

const GOOD = {
  contact: {
    name: '',
    replyTo: 'layla@example.org',
    subject: 'A question',
    message: 'Where can I find the course on menopause?',
  },
  programs: {
    organisation: 'Noor Women’s Association',
    organisationKind: 'nonprofit',
    size: '50-249',
    country: 'jo',
    email: 'Programs@Noor.Example.ORG',
    message: 'We would like sponsored seats for the women we support.',
  },
  partnerships: {
    organisation: 'Example Co',
    circle: 'corporate',
    email: 'hr@example.com',
    message: 'We would like to offer your courses to our staff.',
  },
  concern: {
    topic: 'expert',
    details: 'The expert was dismissive during my consultation.',
    when: '',
    replyTo: '',
  },
} as const;

function application(
  fields: Record<string, string> = APPLICATION,
  cv?: { bytes: Uint8Array; name: string; type?: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (cv)
    form.append(
      'cv',
      new Blob([cv.bytes as Uint8Array<ArrayBuffer>], { type: cv.type ?? 'application/pdf' }),
      cv.name,
    );
  return form;
}

async function apply(form: FormData, headers: Record<string, string> = {}, a = app): Promise<Reply> {
  const req = new Request('http://localhost/api/forms/expert-application', {
    method: 'POST',
    body: form,
    headers,
  });
  const res = await a.request(req, undefined, { incoming: { socket: { remoteAddress: ip } } });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
  };
}

async function rows(kind?: string) {
  const all = await db.db.select().from(formSubmissions);
  return kind ? all.filter((r) => r.kind === kind) : all;
}

describe('the four enquiry forms', () => {
  it.each(Object.entries(GOOD))(
    'stores a good %s form with the clock’s time and the page language',
    async (kind, body) => {
      const before = (await rows(kind)).length;
      const r = await post(app, `/forms/${kind}`, body, { ip, headers: { 'accept-language': 'ar' } });
      expect(r.status).toBe(201);
      expect(r.body).toEqual({ received: true });
      const after = await rows(kind);
      expect(after).toHaveLength(before + 1);
      const row = after.at(-1)!;
      expect(row.locale).toBe('ar');
      expect(row.createdAt.toISOString()).toBe('2026-11-20T09:30:00.000Z');
      expect(row.cvPath).toBeNull();
      expect(Object.keys(row.fields).sort()).toEqual(Object.keys(body).sort());
    },
  );

  it('trims and normalises what it keeps (country in capitals, e-mail domain in lower case)', async () => {
    const r = await post(app, '/forms/programs', { ...GOOD.programs, organisation: '  Noor  ' }, { ip });
    expect(r.status).toBe(201);
    const row = (await rows('programs')).at(-1)!;
    expect(row.fields.country).toBe('JO');
    expect(row.fields.email).toBe('Programs@noor.example.org');
    expect(row.fields.organisation).toBe('Noor');
  });

  it('a concern may be fully anonymous: only what it is about and what happened', async () => {
    const r = await post(
      app,
      '/forms/concern',
      { topic: 'security', details: 'Someone else knows my PIN, I think.' },
      { ip },
    );
    expect(r.status).toBe(201);
    const row = (await rows('concern')).at(-1)!;
    expect(row.fields).toEqual({
      topic: 'security',
      details: 'Someone else knows my PIN, I think.',
      when: '',
      replyTo: '',
    });
  });

  it.each(Object.keys(GOOD))('refuses an empty %s form with a code for each required field', async (kind) => {
    const r = await post(app, `/forms/${kind}`, {}, { ip });
    expect(r.status).toBe(400);
    expectEnvelope(r, 'VALIDATION_ERROR');
    const expected = formProblems(kind as keyof typeof GOOD, {});
    expect(Object.keys(expected).length).toBeGreaterThan(1);
    expect(r.body.error.fieldCodes).toEqual(expected);
  });

  it('gives the right code per field: lengths, e-mail, a way to reply, choices, country', async () => {
    const long = 'x'.repeat(5001);
    const cases: [string, Record<string, unknown>, Record<string, string>][] = [
      [
        'contact',
        { ...GOOD.contact, subject: 'hi', message: long },
        { subject: 'TEXT_TOO_SHORT', message: 'TEXT_TOO_LONG' },
      ],
      ['contact', { ...GOOD.contact, replyTo: 'not a way to reach me' }, { replyTo: 'REPLY_INVALID' }],
      ['contact', { ...GOOD.contact, replyTo: '+971 50 123 4567' }, {}],
      ['contact', { ...GOOD.contact, name: 'two\nlines' }, { name: 'TEXT_TOO_LONG' }],
      [
        'programs',
        { ...GOOD.programs, email: 'nobody@', organisationKind: 'club', size: '7', country: 'XX' },
        {
          email: 'EMAIL_INVALID',
          organisationKind: 'CHOICE_INVALID',
          size: 'CHOICE_INVALID',
          country: 'COUNTRY_INVALID',
        },
      ],
      [
        'partnerships',
        { ...GOOD.partnerships, circle: 'nonprofit ', organisation: 7 },
        { organisation: 'INVALID' },
      ],
      [
        'concern',
        { ...GOOD.concern, topic: 'gossip', details: 'short' },
        { topic: 'CHOICE_INVALID', details: 'TEXT_TOO_SHORT' },
      ],
    ];
    for (const [kind, body, codes] of cases) {
      const r = await post(app, `/forms/${kind}`, body, { ip });
      if (Object.keys(codes).length === 0) {
        expect(r.status, JSON.stringify(body)).toBe(201);
        continue;
      }
      expect(r.status, JSON.stringify(body)).toBe(400);
      expectEnvelope(r, 'VALIDATION_ERROR');
      expect(r.body.error.fieldCodes).toEqual(codes);
    }
  });

  it('answers malformed JSON, a wrong content type, an array, no body and a huge body with 4xx envelopes', async () => {
    const attempts = [
      call(app, 'POST', '/api/forms/contact', {
        body: '{"subject":',
        headers: { 'content-type': 'application/json' },
        ip,
      }),
      call(app, 'POST', '/api/forms/contact', {
        body: 'subject=hi',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        ip,
      }),
      call(app, 'POST', '/api/forms/contact', {
        body: '[1,2]',
        headers: { 'content-type': 'application/json' },
        ip,
      }),
      call(app, 'POST', '/api/forms/concern', { ip }),
      post(app, '/forms/partnerships', { ...GOOD.partnerships, message: 'x'.repeat(70_000) }, { ip }),
      post(app, '/forms/nothing-here', GOOD.contact, { ip }),
    ];
    const codes = [];
    for (const r of await Promise.all(attempts)) {
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expectEnvelope(r);
      codes.push(r.body.error.code);
    }
    expect(codes).toEqual([
      'INVALID_JSON',
      'UNSUPPORTED_MEDIA_TYPE',
      'INVALID_JSON',
      'INVALID_JSON',
      'PAYLOAD_TOO_LARGE',
      'NOT_FOUND',
    ]);
  });

  it('answers a filled honeypot like a success and keeps nothing, even when the rest is nonsense', async () => {
    const before = (await rows()).length;
    const good = await post(
      app,
      '/forms/contact',
      { ...GOOD.contact, website: 'http://spam.example' },
      { ip },
    );
    const junk = await post(app, '/forms/concern', { website: 'buy now' }, { ip });
    for (const r of [good, junk]) {
      expect(r.status).toBe(201);
      expect(r.body).toEqual({ received: true });
    }
    expect(await rows()).toHaveLength(before);
  });
});

describe('the expert application (multipart, with a CV)', () => {
  it('stores a good application, its CV under the uploads folder (0700) as a random name, 0600', async () => {
    const r = await apply(application(APPLICATION, { bytes: PDF, name: 'my cv.pdf' }), {
      'accept-language': 'en',
    });
    expect(r.status, r.text).toBe(201);
    expect(r.body).toEqual({ received: true });
    const row = (await rows('expert-application')).at(-1)!;
    expect(row.fields).toEqual(APPLICATION);
    expect(row.locale).toBe('en');
    expect(row.cvSize).toBe(PDF.byteLength);
    expect(row.cvPath!.startsWith(`${uploadsDir}/`)).toBe(true);
    expect(row.cvPath).toMatch(/\/[0-9a-f-]{36}\.pdf$/);
    expect(row.cvPath).not.toContain('my cv');
    expect(statSync(row.cvPath!).mode & 0o777).toBe(0o600);
    expect(statSync(uploadsDir).mode & 0o777).toBe(0o700);
    expect(readFileSync(row.cvPath!).equals(PDF)).toBe(true);
  });

  it('is never served: the CV is not reachable under any public path', async () => {
    const row = (await rows('expert-application')).at(-1)!;
    const name = row.cvPath!.split('/').at(-1)!;
    for (const path of [`/uploads/${name}`, `/api/uploads/${name}`, `/data/uploads/${name}`]) {
      const r = await call(app, 'GET', path, { ip });
      expect(r.text).not.toContain('%PDF-');
    }
  });

  it('refuses a text file renamed .pdf and declared application/pdf (checked by content)', async () => {
    const before = (await rows()).length;
    const fake = new TextEncoder().encode('Hello, this is not a PDF at all.\n');
    const r = await apply(application(APPLICATION, { bytes: fake, name: 'cv.pdf', type: 'application/pdf' }));
    expect(r.status).toBe(400);
    expectEnvelope(r, 'VALIDATION_ERROR');
    expect(r.body.error.fieldCodes).toEqual({ cv: 'FILE_NOT_PDF' });
    expect(await rows()).toHaveLength(before);
  });

  it('refuses a 6 MB file with 413 and the CV’s field code, and a file just over 5 MB with 400', async () => {
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(PDF.subarray(0, 5));
    const r = await apply(application(APPLICATION, { bytes: big, name: 'cv.pdf' }));
    expect(r.status).toBe(413);
    expectEnvelope(r, 'PAYLOAD_TOO_LARGE');
    expect(r.body.error.fieldCodes).toEqual({ cv: 'FILE_TOO_LARGE' });

    const over = new Uint8Array(5 * 1024 * 1024 + 1);
    over.set(PDF.subarray(0, 5));
    const r2 = await apply(application(APPLICATION, { bytes: over, name: 'cv.pdf' }));
    expect(r2.status).toBe(400);
    expect(r2.body.error.fieldCodes).toEqual({ cv: 'FILE_TOO_LARGE' });
  });

  it('reports a missing CV together with every field problem', async () => {
    const r = await apply(
      application({
        ...APPLICATION,
        email: 'x',
        yearsOfPractice: '61',
        profession: 'surgeon',
        statement: 'Too short.',
      }),
    );
    expect(r.status).toBe(400);
    expect(r.body.error.fieldCodes).toEqual({
      email: 'EMAIL_INVALID',
      yearsOfPractice: 'YEARS_INVALID',
      profession: 'CHOICE_INVALID',
      statement: 'TEXT_TOO_SHORT',
      cv: 'FILE_REQUIRED',
    });
    const text = await apply(application({ ...APPLICATION, cv: 'not a file' }));
    expect(text.body.error.fieldCodes).toEqual({ cv: 'FILE_REQUIRED' });
  });

  it('answers JSON, a form without multipart, and a broken multipart body with 4xx envelopes', async () => {
    const json = await post(app, '/forms/expert-application', APPLICATION, { ip });
    expect(json.status).toBe(415);
    expectEnvelope(json, 'UNSUPPORTED_MEDIA_TYPE');
    const broken = await call(app, 'POST', '/api/forms/expert-application', {
      body: '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nHana',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      ip,
    });
    expect(broken.status).toBeGreaterThanOrEqual(400);
    expect(broken.status).toBeLessThan(500);
    expectEnvelope(broken);
  });

  it('answers a filled honeypot like a success and writes no file', async () => {
    const before = (await rows()).length;
    const r = await apply(application({ ...APPLICATION, website: 'spam' }, { bytes: PDF, name: 'cv.pdf' }));
    expect(r.status).toBe(201);
    expect(await rows()).toHaveLength(before);
  });
});

describe('throttle', () => {
  it('holds at FORM_RATE_LIMIT per address across the forms and refills with the clock', async () => {
    const c = new ManualClock(Date.UTC(2026, 10, 21));
    const limited = testApp({
      db,
      clock: c,
      config: { forms: formsConfig({ rateLimit: { limit: 3, windowMs: 15 * 60_000 } }) },
    });
    for (let i = 0; i < 3; i++) {
      const r = await post(
        limited,
        i === 1 ? '/forms/concern' : '/forms/contact',
        i === 1 ? GOOD.concern : GOOD.contact,
        { ip },
      );
      expect(r.status).toBe(201);
    }
    const refused = await post(limited, '/forms/partnerships', GOOD.partnerships, { ip });
    expect(refused.status).toBe(429);
    expectEnvelope(refused, 'RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const upload = await apply(application(APPLICATION, { bytes: PDF, name: 'cv.pdf' }), {}, limited);
    expect(upload.status).toBe(429);
    // another address is not held back
    expect((await post(limited, '/forms/contact', GOOD.contact, { ip: '192.0.2.250' })).status).toBe(201);
    // one request every 5 minutes comes back
    c.advance(5 * 60_000);
    expect((await post(limited, '/forms/contact', GOOD.contact, { ip })).status).toBe(201);
    expect((await post(limited, '/forms/contact', GOOD.contact, { ip })).status).toBe(429);
  });
});

describe('reaching the team by mail', () => {
  it('mails each submission to TEAM_EMAIL over SMTP, the CV attached, and marks the row mailed', async () => {
    const received: { from: string; to: string[]; data: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (b: Buffer) => chunks.push(b));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString('utf8'),
          });
          done();
        });
      },
    });
    await new Promise<void>((res) => smtp.listen(0, '127.0.0.1', () => res()));
    const port = (smtp.server.address() as AddressInfo).port;
    try {
      const mailing = testApp({
        db,
        clock,
        logger,
        config: { forms: formsConfig({ smtpUrl: `smtp://127.0.0.1:${port}` }) },
      });
      const r = await apply(
        application(APPLICATION, { bytes: PDF, name: 'cv.pdf' }),
        { 'accept-language': 'ar' },
        mailing,
      );
      expect(r.status).toBe(201);
      await mailing.forms.idle();
      expect(received).toHaveLength(1);
      const mail = received[0];
      expect(mail.from).toBe('forms@example.org');
      expect(mail.to).toEqual(['team@example.org']);
      expect(mail.data).toMatch(/^Subject: \[Amina\] Expert application/m);
      expect(mail.data).toMatch(/^Reply-To: hana@example\.org/m);
      expect(mail.data).toMatch(/Content-Type: application\/pdf; name=cv-2026-11-20-/);
      // the attachment is the CV, byte for byte
      const b64 =
        mail.data
          .split(/Content-Transfer-Encoding: base64\r?\n(?:Content-Disposition:[^\r\n]*\r?\n)?\r?\n/)[1]
          ?.split('\r\n--')[0] ?? '';
      expect(Buffer.from(b64.replace(/\s+/g, ''), 'base64').equals(PDF)).toBe(true);
      const row = (await rows('expert-application')).at(-1)!;
      expect(row.mailedAt?.toISOString()).toBe('2026-11-20T09:30:00.000Z');
    } finally {
      await new Promise<void>((res) => smtp.close(() => res()));
    }
  });

  it('keeps the submission when the mail fails, and logs the failure without contents', async () => {
    lines.length = 0;
    const failing = testApp({
      db,
      clock,
      logger,
      // nothing listens on port 9 of loopback
      config: { forms: formsConfig({ smtpUrl: 'smtp://127.0.0.1:9' }) },
    });
    const secret = 'my private words about my body';
    const r = await post(failing, '/forms/contact', { ...GOOD.contact, message: secret }, { ip });
    expect(r.status).toBe(201);
    await failing.forms.idle();
    const row = (await db.db.select().from(formSubmissions).where(eq(formSubmissions.kind, 'contact'))).find(
      (x) => x.fields.message === secret,
    );
    expect(row).toBeDefined();
    expect(row!.mailedAt).toBeNull();
    const log = lines.join('\n');
    expect(log).toContain('form mail failed');
    expect(log).not.toContain(secret);
    expect(log).not.toContain('layla@example.org');
  });

  it('never logs what was written or an e-mail address', () => {
    const log = lines.join('\n');
    expect(log).toContain('form received');
    for (const value of [...Object.values(GOOD.contact), ...Object.values(APPLICATION)].filter(
      (v) => v.length > 3,
    ))
      expect(log).not.toContain(value);
  });
});

describe('the reference', () => {
  it('documents the five forms in /api/openapi.json', async () => {
    const r = await call(app, 'GET', '/api/openapi.json', { ip });
    expect(r.status).toBe(200);
    const paths = r.body.paths as Record<
      string,
      Record<string, { requestBody?: { content: Record<string, unknown> } }>
    >;
    for (const kind of ['contact', 'programs', 'partnerships', 'concern'])
      expect(Object.keys(paths[`/api/forms/${kind}`]?.post?.requestBody?.content ?? {})).toEqual([
        'application/json',
      ]);
    expect(Object.keys(paths['/api/forms/expert-application'].post.requestBody!.content)).toEqual([
      'multipart/form-data',
    ]);
  });
});

describe('npm run forms:list', () => {
  it('lists newest first, narrowed by kind and since, with the fields and the CV path', async () => {
    const c = new ManualClock(Date.UTC(2026, 10, 22, 8));
    const later = testApp({ db, clock: c, config: { forms: formsConfig() } });
    await post(
      later,
      '/forms/concern',
      { ...GOOD.concern, details: 'First of two concerns, the older one.' },
      { ip },
    );
    c.advance(60_000);
    await post(
      later,
      '/forms/concern',
      { ...GOOD.concern, details: 'Second line one\nand line two.' },
      { ip },
    );
    const { kind, since } = parseListArgs(['--kind', 'concern', '--since', '2026-11-22']);
    const list = await later.forms.list({ kind, since });
    expect(list.map((s) => s.fields.details)).toEqual([
      'Second line one\nand line two.',
      'First of two concerns, the older one.',
    ]);
    const text = formatSubmission(list[0]);
    expect(text).toContain('── concern · 2026-11-22 08:01 UTC · English page');
    // a field stays on its line: her newline is shown, not obeyed (team-commands.test.ts)
    expect(text).toContain('details: Second line one\\nand line two.');
    const withCv = (await app.forms.list({ kind: 'expert-application' }))[0];
    expect(formatSubmission(withCv)).toContain(`CV: ${withCv.cvPath} (${PDF.byteLength} bytes)`);
    expect(() => parseListArgs(['--kind', 'spam'])).toThrow(/--kind must be one of/);
    expect(() => parseListArgs(['--since', 'yesterday'])).toThrow(/--since/);
  });
});
