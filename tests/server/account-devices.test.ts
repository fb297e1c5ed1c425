/**
 * Her devices (issue 25): each session with the browser and system in words (from real User-Agent
 * strings, nothing else kept), signed-in and last-seen times (moved at most once a minute), this
 * device marked; signing out one other device or all the others.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../server/db/schema.ts';
import { deviceWords } from '../../server/domain/user-agent.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import { call, expectEnvelope, get, post, registerMember, registration, testApp } from './helpers.ts';
import { setupTestDb } from './test-db.ts';

const { db, app } = await setupTestDb();

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0',
  samsungAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  edgeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  operaWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  chromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
};

describe('a device in words', () => {
  it('names the browser and system of real User-Agent strings', () => {
    expect(deviceWords(UA.chromeWindows)).toEqual({ browser: 'Chrome', system: 'Windows' });
    expect(deviceWords(UA.safariIphone)).toEqual({ browser: 'Safari', system: 'iOS' });
    expect(deviceWords(UA.firefoxAndroid)).toEqual({ browser: 'Firefox', system: 'Android' });
    expect(deviceWords(UA.samsungAndroid)).toEqual({ browser: 'Samsung Internet', system: 'Android' });
    expect(deviceWords(UA.edgeMac)).toEqual({ browser: 'Edge', system: 'macOS' });
    expect(deviceWords(UA.operaWindows)).toEqual({ browser: 'Opera', system: 'Windows' });
    expect(deviceWords(UA.safariMac)).toEqual({ browser: 'Safari', system: 'macOS' });
    expect(deviceWords(UA.chromeIphone)).toEqual({ browser: 'Chrome', system: 'iOS' });
    expect(deviceWords(UA.chromebook)).toEqual({ browser: 'Chrome', system: 'ChromeOS' });
    expect(deviceWords(UA.firefoxLinux)).toEqual({ browser: 'Firefox', system: 'Linux' });
  });

  it('says nothing about what it cannot tell', () => {
    expect(deviceWords(undefined)).toEqual({ browser: null, system: null });
    expect(deviceWords('')).toEqual({ browser: null, system: null });
    expect(deviceWords('curl/8.5.0')).toEqual({ browser: null, system: null });
    expect(deviceWords(`${UA.chromeWindows} ${'x'.repeat(2000)}`)).toEqual({ browser: null, system: null });
  });
});

describe('GET /users/me/sessions', () => {
  it('lists her sessions in words with their times, this device marked, and keeps nothing else', async () => {
    const clock = new ManualClock();
    const own = testApp({ db, clock });
    const r = await post(own, '/users/register/standard', registration(), {
      headers: { 'user-agent': UA.firefoxAndroid },
    });
    const { token } = r.body;
    const alias = r.body.user.alias;
    clock.advance(3_600_000);
    const phone = await post(
      own,
      '/users/login',
      { alias, pin: '480317' },
      { headers: { 'user-agent': UA.safariIphone } },
    );
    clock.advance(60_000);
    const list = await get(own, '/users/me/sessions', { token: phone.body.token });
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    const start = new Date(Date.UTC(2025, 0, 1));
    const at = (ms: number) => new Date(start.getTime() + ms).toISOString();
    expect(list.body.devices).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        browser: 'Safari',
        system: 'iOS',
        signedInAt: at(3_600_000),
        lastSeenAt: at(3_660_000), // this very request moved it
        current: true,
      },
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        browser: 'Firefox',
        system: 'Android',
        signedInAt: at(0),
        lastSeenAt: at(0),
        current: false,
      },
    ]);
    expect(list.text).not.toContain(token);
    expect(list.text).not.toContain(phone.body.token);
    const [row] = await db.db.select().from(sessions).where(eq(sessions.id, list.body.devices[1].id));
    expect(Object.keys(row).sort()).toEqual(
      ['browser', 'createdAt', 'expiresAt', 'id', 'lastSeenAt', 'system', 'tokenHash', 'userId'].sort(),
    );
  });

  it('moves last seen at most once a minute', async () => {
    const clock = new ManualClock();
    const own = testApp({ db, clock });
    const m = await registerMember(own);
    const seen = async () => {
      const [row] = await db.db
        .select({ t: sessions.lastSeenAt })
        .from(sessions)
        .where(eq(sessions.userId, m.user.id));
      return row.t.getTime() - Date.UTC(2025, 0, 1);
    };
    clock.advance(30_000);
    await get(own, '/users/profile', { token: m.token });
    expect(await seen()).toBe(0);
    clock.advance(31_000);
    await get(own, '/users/profile', { token: m.token });
    expect(await seen()).toBe(61_000);
    clock.advance(10_000);
    await get(own, '/users/profile', { token: m.token });
    expect(await seen()).toBe(61_000);
  });
});

describe('signing out devices', () => {
  it('signs out one other device at once; this device and strangers’ ids are not hers to sign out', async () => {
    const m = await registerMember(app);
    const other = (await post(app, '/users/login', { alias: m.alias, pin: m.pin })).body.token;
    const devices = (await get(app, '/users/me/sessions', { token: m.token })).body.devices;
    const mine = devices.find((d: { current: boolean }) => d.current);
    const theirs = devices.find((d: { current: boolean }) => !d.current);
    const stranger = await registerMember(app);
    const strangerDevice = (await get(app, '/users/me/sessions', { token: stranger.token })).body.devices[0];

    const del = (token: string, id: string) => call(app, 'DELETE', `/api/users/me/sessions/${id}`, { token });
    expectEnvelope(await del(m.token, mine.id), 'SESSION_NOT_FOUND');
    expect((await del(m.token, strangerDevice.id)).status).toBe(404);
    expect((await get(app, '/users/profile', { token: stranger.token })).status).toBe(200);
    expect((await del(m.token, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const malformed = await del(m.token, 'not-a-uuid');
    expect(malformed.status).toBe(400);
    expectEnvelope(malformed, 'VALIDATION_ERROR');
    expect((await del('x'.repeat(43), theirs.id)).status).toBe(401);

    const ok = await del(m.token, theirs.id.toUpperCase());
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true });
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect((await get(app, '/users/profile', { token: other })).status).toBe(401);
    expect((await get(app, '/users/profile', { token: m.token })).status).toBe(200);
    expect((await del(m.token, theirs.id)).status).toBe(404);
  });

  it('signs out every other device, and says how many', async () => {
    const m = await registerMember(app);
    const others: string[] = [];
    for (let i = 0; i < 3; i++)
      others.push((await post(app, '/users/login', { alias: m.alias, pin: m.pin })).body.token);
    // cached in this process: the sign-out must still stop them at once
    for (const t of others) expect((await get(app, '/users/profile', { token: t })).status).toBe(200);
    const r = await post(app, '/users/me/sessions/sign-out-others', undefined, { token: m.token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ signedOut: 3 });
    for (const t of others) expect((await get(app, '/users/profile', { token: t })).status).toBe(401);
    const left = (await get(app, '/users/me/sessions', { token: m.token })).body.devices;
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
    expect(
      (await post(app, '/users/me/sessions/sign-out-others', undefined, { token: m.token })).body,
    ).toEqual({
      signedOut: 0,
    });
  });
});
