/**
 * GET /users/me/export (issue 25, item 6) on PGlite and (TEST_DATABASE_URL) PostgreSQL: her
 * profile, courses and progress, quiz attempts, reviews, invoices and credit notes, consultations
 * with her sealed names and date of birth opened for her, cards and devices, in JSON and as a
 * readable page in her language (escaped, no script); another member's data never in it; an
 * attachment with a neutral name, never cached, EXPORTS_PER_HOUR per member across processes.
 */
import { describe, expect, it } from 'vitest';
import { EXPORT_FILE_NAMES, EXPORTS_PER_HOUR } from '../../contract/account-settings.ts';
import { circlePosts, circleSpaces, circleThreads } from '../../server/db/schema.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import { postgresLimitStore } from '../../server/lib/limit-store.ts';
import { START, seedMember } from './account-data.ts';
import { cheapHasher, expectEnvelope, get, testApp } from './helpers.ts';
import { setupTestDb, usingPostgres } from './test-db.ts';

const clock = new ManualClock(START);
const { db, app } = await setupTestDb({ clock });
const her = await seedMember(app, db, 'Her', { language: 'ar' });
const other = await seedMember(app, db, 'Other');
const exportOf = (format: string, headers: Record<string, string> = {}, token = her.member.token) =>
  get(app, `/users/me/export?format=${format}`, { token, headers });

