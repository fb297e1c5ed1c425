/**
 * Staff sign-in (issue 26) on the server: the set-up link (once, 72 hours), the password's rules,
 * the password step (unknown and wrong answer alike), the lockout over wrong passwords and wrong
 * codes together, authenticator-app codes (enrol, confirm, sign in, never the same step twice),
 * passkeys (real WebAuthn responses built here with node:crypto: 'none' attestation, ES256), the
 * session (a new token after the second factor, idle end, logout), her language, the audit log, and
 * the wall between members and staff (a bearer token on a staff route, the cookie on a member's).
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { desc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { STAFF_COOKIE } from '../../contract/staff.ts';
import { auditLog, staff, staffPasskeys } from '../../server/db/schema.ts';
import { addStaff, type NewStaff } from '../../server/domain/staff-create.ts';
import { passwordProblem } from '../../server/domain/staff-password.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import { call, countingHasher, expectEnvelope, registerMember, testApp } from './helpers.ts';
import { setupTestDb } from './test-db.ts';

const clock = new ManualClock(Date.UTC(2026, 10, 28, 9, 0));
const { db: database, app } = await setupTestDb({ clock });
const { db } = database;

const PASSWORD = 'cedar lantern orbit 7';
let n = 0;

async function newStaff(over: Partial<NewStaff> = {}) {
  n++;
  return addStaff(db, clock, {
    email: `staff${n}.${Date.now()}@example.org`,
    name: `Staff ${n}`,
    roles: ['moderator'],
    expertId: null,
    language: 'en',
    ...over,
  });
}

/** A request with the staff cookie (when given); returns the reply and the cookie it set, if any. */
async function send(
  method: string,
  path: string,
  opts: { cookie?: string; json?: unknown; token?: string } = {},
) {
  const r = await call(app, method, `/api${path}`, {
    json: opts.json,
    token: opts.token,
    headers: opts.cookie ? { cookie: `${STAFF_COOKIE}=${opts.cookie}` } : {},
  });
  const set = r.headers.get('set-cookie') ?? '';
  const m = new RegExp(`${STAFF_COOKIE}=([^;]*)`).exec(set);
  return Object.assign(r, { cookie: m ? m[1] : undefined, setCookie: set });
}

async function setUp(over: Partial<NewStaff> = {}) {
  const added = await newStaff(over);
  const r = await send('POST', '/staff/setup', { json: { token: added.token, password: PASSWORD } });
  expect(r.status, r.text).toBe(200);
  return { ...added, half: r.cookie as string };
}

const codeAt = (secret: string, at: Date) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

/** Set up with an authenticator app: returns her full session's cookie and the secret. */
async function withTotp(over: Partial<NewStaff> = {}) {
  const s = await setUp(over);
  const e = await send('POST', '/staff/enrol/totp', { cookie: s.half });
  expect(e.status, e.text).toBe(200);
  const c = await send('POST', '/staff/enrol/totp/confirm', {
    cookie: s.half,
    json: { code: await codeAt(e.body.secret, clock.now()) },
  });
  expect(c.status, c.text).toBe(200);
  return { ...s, secret: e.body.secret as string, full: c.cookie as string };
}

const actions = async (id: string) =>
  (
    await db
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.staffId, id))
  ).map((r) => r.action);

