/**
 * Account Settings (issue 25) on the server: her settings, profile and preferences, a new PIN and
 * new security answers behind her current PIN (whose wrong guesses count towards the sign-in
 * lockout), aliases kept reserved after a deletion, and bad input anywhere (never a 5xx).
 * Her devices: account-devices.test.ts; the recovery code: recovery-code.test.ts.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { retiredAliases, users } from '../../server/db/schema.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import {
  ANSWERS,
  answerQuestions,
  call,
  expectEnvelope,
  GOOD_PIN,
  get,
  OTHER_PIN,
  post,
  registerMember,
  registration,
  testApp,
  uniqueAlias,
} from './helpers.ts';
import { setupTestDb } from './test-db.ts';

const { db, app } = await setupTestDb();

const put = (token: string, path: string, json: unknown) => call(app, 'PUT', `/api${path}`, { json, token });
const login = (alias: string, pin: string) => post(app, '/users/login', { alias, pin });
const NEW_ANSWERS = [
  { questionId: 'childhood_nickname', answer: 'Noor' },
  { questionId: 'mother_maiden_name', answer: 'Haddad' },
  { questionId: 'favourite_book_or_movie', answer: 'Season of Migration' },
];

describe('GET /users/me/settings', () => {
  it('gives her profile with a member number from a sequence, discreet documents on, her questions in order', async () => {
    const a = await registerMember(app, { email: 'Rania@Example.COM', language: 'ar' });
    const b = await registerMember(app);
    const r = await get(app, '/users/me/settings', { token: a.token });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.body).toEqual({
      profile: {
        alias: a.alias,
        memberNumber: expect.any(Number),
        avatarId: 'date-palm',
        country: 'AE',
        ageRange: '25-34',
        maritalStatus: 'prefer_not_to_say',
        email: 'Rania@example.com',
        phone: null,
        language: 'ar',
        discreetDocuments: true,
      },
      questionIds: ANSWERS.map((x) => x.questionId),
      recoveryCode: { active: false, createdAt: null },
      recoveryCodeWithoutPin: true,
    });
    expect(r.body.profile.memberNumber).toBeGreaterThanOrEqual(1001);
    const rb = await get(app, '/users/me/settings', { token: b.token });
    expect(rb.body.profile.memberNumber).toBe(r.body.profile.memberNumber + 1);
    expect(JSON.stringify(r.body)).not.toMatch(/argon2|answerHash|pinHash/);
  });

  it('refuses without a live session (401, no-store)', async () => {
    for (const token of [undefined, 'x'.repeat(43)]) {
      const r = await get(app, '/users/me/settings', { token });
      expect(r.status).toBe(401);
      expectEnvelope(r, 'UNAUTHORIZED');
      expect(r.headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('PUT /users/me/profile and /users/me/preferences', () => {
  it('stores her profile (normalised) and every signed-in answer sees it at once', async () => {
    const m = await registerMember(app);
    await get(app, '/users/profile', { token: m.token }); // cached for this session
    const r = await put(m.token, '/users/me/profile', {
      avatarId: 'jasmine',
      country: 'eg',
      ageRange: '35-44',
      maritalStatus: null,
      email: ' ',
      phone: '+20 10 1234 5678',
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.body).toMatchObject({
      alias: m.alias,
      avatarId: 'jasmine',
      country: 'EG',
      ageRange: '35-44',
      maritalStatus: null,
      email: null,
      phone: '+201012345678',
      discreetDocuments: true,
    });
    const p = await get(app, '/users/profile', { token: m.token });
    expect(p.body.user).toMatchObject({ country: 'EG', ageRange: '35-44', maritalStatus: null });
    expect(p.body.user.avatar.id).toBe('jasmine');
  });

  it('keeps her language on the server (a new device signs in with it) and switches discreet documents', async () => {
    const m = await registerMember(app, { language: 'en' });
    const r = await put(m.token, '/users/me/preferences', { language: 'ar' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ language: 'ar', discreetDocuments: true });
    const again = await login(m.alias, m.pin);
    expect(again.body.user.language).toBe('ar');
    expect((await get(app, '/users/profile', { token: m.token })).body.user.language).toBe('ar');

    const off = await put(m.token, '/users/me/preferences', { discreetDocuments: false });
    expect(off.body).toMatchObject({ language: 'ar', discreetDocuments: false });
    const [row] = await db.db.select().from(users).where(eq(users.id, m.user.id));
    expect(row.discreetDocuments).toBe(false);
    const nothing = await put(m.token, '/users/me/preferences', {});
    expect(nothing.body).toMatchObject({ language: 'ar', discreetDocuments: false });
  });

  it('answers bad input field by field (400), never storing any of it', async () => {
    const m = await registerMember(app);
    const bad = await put(m.token, '/users/me/profile', {
      avatarId: 'nope',
      country: 'XX',
      ageRange: '12-17',
      maritalStatus: 'complicated',
      email: 'not-an-address',
      phone: '12',
    });
    expect(bad.status).toBe(400);
    expectEnvelope(bad, 'VALIDATION_ERROR');
    expect(bad.body.error.fieldCodes).toEqual({
      avatarId: 'AVATAR_INVALID',
      country: 'COUNTRY_INVALID',
      ageRange: 'AGE_RANGE_INVALID',
      maritalStatus: 'MARITAL_STATUS_INVALID',
      email: 'EMAIL_INVALID',
      phone: 'PHONE_INVALID',
    });
    const prefs = await put(m.token, '/users/me/preferences', { language: 'fr', discreetDocuments: 'yes' });
    expect(prefs.body.error.fieldCodes).toEqual({
      language: 'LANGUAGE_INVALID',
      discreetDocuments: 'INVALID',
    });
    const notJson = await call(app, 'PUT', '/api/users/me/profile', {
      body: 'avatarId=lotus',
      headers: { 'content-type': 'text/plain' },
      token: m.token,
    });
    expect(notJson.status).toBe(415);
    const broken = await call(app, 'PUT', '/api/users/me/preferences', {
      body: '{"language":',
      headers: { 'content-type': 'application/json' },
      token: m.token,
    });
    expectEnvelope(broken, 'INVALID_JSON');
    const s = await get(app, '/users/me/settings', { token: m.token });
    expect(s.body.profile).toMatchObject({ avatarId: 'date-palm', country: 'AE', language: 'en' });
  });
});

describe('POST /users/me/pin', () => {
  it('changes her PIN (Arabic digits too); her other devices stay signed in unless she asks', async () => {
    const m = await registerMember(app);
    const other = (await login(m.alias, m.pin)).body.token;
    const r = await post(
      app,
      '/users/me/pin',
      { currentPin: '٤٨٠٣١٧', pin: OTHER_PIN, pinConfirm: OTHER_PIN },
      { token: m.token },
    );
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.body).toEqual({ ok: true, signedOutOthers: 0 });
    expect((await login(m.alias, GOOD_PIN)).status).toBe(401);
    expect((await login(m.alias, OTHER_PIN)).status).toBe(200);
    expect((await get(app, '/users/profile', { token: other })).status).toBe(200);
  });

  it('with signOutOthers, ends every other session at once and keeps this one', async () => {
    const m = await registerMember(app);
    const others = [(await login(m.alias, m.pin)).body.token, (await login(m.alias, m.pin)).body.token];
    for (const t of others) expect((await get(app, '/users/profile', { token: t })).status).toBe(200);
    const r = await post(
      app,
      '/users/me/pin',
      { currentPin: GOOD_PIN, pin: OTHER_PIN, pinConfirm: OTHER_PIN, signOutOthers: true },
      { token: m.token },
    );
    expect(r.body).toEqual({ ok: true, signedOutOthers: 2 });
    for (const t of others) expect((await get(app, '/users/profile', { token: t })).status).toBe(401);
    expect((await get(app, '/users/profile', { token: m.token })).status).toBe(200);
  });

  it('applies the PIN rules and wants the current PIN', async () => {
    const m = await registerMember(app);
    const missing = await post(
      app,
      '/users/me/pin',
      { pin: '123456', pinConfirm: '123457' },
      { token: m.token },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.error.fieldCodes).toEqual({
      currentPin: 'CURRENT_PIN_REQUIRED',
      pin: 'PIN_TOO_COMMON',
      pinConfirm: 'PIN_MISMATCH',
    });
    const format = await post(
      app,
      '/users/me/pin',
      { currentPin: '12ab', pin: '12', pinConfirm: '12', signOutOthers: 'yes' },
      { token: m.token },
    );
    expect(format.body.error.fieldCodes).toEqual({
      currentPin: 'PIN_FORMAT',
      pin: 'PIN_FORMAT',
      signOutOthers: 'INVALID',
    });
    const wrong = await post(
      app,
      '/users/me/pin',
      { currentPin: '999999', pin: OTHER_PIN, pinConfirm: OTHER_PIN },
      { token: m.token },
    );
    expect(wrong.status).toBe(403);
    expectEnvelope(wrong, 'CURRENT_PIN_WRONG');
    expect((await login(m.alias, GOOD_PIN)).status).toBe(200);
  });

  it('counts a wrong current PIN with wrong PINs at sign-in: the fifth failure locks her, everywhere', async () => {
    const clock = new ManualClock();
    const own = testApp({ db, clock });
    const m = await registerMember(own);
    const change = (currentPin: string) =>
      post(own, '/users/me/pin', { currentPin, pin: OTHER_PIN, pinConfirm: OTHER_PIN }, { token: m.token });
    for (let i = 0; i < 2; i++)
      expect((await post(own, '/users/login', { alias: m.alias, pin: '999999' })).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await change('999999')).status).toBe(403);
    const fifth = await change('999999');
    expect(fifth.status).toBe(429);
    expectEnvelope(fifth, 'TOO_MANY_ATTEMPTS');
    expect(fifth.headers.get('retry-after')).toBe('60');
    // locked: even the right PIN waits, at sign-in and here
    expectEnvelope(await change(GOOD_PIN), 'TOO_MANY_ATTEMPTS');
    expectEnvelope(await post(own, '/users/login', { alias: m.alias, pin: GOOD_PIN }), 'TOO_MANY_ATTEMPTS');
    clock.advance(61_000);
    expect((await change(GOOD_PIN)).body).toEqual({ ok: true, signedOutOthers: 0 });
    const [row] = await db.db.select().from(users).where(eq(users.id, m.user.id));
    expect(row.failedAttempts).toBe(0);
  });
});

describe('PUT /users/me/security-answers', () => {
  it('replaces her questions and answers: recovery asks the new ones and only the new answers open it', async () => {
    const m = await registerMember(app);
    const r = await put(m.token, '/users/me/security-answers', {
      currentPin: GOOD_PIN,
      securityAnswers: NEW_ANSWERS,
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true });
    expect(r.headers.get('cache-control')).toBe('no-store');
    const q = await get(app, `/security-questions/user?alias=${encodeURIComponent(m.alias)}`);
    expect(q.body.questions.map((x: { id: string }) => x.id)).toEqual(NEW_ANSWERS.map((x) => x.questionId));
    expect((await get(app, '/users/me/settings', { token: m.token })).body.questionIds).toEqual(
      NEW_ANSWERS.map((x) => x.questionId),
    );
    expectEnvelope(await answerQuestions(app, m.alias, ANSWERS), 'WRONG_ANSWERS');
    const ok = await answerQuestions(app, m.alias, [
      { questionId: 'childhood_nickname', answer: 'NOOR' },
      { questionId: 'mother_maiden_name', answer: ' haddad ' },
      { questionId: 'favourite_book_or_movie', answer: 'season of migration' },
    ]);
    expect(ok.status).toBe(200);
  });

  it("applies sign-up's answer rules, three different questions, and the current PIN", async () => {
    const m = await registerMember(app);
    const same = await put(m.token, '/users/me/security-answers', {
      currentPin: GOOD_PIN,
      securityAnswers: [
        { questionId: 'birth_city', answer: 'Al Ain' },
        { questionId: 'birth_city', answer: '!!' },
        { questionId: 'no_such_question', answer: 'x'.repeat(201) },
      ],
    });
    expect(same.status).toBe(400);
    expect(same.body.error.fieldCodes).toMatchObject({
      'securityAnswers.1.answer': 'ANSWER_TOO_SHORT',
      'securityAnswers.2.questionId': 'QUESTION_UNKNOWN',
      'securityAnswers.2.answer': 'ANSWER_TOO_LONG',
    });
    const two = await put(m.token, '/users/me/security-answers', {
      currentPin: GOOD_PIN,
      securityAnswers: NEW_ANSWERS.slice(0, 2),
    });
    expect(two.body.error.fieldCodes).toEqual({ securityAnswers: 'ANSWER_REQUIRED' });
    const dup = await put(m.token, '/users/me/security-answers', {
      currentPin: GOOD_PIN,
      securityAnswers: [NEW_ANSWERS[0], NEW_ANSWERS[1], { ...NEW_ANSWERS[0], answer: 'Other' }],
    });
    expect(dup.body.error.fieldCodes).toEqual({ securityAnswers: 'QUESTIONS_NOT_DISTINCT' });
    const noPin = await put(m.token, '/users/me/security-answers', { securityAnswers: NEW_ANSWERS });
    expect(noPin.body.error.fieldCodes).toEqual({ currentPin: 'CURRENT_PIN_REQUIRED' });
    const wrong = await put(m.token, '/users/me/security-answers', {
      currentPin: OTHER_PIN,
      securityAnswers: NEW_ANSWERS,
    });
    expectEnvelope(wrong, 'CURRENT_PIN_WRONG');
    expect((await answerQuestions(app, m.alias, ANSWERS)).status).toBe(200);
  });
});

describe('a deleted member’s alias stays reserved', () => {
  it('is taken for the alias check and for sign-up until its reservation ends', async () => {
    const clock = new ManualClock();
    const own = testApp({ db, clock });
    const alias = uniqueAlias('Retired');
    await db.db.insert(retiredAliases).values({
      aliasKey: alias.toLowerCase(),
      reservedUntil: new Date(clock.now().getTime() + 30 * 86_400_000),
    });
    expect((await post(own, '/users/verify-alias/', { alias: alias.toUpperCase() })).body).toEqual({
      available: false,
      reason: 'ALIAS_TAKEN',
    });
    const refused = await post(own, '/users/register/standard', registration({ alias }));
    expect(refused.status).toBe(409);
    expectEnvelope(refused, 'ALIAS_TAKEN');
    clock.advance(30 * 86_400_000 + 1000);
    expect((await post(own, '/users/verify-alias/', { alias })).body).toEqual({ available: true });
    expect((await post(own, '/users/register/standard', registration({ alias }))).status).toBe(201);
  });
});

describe('bad input on every settings route', () => {
  const routes: [string, string][] = [
    ['PUT', '/api/users/me/profile'],
    ['PUT', '/api/users/me/preferences'],
    ['POST', '/api/users/me/pin'],
    ['PUT', '/api/users/me/security-answers'],
    ['POST', '/api/users/me/recovery-code'],
    ['POST', '/api/users/forgot-pin/verify-recovery-code'],
    ['DELETE', '/api/users/me/sessions/x'],
  ];
  it('never answers 5xx, and every refusal is the envelope', async () => {
    const m = await registerMember(app);
    const value = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.constant('\u202e٤٨٠'),
    );
    const body = fc.dictionary(
      fc.constantFrom(
        'currentPin',
        'pin',
        'pinConfirm',
        'alias',
        'code',
        'language',
        'securityAnswers',
        'country',
        'email',
      ),
      value,
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), body, async ([method, path], json) => {
        const r = await call(app, method, path, { json, token: m.token });
        expect(r.status).toBeLessThan(500);
        if (r.status >= 400) expectEnvelope(r);
        expect(r.headers.get('cache-control')).toBe('no-store');
      }),
      { numRuns: 40 },
    );
  });

  it('lists every route in the OpenAPI document', async () => {
    const doc = (await call(app, 'GET', '/api/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/users/me/settings',
        '/api/users/me/profile',
        '/api/users/me/preferences',
        '/api/users/me/pin',
        '/api/users/me/security-answers',
        '/api/users/me/recovery-code',
        '/api/users/me/sessions',
        '/api/users/me/sessions/{sessionId}',
        '/api/users/me/sessions/sign-out-others',
        '/api/users/forgot-pin/verify-recovery-code',
      ]),
    );
  });
});
