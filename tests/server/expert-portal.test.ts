import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '../../contract/commerce-rules.ts';
import { DISCOVERY_OFFER_ID } from '../../contract/experts-constants.ts';
import { STAFF_ROUTES, type StaffRole } from '../../contract/staff.ts';
import { auditLog, bookings, expertProfileDrafts, staffSessions } from '../../server/db/schema.ts';
import { defaultConsultationsConfig } from '../../server/domain/consultations-config.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import { tokenDigest } from '../../server/lib/hashing.ts';
import { addCard, call, expectEnvelope, get, newKey, post, registerMember, TEST_PEPPER } from './helpers.ts';
import { staffSignedIn } from './staff-fixtures.ts';
import { setupTestDb, usingPostgres } from './test-db.ts';

const M = 60_000;
// Monday 30 November 2026, 00:00 UTC
const START = Date.UTC(2026, 10, 30, 0, 0);
const RANA = 'rana-aziz'; // gynaecology: medical consultations, Asia/Riyadh
const NOUR = 'nour-haddad'; // education: not medical
const DETAILS = { firstName: 'Mariam', lastName: 'Qasimi', dateOfBirth: '1990-04-21' };

const clock = new ManualClock(START);
const consultations = {
  ...defaultConsultationsConfig(TEST_PEPPER),
  jitsiAppId: 'amina',
  jitsiAppSecret: 's3cret',
};
const { db, app } = await setupTestDb({ clock, config: { consultations } });

/** A staff member signed in (a 'full' session): her cookie header. */
const signIn = (roles: StaffRole[], expertId: string | null, language: 'en' | 'ar' = 'en') =>
  staffSignedIn(db, clock, { roles, expertId, language, sessionMs: 30 * M });
type Who = Awaited<ReturnType<typeof signIn>>;

/** A staff request; her session is kept alive across the clock's jumps. */
async function as(who: Who, method: string, path: string, json?: unknown, language = 'en') {
  await db.db
    .update(staffSessions)
    .set({ lastSeenAt: clock.now(), expiresAt: new Date(clock.now().getTime() + 30 * M) })
    .where(eq(staffSessions.tokenHash, tokenDigest(who.token)));
  return call(app, method, `/api${path}`, {
    json,
    headers: { cookie: who.cookie, 'accept-language': language },
  });
}

async function firstSlot(expert: string, offer: string): Promise<string> {
  const r = await get(app, `/p/experts/${expert}/slots?offer=${offer}`);
  expect(r.status, r.text).toBe(200);
  return r.body.slots[0];
}

/** A confirmed booking of `expert` by a new member (paid, with details, for a consultation). */
async function booked(expert: string, offerId = 'consult-30') {
  const m = await registerMember(app, { avatarId: 'jasmine' });
  const free = offerId === DISCOVERY_OFFER_ID;
  const pm = free ? undefined : await addCard(app, m.token, SANDBOX_TEST_CARDS.success);
  const startsAt = await firstSlot(expert, offerId);
  const h = await post(
    app,
    '/consultations/hold',
    { expertId: expert, offerId, mode: 'video', startsAt },
    { token: m.token },
  );
  expect(h.status, h.text).toBe(201);
  const body = free ? {} : { paymentMethodId: pm, ...(h.body.medical ? { details: DETAILS } : {}) };
  const c = await post(app, `/consultations/${h.body.id}/confirm`, body, {
    token: m.token,
    headers: { 'idempotency-key': newKey() },
  });
  expect(c.status, c.text).toBe(201);
  return {
    member: m,
    id: h.body.id as string,
    startsAt: Date.parse(startsAt),
    endsAt: Date.parse(h.body.endsAt),
  };
}

const audits = (action: string, targetId: string) =>
  db.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

const rana = await signIn(['expert'], RANA, 'ar');
const nour = await signIn(['expert'], NOUR);