describe('the set-up link', () => {
  it('tells whose it is, sets her password once, and then answers 410', async () => {
    const added = await newStaff({ name: 'Rana Aziz', language: 'ar' });
    const info = await send('GET', `/staff/setup/${added.token}`);
    expect(info.status).toBe(200);
    expect(info.body).toEqual({ email: added.email, name: 'Rana Aziz', language: 'ar' });
    const r = await send('POST', '/staff/setup', { json: { token: added.token, password: PASSWORD } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ stage: 'enrol', factors: [] });
    expect(r.setCookie).toMatch(/HttpOnly/i);
    expect(r.setCookie).toMatch(/SameSite=Strict/i);
    expect(r.setCookie).toMatch(/Path=\/api\/staff/);
    expect(r.setCookie).not.toMatch(/Secure/i);
    expectEnvelope(await send('GET', `/staff/setup/${added.token}`), 'STAFF_SETUP_INVALID');
    const again = await send('POST', '/staff/setup', { json: { token: added.token, password: PASSWORD } });
    expect(again.status).toBe(410);
    expect(await actions(added.id)).toContain('staff.setup');
  });

  it('stops working after 72 hours, and an unknown token is the same 410', async () => {
    const added = await newStaff();
    clock.advance(72 * 3_600_000 + 1000);
    expect((await send('GET', `/staff/setup/${added.token}`)).status).toBe(410);
    expect((await send('GET', '/staff/setup/nothing-of-ours')).status).toBe(410);
  });

  it('refuses a short, a common or an e-mail-like password with a field code, and keeps the link', async () => {
    const added = await newStaff({ email: `salma.nasser${Date.now()}@example.org` });
    for (const [password, code] of [
      ['short pass', 'PASSWORD_TOO_SHORT'],
      ['password1234', 'PASSWORD_TOO_COMMON'],
      ['qwertyuiop12', 'PASSWORD_TOO_COMMON'],
      [`${added.email.split('@')[0]}!!`, 'PASSWORD_HAS_EMAIL'],
      ['x'.repeat(129), 'PASSWORD_TOO_LONG'],
    ] as const) {
      const r = await send('POST', '/staff/setup', { json: { token: added.token, password } });
      expect(r.status, password).toBe(400);
      expect(r.body.error.fieldCodes).toEqual({ password: code });
    }
    expect((await send('GET', `/staff/setup/${added.token}`)).status).toBe(200);
  });
});

describe('password rules', () => {
  it('accepts a long phrase and counts characters, not bytes', () => {
    expect(passwordProblem(PASSWORD, 'rana@example.org')).toBeNull();
    expect(passwordProblem('شجرة الأرز ٢٠٢٦', 'rana@example.org')).toBeNull();
    expect(passwordProblem('🌴🌴🌴🌴🌴🌴', 'rana@example.org')).toBe('PASSWORD_TOO_SHORT');
    expect(passwordProblem('aaaaaaaaaaaaaaa', 'rana@example.org')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('12345678901234', 'rana@example.org')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('Password!2026Password', 'rana@example.org')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('my RANA garden 2026', 'rana@example.org')).toBe('PASSWORD_HAS_EMAIL');
  });
});

