/**
 * What admins change without a deploy (issue 26) on PGlite and PostgreSQL with a manual clock:
 * publishing an expert and approving or refusing her profile texts (the public directory and her
 * profile follow on the next request, in another process too), promo codes in the database (the
 * cart's quote takes a created code and refuses a switched-off one; the loader leaves an admin's
 * code alone and refuses a file code with its name), and the refund of a course order (the
 * provider's refund, a CN- credit note, the course taken from her: NOT_ENROLLED; two requests at
 * once make one refund). Every action is in the audit log; a moderator is refused every route.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS as CARDS } from '../../contract/commerce-rules.ts';
import { STAFF_ROUTES, type StaffRole } from '../../contract/staff.ts';
import { ContentError } from '../../server/content/loader.ts';
import { storeCoupons } from '../../server/content/loader-coupons.ts';
import {
  auditLog,
  coupons,
  creditNoteCounters,
  enrolments,
  expertProfileDrafts,
  experts,
  lessons,
  orderRefunds,
  orders,
  sandboxRefunds,
  users,
} from '../../server/db/schema.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import {
  addCard,
  buy,
  call,
  cheapHasher,
  expectEnvelope,
  get,
  newKey,
  post,
  registerMember,
  testApp,
  totalFor,
} from './helpers.ts';
import { staffSignedIn } from './staff-fixtures.ts';
import { setupTestDb, usingPostgres } from './test-db.ts';

const clock = new ManualClock(Date.UTC(2026, 10, 23, 12));
const { db, app } = await setupTestDb({ clock });
/** Another process on the same database: its caches must follow the first one's changes. */
const other = testApp({ db, clock, hasher: cheapHasher() });

const signedIn = (roles: StaffRole[], name = 'Salma Admin', expertId: string | null = null) =>
  staffSignedIn(db, clock, { roles, name, expertId });

const admin = await signedIn(['admin']);
const moderator = await signedIn(['moderator'], 'Mona Moderator');
const HUDA = 'huda-karim';
await signedIn(['expert'], 'Huda', HUDA);

const as = (
  who: { headers: Record<string, string> },
  method: string,
  path: string,
  json?: unknown,
  lang = 'en',
) => call(app, method, `/api${path}`, { headers: { ...who.headers, 'accept-language': lang }, json });

const lastAudit = async (action: string) =>
  (
    await db.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1)
  )[0];

const DRAFT = {
  en: {
    title: 'Midwife and lactation consultant',
    bio: 'I help mothers.',
    qualifications: 'IBCLC\n\n Midwifery BSc ',
  },
  ar: { title: 'قابلة ومستشارة رضاعة', bio: 'أساعد الأمهات.', qualifications: 'IBCLC\nبكالوريوس قبالة' },
};
async function draft(expertId: string) {
  await db.db
    .insert(expertProfileDrafts)
    .values({ expertId, texts: DRAFT, status: 'pending', submittedAt: clock.now() })
    .onConflictDoUpdate({
      target: expertProfileDrafts.expertId,
      set: { texts: DRAFT, status: 'pending', reason: null },
    });
}