describe(`the expert portal on ${usingPostgres() ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('lists a new booking for her expert only, with alias and avatar, never names', async () => {
    const b = await booked(RANA);
    // another member's hold is nobody's call yet
    const other = await registerMember(app);
    const held = await post(
      app,
      '/consultations/hold',
      {
        expertId: RANA,
        offerId: DISCOVERY_OFFER_ID,
        mode: 'voice',
        startsAt: await firstSlot(RANA, DISCOVERY_OFFER_ID),
      },
      { token: other.token },
    );
    expect(held.status, held.text).toBe(201);

    const r = await as(rana, 'GET', '/staff/expert/bookings?when=upcoming');
    expect(r.status, r.text).toBe(200);
    expect(r.body.timeZone).toBe('Asia/Riyadh');
    expect(r.body.items.map((i: { id: string }) => i.id)).toEqual([b.id]);
    const item = r.body.items[0];
    expect(item).toMatchObject({
      alias: b.member.alias,
      avatar: { id: 'jasmine', emoji: '🌼', label: 'Jasmine flower', url: '/avatars/jasmine.svg' },
      offerKind: 'consultation',
      offerTitle: 'Consultation',
      minutes: 30,
      mode: 'video',
      status: 'confirmed',
      medical: true,
      noShowAt: null,
      joinable: false,
    });
    expect(r.text).not.toContain('Mariam');
    expect(r.text).not.toContain('1990-04-21');
    const ar = await as(rana, 'GET', '/staff/expert/bookings', undefined, 'ar');
    expect(ar.body.items[0].offerTitle).toBe('استشارة');
    expect(ar.body.items[0].avatar.label).toBe('زهرة الياسمين');

    const theirs = await as(nour, 'GET', '/staff/expert/bookings?when=upcoming');
    expect(theirs.body.items).toEqual([]);
    const viewed = await audits('booking.viewed', RANA);
    expect(viewed.map((v) => v.detail)).toEqual([
      { when: 'upcoming', count: 1 },
      { when: 'upcoming', count: 1 },
    ]);
    for (const action of ['join', 'details', 'no-show']) {
      const x = await as(nour, 'POST', `/staff/expert/bookings/${b.id}/${action}`);
      expect(x.status, action).toBe(404);
      expectEnvelope(x, 'BOOKING_NOT_FOUND');
    }
    // the held booking is not hers to act on either
    expectEnvelope(
      await as(rana, 'POST', `/staff/expert/bookings/${held.body.id}/join`),
      'BOOKING_NOT_FOUND',
    );
  });

  it('is closed to visitors, members, other roles and an expert role with no expert', async () => {
    const member = await registerMember(app);
    expect((await get(app, '/staff/expert/bookings')).status).toBe(401);
    expect((await get(app, '/staff/expert/bookings', { token: member.token })).status).toBe(401);
    const moderator = await signIn(['moderator'], null);
    expectEnvelope(await as(moderator, 'GET', '/staff/expert/hours'), 'FORBIDDEN');
    const unlinked = await signIn(['expert'], null);
    for (const path of ['/staff/expert/bookings', '/staff/expert/hours', '/staff/expert/profile']) {
      const r = await as(unlinked, 'GET', path);
      expect(r.status, path).toBe(403);
    }
    expectEnvelope(await as(rana, 'GET', '/staff/expert/bookings?when=soon'), 'VALIDATION_ERROR');
    expectEnvelope(await as(rana, 'POST', '/staff/expert/bookings/not-a-uuid/join'), 'VALIDATION_ERROR');
  });

  it('joins the member’s room under her name in her language, in the window only, audited', async () => {
    const b = await booked(RANA);
    clock.set(b.startsAt - 11 * M);
    expectEnvelope(await as(rana, 'POST', `/staff/expert/bookings/${b.id}/join`), 'NOT_YET_OPEN');
    clock.set(b.startsAt - 10 * M);
    const r = await as(rana, 'POST', `/staff/expert/bookings/${b.id}/join`);
    expect(r.status, r.text).toBe(200);
    const theirs = await get(app, `/consultations/${b.id}/join`, { token: b.member.token });
    expect(theirs.status, theirs.text).toBe(200);
    expect(r.body.room).toBe(theirs.body.room);
    expect(r.body.server).toBe(theirs.body.server);
    expect(r.body.displayName).toBe('د. رنا عزيز');
    expect(theirs.body.displayName).toBe(b.member.alias);
    const claims = JSON.parse(Buffer.from(r.body.jwt.split('.')[1], 'base64url').toString('utf8'));
    expect(claims.room).toBe(r.body.room);
    expect(claims.context.user).toEqual({ name: 'د. رنا عزيز', moderator: true });
    const list = await as(rana, 'GET', '/staff/expert/bookings');
    expect(list.body.items.find((i: { id: string }) => i.id === b.id).joinable).toBe(true);
    expect(await audits('booking.joined', b.id)).toHaveLength(1);
    clock.set(b.endsAt);
    expectEnvelope(await as(rana, 'POST', `/staff/expert/bookings/${b.id}/join`), 'ENDED');
    expect(await audits('booking.joined', b.id)).toHaveLength(1);
    clock.set(START);
  });

  it('opens a medical booking’s sealed details for her, each opening audited without them', async () => {
    const b = await booked(RANA);
    for (let i = 0; i < 2; i++) {
      const r = await as(rana, 'POST', `/staff/expert/bookings/${b.id}/details`);
      expect(r.status, r.text).toBe(200);
      expect(r.body).toEqual(DETAILS);
    }
    const rows = await audits('booking.details.opened', b.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ staffId: rana.id, targetType: 'booking' });
    expect(JSON.stringify(rows)).not.toMatch(/Mariam|Qasimi|1990/);

    const free = await booked(NOUR, DISCOVERY_OFFER_ID);
    const r = await as(nour, 'POST', `/staff/expert/bookings/${free.id}/details`);
    expect(r.status).toBe(409);
    expectEnvelope(r, 'BOOKING_NOT_MEDICAL');
    expect(await audits('booking.details.opened', free.id)).toHaveLength(0);
  });

  it('marks a no-show from the start on, once', async () => {
    const b = await booked(RANA);
    clock.set(b.startsAt - M);
    expectEnvelope(await as(rana, 'POST', `/staff/expert/bookings/${b.id}/no-show`), 'NO_SHOW_TOO_EARLY');
    clock.set(b.startsAt + 5 * M);
    const r = await as(rana, 'POST', `/staff/expert/bookings/${b.id}/no-show`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.noShowAt).toBe(new Date(b.startsAt + 5 * M).toISOString());
    clock.set(b.startsAt + 8 * M);
    const again = await as(rana, 'POST', `/staff/expert/bookings/${b.id}/no-show`);
    expect(again.status).toBe(200);
    expect(again.body.noShowAt).toBe(r.body.noShowAt);
    expect(await audits('booking.no-show', b.id)).toHaveLength(1);
    // once ended it is past, newest first, with the mark
    clock.set(b.endsAt);
    const past = await as(rana, 'GET', '/staff/expert/bookings?when=past');
    expect(past.body.items[0]).toMatchObject({ id: b.id, noShowAt: r.body.noShowAt, joinable: false });
    const upcoming = await as(rana, 'GET', '/staff/expert/bookings?when=upcoming');
    expect(upcoming.body.items.map((i: { id: string }) => i.id)).not.toContain(b.id);
    clock.set(START);
  });

  it('lists a cancelled call as past, and a deleted member as “Former member” with no details', async () => {
    const b = await booked(RANA);
    const cancel = await post(app, `/consultations/${b.id}/cancel`, {}, { token: b.member.token });
    expect(cancel.status, cancel.text).toBe(200);
    const past = await as(rana, 'GET', '/staff/expert/bookings?when=past');
    expect(past.body.items.find((i: { id: string }) => i.id === b.id)?.status).toBe('cancelled');
    expectEnvelope(await as(rana, 'POST', `/staff/expert/bookings/${b.id}/no-show`), 'BOOKING_NOT_PAYABLE');

    const gone = await booked(RANA);
    // what account deletion leaves of an invoiced booking (account-deletion.ts)
    await db.db
      .update(bookings)
      .set({ userId: null, details: null, detailsKeyId: null })
      .where(eq(bookings.id, gone.id));
    const en = await as(rana, 'GET', '/staff/expert/bookings');
    const item = en.body.items.find((i: { id: string }) => i.id === gone.id);
    expect(item.alias).toBe('Former member');
    expect(item.avatar).toEqual({ id: 'former-member', emoji: '👤', label: 'Former member' });
    const ar = await as(rana, 'GET', '/staff/expert/bookings', undefined, 'ar');
    expect(ar.body.items.find((i: { id: string }) => i.id === gone.id).alias).toBe('عضوة سابقة');
    expectEnvelope(await as(rana, 'POST', `/staff/expert/bookings/${gone.id}/details`), 'BOOKING_NOT_FOUND');
  });

  it('documents every portal route of the route table under the tag staff, with the cookie', async () => {
    const doc = (await get(app, '/openapi.json')).body;
    const portal = STAFF_ROUTES.filter((r) => r.path.startsWith('/staff/expert/'));
    expect(portal).toHaveLength(8);
    for (const r of portal) {
      const op = doc.paths[`/api${r.path}`]?.[r.method];
      expect(op?.tags, `${r.method} ${r.path}`).toEqual(['staff']);
      expect(op.security).toEqual([{ staffCookie: [] }]);
      expect(Object.keys(op.responses)).toContain('200');
    }
  });

  it('keeps her profile texts as a draft until an admin approves them', async () => {
    const live = await as(rana, 'GET', '/staff/expert/profile');
    expect(live.status, live.text).toBe(200);
    expect(live.body.name).toEqual({ en: 'Dr Rana Aziz', ar: 'د. رنا عزيز' });
    expect(live.body.draft).toBeNull();
    expect(live.body.live.en.title.length).toBeGreaterThan(0);
    expect(live.body.live.en.qualifications).toContain('\n');

    const texts = (title: string) => ({
      en: { title, bio: 'I listen first.', qualifications: 'MD\n\n  Board certified  ' },
      ar: { title: 'طبيبة نسائية', bio: 'أستمع أولًا.', qualifications: 'دكتوراه في الطب' },
    });
    const bad = await as(rana, 'PUT', '/staff/expert/profile', {
      en: { title: '  ', bio: '<b>bold</b>', qualifications: 'x'.repeat(1001) },
      ar: { title: 'سطر\nثانٍ', bio: 'حسنًا 3 < 5', qualifications: 'دكتوراه' },
    });
    expect(bad.status).toBe(400);
    expectEnvelope(bad, 'VALIDATION_ERROR');
    expect(bad.body.error.fieldCodes).toEqual({
      'en.title': 'REQUIRED',
      'en.bio': 'INVALID',
      'en.qualifications': 'TEXT_TOO_LONG',
      'ar.title': 'INVALID',
    });
    expectEnvelope(await as(rana, 'PUT', '/staff/expert/profile', { en: texts('x').en }), 'VALIDATION_ERROR');

    clock.set(START + 60 * M);
    const r = await as(rana, 'PUT', '/staff/expert/profile', texts('Gynaecologist'));
    expect(r.status, r.text).toBe(200);
    expect(r.body.live).toEqual(live.body.live);
    expect(r.body.draft).toEqual({
      texts: {
        ...texts('Gynaecologist'),
        en: { ...texts('Gynaecologist').en, qualifications: 'MD\nBoard certified' },
      },
      status: 'pending',
      submittedAt: new Date(START + 60 * M).toISOString(),
      reason: null,
    });
    expect(await audits('profile.submitted', RANA)).toHaveLength(1);

    // a refused draft is replaced by the next one, pending again
    await db.db
      .update(expertProfileDrafts)
      .set({ status: 'rejected', reason: 'Too short' })
      .where(eq(expertProfileDrafts.expertId, RANA));
    expect((await as(rana, 'GET', '/staff/expert/profile')).body.draft).toMatchObject({
      status: 'rejected',
      reason: 'Too short',
    });
    const next = await as(rana, 'PUT', '/staff/expert/profile', texts('Gynaecologist, Riyadh'));
    expect(next.body.draft).toMatchObject({ status: 'pending', reason: null });
    expect(next.body.draft.texts.en.title).toBe('Gynaecologist, Riyadh');
    expect(await audits('profile.submitted', RANA)).toHaveLength(2);
    clock.set(START);
  });
});