describe('signing in with an authenticator app', () => {
  it('enrols with a QR code drawn here, signs in, and opens /staff/me under a new token', async () => {
    const s = await setUp({ roles: ['expert', 'moderator'], expertId: 'rana-aziz' });
    const e = await send('POST', '/staff/enrol/totp', { cookie: s.half });
    expect(e.body.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(e.body.uri).toContain(`secret=${e.body.secret}`);
    expect(e.body.qrSvg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const [row] = await db.select().from(staff).where(eq(staff.id, s.id));
    expect(row.totpPending).not.toContain(e.body.secret);
    expect((await send('GET', '/staff/me', { cookie: s.half })).status).toBe(401);
    const bad = await send('POST', '/staff/enrol/totp/confirm', { cookie: s.half, json: { code: '12345' } });
    expect(bad.body.error.fieldCodes).toEqual({ code: 'CODE_INVALID' });
    const c = await send('POST', '/staff/enrol/totp/confirm', {
      cookie: s.half,
      json: { code: await codeAt(e.body.secret, clock.now()) },
    });
    expect(c.status, c.text).toBe(200);
    expect(c.cookie).toBeTruthy();
    expect(c.cookie).not.toBe(s.half);
    expect(c.body).toMatchObject({
      id: s.id,
      roles: ['expert', 'moderator'],
      expertId: 'rana-aziz',
      factors: ['totp'],
    });
    // the half session is gone; the new one opens her account
    expect(
      (await send('POST', '/staff/login/totp', { cookie: s.half, json: { code: '000000' } })).status,
    ).toBe(401);
    const me = await send('GET', '/staff/me', { cookie: c.cookie });
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
    expect(me.body.email).toBe(s.email);
    expect(await actions(s.id)).toEqual(expect.arrayContaining(['staff.factor.added', 'staff.login']));

    // signing in again: password, then a code of a later step (the enrolment's step is used)
    clock.advance(30_000);
    const login = await send('POST', '/staff/login', {
      json: { email: s.email.toUpperCase(), password: PASSWORD },
    });
    expect(login.body).toEqual({ stage: 'second-factor', factors: ['totp'] });
    const code = await codeAt(e.body.secret, clock.now());
    const ok = await send('POST', '/staff/login/totp', { cookie: login.cookie, json: { code } });
    expect(ok.status, ok.text).toBe(200);
    // the same code again (same step) is refused, even within its window
    const login2 = await send('POST', '/staff/login', { json: { email: s.email, password: PASSWORD } });
    const replay = await send('POST', '/staff/login/totp', { cookie: login2.cookie, json: { code } });
    expectEnvelope(replay, 'SECOND_FACTOR_INVALID');
    // a code from 2 steps ago is refused; one from the step ahead (a phone's clock running fast) is accepted
    clock.advance(30_000);
    const old = await codeAt(e.body.secret, new Date(clock.now().getTime() - 60_000));
    expectEnvelope(
      await send('POST', '/staff/login/totp', { cookie: login2.cookie, json: { code: old } }),
      'SECOND_FACTOR_INVALID',
    );
    const next = await codeAt(e.body.secret, new Date(clock.now().getTime() + 30_000));
    expect(
      (await send('POST', '/staff/login/totp', { cookie: login2.cookie, json: { code: next } })).status,
    ).toBe(200);
  });

  it('a half session of someone with a factor cannot enrol another (the password alone adds nothing)', async () => {
    const s = await withTotp();
    const login = await send('POST', '/staff/login', { json: { email: s.email, password: PASSWORD } });
    expectEnvelope(
      await send('POST', '/staff/enrol/totp', { cookie: login.cookie }),
      'SECOND_FACTOR_REQUIRED',
    );
    expectEnvelope(
      await send('POST', '/staff/enrol/passkey/options', { cookie: login.cookie }),
      'SECOND_FACTOR_REQUIRED',
    );
    // a full session may add her other factor
    expect((await send('POST', '/staff/enrol/passkey/options', { cookie: s.full })).status).toBe(200);
  });
});

describe('the password step', () => {
  it('answers an unknown address, a wrong password and an account not set up alike', async () => {
    const s = await setUp();
    const notSetUp = await newStaff();
    for (const body of [
      { email: 'nobody@example.org', password: PASSWORD },
      { email: s.email, password: `${PASSWORD}x` },
      { email: notSetUp.email, password: PASSWORD },
    ]) {
      const r = await send('POST', '/staff/login', { json: body });
      expect(r.status).toBe(401);
      expectEnvelope(r, 'INVALID_CREDENTIALS');
      expect(r.cookie).toBeUndefined();
    }
    const failed = await db.select().from(auditLog).where(eq(auditLog.action, 'staff.login.failed'));
    expect(failed.some((f) => f.staffId === s.id)).toBe(true);
    expect(failed.some((f) => f.staffId === null && f.staffEmail === null)).toBe(true);
    expect(JSON.stringify(failed)).not.toContain(PASSWORD);
  });

  it('locks after 5 failures of passwords and codes together; a right password does not clear the count', async () => {
    const s = await withTotp();
    const wrong = () =>
      send('POST', '/staff/login', { json: { email: s.email, password: 'not the password at all' } });
    for (let i = 0; i < 3; i++) expect((await wrong()).status).toBe(401);
    const half = await send('POST', '/staff/login', { json: { email: s.email, password: PASSWORD } });
    expect(half.status).toBe(200);
    expect(
      (await send('POST', '/staff/login/totp', { cookie: half.cookie, json: { code: '000000' } })).status,
    ).toBe(401);
    const locked = await send('POST', '/staff/login/totp', { cookie: half.cookie, json: { code: '000001' } });
    expectEnvelope(locked, 'TOO_MANY_ATTEMPTS');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expectEnvelope(
      await send('POST', '/staff/login', { json: { email: s.email, password: PASSWORD } }),
      'TOO_MANY_ATTEMPTS',
    );
    clock.advance(61_000);
    const again = await send('POST', '/staff/login', { json: { email: s.email, password: PASSWORD } });
    expect(again.status).toBe(200);
    const code = await codeAt(s.secret, clock.now());
    expect((await send('POST', '/staff/login/totp', { cookie: again.cookie, json: { code } })).status).toBe(
      200,
    );
    const [row] = await db.select().from(staff).where(eq(staff.id, s.id));
    expect(row.failedAttempts).toBe(0);
  });

  it('a disabled account: its sessions end and its password answers as a wrong one', async () => {
    const s = await withTotp();
    await db.update(staff).set({ disabledAt: clock.now() }).where(eq(staff.id, s.id));
    expect((await send('GET', '/staff/me', { cookie: s.full })).status).toBe(401);
    expectEnvelope(
      await send('POST', '/staff/login', { json: { email: s.email, password: PASSWORD } }),
      'INVALID_CREDENTIALS',
    );
  });
});

describe('the session', () => {
  it('ends after 30 minutes idle, moves with each request, and a half one after 10 minutes', async () => {
    const s = await withTotp();
    clock.advance(20 * 60_000);
    expect((await send('GET', '/staff/me', { cookie: s.full })).status).toBe(200);
    clock.advance(20 * 60_000);
    expect((await send('GET', '/staff/me', { cookie: s.full })).status).toBe(200);
    clock.advance(31 * 60_000);
    expect((await send('GET', '/staff/me', { cookie: s.full })).status).toBe(401);
    const half = await send('POST', '/staff/login', { json: { email: s.email, password: PASSWORD } });
    clock.advance(11 * 60_000);
    const late = await send('POST', '/staff/login/totp', {
      cookie: half.cookie,
      json: { code: await codeAt(s.secret, clock.now()) },
    });
    expectEnvelope(late, 'UNAUTHORIZED');
  });

  it('logout ends it and clears the cookie; her language is saved', async () => {
    const s = await withTotp();
    const lang = await send('PUT', '/staff/me/language', { cookie: s.full, json: { language: 'ar' } });
    expect(lang.body.language).toBe('ar');
    expect(
      (await send('PUT', '/staff/me/language', { cookie: s.full, json: { language: 'fr' } })).body.error
        .fieldCodes,
    ).toEqual({ language: 'LANGUAGE_INVALID' });
    const out = await send('POST', '/staff/logout', { cookie: s.full });
    expect(out.status).toBe(204);
    expect(out.setCookie).toMatch(new RegExp(`${STAFF_COOKIE}=;`));
    expect((await send('GET', '/staff/me', { cookie: s.full })).status).toBe(401);
    expect(await actions(s.id)).toContain('staff.logout');
  });

  it("a member's bearer token opens no staff route, and the staff cookie no member route", async () => {
    const member = await registerMember(app);
    expectEnvelope(await send('GET', '/staff/me', { token: member.token }), 'UNAUTHORIZED');
    const s = await withTotp();
    expect((await send('GET', '/users/profile', { cookie: s.full })).status).toBe(401);
    const r = await call(app, 'GET', '/api/users/profile', {
      headers: { cookie: `${STAFF_COOKIE}=${s.full}`, authorization: `Bearer ${s.full}` },
    });
    expect(r.status).toBe(401);
  });

  it('Secure on https', async () => {
    const https = testApp({
      db: database,
      clock,
      config: { site: { publicUrl: 'https://amina.example', quickExitUrl: 'https://example.org' } },
    });
    const added = await newStaff();
    const r = await call(https, 'POST', '/api/staff/setup', {
      json: { token: added.token, password: PASSWORD },
    });
    expect(r.headers.get('set-cookie')).toMatch(/; Secure/);
  });
});

// ------------------------------------------------------------------ passkeys: a software authenticator

const b64u = (b: Uint8Array | string) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();
const u32 = (n: number) => Buffer.from([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

/** One ES256 credential, answering WebAuthn ceremonies as a browser would ('none' attestation). */
function authenticator(origin = 'http://localhost:4301', rpID = 'localhost') {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x as string, 'base64url')],
      [-3, Buffer.from(jwk.y as string, 'base64url')],
    ]),
  );
  const credId = randomBytes(16);
  let counter = 0;
  const clientData = (type: string, challenge: string, from = origin) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: from, crossOrigin: false }));
  return {
    id: b64u(credId),
    create(options: { challenge: string }, from = origin) {
      const authData = Buffer.concat([
        sha256(rpID),
        Buffer.from([0x45]), // user present, verified, attested credential data
        u32(0),
        Buffer.alloc(16),
        Buffer.from([0, credId.length]),
        credId,
        cose,
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]) as never,
      );
      return {
        id: b64u(credId),
        rawId: b64u(credId),
        type: 'public-key',
        response: {
          clientDataJSON: b64u(clientData('webauthn.create', options.challenge, from)),
          attestationObject: b64u(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    get(options: { challenge: string }, from = origin) {
      counter++;
      const authData = Buffer.concat([sha256(rpID), Buffer.from([0x05]), u32(counter)]);
      const data = clientData('webauthn.get', options.challenge, from);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), privateKey);
      return {
        id: b64u(credId),
        rawId: b64u(credId),
        type: 'public-key',
        response: {
          clientDataJSON: b64u(data),
          authenticatorData: b64u(authData),
          signature: b64u(signature),
        },
        clientExtensionResults: {},
      };
    },
  };
}