describe(`her data export on ${usingPostgres() ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('JSON: everything of hers, her sealed details opened, nothing of another member, no secrets', async () => {
    const r = await exportOf('json', { 'accept-language': 'en' });
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename="${EXPORT_FILE_NAMES.json}"`);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const data = JSON.parse(r.text);
    expect(data.profile.alias).toBe(her.member.alias);
    expect(data.profile.memberNumber).toBeGreaterThanOrEqual(1001);
    expect(data.profile.discreetDocuments).toBe(true);
    expect(data.securityQuestions).toHaveLength(3);
    expect(data.enrolments.map((e: { courseId: string }) => e.courseId).sort()).toEqual(
      ['menstrual-cycle', 'pcos-basics'].sort(),
    );
    const free = data.enrolments.find((e: { courseId: string }) => e.courseId === 'menstrual-cycle');
    expect(free.lessonsDone).toBe(1);
    expect(free.lessonsTotal).toBeGreaterThan(1);
    expect(free.title).toBe('Understanding your menstrual cycle');
    expect(data.quizAttempts).toHaveLength(1);
    expect(data.quizAttempts[0]).toMatchObject({ kind: 'pre', score: 100 });
    expect(data.reviews).toEqual([expect.objectContaining({ rating: 4, text: her.reviewText })]);
    expect(data.invoices.map((i: { number: string }) => i.number).sort()).toEqual(
      [...her.invoiceNumbers].sort(),
    );
    expect(data.creditNotes).toHaveLength(1);
    expect(data.creditNotes[0].refundPercent).toBe(100);
    expect(data.consultations).toHaveLength(2);
    for (const c of data.consultations) expect(c.personalDetails).toEqual(her.details);
    expect(data.paymentMethods).toEqual([expect.objectContaining({ last4: '4242' })]);
    expect(data.devices).toEqual([expect.objectContaining({ current: true })]);
    // nothing of the other member; no hash, token or room name of hers
    for (const leak of [other.member.alias, other.details.firstName, other.reviewText, other.member.user.id])
      expect(r.text).not.toContain(leak);
    expect(r.text).not.toMatch(/argon2|pinHash|answerHash|tokenHash|codeHash|amina-[0-9a-f]{40}/);
    expect(r.text).not.toContain(her.member.token);
  });

  it('HTML: in her profile language without Accept-Language, else in the asked one; escaped, no script', async () => {
    const ar = await exportOf('html');
    expect(ar.status, ar.text).toBe(200);
    expect(ar.headers.get('content-type')).toMatch(/^text\/html/);
    expect(ar.headers.get('content-disposition')).toBe(`attachment; filename="${EXPORT_FILE_NAMES.html}"`);
    expect(ar.headers.get('cache-control')).toBe('no-store');
    expect(ar.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(ar.text).toContain('<html lang="ar" dir="rtl">');
    expect(ar.text).toContain('بياناتكِ في أمينة');
    expect(ar.text).toContain(her.details.firstName);
    expect(ar.text).toContain(her.member.alias);
    // her review's markup is text, never markup; the page has no script at all
    expect(ar.text).not.toMatch(/<script/i);
    expect(ar.text).toContain('&lt;script&gt;alert(&quot;Her&quot;)&lt;/script&gt; &amp; more');
    expect(ar.text).not.toMatch(/\son[a-z]+=/i);
    for (const leak of [other.member.alias, other.details.firstName]) expect(ar.text).not.toContain(leak);

    const en = await exportOf('html', { 'accept-language': 'en-GB,en;q=0.8' });
    expect(en.text).toContain('<html lang="en" dir="ltr">');
    expect(en.text).toContain('Your data at Amina');
    expect(en.text).toContain('Understanding your menstrual cycle');
    expect(en.text).toContain('21 Apr 1990');
  });

  it('holds her circle posts (issue 27), as "a member" too, and never another member\'s reply', async () => {
    await db.db
      .insert(circleSpaces)
      .values({
        id: 'periods',
        position: 0,
        titleEn: 'Periods',
        titleAr: 'الدورة الشهرية',
        descriptionEn: 'x',
        descriptionAr: 'x',
      })
      .onConflictDoNothing();
    const [thread] = await db.db
      .insert(circleThreads)
      .values({
        spaceId: 'periods',
        title: 'Heavy bleeding after stopping the pill',
        authorId: her.member.user.id,
        status: 'published',
        createdAt: clock.now(),
        lastActivityAt: clock.now(),
      })
      .returning();
    const post = (authorId: string, opening: boolean, body: string, anonymous: boolean) => ({
      threadId: thread!.id,
      opening,
      authorId,
      anonymous,
      body,
      status: 'published',
      createdAt: clock.now(),
    });
    await db.db
      .insert(circlePosts)
      .values([
        post(her.member.user.id, true, 'Has anyone had this?\nIt started last month.', true),
        post(other.member.user.id, false, 'Other member reply text', false),
      ]);
    const data = JSON.parse((await exportOf('json', { 'accept-language': 'en' })).text);
    expect(data.circlePosts).toEqual([
      expect.objectContaining({
        space: 'Periods',
        threadTitle: 'Heavy bleeding after stopping the pill',
        opening: true,
        anonymous: true,
        body: 'Has anyone had this?\nIt started last month.',
        status: 'published',
      }),
    ]);
    const page = (await exportOf('html')).text;
    expect(page).toContain('مشاركاتكِ في حلقة الأخوات');
    expect(page).toContain('الدورة الشهرية');
    expect(page).toContain('عضوة');
    expect(page).not.toContain('Other member reply text');
    // her exports this hour are used up by now: the next tests start in a new hour
    clock.advance(60 * 60_000);
  });

  it('refuses a bad format and a visitor, never 500', async () => {
    const bad = await exportOf('pdf');
    expect(bad.status).toBe(400);
    expectEnvelope(bad, 'VALIDATION_ERROR');
    expect(bad.body.error.fieldCodes).toEqual({ format: 'INVALID' });
    const visitor = await get(app, '/users/me/export');
    expect(visitor.status).toBe(401);
    const empty = await exportOf('');
    expect(empty.status).toBe(400);
  });

  it(`${EXPORTS_PER_HOUR} exports an hour per member, counted together by every process`, async () => {
    // two processes on one database, counting in the shared store (PostgreSQL's rate_limits table)
    const store = postgresLimitStore(db);
    const a = testApp({ db, clock, hasher: cheapHasher(), limitStore: store });
    const b = testApp({ db, clock, hasher: cheapHasher(), limitStore: store });
    const token = other.member.token;
    for (let i = 0; i < EXPORTS_PER_HOUR; i++) {
      const r = await get(i % 2 ? a : b, '/users/me/export?format=json', { token });
      expect(r.status, r.text).toBe(200);
    }
    const refused = await get(a, '/users/me/export?format=html', { token });
    expect(refused.status).toBe(429);
    expectEnvelope(refused, 'RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // another member still has her own
    expect((await get(b, '/users/me/export', { token: her.member.token })).status).toBe(200);
    // an hour later, one more
    clock.advance(60 * 60_000);
    expect((await get(b, '/users/me/export', { token })).status).toBe(200);
  });
});
