/** The account endpoints end to end through app.request: sign-up, sign-in, profile, sign-out, recovery. */
import { describe, expect, it } from 'vitest';
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
  resetPin,
  uniqueAlias,
} from './helpers.ts';
import { setupTestDb } from './test-db.ts';

const { app } = await setupTestDb();

describe('catalogues', () => {
  it('lists at least 12 avatars with a url under /avatars/ and a label in the request language', async () => {
    const en = await get(app, '/p/avatar/all');
    expect(en.status).toBe(200);
    expect(en.body.avatars.length).toBeGreaterThanOrEqual(12);
    for (const a of en.body.avatars) {
      expect(a).toEqual({ id: expect.any(String), url: `/avatars/${a.id}.svg`, label: expect.any(String) });
    }
    const ar = await get(app, '/p/avatar/all', { headers: { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5' } });
    expect(ar.body.avatars.map((a: { id: string }) => a.id)).toEqual(
      en.body.avatars.map((a: { id: string }) => a.id),
    );
    expect(ar.body.avatars[0].label).toMatch(/[\u0600-\u06ff]/);
    expect(en.headers.get('vary')).toContain('Accept-Language');
  });

  it('lists the seven security questions in English and Arabic', async () => {
    const en = await get(app, '/security-questions');
    expect(en.body.questions.map((q: { id: string }) => q.id)).toEqual([
      'mother_maiden_name',
      'birth_city',
      'childhood_best_friend',
      'childhood_nickname',
      'favourite_book_or_movie',
      'childhood_street',
      'favourite_food',
    ]);
    expect(en.body.questions[1].text).toBe('In which city were you born?');
    const ar = await get(app, '/security-questions', { headers: { 'accept-language': 'ar' } });
    for (const q of ar.body.questions) expect(q.text).toMatch(/^[\u0600-\u06ff\s؟]+$/);
  });
});

describe('alias availability', () => {
  it('answers through the body and through the path, case-insensitively', async () => {
    const m = await registerMember(app, { alias: uniqueAlias('Rania') });
    for (const alias of [m.alias, m.alias.toUpperCase(), m.alias.toLowerCase()]) {
      const byBody = await post(app, '/users/verify-alias/', { alias });
      expect(byBody.body).toEqual({ available: false, reason: 'ALIAS_TAKEN' });
      const byPath = await call(app, 'POST', `/api/users/verify-alias/${encodeURIComponent(alias)}`);
      expect(byPath.body).toEqual({ available: false, reason: 'ALIAS_TAKEN' });
    }
    const free = uniqueAlias('free');
    expect((await post(app, '/users/verify-alias/', { alias: free })).body).toEqual({ available: true });
    expect((await post(app, '/users/verify-alias', { alias: free })).body).toEqual({ available: true });
    const arabic = `ياسمين_${Date.now().toString(36)}`;
    expect((await call(app, 'POST', `/api/users/verify-alias/${encodeURIComponent(arabic)}`)).body).toEqual({
      available: true,
    });
  });

  it('reports rule violations as available:false with a reason, not as 400', async () => {
    const cases: [unknown, string][] = [
      ['ab', 'ALIAS_TOO_SHORT'],
      ['a'.repeat(31), 'ALIAS_TOO_LONG'],
      ['has space', 'ALIAS_INVALID_CHARS'],
      ['evil\u202Eexe', 'ALIAS_INVALID_CHARS'],
      ['ctrl\u0007x', 'ALIAS_INVALID_CHARS'],
      ['', 'ALIAS_REQUIRED'],
      [42, 'ALIAS_REQUIRED'],
    ];
    for (const [alias, reason] of cases) {
      const r = await post(app, '/users/verify-alias/', { alias });
      expect(r.status, String(alias)).toBe(200);
      expect(r.body).toEqual({ available: false, reason });
    }
    expect((await post(app, '/users/verify-alias/', {})).body).toEqual({
      available: false,
      reason: 'ALIAS_REQUIRED',
    });
  });

  it('still refuses a body that is not JSON', async () => {
    const none = await call(app, 'POST', '/api/users/verify-alias/');
    expect(none.status).toBe(400);
    expectEnvelope(none, 'INVALID_JSON');
    const text = await call(app, 'POST', '/api/users/verify-alias/', {
      body: 'alias=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expectEnvelope(text, 'UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('registration', () => {
  it('creates the member, returns a token and the user, and the token reads the profile', async () => {
    const body = registration({ email: 'Name@Example.COM', phone: '+971 50-123-4567', language: 'ar' });
    const r = await post(app, '/users/register/standard', body);
    expect(r.status).toBe(201);
    expect(r.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.body.user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      alias: body.alias,
      avatar: { id: 'date-palm', url: '/avatars/date-palm.svg', label: 'Date palm' },
      country: 'AE',
      ageRange: '25-34',
      maritalStatus: 'prefer_not_to_say',
      language: 'ar',
      createdAt: expect.any(String),
    });
    expect(r.headers.get('cache-control')).toBe('no-store');
    const profile = await get(app, '/users/profile', { token: r.body.token });
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual({ user: r.body.user });
  });

  it('accepts Arabic-Indic and Eastern Arabic-Indic digits in the PIN and signs in with any digit script', async () => {
    const m = await registerMember(app, { pin: '٤٨٠٣١٧', pinConfirm: '۴۸۰۳۱۷' });
    expect((await post(app, '/users/login', { alias: m.alias, pin: GOOD_PIN })).status).toBe(200);
    expect((await post(app, '/users/login', { alias: m.alias, pin: '٤٨٠٣١٧' })).status).toBe(200);
  });

  it('normalises the alias (NFKC) and keeps it unique without regard to case', async () => {
    const base = uniqueAlias('Lina');
    const first = await post(app, '/users/register/standard', registration({ alias: base }));
    expect(first.status).toBe(201);
    const again = await post(app, '/users/register/standard', registration({ alias: base.toUpperCase() }));
    expect(again.status).toBe(409);
    expectEnvelope(again, 'ALIAS_TAKEN');
    expect(again.body.error.fieldCodes).toEqual({ alias: 'ALIAS_TAKEN' });
    // full-width letters are NFKC-equal to ASCII ones
    const fullWidth = base.replace('L', '\uff2c');
    const third = await post(app, '/users/register/standard', registration({ alias: fullWidth }));
    expect(third.status).toBe(409);
  });

  it('reports every invalid field at once, with localized messages and field codes', async () => {
    const r = await post(
      app,
      '/users/register/standard',
      {
        alias: 'x',
        pin: '123456',
        pinConfirm: '654321',
        securityAnswers: [
          { questionId: 'birth_city', answer: '' },
          { questionId: 'birth_city', answer: 'Beirut' },
          { questionId: 'not_a_question', answer: 'Cairo' },
        ],
        country: 'XX',
        avatarId: 'missing',
        ageRange: '12-17',
        maritalStatus: 'complicated',
        email: 'not-an-email',
        phone: '12',
        isAdult: false,
        acceptTerms: false,
      },
      { headers: { 'accept-language': 'ar' } },
    );
    expect(r.status).toBe(400);
    expectEnvelope(r, 'VALIDATION_ERROR');
    expect(r.body.error.fieldCodes).toEqual({
      alias: 'ALIAS_TOO_SHORT',
      pin: 'PIN_TOO_COMMON',
      pinConfirm: 'PIN_MISMATCH',
      securityAnswers: 'QUESTIONS_NOT_DISTINCT',
      'securityAnswers.0.answer': 'ANSWER_REQUIRED',
      'securityAnswers.2.questionId': 'QUESTION_UNKNOWN',
      country: 'COUNTRY_INVALID',
      avatarId: 'AVATAR_INVALID',
      ageRange: 'AGE_RANGE_INVALID',
      maritalStatus: 'MARITAL_STATUS_INVALID',
      email: 'EMAIL_INVALID',
      phone: 'PHONE_INVALID',
      isAdult: 'MUST_BE_ADULT',
      acceptTerms: 'MUST_ACCEPT_TERMS',
    });
    expect(r.body.error.message).toMatch(/[\u0600-\u06ff]/);
    expect(r.body.error.fields.avatarId).toBe('يُرجى اختيار صورة رمزية للمتابعة!');
  });

  it('requires three different questions, 18+, the terms, and matching PINs', async () => {
    const same = await post(
      app,
      '/users/register/standard',
      registration({ securityAnswers: ANSWERS.map((a) => ({ ...a, questionId: 'birth_city' })) }),
    );
    expect(same.body.error.fieldCodes).toEqual({ securityAnswers: 'QUESTIONS_NOT_DISTINCT' });
    const two = await post(
      app,
      '/users/register/standard',
      registration({ securityAnswers: ANSWERS.slice(0, 2) }),
    );
    expect(two.body.error.fieldCodes).toEqual({ securityAnswers: 'ANSWER_REQUIRED' });
    const missing = await post(
      app,
      '/users/register/standard',
      registration({ isAdult: undefined, acceptTerms: 'yes' }),
    );
    expect(missing.body.error.fieldCodes).toEqual({
      isAdult: 'MUST_BE_ADULT',
      acceptTerms: 'MUST_ACCEPT_TERMS',
    });
    const mismatch = await post(app, '/users/register/standard', registration({ pinConfirm: OTHER_PIN }));
    expect(mismatch.body.error.fieldCodes).toEqual({ pinConfirm: 'PIN_MISMATCH' });
    const short = await post(
      app,
      '/users/register/standard',
      registration({ pin: '12345', pinConfirm: '12345' }),
    );
    expect(short.body.error.fieldCodes).toEqual({ pin: 'PIN_FORMAT' });
    const absent = await post(
      app,
      '/users/register/standard',
      registration({ pin: undefined, alias: undefined }),
    );
    expect(absent.body.error.fieldCodes).toEqual({ pin: 'PIN_REQUIRED', alias: 'ALIAS_REQUIRED' });
  });

  it('refuses an empty or missing PIN confirmation with PIN_CONFIRM_REQUIRED, and creates nothing', async () => {
    const body = registration();
    for (const pinConfirm of ['', undefined]) {
      const r = await post(app, '/users/register/standard', { ...body, pinConfirm });
      expect(r.status, `pinConfirm ${JSON.stringify(pinConfirm)}`).toBe(400);
      expectEnvelope(r, 'VALIDATION_ERROR');
      expect(r.body.error.fieldCodes).toEqual({ pinConfirm: 'PIN_CONFIRM_REQUIRED' });
      expect(r.body.error.fields.pinConfirm).toBe('Please repeat your PIN.');
    }
    // reported beside a problem with the PIN itself
    const both = await post(app, '/users/register/standard', registration({ pin: '12345', pinConfirm: '' }));
    expect(both.body.error.fieldCodes).toEqual({ pin: 'PIN_FORMAT', pinConfirm: 'PIN_CONFIRM_REQUIRED' });
    // the alias is still free
    expect((await post(app, '/users/register/standard', body)).status).toBe(201);
  });

  it('ignores unknown fields and accepts optional fields left empty', async () => {
    const r = await post(
      app,
      '/users/register/standard',
      registration({ isAdmin: true, id: 'x', email: '', phone: null, maritalStatus: null }),
    );
    expect(r.status).toBe(201);
    expect(r.body.user).not.toHaveProperty('isAdmin');
    expect(r.body.user.maritalStatus).toBeNull();
  });
});

describe('sign-in, profile, sign-out', () => {
  it('signs in with alias and PIN regardless of alias case', async () => {
    const m = await registerMember(app);
    const r = await post(app, '/users/login', { alias: m.alias.toUpperCase(), pin: GOOD_PIN });
    expect(r.status).toBe(200);
    expect(r.body.user.id).toBe(m.user.id);
    expect(r.body.token).not.toBe(m.token);
  });

  it('refuses a wrong PIN and an unknown alias with the same answer, and no attempt count', async () => {
    const m = await registerMember(app);
    const wrong = await post(app, '/users/login', { alias: m.alias, pin: OTHER_PIN });
    expect(wrong.status).toBe(401);
    expectEnvelope(wrong, 'INVALID_CREDENTIALS');
    expect(wrong.body.error).not.toHaveProperty('attemptsRemaining');
    const unknown = await post(app, '/users/login', { alias: uniqueAlias('ghost'), pin: GOOD_PIN });
    expect(unknown.status).toBe(401);
    expectEnvelope(unknown, 'INVALID_CREDENTIALS');
    expect(unknown.body.error).not.toHaveProperty('attemptsRemaining');
    // the same answer, word for word: nothing tells a known alias from an unknown one
    expect(unknown.body).toEqual(wrong.body);
    const ar = await post(
      app,
      '/users/login',
      { alias: m.alias, pin: OTHER_PIN },
      { headers: { 'accept-language': 'ar' } },
    );
    expect(ar.body.error.message).toBe('الاسم المستعار أو الرمز السري غير صحيح.');
  });

  it('validates the login body', async () => {
    const r = await post(app, '/users/login', { alias: '', pin: '12' });
    expect(r.status).toBe(400);
    expect(r.body.error.fieldCodes).toEqual({ alias: 'ALIAS_REQUIRED', pin: 'PIN_FORMAT' });
  });

  it('needs a valid bearer token for the profile', async () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { authorization: 'Bearer' },
      { authorization: 'Basic abc' },
      { authorization: `Bearer ${'A'.repeat(43)}` },
      { authorization: 'Bearer not-a-token' },
    ]) {
      const r = await get(app, '/users/profile', { headers });
      expect(r.status).toBe(401);
      expectEnvelope(r, 'UNAUTHORIZED');
      expect(r.headers.get('www-authenticate')).toBe('Bearer');
    }
  });

  it('logs out: 204, and the token stops working at once while other sessions continue', async () => {
    const m = await registerMember(app);
    const second = await post(app, '/users/login', { alias: m.alias, pin: GOOD_PIN });
    const out = await call(app, 'POST', '/api/users/logout', { token: m.token });
    expect(out.status).toBe(204);
    expect(out.text).toBe('');
    expect((await get(app, '/users/profile', { token: m.token })).status).toBe(401);
    expect((await call(app, 'POST', '/api/users/logout', { token: m.token })).status).toBe(401);
    expect((await get(app, '/users/profile', { token: second.body.token })).status).toBe(200);
  });
});

describe('PIN recovery', () => {
  it("lists the member's questions in her order, and 404s an unknown alias with the spec's message", async () => {
    const m = await registerMember(app);
    const r = await get(app, `/security-questions/user?alias=${encodeURIComponent(m.alias.toUpperCase())}`);
    expect(r.status).toBe(200);
    expect(r.body.questions).toEqual([
      { id: 'birth_city', text: 'In which city were you born?' },
      { id: 'favourite_food', text: 'What is your favourite food?' },
      { id: 'childhood_street', text: 'What was the name of the street you grew up on?' },
    ]);
    const none = await get(app, `/security-questions/user?alias=${uniqueAlias('none')}`);
    expect(none.status).toBe(404);
    expectEnvelope(none, 'USER_NOT_FOUND');
    expect(none.body.error.message).toBe('User not found with the provided alias');
    const ar = await get(app, `/security-questions/user?alias=${uniqueAlias('none')}`, {
      headers: { 'accept-language': 'ar' },
    });
    expect(ar.body.error.message).toMatch(/^[\u0600-\u06ff\s]+$/);
    const noAlias = await get(app, '/security-questions/user');
    expect(noAlias.status).toBe(400);
    expect(noAlias.body.error.fieldCodes).toEqual({ alias: 'ALIAS_REQUIRED' });
  });

  it('accepts honest answers typed differently, issues a reset token, and the reset ends every session', async () => {
    const m = await registerMember(app);
    const other = await post(app, '/users/login', { alias: m.alias, pin: GOOD_PIN });
    // order, case, spacing, punctuation, hamza and diacritics differ from registration
    const verify = await answerQuestions(app, m.alias, [
      { questionId: 'childhood_street', answer: '  شارع   الامير ' },
      { questionId: 'birth_city', answer: 'al-ain' },
      { questionId: 'favourite_food', answer: 'MAQLÚBA' },
    ]);
    expect(verify.status).toBe(200);
    expect(verify.body).toEqual({ resetToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresIn: 900 });

    const reset = await resetPin(app, verify.body.resetToken, '٧٣٩٢٦٤', OTHER_PIN);
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ ok: true });
    expect((await get(app, '/users/profile', { token: m.token })).status).toBe(401);
    expect((await get(app, '/users/profile', { token: other.body.token })).status).toBe(401);
    expect((await post(app, '/users/login', { alias: m.alias, pin: GOOD_PIN })).status).toBe(401);
    expect((await post(app, '/users/login', { alias: m.alias, pin: OTHER_PIN })).status).toBe(200);
  });

  it('refuses wrong answers, and answers to other questions, with no attempt count', async () => {
    const m = await registerMember(app);
    const wrong = await answerQuestions(
      app,
      m.alias,
      ANSWERS.map((a, i) => (i === 1 ? { ...a, answer: 'pizza' } : a)),
    );
    expect(wrong.status).toBe(401);
    expectEnvelope(wrong, 'WRONG_ANSWERS');
    expect(wrong.body.error).not.toHaveProperty('attemptsRemaining');
    const otherQuestions = await answerQuestions(app, m.alias, [
      { questionId: 'mother_maiden_name', answer: 'x' },
      { questionId: 'favourite_food', answer: 'Maqluba' },
      { questionId: 'childhood_street', answer: 'شارع الأمير' },
    ]);
    expect(otherQuestions.status).toBe(401);
    expect(otherQuestions.body.error).not.toHaveProperty('attemptsRemaining');
    const unknown = await answerQuestions(app, uniqueAlias('x'));
    expect(unknown.status).toBe(404);
    expectEnvelope(unknown, 'USER_NOT_FOUND');
  });

  it('refuses unknown, reused and malformed reset tokens, and validates the new PIN first', async () => {
    const m = await registerMember(app);
    const { body } = await answerQuestions(app, m.alias);
    const common = await resetPin(app, body.resetToken, '111111');
    expect(common.status).toBe(400);
    expect(common.body.error.fieldCodes).toEqual({ pin: 'PIN_TOO_COMMON' });
    // the failed attempt did not burn the token
    const ok = await resetPin(app, body.resetToken);
    expect(ok.status).toBe(200);
    const reuse = await resetPin(app, body.resetToken, '902741');
    expect(reuse.status).toBe(400);
    expectEnvelope(reuse, 'RESET_TOKEN_INVALID');
    for (const resetToken of ['A'.repeat(43), 'short', '../../etc']) {
      const r = await resetPin(app, resetToken, '902741');
      expect(r.status).toBe(400);
      expectEnvelope(r, 'RESET_TOKEN_INVALID');
    }
    expect((await post(app, '/users/login', { alias: m.alias, pin: OTHER_PIN })).status).toBe(200);
  });

  it('refuses an empty or missing PIN confirmation on reset with PIN_CONFIRM_REQUIRED, keeping the token', async () => {
    const m = await registerMember(app);
    const { body } = await answerQuestions(app, m.alias);
    const replies = [
      await resetPin(app, body.resetToken, OTHER_PIN, ''),
      await post(app, '/users/forgot-pin/reset', { resetToken: body.resetToken, pin: OTHER_PIN }),
    ];
    for (const r of replies) {
      expect(r.status).toBe(400);
      expectEnvelope(r, 'VALIDATION_ERROR');
      expect(r.body.error.fieldCodes).toEqual({ pinConfirm: 'PIN_CONFIRM_REQUIRED' });
    }
    expect((await post(app, '/users/login', { alias: m.alias, pin: OTHER_PIN })).status).toBe(401);
    expect((await resetPin(app, body.resetToken)).status).toBe(200);
    expect((await post(app, '/users/login', { alias: m.alias, pin: OTHER_PIN })).status).toBe(200);
  });

  it('a newer reset token replaces an older one', async () => {
    const m = await registerMember(app);
    const first = await answerQuestions(app, m.alias);
    const second = await answerQuestions(app, m.alias);
    const old = await resetPin(app, first.body.resetToken);
    expect(old.status).toBe(400);
    const fresh = await resetPin(app, second.body.resetToken);
    expect(fresh.status).toBe(200);
  });
});