/** Set up with a passkey (her first factor, from the half session). */
async function withPasskey() {
  const s = await setUp();
  const key = authenticator();
  const options = await send('POST', '/staff/enrol/passkey/options', { cookie: s.half });
  expect(options.status, options.text).toBe(200);
  const r = await send('POST', '/staff/enrol/passkey', {
    cookie: s.half,
    json: { response: key.create(options.body) },
  });
  expect(r.status, r.text).toBe(200);
  return { ...s, key, full: r.cookie as string, me: r.body };
}

describe('passkeys', () => {
  it('registers a passkey from the set-up (rp localhost, user verification preferred) and signs her in', async () => {
    const s = await setUp();
    const options = await send('POST', '/staff/enrol/passkey/options', { cookie: s.half });
    expect(options.body.rp).toEqual({ name: 'Amina Health', id: 'localhost' });
    expect(options.body.user.name).toBe(s.email);
    expect(options.body.authenticatorSelection.userVerification).toBe('preferred');
    const key = authenticator();
    const r = await send('POST', '/staff/enrol/passkey', {
      cookie: s.half,
      json: { response: key.create(options.body) },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.factors).toEqual(['passkey']);
    expect(r.cookie).toBeTruthy();
    const [stored] = await db.select().from(staffPasskeys).where(eq(staffPasskeys.staffId, s.id));
    expect(stored).toMatchObject({ id: key.id, counter: 0, transports: ['internal'] });
    expect((await send('GET', '/staff/me', { cookie: r.cookie })).status).toBe(200);
  });

  it('signs in with it: the challenge is used once, the counter moves, a session rotates', async () => {
    const s = await withPasskey();
    const login = await send('POST', '/staff/login', { json: { email: s.email, password: PASSWORD } });
    expect(login.body).toEqual({ stage: 'second-factor', factors: ['passkey'] });
    const options = await send('POST', '/staff/login/passkey/options', { cookie: login.cookie });
    expect(options.body.allowCredentials).toEqual([
      { id: s.key.id, type: 'public-key', transports: ['internal'] },
    ]);
    expect(options.body.userVerification).toBe('preferred');
    const answer = s.key.get(options.body);
    const ok = await send('POST', '/staff/login/passkey', {
      cookie: login.cookie,
      json: { response: answer },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.cookie).not.toBe(login.cookie);
    const [stored] = await db.select().from(staffPasskeys).where(eq(staffPasskeys.id, s.key.id));
    expect(stored.counter).toBe(1);
    expect(stored.lastUsedAt).not.toBeNull();
    // the same answer again, on a new half session: its challenge is not this one's
    const again = await send('POST', '/staff/login', { json: { email: s.email, password: PASSWORD } });
    await send('POST', '/staff/login/passkey/options', { cookie: again.cookie });
    expectEnvelope(
      await send('POST', '/staff/login/passkey', { cookie: again.cookie, json: { response: answer } }),
      'SECOND_FACTOR_INVALID',
    );
    const audit = await db.select().from(auditLog).where(eq(auditLog.staffId, s.id));
    expect(audit.filter((a) => a.action === 'staff.login').map((a) => a.detail)).toContainEqual({
      factor: 'passkey',
    });
  });

  it('refuses another origin, another key, a response without a challenge, and junk (never a 500)', async () => {
    const s = await withPasskey();
    const login = await send('POST', '/staff/login', { json: { email: s.email, password: PASSWORD } });
    const attempt = async (response: unknown) => {
      const options = await send('POST', '/staff/login/passkey/options', { cookie: login.cookie });
      const r = await send('POST', '/staff/login/passkey', {
        cookie: login.cookie,
        json: { response: typeof response === 'function' ? response(options.body) : response },
      });
      return r;
    };
    for (const make of [
      (o: { challenge: string }) => s.key.get(o, 'http://evil.example:4301'),
      (o: { challenge: string }) => s.key.get(o, 'https://localhost.evil.example'),
      (o: { challenge: string }) => authenticator().get(o),
      (o: { challenge: string }) => ({
        ...s.key.get(o),
        response: { clientDataJSON: 'e30', signature: '!!', authenticatorData: '' },
      }),
    ]) {
      const r = await attempt(make);
      expect(r.status, r.text).toBe(401);
      expectEnvelope(r, 'SECOND_FACTOR_INVALID');
    }
    const junk = await send('POST', '/staff/login/passkey', {
      cookie: login.cookie,
      json: { response: { id: 'x' } },
    });
    expect(junk.status).toBe(400);
    // four wrong answers counted; the fifth locks her
    const fifth = await attempt((o: { challenge: string }) => authenticator().get(o));
    expectEnvelope(fifth, 'TOO_MANY_ATTEMPTS');
  });

  it('a full session adds her other factor; she then has both', async () => {
    const s = await withPasskey();
    const e = await send('POST', '/staff/enrol/totp', { cookie: s.full });
    const c = await send('POST', '/staff/enrol/totp/confirm', {
      cookie: s.full,
      json: { code: await codeAt(e.body.secret, clock.now()) },
    });
    expect(c.status, c.text).toBe(200);
    expect(c.body.factors).toEqual(['passkey', 'totp']);
    expect(c.cookie).toBeUndefined(); // no new session: she was signed in
    const login = await send('POST', '/staff/login', { json: { email: s.email, password: PASSWORD } });
    expect(login.body).toEqual({ stage: 'second-factor', factors: ['passkey', 'totp'] });
  });
});

describe('the audit log', () => {
  it('admins read it newest first in pages; opening it is written to it; a bad cursor is a 400', async () => {
    const admin = await withTotp({ roles: ['admin'] });
    const first = await send('GET', '/staff/audit?limit=3', { cookie: admin.full });
    expect(first.status, first.text).toBe(200);
    expect(first.body.items).toHaveLength(3);
    expect(first.body.items[0]).toMatchObject({
      action: 'audit.read',
      staffEmail: admin.email,
      staffName: expect.stringMatching(/^Staff /),
    });
    const ids = first.body.items.map((i: { id: string }) => Number(i.id));
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const second = await send('GET', `/staff/audit?limit=3&cursor=${first.body.nextCursor}`, {
      cookie: admin.full,
    });
    expect(Number(second.body.items[0].id)).toBeLessThan(ids[2]);
    expect(second.body.items.some((i: { action: string }) => i.action === 'audit.read')).toBe(false);
    expect((await send('GET', '/staff/audit?cursor=bm9wZQ', { cookie: admin.full })).status).toBe(400);
    expect((await send('GET', '/staff/audit?limit=500', { cookie: admin.full })).status).toBe(400);
    const moderator = await withTotp();
    expectEnvelope(await send('GET', '/staff/audit', { cookie: moderator.full }), 'FORBIDDEN');
    // each row leads to its request (X-Request-Id)
    const [read] = await db.select().from(auditLog).where(eq(auditLog.id, ids[0]));
    expect(read.requestId).toBe(first.headers.get('x-request-id'));
    const out = await send('POST', '/staff/logout', { cookie: admin.full });
    const [logout] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staff.logout'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(logout.requestId).toBe(out.headers.get('x-request-id'));
  });
});

describe("the signed-out and half routes' limits", () => {
  it('an unknown address costs a hash check as a known one does', async () => {
    const hasher = countingHasher();
    const counted = testApp({ db: database, clock, hasher });
    const s = await setUp();
    await call(counted, 'POST', '/api/staff/login', {
      json: { email: 'nobody@example.org', password: PASSWORD },
    });
    expect([hasher.verifies, hasher.dummies]).toEqual([0, 1]);
    await call(counted, 'POST', '/api/staff/login', {
      json: { email: s.email, password: 'a wrong one, long enough' },
    });
    expect([hasher.verifies, hasher.dummies]).toEqual([1, 1]);
  });

  it('count per address on every sign-in step (AUTH_RATE_LIMIT)', async () => {
    const limited = testApp({ db: database, clock, config: { rateLimit: { limit: 2, windowMs: 60_000 } } });
    const login = () =>
      call(limited, 'POST', '/api/staff/login', { json: { email: 'a@example.org', password: PASSWORD } });
    expect((await login()).status).toBe(401);
    expect((await login()).status).toBe(401);
    expectEnvelope(await login(), 'RATE_LIMITED');
    expectEnvelope(await call(limited, 'GET', '/api/staff/setup/whatever'), 'RATE_LIMITED');
    expect((await call(limited, 'GET', '/api/staff/setup/whatever', { ip: '198.51.100.9' })).status).toBe(
      410,
    );
  });
});
