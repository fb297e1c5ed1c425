/**
 * The one-time recovery code (issue 25): made on request (without the PIN only for her first code
 * just after sign-up), shown once, stored only as an argon2id hash, retired by a new one and by its
 * use; /forgot-pin accepts it for a reset token, throttled with the answers and wrong PINs, and of
 * ten parallel attempts with the right code exactly one gets a token, within one process or two.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  normalizeRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_SIGNUP_MINUTES,
} from '../../contract/account-settings.ts';
import { recoveryCodes, users } from '../../server/db/schema.ts';
import { newRecoveryCode } from '../../server/domain/recovery-code.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import {
  ANSWERS,
  answerQuestions,
  expectEnvelope,
  GOOD_PIN,
  get,
  OTHER_PIN,
  post,
  registerMember,
  resetPin,
  type TestApp,
  testApp,
} from './helpers.ts';
import { setupTestDb } from './test-db.ts';

const { db, app } = await setupTestDb();

const CODE = new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{4}(-[${RECOVERY_CODE_ALPHABET}]{4}){3}$`);
const make = (a: TestApp, token: string, body: Record<string, unknown> = { currentPin: GOOD_PIN }) =>
  post(a, '/users/me/recovery-code', body, { token });
const useCode = (a: TestApp, alias: string, code: string) =>
  post(a, '/users/forgot-pin/verify-recovery-code', { alias, code });
const storedRow = async (userId: string) =>
  (await db.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId)))[0];

describe('making a code', () => {
  it('reads a code back however it is typed: any case, spaces or dashes, Arabic-Indic digits of either kind', () => {
    for (const typed of [
      '7kq4-mx9t-cr3w-hpna',
      ' 7KQ4 MX9T CR3W HPNA ',
      '٧KQ٤‐MX٩T–CR٣W-HPNA',
      '۷KQ۴MX۹TCR۳WHPNA',
    ])
      expect(normalizeRecoveryCode(typed)).toBe('7KQ4-MX9T-CR3W-HPNA');
    for (const typed of ['7KQ4-MX9T-CR3W', '7KQ4-MX9T-CR3W-HPNA-A', '7KQ4-MX9T-CR3W-HPN0', '٧'.repeat(17)])
      expect(normalizeRecoveryCode(typed)).toBeNull();
  });

  it('draws sixteen characters of the alphabet, uniformly enough that every one appears', () => {
    const codes = Array.from({ length: 400 }, newRecoveryCode);
    for (const c of codes) expect(c).toMatch(CODE);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(codes.join('').replaceAll('-', ''))).toEqual(new Set(RECOVERY_CODE_ALPHABET));
  });

  it('is shown once and stored only as an argon2id hash; the first one right after sign-up needs no PIN', async () => {
    const m = await registerMember(app);
    const r = await make(app, m.token, {});
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.body).toEqual({ code: expect.stringMatching(CODE), createdAt: expect.any(String) });
    const row = await storedRow(m.user.id);
    expect(row.codeHash).toMatch(/^\$argon2id\$/);
    const everything = JSON.stringify(await db.db.execute(sql`select * from recovery_codes`));
    expect(everything).not.toContain(r.body.code);
    expect(everything).not.toContain(r.body.code.replaceAll('-', ''));

    const s = await get(app, '/users/me/settings', { token: m.token });
    expect(s.body.recoveryCode).toEqual({ active: true, createdAt: r.body.createdAt });
    expect(s.body.recoveryCodeWithoutPin).toBe(false);
    expect(s.text).not.toContain(r.body.code);
    // her second code needs the PIN, even within the first minutes
    const again = await make(app, m.token, {});
    expect(again.status).toBe(400);
    expect(again.body.error.fieldCodes).toEqual({ currentPin: 'CURRENT_PIN_REQUIRED' });
    expect((await storedRow(m.user.id)).codeHash).toBe(row.codeHash);
  });

  it(`needs the PIN once ${RECOVERY_CODE_SIGNUP_MINUTES} minutes have passed since sign-up, and a wrong one is counted`, async () => {
    const clock = new ManualClock();
    const own = testApp({ db, clock });
    const m = await registerMember(own);
    expect((await get(own, '/users/me/settings', { token: m.token })).body.recoveryCodeWithoutPin).toBe(true);
    clock.advance(RECOVERY_CODE_SIGNUP_MINUTES * 60_000);
    expect((await get(own, '/users/me/settings', { token: m.token })).body.recoveryCodeWithoutPin).toBe(
      false,
    );
    const late = await make(own, m.token, {});
    expect(late.body.error.fieldCodes).toEqual({ currentPin: 'CURRENT_PIN_REQUIRED' });
    const wrong = await make(own, m.token, { currentPin: OTHER_PIN });
    expect(wrong.status).toBe(403);
    expectEnvelope(wrong, 'CURRENT_PIN_WRONG');
    const [u] = await db.db.select().from(users).where(eq(users.id, m.user.id));
    expect(u.failedAttempts).toBe(1);
    expect(await storedRow(m.user.id)).toBeUndefined();
    expectEnvelope(await make(own, m.token, { currentPin: '12' }), 'VALIDATION_ERROR');
    expect((await make(own, m.token)).status).toBe(200);
  });

  it('retires the old code when she makes a new one', async () => {
    const m = await registerMember(app);
    const first = (await make(app, m.token)).body.code;
    const second = (await make(app, m.token)).body.code;
    expect(second).not.toBe(first);
    expectEnvelope(await useCode(app, m.alias, first), 'RECOVERY_CODE_INVALID');
    expect((await useCode(app, m.alias, second)).status).toBe(200);
  });
});

describe('/forgot-pin with the code', () => {
  it('gives a reset token for the code however she types it, spends it, and the reset ends every session', async () => {
    const m = await registerMember(app);
    const code: string = (await make(app, m.token)).body.code;
    const typed = ` ${code.toLowerCase().replaceAll('-', ' ')} `.replace(/[3-9]/g, (d) =>
      String.fromCharCode(0x0660 + Number(d)),
    );
    const r = await useCode(app, m.alias.toUpperCase(), typed);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.body).toEqual({ resetToken: expect.any(String), expiresIn: 900 });
    expect(await storedRow(m.user.id)).toBeUndefined();
    expect((await get(app, '/users/me/settings', { token: m.token })).body.recoveryCode).toEqual({
      active: false,
      createdAt: null,
    });
    expectEnvelope(await useCode(app, m.alias, code), 'RECOVERY_CODE_INVALID');

    expect((await resetPin(app, r.body.resetToken)).status).toBe(200);
    expect((await get(app, '/users/profile', { token: m.token })).status).toBe(401);
    expect((await post(app, '/users/login', { alias: m.alias, pin: OTHER_PIN })).status).toBe(200);
    expect((await post(app, '/users/login', { alias: m.alias, pin: GOOD_PIN })).status).toBe(401);
  });

  it('refuses bad input before counting anything; unknown aliases and members without a code as the answers do', async () => {
    const m = await registerMember(app);
    const format = await useCode(app, m.alias, 'ABCD-EFGH');
    expect(format.status).toBe(400);
    expect(format.body.error.fieldCodes).toEqual({ code: 'RECOVERY_CODE_FORMAT' });
    // 0, O, 1, I, L, 5, S, 2, Z, 8, B and U are not in the alphabet
    expect((await useCode(app, m.alias, 'O0I1-L5S2-Z8BU-AAAA')).body.error.fieldCodes).toEqual({
      code: 'RECOVERY_CODE_FORMAT',
    });
    const blank = await post(app, '/users/forgot-pin/verify-recovery-code', { alias: '', code: ' ' });
    expect(blank.body.error.fieldCodes).toEqual({ alias: 'ALIAS_REQUIRED', code: 'REQUIRED' });
    const [before] = await db.db.select().from(users).where(eq(users.id, m.user.id));
    expect(before.failedAttempts).toBe(0);
    expectEnvelope(await useCode(app, 'no_such_member_here', newRecoveryCode()), 'USER_NOT_FOUND');
    const none = await useCode(app, m.alias, newRecoveryCode());
    expect(none.status).toBe(401);
    expectEnvelope(none, 'RECOVERY_CODE_INVALID');
    const [after] = await db.db.select().from(users).where(eq(users.id, m.user.id));
    expect(after.failedAttempts).toBe(1);
  });

  it('counts wrong codes with wrong answers and wrong PINs: the fifth failure locks every way in', async () => {
    const clock = new ManualClock();
    const own = testApp({ db, clock });
    const m = await registerMember(own);
    const code = (await make(own, m.token)).body.code;
    const wrongAnswers = ANSWERS.map((a) => ({ ...a, answer: 'wrong' }));
    expectEnvelope(await answerQuestions(own, m.alias, wrongAnswers), 'WRONG_ANSWERS');
    expectEnvelope(await answerQuestions(own, m.alias, wrongAnswers), 'WRONG_ANSWERS');
    expectEnvelope(
      await post(own, '/users/login', { alias: m.alias, pin: OTHER_PIN }),
      'INVALID_CREDENTIALS',
    );
    expectEnvelope(await useCode(own, m.alias, newRecoveryCode()), 'RECOVERY_CODE_INVALID');
    const fifth = await useCode(own, m.alias, newRecoveryCode());
    expect(fifth.status).toBe(429);
    expectEnvelope(fifth, 'TOO_MANY_ATTEMPTS');
    expectEnvelope(await useCode(own, m.alias, code), 'TOO_MANY_ATTEMPTS');
    expectEnvelope(await answerQuestions(own, m.alias), 'TOO_MANY_ATTEMPTS');
    expect(await storedRow(m.user.id)).toBeDefined();
    clock.advance(60_000);
    expect((await useCode(own, m.alias, code)).status).toBe(200);
    const [u] = await db.db.select().from(users).where(eq(users.id, m.user.id));
    expect(u.failedAttempts).toBe(0);
  });

  it('shares the per-address limit of the sign-in calls', async () => {
    const own = testApp({ db, config: { rateLimit: { limit: 2, windowMs: 60_000 } } });
    const ip = '198.51.100.77';
    await answerQuestions(own, 'someone', ANSWERS, { ip });
    await post(
      own,
      '/users/forgot-pin/verify-recovery-code',
      { alias: 'someone', code: newRecoveryCode() },
      { ip },
    );
    const third = await post(
      own,
      '/users/forgot-pin/verify-recovery-code',
      { alias: 'someone', code: newRecoveryCode() },
      { ip },
    );
    expect(third.status).toBe(429);
    expectEnvelope(third, 'RATE_LIMITED');
  });

  it('of ten parallel attempts with the right code, exactly one gets a reset token (one process)', async () => {
    const m = await registerMember(app);
    const code = (await make(app, m.token)).body.code;
    const replies = await Promise.all(Array.from({ length: 10 }, () => useCode(app, m.alias, code)));
    const won = replies.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 200)) {
      expect([401, 429]).toContain(r.status);
      expect(['RECOVERY_CODE_INVALID', 'TOO_MANY_ATTEMPTS']).toContain(r.body.error.code);
    }
    expect((await resetPin(app, won[0].body.resetToken)).status).toBe(200);
  });

  it('of ten parallel attempts with the right code, exactly one gets a reset token (two processes)', async () => {
    // two apps on one database: separate per-member queues, so only the database decides
    const one = testApp({ db });
    const two = testApp({ db });
    const m = await registerMember(one);
    const code = (await make(one, m.token)).body.code;
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => useCode(i % 2 ? one : two, m.alias, code)),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of replies) expect([200, 401, 429]).toContain(r.status);
    expect(await storedRow(m.user.id)).toBeUndefined();
    const live = await db.db.execute(
      sql`select count(*)::int as n from reset_tokens where user_id = ${m.user.id} and used_at is null`,
    );
    expect((live as unknown as { rows: { n: number }[] }).rows[0].n).toBe(1);
  });
});
