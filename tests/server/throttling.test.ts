/** Lockout per member and limits per address, under an injected clock. */

import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema.ts';
import { lockMinutes, lockMinutesSql } from '../../server/domain/accounts-throttle.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import {
  ANSWERS,
  answerQuestions,
  cheapHasher,
  countingHasher,
  expectEnvelope,
  GOOD_PIN,
  get,
  OTHER_PIN,
  post,
  registerMember,
  resetPin,
  testApp,
  uniqueAlias,
} from './helpers.ts';
import { setupTestDb } from './test-db.ts';

const { db } = await setupTestDb();

const MIN = 60_000;

/** The member's failure count as the server keeps it (the API no longer tells anyone). */
async function failures(alias: string): Promise<number> {
  const [row] = await db.db
    .select({ n: users.failedAttempts })
    .from(users)
    .where(eq(users.aliasKey, alias.toLowerCase()));
  return row.n;
}
const wrongPin = (app: ReturnType<typeof testApp>, alias: string) =>
  post(app, '/users/login', { alias, pin: OTHER_PIN });

describe('lockout per member', () => {
  it('allows 5 failures, then locks for 1, 5, 15 and 60 minutes, answering 429 with Retry-After before any hash', async () => {
    const clock = new ManualClock();
    const hasher = countingHasher();
    const app = testApp({ db, clock, hasher });
    const m = await registerMember(app);

    for (let i = 1; i <= 4; i++) {
      const r = await wrongPin(app, m.alias);
      expect(r.status).toBe(401);
      expect(r.body.error).not.toHaveProperty('attemptsRemaining');
      expect(await failures(m.alias)).toBe(i);
    }
    const fifth = await wrongPin(app, m.alias);
    expect(fifth.status).toBe(429);
    expectEnvelope(fifth, 'TOO_MANY_ATTEMPTS');
    expect(fifth.body.error.retryAfter).toBe(60);
    expect(fifth.headers.get('retry-after')).toBe('60');

    for (const [minutes, label] of [
      [5, '5 minutes'],
      [15, '15 minutes'],
      [60, '60 minutes'],
      [60, '60 minutes'],
    ] as const) {
      // locked: even the right PIN is refused, and no hash is computed
      const before = hasher.verifies;
      const locked = await post(app, '/users/login', { alias: m.alias, pin: GOOD_PIN });
      expect(locked.status).toBe(429);
      expect(hasher.verifies).toBe(before);
      clock.advance(locked.body.error.retryAfter * 1000);
      const again = await wrongPin(app, m.alias);
      expect(again.status).toBe(429);
      expect(again.body.error.retryAfter).toBe(minutes * 60);
      expect(again.headers.get('retry-after')).toBe(String(minutes * 60));
      expect(again.body.error.message).toContain(label);
    }

    // after the lock, the right PIN works and resets the count
    clock.advance(60 * MIN);
    expect((await post(app, '/users/login', { alias: m.alias, pin: GOOD_PIN })).status).toBe(200);
    const fresh = await wrongPin(app, m.alias);
    expect(fresh.status).toBe(401);
    expect(await failures(m.alias)).toBe(1);
  });

  it('counts wrong PINs and wrong answer sets together, and a locked member cannot answer questions either', async () => {
    const clock = new ManualClock();
    const app = testApp({ db, clock, hasher: cheapHasher() });
    const m = await registerMember(app);
    const wrongAnswers = () =>
      answerQuestions(
        app,
        m.alias,
        ANSWERS.map((a) => ({ ...a, answer: 'nope' })),
      );
    expect((await wrongPin(app, m.alias)).status).toBe(401);
    expect(await failures(m.alias)).toBe(1);
    expect((await wrongAnswers()).status).toBe(401);
    expect(await failures(m.alias)).toBe(2);
    expect((await wrongPin(app, m.alias)).status).toBe(401);
    expect(await failures(m.alias)).toBe(3);
    expect((await wrongAnswers()).status).toBe(401);
    expect(await failures(m.alias)).toBe(4);
    const locking = await wrongAnswers();
    expect(locking.status).toBe(429);
    expectEnvelope(locking, 'TOO_MANY_ATTEMPTS');
    const right = await answerQuestions(app, m.alias);
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toBe('60');
    clock.advance(30_000);
    const later = await post(app, '/users/login', { alias: m.alias, pin: GOOD_PIN });
    expect(later.status).toBe(429);
    expect(later.body.error.retryAfter).toBe(30);
    clock.advance(30_000);
    // correct answers succeed after the lock and reset the count
    expect((await answerQuestions(app, m.alias)).status).toBe(200);
    expect((await wrongPin(app, m.alias)).status).toBe(401);
    expect(await failures(m.alias)).toBe(1);
  });

  it('a success before the fifth failure resets the count', async () => {
    const app = testApp({ db, hasher: cheapHasher() });
    const m = await registerMember(app);
    for (let i = 0; i < 4; i++) await wrongPin(app, m.alias);
    expect((await post(app, '/users/login', { alias: m.alias, pin: GOOD_PIN })).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await wrongPin(app, m.alias)).status).toBe(401);
  });

  it('parallel guesses cannot get more than 5 PINs checked', async () => {
    const hasher = countingHasher();
    const app = testApp({ db, hasher });
    const m = await registerMember(app);
    const pins = Array.from({ length: 30 }, (_, i) => String(500_000 + i * 7919));
    const replies = await Promise.all(pins.map((pin) => post(app, '/users/login', { alias: m.alias, pin })));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(26);
    expect(hasher.verifies).toBe(5);
  });

  it('parallel correct sign-ins never lock the member out (two phones, a double tap)', async () => {
    const app = testApp({ db, hasher: cheapHasher() });
    const m = await registerMember(app);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(app, '/users/login', { alias: m.alias.toUpperCase(), pin: GOOD_PIN }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200));
    expect((await wrongPin(app, m.alias)).status).toBe(401);
    expect(await failures(m.alias)).toBe(1);
  });

  it('even with parallel wrong guesses mixed in, the right PIN is judged on its own merits', async () => {
    const app = testApp({ db, hasher: cheapHasher() });
    const m = await registerMember(app);
    const replies = await Promise.all([
      wrongPin(app, m.alias),
      wrongPin(app, m.alias),
      post(app, '/users/login', { alias: m.alias, pin: GOOD_PIN }),
      wrongPin(app, m.alias),
    ]);
    expect(replies[2].status).toBe(200);
    expect([replies[0], replies[1], replies[3]].map((r) => r.status)).toEqual([401, 401, 401]);
    // none was locked out, whatever order the attempts were judged in
    expect(await failures(m.alias)).toBeLessThanOrEqual(3);
  });

  it('an unlocked unknown alias never locks anything and leaks no attempt count', async () => {
    const app = testApp({ db, hasher: cheapHasher() });
    for (let i = 0; i < 8; i++) {
      const r = await post(app, '/users/login', { alias: 'nobody_here', pin: OTHER_PIN });
      expect(r.status).toBe(401);
      expect(r.body.error).not.toHaveProperty('attemptsRemaining');
    }
  });
});

