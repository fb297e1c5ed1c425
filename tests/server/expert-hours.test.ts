/**
 * Her hours in the portal (issue 26) on PGlite and (TEST_DATABASE_URL) PostgreSQL: read from the
 * database, checked as the availability files are (400 with `fields` by dotted path), slots
 * following at once (in a second app on the same database too: nothing caches them), a booking
 * outside the new hours kept; and the content loader, run twice, keeping off what staff changed
 * (her hours once she edited them; `published` and the approved texts once an admin decided).
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '../../contract/commerce-rules.ts';
import { STAFF_COOKIE } from '../../contract/staff.ts';
import { readContent, storeContent } from '../../server/content/loader.ts';
import {
  auditLog,
  bookings,
  expertAvailability,
  experts,
  staff,
  staffSessions,
} from '../../server/db/schema.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import { tokenDigest } from '../../server/lib/hashing.ts';
import { addCard, call, expectEnvelope, get, newKey, post, registerMember, testApp } from './helpers.ts';
import { setupTestDb, usingPostgres } from './test-db.ts';

const M = 60_000;
// Monday 30 November 2026, 00:00 UTC
const START = Date.UTC(2026, 10, 30, 0, 0);
const RANA = 'rana-aziz'; // Asia/Riyadh, Sun–Thu 09–13 and 17–21, buffer 10, notice 12 h
const clock = new ManualClock(START);
const { db, app } = await setupTestDb({ clock });
// a second server on the same database (another process, as on PostgreSQL behind a balancer)
const other = testApp({ db, clock });

const token = randomBytes(24).toString('base64url');
const [expertStaff] = await db.db
  .insert(staff)
  .values({
    email: 'rana@amina.test',
    name: 'Rana',
    roles: ['expert'],
    expertId: RANA,
    createdAt: clock.now(),
  })
  .returning();
await db.db.insert(staffSessions).values({
  tokenHash: tokenDigest(token),
  staffId: expertStaff.id,
  stage: 'full',
  createdAt: clock.now(),
  lastSeenAt: clock.now(),
  expiresAt: new Date(START + 30 * M),
});
const hours = (json?: unknown) =>
  call(app, json === undefined ? 'GET' : 'PUT', '/api/staff/expert/hours', {
    json,
    headers: { cookie: `${STAFF_COOKIE}=${token}` },
  });
const tuesday = (a = app) =>
  get(a, `/p/experts/${RANA}/slots?offer=consult-30&from=2026-12-01T00:00:00Z&to=2026-12-02T00:00:00Z`);

const NEW_HOURS = {
  timeZone: 'Asia/Riyadh',
  weekly: { tue: [['10:00', '11:00']], wed: [['10:00', '11:00']] },
  exceptions: [{ date: '2026-12-02', off: true }],
  bufferMinutes: 0,
  noticeHours: 12,
  horizonDays: 28,
};

describe(`her hours on ${usingPostgres() ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('reads her hours as her file seeded them', async () => {
    const r = await hours();
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      timeZone: 'Asia/Riyadh',
      bufferMinutes: 10,
      noticeHours: 12,
      horizonDays: 28,
    });
    expect(r.body.weekly.mon).toEqual([
      ['09:00', '13:00'],
      ['17:00', '21:00'],
    ]);
    expect(r.body.updatedAt).toBeNull();
  });

  it('refuses hours the files would refuse, naming each field by its path', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        {
          weekly: {
            mon: [
              ['09:00', '12:00'],
              ['11:00', '13:00'],
            ],
          },
        },
        { 'weekly.mon': 'INVALID' },
      ],
      [
        {
          weekly: {
            tue: [
              ['09:00', '10:00'],
              ['12:00', '11:00'],
            ],
          },
        },
        { 'weekly.tue.1': 'INVALID' },
      ],
      [{ weekly: { tue: [['09:00', '25:00']] } }, { 'weekly.tue.0.1': 'INVALID', 'weekly.tue.0': 'INVALID' }],
      [{ timeZone: 'Mars/Olympus' }, { timeZone: 'INVALID' }],
      [{ exceptions: [{ date: '2026-02-30', off: true }] }, { 'exceptions.0.date': 'INVALID' }],
      [{ exceptions: [{ date: '2026-12-24' }] }, { 'exceptions.0': 'INVALID' }],
      [
        {
          exceptions: [
            { date: '2026-12-24', off: true },
            { date: '2026-12-24', off: true },
          ],
        },
        { 'exceptions.1.date': 'INVALID' },
      ],
      [{ bufferMinutes: 241 }, { bufferMinutes: 'INVALID' }],
      [{ noticeHours: 337 }, { noticeHours: 'INVALID' }],
      [{ horizonDays: 0 }, { horizonDays: 'INVALID' }],
      [{ timeZone: undefined }, { timeZone: 'REQUIRED' }],
    ];
    for (const [change, fields] of cases) {
      const r = await hours({ ...NEW_HOURS, ...change });
      expect(r.status, JSON.stringify(change)).toBe(400);
      expectEnvelope(r, 'VALIDATION_ERROR');
      expect(r.body.error.fieldCodes, JSON.stringify(change)).toEqual(fields);
    }
    expect((await hours()).body.updatedAt).toBeNull();
  });

  it('changes the slots at once, on every server, and keeps the bookings already made', async () => {
    // a member books Monday 17:00 Riyadh, which the new hours leave out
    const m = await registerMember(app);
    const pm = await addCard(app, m.token, SANDBOX_TEST_CARDS.success);
    const startsAt = '2026-11-30T14:00:00.000Z';
    const h = await post(
      app,
      '/consultations/hold',
      { expertId: RANA, offerId: 'consult-30', mode: 'voice', startsAt },
      { token: m.token },
    );
    expect(h.status, h.text).toBe(201);
    const c = await post(
      app,
      `/consultations/${h.body.id}/confirm`,
      { paymentMethodId: pm, details: { firstName: 'Huda', lastName: 'Saleh', dateOfBirth: '1985-01-02' } },
      { token: m.token, headers: { 'idempotency-key': newKey() } },
    );
    expect(c.status, c.text).toBe(201);
    expect((await tuesday(other)).body.slots).toHaveLength(16);

    clock.set(START + 5 * M);
    const r = await hours(NEW_HOURS);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ ...NEW_HOURS, updatedAt: new Date(START + 5 * M).toISOString() });
    expect((await hours()).body).toEqual(r.body);
    const expected = ['2026-12-01T07:00:00.000Z', '2026-12-01T07:30:00.000Z'];
    expect((await tuesday()).body.slots).toEqual(expected);
    expect((await tuesday(other)).body.slots).toEqual(expected);
    const wednesday = await get(
      other,
      `/p/experts/${RANA}/slots?offer=consult-30&from=2026-12-02T00:00:00Z&to=2026-12-03T00:00:00Z`,
    );
    expect(wednesday.body.slots).toEqual([]);

    const [kept] = await db.db.select().from(bookings).where(eq(bookings.id, h.body.id));
    expect(kept.status).toBe('confirmed');
    expect(kept.startsAt.toISOString()).toBe(startsAt);
    expect((await get(app, `/consultations/${h.body.id}`, { token: m.token })).body.status).toBe('confirmed');
    const list = await call(app, 'GET', '/api/staff/expert/bookings', {
      headers: { cookie: `${STAFF_COOKIE}=${token}` },
    });
    expect(list.body.items.map((i: { id: string }) => i.id)).toContain(h.body.id);
    const audit = await db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'hours.changed'), eq(auditLog.targetId, RANA)));
    expect(audit).toHaveLength(1);
  });

  it('loader, run twice: her edited hours, an admin’s published and approved texts are kept', async () => {
    const content = readContent(undefined, { checkReviewDates: false });
    const now = clock.now();
    // an admin unpublished nour and approved rana's texts (S3's routes set these marks)
    const [nour] = await db.db.select().from(experts).where(eq(experts.id, 'nour-haddad'));
    await db.db
      .update(experts)
      .set({ published: false, publishedSetAt: now })
      .where(eq(experts.id, 'nour-haddad'));
    const [rana] = await db.db.select().from(experts).where(eq(experts.id, RANA));
    const approved = {
      en: { ...rana.texts.en, title: 'Approved title', bio: 'Approved bio', qualifications: ['Approved'] },
      ar: { ...rana.texts.ar, title: 'لقب معتمد', bio: 'نبذة معتمدة', qualifications: ['مؤهل معتمد'] },
    };
    await db.db.update(experts).set({ texts: approved, textsApprovedAt: now }).where(eq(experts.id, RANA));

    for (const version of ['files-changed-1', 'files-changed-2']) {
      // every file changed: each row's hash differs, rana's name and title and maya's buffer too
      const report = await storeContent(db.db, {
        ...content,
        version,
        experts: content.experts.map((e) => ({
          ...e,
          hash: `${e.hash}-${version}`,
          texts: {
            en: { ...e.texts.en, name: `${e.texts.en.name} (${version})`, title: `File title ${version}` },
            ar: { ...e.texts.ar, title: `لقب الملف ${version}` },
          },
        })),
        availability: content.availability.map((a) => ({
          ...a,
          bufferMinutes: 15,
          email: `${a.expertId}@${version}.test`,
          hash: `${a.hash}-${version}`,
        })),
      });
      expect(report.changed).toBe(true);

      const [a] = await db.db.select().from(expertAvailability).where(eq(expertAvailability.expertId, RANA));
      expect(a.bufferMinutes).toBe(0);
      expect(a.weekly).toEqual(NEW_HOURS.weekly);
      expect(a.updatedAt?.toISOString()).toBe(new Date(START + 5 * M).toISOString());
      expect(a.email).toBe(`${RANA}@${version}.test`);
      const [maya] = await db.db
        .select()
        .from(expertAvailability)
        .where(eq(expertAvailability.expertId, 'maya-khoury'));
      expect(maya.bufferMinutes).toBe(15);

      const [r] = await db.db.select().from(experts).where(eq(experts.id, RANA));
      expect(r.textsApprovedAt?.getTime()).toBe(now.getTime());
      expect(r.texts.en).toEqual({ ...approved.en, name: `Dr Rana Aziz (${version})` });
      expect(r.texts.ar).toEqual(approved.ar);
      expect(r.published).toBe(true);
      const [n] = await db.db.select().from(experts).where(eq(experts.id, 'nour-haddad'));
      expect(n.published).toBe(false);
      expect(n.publishedSetAt?.getTime()).toBe(now.getTime());
      expect(n.texts.en.title).toBe(`File title ${version}`);
      expect(n.texts.en.bio).toBe(nour.texts.en.bio);
    }
    expect((await tuesday()).body.slots).toEqual(['2026-12-01T07:00:00.000Z', '2026-12-01T07:30:00.000Z']);

    // her file gone: the row she edited stays; an untouched one goes
    await storeContent(db.db, {
      ...content,
      version: 'files-gone',
      availability: content.availability.filter((a) => a.expertId !== RANA && a.expertId !== 'maya-khoury'),
    });
    const left = await db.db.select({ id: expertAvailability.expertId }).from(expertAvailability);
    expect(left.map((x) => x.id)).toContain(RANA);
    expect(left.map((x) => x.id)).not.toContain('maya-khoury');
  });
});