describe(`experts on ${usingPostgres() ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('lists every expert in the request’s language with her account, live texts and a pending draft', async () => {
    await draft(HUDA);
    const r = await as(admin, 'GET', '/staff/admin/experts', undefined, 'ar');
    expect(r.status, r.text).toBe(200);
    const all = await db.db.select().from(experts).orderBy(asc(experts.position), asc(experts.id));
    expect(r.body.items.map((e: { id: string }) => e.id)).toEqual(all.map((e) => e.id));
    const huda = r.body.items.find((e: { id: string }) => e.id === HUDA);
    const row = all.find((e) => e.id === HUDA)!;
    expect(huda).toMatchObject({
      name: row.texts.ar.name,
      title: row.texts.ar.title,
      published: true,
      hasAccount: true,
      pendingTexts: DRAFT,
    });
    expect(huda.live.en).toEqual({
      title: row.texts.en.title,
      bio: row.texts.en.bio,
      qualifications: row.texts.en.qualifications.join('\n'),
    });
    expect(r.body.items.filter((e: { hasAccount: boolean }) => e.hasAccount)).toHaveLength(1);
  });

  it('unpublish and publish: the directory and her profile follow at once, in another process too', async () => {
    // the other process has the directory cached
    expect((await get(other, '/p/experts')).body.items.map((e: { id: string }) => e.id)).toContain(HUDA);
    const off = await as(admin, 'PUT', `/staff/admin/experts/${HUDA}/published`, { published: false });
    expect(off.status, off.text).toBe(200);
    expect(off.body.published).toBe(false);
    for (const a of [app, other]) {
      expect((await get(a, '/p/experts')).body.items.map((e: { id: string }) => e.id)).not.toContain(HUDA);
      expect((await get(a, `/p/experts/${HUDA}`)).status).toBe(404);
    }
    const [row] = await db.db.select().from(experts).where(eq(experts.id, HUDA));
    expect(row).toMatchObject({ published: false, publishedSetAt: clock.now() });
    expect(await lastAudit('expert.unpublished')).toMatchObject({
      staffId: admin.id,
      targetType: 'expert',
      targetId: HUDA,
    });
    const listed = await as(admin, 'GET', '/staff/admin/experts');
    expect(listed.body.items.find((e: { id: string }) => e.id === HUDA).published).toBe(false);
    const sitemap = await app.request('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(await sitemap.text()).not.toContain(`/experts/${HUDA}`);

    clock.advance(1000);
    const on = await as(admin, 'PUT', `/staff/admin/experts/${HUDA}/published`, { published: true });
    expect(on.body.published).toBe(true);
    for (const a of [app, other]) expect((await get(a, `/p/experts/${HUDA}`)).status).toBe(200);
    expect(await lastAudit('expert.published')).toMatchObject({ targetId: HUDA });
  });

  it('approve: her title, bio and qualifications go live in both languages, her name stays, the draft goes', async () => {
    await draft(HUDA);
    const [before] = await db.db.select().from(experts).where(eq(experts.id, HUDA));
    expect((await get(other, `/p/experts/${HUDA}`)).body.title).toBe(before.texts.en.title);
    const r = await as(admin, 'POST', `/staff/admin/experts/${HUDA}/profile/approve`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.pendingTexts).toBeNull();
    expect(r.body.live.en).toEqual({ ...DRAFT.en, qualifications: 'IBCLC\nMidwifery BSc' });
    const [after] = await db.db.select().from(experts).where(eq(experts.id, HUDA));
    expect(after.texts.en).toEqual({
      name: before.texts.en.name,
      title: DRAFT.en.title,
      bio: DRAFT.en.bio,
      qualifications: ['IBCLC', 'Midwifery BSc'],
    });
    expect(after.texts.ar.name).toBe(before.texts.ar.name);
    expect(after.texts.ar.title).toBe(DRAFT.ar.title);
    expect(after.textsApprovedAt).toEqual(clock.now());
    expect(
      await db.db.select().from(expertProfileDrafts).where(eq(expertProfileDrafts.expertId, HUDA)),
    ).toEqual([]);
    for (const a of [app, other]) {
      const profile = await get(a, `/p/experts/${HUDA}`, { headers: { 'accept-language': 'ar' } });
      expect(profile.body).toMatchObject({
        name: before.texts.ar.name,
        title: DRAFT.ar.title,
        bio: DRAFT.ar.bio,
      });
      expect(profile.body.qualifications).toEqual(['IBCLC', 'بكالوريوس قبالة']);
    }
    expect(await lastAudit('profile.approved')).toMatchObject({ staffId: admin.id, targetId: HUDA });
    const again = await as(admin, 'POST', `/staff/admin/experts/${HUDA}/profile/approve`);
    expect(again.status).toBe(409);
    expectEnvelope(again, 'NO_PENDING_PROFILE');
  });

  it('reject: the draft is refused with the reason (not in the log); nothing goes live', async () => {
    const DALIA = 'dalia-sabbagh';
    await draft(DALIA);
    for (const body of [{ reason: '   ' }, { reason: 'x'.repeat(501) }, {}, { reason: 5 }]) {
      const bad = await as(admin, 'POST', `/staff/admin/experts/${DALIA}/profile/reject`, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expectEnvelope(bad, 'VALIDATION_ERROR');
    }
    const r = await as(admin, 'POST', `/staff/admin/experts/${DALIA}/profile/reject`, {
      reason: ' Please name the licence body. ',
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.pendingTexts).toBeNull();
    expect(r.body.live.en.title).not.toBe(DRAFT.en.title);
    const [d] = await db.db.select().from(expertProfileDrafts).where(eq(expertProfileDrafts.expertId, DALIA));
    expect(d).toMatchObject({
      status: 'rejected',
      reason: 'Please name the licence body.',
      reviewedBy: admin.id,
    });
    const audit = await lastAudit('profile.rejected');
    expect(audit).toMatchObject({ targetId: DALIA });
    expect(JSON.stringify(audit.detail)).not.toContain('licence');
    const again = await as(admin, 'POST', `/staff/admin/experts/${DALIA}/profile/reject`, { reason: 'No' });
    expectEnvelope(again, 'NO_PENDING_PROFILE');
    const approve = await as(admin, 'POST', `/staff/admin/experts/${DALIA}/profile/approve`);
    expectEnvelope(approve, 'NO_PENDING_PROFILE');
  });

  it('an unknown expert is 404, a malformed id 400, a bad body 400', async () => {
    expect(
      (await as(admin, 'PUT', '/staff/admin/experts/no-one/published', { published: true })).status,
    ).toBe(404);
    expect((await as(admin, 'POST', '/staff/admin/experts/no-one/profile/approve')).status).toBe(404);
    expect(
      (await as(admin, 'PUT', '/staff/admin/experts/Bad_Id/published', { published: true })).status,
    ).toBe(400);
    expect(
      (await as(admin, 'PUT', `/staff/admin/experts/${HUDA}/published`, { published: 'yes' })).status,
    ).toBe(400);
  });
});

const PCOS = 'pcos-basics';
const MENOPAUSE = 'menopause-care';
const draftCoupon = (over: Record<string, unknown> = {}) => ({
  code: ' spring ٢٠ ',
  kind: 'percent',
  value: 20,
  courseIds: [PCOS],
  startsAt: null,
  endsAt: '2026-12-31T00:00:00+03:00',
  maxRedemptions: 100,
  perMemberLimit: 1,
  ...over,
});

describe('promo codes', () => {
  it('lists the file’s codes with their source and redemptions', async () => {
    const r = await as(admin, 'GET', '/staff/admin/coupons');
    expect(r.status).toBe(200);
    const welcome = r.body.items.find((c: { code: string }) => c.code === 'WELCOME10');
    expect(welcome).toMatchObject({
      source: 'file',
      active: true,
      redemptions: 0,
      kind: 'percent',
      value: 10,
    });
  });

  it('creates a code (normalised, source admin) that the cart’s quote accepts; a taken code is 409', async () => {
    const r = await as(admin, 'POST', '/staff/admin/coupons', draftCoupon());
    expect(r.status, r.text).toBe(201);
    expect(r.body).toEqual({
      ...draftCoupon(),
      code: 'SPRING20',
      endsAt: '2026-12-30T21:00:00.000Z',
      active: true,
      source: 'admin',
      redemptions: 0,
    });
    expect(await lastAudit('coupon.created')).toMatchObject({ staffId: admin.id, targetId: 'SPRING20' });
    const quote = await post(app, '/course-purchase/quote', { courseIds: [PCOS], code: 'spring20' });
    expect(quote.body).toMatchObject({ couponError: null, coupon: { code: 'SPRING20', discount: 640 } });
    for (const code of ['SPRING20', 'welcome10']) {
      const taken = await as(admin, 'POST', '/staff/admin/coupons', draftCoupon({ code }));
      expect(taken.status).toBe(409);
      expectEnvelope(taken, 'COUPON_EXISTS');
    }
  });

  it('refuses what the table would: field codes, never a 500', async () => {
    for (const over of [
      { code: 'a' },
      { code: '   ' },
      { code: 'NO WAY!' },
      { code: 'X'.repeat(40) },
      { kind: 'percent', value: 101 },
      { value: 0 },
      { kind: 'amount', value: 2 ** 40 },
      { courseIds: ['no-such-course'] },
      { courseIds: [] },
      { startsAt: '2026-12-31T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' },
      { endsAt: 'next week' },
      { maxRedemptions: 0 },
      { perMemberLimit: -1 },
      { maxRedemptions: 2 ** 40 },
      { kind: 'gift' },
      { value: 1.5 },
      { courseIds: 'all' },
    ]) {
      const r = await as(admin, 'POST', '/staff/admin/coupons', draftCoupon({ code: 'OKAY1', ...over }));
      expect(r.status, JSON.stringify(over)).toBe(400);
      expectEnvelope(r, 'VALIDATION_ERROR');
    }
    expect(await db.db.select().from(coupons).where(eq(coupons.code, 'OKAY1'))).toEqual([]);
  });

  it('switched off, the quote calls it unknown; its end and limits change; audited', async () => {
    const off = await as(admin, 'PATCH', '/staff/admin/coupons/spring20', { active: false });
    expect(off.status, off.text).toBe(200);
    expect(off.body).toMatchObject({ code: 'SPRING20', active: false });
    const quote = await post(app, '/course-purchase/quote', { courseIds: [PCOS], code: 'SPRING20' });
    expect(quote.body.couponError).toBe('COUPON_UNKNOWN');
    const changed = await as(admin, 'PATCH', '/staff/admin/coupons/SPRING20', {
      active: true,
      endsAt: null,
      maxRedemptions: null,
      perMemberLimit: 2,
    });
    expect(changed.body).toMatchObject({
      active: true,
      endsAt: null,
      maxRedemptions: null,
      perMemberLimit: 2,
    });
    expect(await lastAudit('coupon.changed')).toMatchObject({
      targetId: 'SPRING20',
      detail: { fields: 'active,endsAt,maxRedemptions,perMemberLimit', source: 'admin' },
    });
    expect((await as(admin, 'PATCH', '/staff/admin/coupons/NOPE99', { active: false })).status).toBe(404);
    expect((await as(admin, 'PATCH', '/staff/admin/coupons/SPRING20', { maxRedemptions: 0 })).status).toBe(
      400,
    );
    expect((await as(admin, 'PATCH', '/staff/admin/coupons/SPRING20', { active: 'no' })).status).toBe(400);
    expect((await as(admin, 'PATCH', '/staff/admin/coupons/bad%20code!', { active: false })).status).toBe(
      400,
    );
  });

  it('the loader writes only the file’s codes: an admin code stays, and a file code with its name is a content problem', async () => {
    const file = (code: string, value: number) => ({
      code,
      kind: 'percent' as const,
      value,
      courseIds: null,
      startsAt: null,
      endsAt: null,
      maxRedemptions: null,
      perMemberLimit: null,
      hash: `h${value}`,
    });
    // WELCOME10 switched off by an admin: the file as it was keeps it off; MENOPAUSE dropped from the file
    await as(admin, 'PATCH', '/staff/admin/coupons/WELCOME10', { active: false });
    const [welcome] = await db.db.select().from(coupons).where(eq(coupons.code, 'WELCOME10'));
    await db.db.transaction((tx) => storeCoupons(tx, [{ ...file('WELCOME10', 10), hash: welcome.hash }]));
    const rows = await db.db.select().from(coupons);
    const byCode = Object.fromEntries(rows.map((r) => [r.code, r]));
    expect(byCode.SPRING20).toMatchObject({ active: true, source: 'admin', perMemberLimit: 2 });
    expect(byCode.WELCOME10.active).toBe(false);
    expect(byCode.MENOPAUSE.active).toBe(false);
    // the file's entry changes: the file wins again
    await db.db.transaction((tx) => storeCoupons(tx, [file('WELCOME10', 15)]));
    expect((await db.db.select().from(coupons).where(eq(coupons.code, 'WELCOME10')))[0]).toMatchObject({
      active: true,
      value: 15,
    });
    await expect(
      db.db.transaction((tx) => storeCoupons(tx, [file('WELCOME10', 15), file('SPRING20', 50)])),
    ).rejects.toThrow(ContentError);
    expect((await db.db.select().from(coupons).where(eq(coupons.code, 'SPRING20')))[0]).toMatchObject({
      value: 20,
      source: 'admin',
    });
  });
});

async function purchase(courseIds: string[]) {
  const m = await registerMember(app);
  const pm = await addCard(app, m.token, CARDS.success);
  const total = await totalFor(app, courseIds);
  const r = await buy(app, m.token, newKey(), { courseIds, paymentMethodId: pm, expectedTotal: total });
  expect(r.status, r.text).toBe(201);
  const [order] = await db.db.select().from(orders).where(eq(orders.userId, m.user.id));
  const [{ memberNumber }] = await db.db
    .select({ memberNumber: users.memberNumber })
    .from(users)
    .where(eq(users.id, m.user.id));
  return { m, order, memberNumber, invoice: r.body.invoice.number as string, total };
}

describe('refunding a course order', () => {
  it('finds orders by member number or invoice number', async () => {
    const { order, memberNumber, invoice, total } = await purchase([PCOS, MENOPAUSE]);
    const byMember = await as(admin, 'GET', `/staff/admin/orders?memberNumber=${memberNumber}`);
    expect(byMember.status, byMember.text).toBe(200);
    expect(byMember.body.items).toEqual([
      {
        id: order.id,
        memberNumber,
        invoiceNumber: invoice,
        createdAt: order.createdAt.toISOString(),
        courses: [
          { id: PCOS, title: expect.any(String) },
          { id: MENOPAUSE, title: expect.any(String) },
        ],
        total,
        currency: 'USD',
        refund: null,
      },
    ]);
    const byInvoice = await as(admin, 'GET', `/staff/admin/orders?invoice=${invoice.toLowerCase()}`);
    expect(byInvoice.body.items.map((o: { id: string }) => o.id)).toEqual([order.id]);
    expect((await as(admin, 'GET', '/staff/admin/orders?memberNumber=999999999')).body.items).toEqual([]);
    for (const q of [
      '',
      '?memberNumber=abc',
      '?memberNumber=99999999999',
      '?invoice=INV-1',
      '?memberNumber=0',
    ]) {
      const bad = await as(admin, 'GET', `/staff/admin/orders${q}`);
      expect(bad.status, q).toBe(400);
      expectEnvelope(bad, 'VALIDATION_ERROR');
    }
  });

  it('refunds the charge, issues a CN- credit note, ends the enrolments it bought; a second time is 409', async () => {
    const { m, order, total } = await purchase([PCOS]);
    const [lesson] = await db.db
      .select({ id: lessons.id })
      .from(lessons)
      .where(eq(lessons.courseId, PCOS))
      .limit(1);
    const done = () =>
      post(app, '/lms/lesson/complete', { courseId: PCOS, lessonId: lesson.id }, { token: m.token });
    expect((await done()).status).toBe(200);
    const counter = async () =>
      (await db.db.select().from(creditNoteCounters).where(eq(creditNoteCounters.year, 2026)))[0]?.last ?? 0;
    const before = await counter();
    for (const body of [{}, { reason: ' ' }, { reason: 'x'.repeat(501) }]) {
      const bad = await as(admin, 'POST', `/staff/admin/orders/${order.id}/refund`, body);
      expect(bad.status).toBe(400);
    }
    const r = await as(admin, 'POST', `/staff/admin/orders/${order.id}/refund`, {
      reason: 'Charged twice by her bank',
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.refund).toEqual({
      creditNoteNumber: `CN-2026-${String(before + 1).padStart(6, '0')}`,
      amount: total,
      at: clock.now().toISOString(),
      reason: 'Charged twice by her bank',
    });
    expect(await counter()).toBe(before + 1);
    const refunds = await db.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.chargeId, order.chargeId!));
    expect(refunds.map((x) => x.amount)).toEqual([total]);
    expect(
      await db.db
        .select()
        .from(enrolments)
        .where(and(eq(enrolments.userId, m.user.id), eq(enrolments.courseId, PCOS))),
    ).toEqual([]);
    const after = await done();
    expect(after.status).toBe(403);
    expectEnvelope(after, 'NOT_ENROLLED');
    const audit = await lastAudit('order.refunded');
    expect(audit).toMatchObject({ staffId: admin.id, targetType: 'order', targetId: order.id });
    expect(audit.detail).toMatchObject({ amount: total, enrolmentsEnded: 1 });
    expect(JSON.stringify(audit.detail)).not.toContain('bank');
    const again = await as(admin, 'POST', `/staff/admin/orders/${order.id}/refund`, { reason: 'Again' });
    expect(again.status).toBe(409);
    expectEnvelope(again, 'ALREADY_REFUNDED');
    expect(
      (await as(admin, 'POST', `/staff/admin/orders/${randomUUID()}/refund`, { reason: 'x' })).status,
    ).toBe(404);
  });

  it('an order that charged nothing (a 100 % code): a credit note of 0, nothing sent to the provider, the course ended', async () => {
    const made = await as(
      admin,
      'POST',
      '/staff/admin/coupons',
      draftCoupon({ code: 'GIFT100', value: 100 }),
    );
    expect(made.status, made.text).toBe(201);
    const m = await registerMember(app);
    const r = await buy(app, m.token, newKey(), { courseIds: [PCOS], code: 'GIFT100', expectedTotal: 0 });
    expect(r.status, r.text).toBe(201);
    const [order] = await db.db.select().from(orders).where(eq(orders.userId, m.user.id));
    expect(order).toMatchObject({ total: 0, chargeId: null });
    const refund = await as(admin, 'POST', `/staff/admin/orders/${order.id}/refund`, {
      reason: 'Course withdrawn',
    });
    expect(refund.status, refund.text).toBe(200);
    expect(refund.body.refund).toMatchObject({
      amount: 0,
      creditNoteNumber: expect.stringMatching(/^CN-2026-\d{6}$/),
    });
    const [row] = await db.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(row.refundId).toBe('none');
    expect(await db.db.select().from(enrolments).where(eq(enrolments.userId, m.user.id))).toEqual([]);
  });

  it('two refunds at once: one refund, one credit note, the other 409', async () => {
    const { order } = await purchase([MENOPAUSE]);
    const both = await Promise.all(
      [app, other].map((a) =>
        call(a, 'POST', `/api/staff/admin/orders/${order.id}/refund`, {
          headers: admin.headers,
          json: { reason: 'Duplicate purchase' },
        }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await db.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toHaveLength(1);
    expect(
      await db.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.chargeId, order.chargeId!)),
    ).toHaveLength(1);
  });
});

describe('the reference', () => {
  it('lists the inbox’s and the admin’s routes under the tag staff, behind the staff cookie', async () => {
    const doc = (await get(app, '/openapi.json')).body;
    const mine = STAFF_ROUTES.filter((r) => /^\/staff\/(inbox|admin)/.test(r.path));
    expect(mine).toHaveLength(14);
    for (const r of mine) {
      const op = doc.paths[`/api${r.path}`]?.[r.method];
      expect(op?.tags, `${r.method} ${r.path}`).toEqual(['staff']);
      expect(op?.security).toEqual([{ staffCookie: [] }]);
    }
  });
});

describe('roles', () => {
  it('a moderator and an expert are refused every admin route (403); no session is 401', async () => {
    const expert = await signedIn(['expert'], 'Amal', 'amal-jaber');
    const routes = [
      ['GET', '/staff/admin/experts'],
      ['PUT', `/staff/admin/experts/${HUDA}/published`, { published: false }],
      ['POST', `/staff/admin/experts/${HUDA}/profile/approve`],
      ['POST', `/staff/admin/experts/${HUDA}/profile/reject`, { reason: 'x' }],
      ['GET', '/staff/admin/coupons'],
      ['POST', '/staff/admin/coupons', draftCoupon({ code: 'NOTMINE' })],
      ['PATCH', '/staff/admin/coupons/SPRING20', { active: false }],
      ['GET', '/staff/admin/orders?memberNumber=1001'],
      ['POST', `/staff/admin/orders/${randomUUID()}/refund`, { reason: 'x' }],
    ] as const;
    for (const [method, path, json] of routes) {
      for (const who of [moderator, expert]) {
        const r = await as(who, method, path, json);
        expect(r.status, `${method} ${path}`).toBe(403);
        expectEnvelope(r, 'FORBIDDEN');
      }
      expect((await call(app, method, `/api${path}`, { json })).status).toBe(401);
    }
    expect((await db.db.select().from(coupons).where(eq(coupons.code, 'NOTMINE'))).length).toBe(0);
  });
});
