/** Session and reset-token lifetimes, revocation, and that tokens are stored only as digests. */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/lib/clock.ts';
import {
  ANSWERS,
  answerQuestions,
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
import { setupTestDb } from './test-db.ts';

const { db } = await setupTestDb();

const DAY = 24 * 60 * 60_000;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const r = (await db.db.execute(query)) as unknown as { rows: T[] };
  return r.rows;
}

describe('sessions', () => {
  it('last 7 days', async () => {
    const clock = new ManualClock();
    const app = testApp({ db, clock, hasher: cheapHasher() });
    const m = await registerMember(app);
    clock.advance(7 * DAY - 1000);
    expect((await get(app, '/users/profile', { token: m.token })).status).toBe(200);
    clock.advance(1000);
    const expired = await get(app, '/users/profile', { token: m.token });
    expect(expired.status).toBe(401);
    expectEnvelope(expired, 'UNAUTHORIZED');
    expect((await post(app, '/users/logout', undefined, { token: m.token })).status).toBe(401);
  });

  it('are stored only as SHA-256 digests, with PINs and answers only as peppered argon2id hashes', async () => {
    const app = testApp({ db, hasher: cheapHasher() });
    const m = await registerMember(app);
    const [session] = await rows<{ token_hash: string }>(
      sql`select token_hash from sessions where user_id = ${m.user.id}`,
    );
    expect(session.token_hash).toBe(createHash('sha256').update(m.token).digest('hex'));
    const dump = JSON.stringify(
      await rows(
        sql`select u.*, a.* from users u join security_answers a on a.user_id = u.id where u.id = ${m.user.id}`,
      ),
    );
    expect(dump).not.toContain(m.token);
    expect(dump).not.toContain(GOOD_PIN);
    for (const a of ANSWERS) expect(dump.toLowerCase()).not.toContain(a.answer.toLowerCase());
    expect(dump).toMatch(/\$argon2id\$v=19\$/);
  });

  it('a new pepper invalidates every stored PIN (the pepper really keys the hash)', async () => {
    const app = testApp({ db, hasher: cheapHasher() });
    const m = await registerMember(app);
    const other = testApp({ db, hasher: cheapHasher('another-pepper-0123456789abcdefghijklmnop') });
    expect((await post(other, '/users/login', { alias: m.alias, pin: GOOD_PIN })).status).toBe(401);
    expect((await post(app, '/users/login', { alias: m.alias, pin: GOOD_PIN })).status).toBe(200);
  });

  it('purging removes expired sessions and spent reset tokens only', async () => {
    const { purgeExpired } = await import('../../server/domain/accounts.ts');
    const clock = new ManualClock(Date.UTC(2030, 0, 1));
    const app = testApp({ db, clock, hasher: cheapHasher() });
    const old = await registerMember(app);
    clock.advance(8 * DAY);
    const fresh = await registerMember(app);
    await purgeExpired(db, clock);
    const left = await rows<{ user_id: string }>(
      sql`select user_id from sessions where user_id in (${old.user.id}, ${fresh.user.id})`,
    );
    expect(left.map((r) => r.user_id)).toEqual([fresh.user.id]);
  });
});

describe('reset tokens', () => {
  it('expire after 15 minutes', async () => {
    const clock = new ManualClock();
    const app = testApp({ db, clock, hasher: cheapHasher() });
    const m = await registerMember(app);
    const { body } = await answerQuestions(app, m.alias);
    expect(body.expiresIn).toBe(900);
    clock.advance(15 * 60_000);
    const late = await resetPin(app, body.resetToken);
    expect(late.status).toBe(400);
    expectEnvelope(late, 'RESET_TOKEN_INVALID');
    // within the window it works
    const again = await answerQuestions(app, m.alias);
    clock.advance(15 * 60_000 - 1000);
    const ok = await resetPin(app, again.body.resetToken);
    expect(ok.status).toBe(200);
  });

  it('are stored hashed and single-use even when two resets race', async () => {
    const app = testApp({ db, hasher: cheapHasher() });
    const m = await registerMember(app);
    const { body } = await answerQuestions(app, m.alias);
    const stored = await rows<{ token_hash: string }>(
      sql`select token_hash from reset_tokens where user_id = ${m.user.id}`,
    );
    expect(stored).toEqual([{ token_hash: createHash('sha256').update(body.resetToken).digest('hex') }]);
    const pins = ['902741', '618305', '274093', '530861'];
    const results = await Promise.all(pins.map((pin) => resetPin(app, body.resetToken, pin)));
    const winners = results.map((r, i) => [r.status, pins[i]] as const).filter(([s]) => s === 200);
    expect(winners).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expectEnvelope(r, 'RESET_TOKEN_INVALID');
    expect((await post(app, '/users/login', { alias: m.alias, pin: winners[0][1] })).status).toBe(200);
  });

  it('a reset also clears a lockout', async () => {
    const clock = new ManualClock();
    const app = testApp({ db, clock, hasher: cheapHasher() });
    const m = await registerMember(app);
    const { body } = await answerQuestions(app, m.alias);
    for (let i = 0; i < 5; i++) await post(app, '/users/login', { alias: m.alias, pin: '902741' });
    expect((await post(app, '/users/login', { alias: m.alias, pin: GOOD_PIN })).status).toBe(429);
    const r = await resetPin(app, body.resetToken);
    expect(r.status).toBe(200);
    expect((await post(app, '/users/login', { alias: m.alias, pin: OTHER_PIN })).status).toBe(200);
  });
});