describe('the lock schedule', () => {
  it('has one definition: the SQL the counting UPDATE runs gives the lengths lockMinutes gives', async () => {
    for (let failures = 0; failures <= 20; failures++) {
      const r = (await db.db.execute(
        sql`select ${lockMinutesSql(sql`${failures}::int`)} as minutes`,
      )) as unknown as { rows: { minutes: number | string }[] };
      expect(Number(r.rows[0].minutes)).toBe(lockMinutes(failures));
    }
  });
});

describe('limits per client address', () => {
  it('allows the configured burst per address, then 429 RATE_LIMITED with Retry-After; other addresses are unaffected', async () => {
    const clock = new ManualClock();
    const app = testApp({
      db,
      clock,
      hasher: cheapHasher(),
      config: { rateLimit: { limit: 10, windowMs: 15 * MIN } },
    });
    const ip = '198.51.100.20';
    for (let i = 0; i < 10; i++) {
      const r = await post(app, '/users/login', { alias: 'someone', pin: OTHER_PIN }, { ip });
      expect(r.status).toBe(401);
    }
    const limited = await post(app, '/users/login', { alias: 'someone', pin: OTHER_PIN }, { ip });
    expect(limited.status).toBe(429);
    expectEnvelope(limited, 'RATE_LIMITED');
    // 10 per 15 minutes refills one request every 90 seconds
    expect(limited.body.error.retryAfter).toBe(90);
    expect(limited.headers.get('retry-after')).toBe('90');
    // every auth endpoint shares the budget
    expect((await get(app, '/security-questions/user?alias=someone', { ip })).status).toBe(429);
    expect((await answerQuestions(app, 'x', ANSWERS, { ip })).status).toBe(429);
    expect((await resetPin(app, 'x', OTHER_PIN, OTHER_PIN, { ip })).status).toBe(429);
    // registrations count in a bucket of their own (issue 20, booking-limits.test.ts)
    expect((await post(app, '/users/register/standard', {}, { ip })).status).toBe(400);
    // another address, and the public catalogues, are not limited
    expect(
      (await post(app, '/users/login', { alias: 'someone', pin: OTHER_PIN }, { ip: '198.51.100.21' })).status,
    ).toBe(401);
    expect((await get(app, '/p/avatar/all', { ip })).status).toBe(200);
    // the bucket refills with time
    clock.advance(90_000);
    expect((await post(app, '/users/login', { alias: 'someone', pin: OTHER_PIN }, { ip })).status).toBe(401);
    expect((await post(app, '/users/login', { alias: 'someone', pin: OTHER_PIN }, { ip })).status).toBe(429);
  });

  it('the live alias check has its own budget', async () => {
    const app = testApp({
      db,
      hasher: cheapHasher(),
      config: { rateLimit: { limit: 3, windowMs: 15 * MIN } },
    });
    const ip = '198.51.100.30';
    for (let i = 0; i < 3; i++)
      expect((await post(app, '/users/verify-alias/', { alias: uniqueAlias() }, { ip })).status).toBe(200);
    expect((await post(app, '/users/verify-alias/', { alias: uniqueAlias() }, { ip })).status).toBe(429);
    expect((await post(app, '/users/login', { alias: 'someone', pin: OTHER_PIN }, { ip })).status).toBe(401);
  });

  it('groups IPv6 clients by /64 and IPv4-mapped addresses with IPv4', async () => {
    const app = testApp({
      db,
      hasher: cheapHasher(),
      config: { rateLimit: { limit: 2, windowMs: 15 * MIN } },
    });
    const check = (ip: string) => post(app, '/users/verify-alias/', { alias: 'abc' }, { ip });
    expect((await check('2001:db8:1:2::1')).status).toBe(200);
    expect((await check('2001:db8:1:2:ffff::9')).status).toBe(200);
    expect((await check('2001:0db8:0001:0002::77')).status).toBe(429);
    expect((await check('2001:db8:1:3::1')).status).toBe(200);
    expect((await check('192.0.2.1')).status).toBe(200);
    expect((await check('::ffff:192.0.2.1')).status).toBe(200);
    expect((await check('192.0.2.1')).status).toBe(429);
  });

  it('uses X-Forwarded-For only when TRUST_PROXY is on, taking the address the proxy appended', async () => {
    const config = { rateLimit: { limit: 1, windowMs: 15 * MIN } };
    const direct = testApp({ db, hasher: cheapHasher(), config });
    const spoof = (app: typeof direct, xff: string) =>
      post(
        app,
        '/users/verify-alias/',
        { alias: 'abc' },
        { ip: '10.0.0.1', headers: { 'x-forwarded-for': xff } },
      );
    expect((await spoof(direct, '1.1.1.1')).status).toBe(200);
    expect((await spoof(direct, '2.2.2.2')).status).toBe(429); // same socket address: spoofing does not help

    const proxied = testApp({ db, hasher: cheapHasher(), config: { ...config, trustProxy: true } });
    expect((await spoof(proxied, '9.9.9.9, 1.1.1.1')).status).toBe(200);
    expect((await spoof(proxied, '8.8.8.8, 2.2.2.2')).status).toBe(200);
    expect((await spoof(proxied, '7.7.7.7, 1.1.1.1')).status).toBe(429); // a forged left part changes nothing
  });
});
