/**
 * The team inbox (issue 26) on PGlite and PostgreSQL with a manual clock: a moderator lists and
 * works the five forms' submissions (urgent concerns first, then newest; filters; keyset pages
 * that never repeat or skip a row; a bad cursor is 400), opens one with its fields and notes, sets
 * its status and writes notes (each audited, never the note's text), and downloads an expert
 * application's CV: the stored bytes, as a neutral attachment, only from inside the uploads folder.
 * An expert's session is refused (403), no session is 401, a member's token opens nothing.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../contract/staff.ts';
import { INBOX_PAGE_SIZE, NOTE_MAX } from '../../contract/staff-inbox.ts';
import { auditLog, formSubmissions } from '../../server/db/schema.ts';
import { decodeCursor, encodeCursor, preview } from '../../server/domain/team-inbox.ts';
import { formatSubmission } from '../../server/forms-list.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import { APPLICATION } from './fixtures/forms.ts';
import { call, expectEnvelope, post, type Reply, registerMember } from './helpers.ts';
import { staffSignedIn } from './staff-fixtures.ts';
import { setupTestDb, usingPostgres } from './test-db.ts';

const root = mkdtempSync(join(tmpdir(), 'amina-inbox-'));
const uploadsDir = join(root, 'uploads');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const clock = new ManualClock(Date.UTC(2026, 10, 20, 9, 0));
const { db, app } = await setupTestDb({
  clock,
  config: {
    forms: {
      rateLimit: { limit: 100_000, windowMs: 60_000 },
      uploadsDir,
      teamEmail: 'team@example.org',
      mailFrom: 'forms@example.org',
    },
  },
});
const PDF = readFileSync(join(import.meta.dirname, '../fixtures/cv.pdf'));

const signedIn = (roles: StaffRole[], name = 'Mona Haddad') => staffSignedIn(db, clock, { roles, name });

const moderator = await signedIn(['moderator']);
const admin = await signedIn(['admin'], 'Salma Admin');
const expert = await signedIn(['expert']);

const as = (who: { headers: Record<string, string> }, method: string, path: string, json?: unknown) =>
  call(app, method, `/api${path}`, { headers: who.headers, json });

async function submitJson(kind: string, body: Record<string, string>, locale = 'en') {
  clock.advance(60_000);
  const r = await post(app, `/forms/${kind}`, body, { headers: { 'accept-language': locale } });
  expect(r.status, r.text).toBe(201);
  const [row] = await db.db.select().from(formSubmissions).orderBy(desc(formSubmissions.createdAt)).limit(1);
  return row;
}

async function submitApplication() {
  clock.advance(60_000);
  const form = new FormData();
  for (const [k, v] of Object.entries(APPLICATION)) form.append(k, v);
  form.append('cv', new Blob([PDF], { type: 'application/pdf' }), 'my cv.pdf');
  const res = await app.request(
    new Request('http://localhost/api/forms/expert-application', { method: 'POST', body: form }),
    undefined,
    { incoming: { socket: { remoteAddress: '198.51.100.9' } } },
  );
  expect(res.status, await res.clone().text()).toBe(201);
  const [row] = await db.db.select().from(formSubmissions).orderBy(desc(formSubmissions.createdAt)).limit(1);
  return row;
}

const LONG = `${'Our association supports women across the region. '.repeat(6)}Thank you.`;
const contact = await submitJson('contact', {
  name: 'Layla',
  replyTo: 'layla@example.org',
  subject: 'A question',
  message: 'Where can I find\n\nthe course on menopause?',
});
const programs = await submitJson(
  'programs',
  {
    organisation: 'Noor Women’s Association',
    organisationKind: 'nonprofit',
    size: '50-249',
    country: 'jo',
    email: 'programs@noor.example.org',
    message: LONG,
  },
  'ar',
);
const concern = await submitJson('concern', {
  topic: 'expert',
  details: 'The expert was dismissive during my consultation.',
  when: '',
  replyTo: '',
});
const application = await submitApplication();
const partnership = await submitJson('partnerships', {
  organisation: 'Example Co',
  circle: 'corporate',
  email: 'hr@example.com',
  message: 'We would like to offer your courses to our staff.',
});

async function audits(action: string) {
  return db.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));
}

describe(`the team inbox on ${usingPostgres() ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('a new concern is stored urgent; the other forms are not', () => {
    expect(concern.urgent).toBe(true);
    for (const row of [contact, programs, application, partnership]) expect(row.urgent).toBe(false);
    expect(concern.status).toBe('new');
  });

  it('a moderator lists it: urgent first, then newest; who it is from, a 140-character preview, counts', async () => {
    const r = await as(moderator, 'GET', '/staff/inbox');
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const ids = r.body.items.map((i: { id: string }) => i.id);
    expect(ids).toEqual([concern.id, partnership.id, application.id, programs.id, contact.id]);
    const byId = Object.fromEntries(r.body.items.map((i: { id: string }) => [i.id, i]));
    expect(byId[contact.id]).toMatchObject({
      kind: 'contact',
      status: 'new',
      urgent: false,
      locale: 'en',
      from: 'Layla',
      preview: 'Where can I find the course on menopause?',
      notes: 0,
      createdAt: contact.createdAt.toISOString(),
    });
    expect(byId[programs.id]).toMatchObject({ from: 'Noor Women’s Association', locale: 'ar' });
    expect(byId[programs.id].preview).toHaveLength(140);
    expect(byId[programs.id].preview.endsWith('…')).toBe(true);
    expect(byId[concern.id]).toMatchObject({ from: null, urgent: true });
    expect(byId[application.id].from).toBe(APPLICATION.name);
    expect(r.body.counts).toEqual({ new: 5, inProgress: 0, urgent: 1 });
    expect(r.body.nextCursor).toBeNull();
  });

  it('filters by status and by kind', async () => {
    const kind = await as(moderator, 'GET', '/staff/inbox?kind=expert-application');
    expect(kind.body.items.map((i: { id: string }) => i.id)).toEqual([application.id]);
    const closed = await as(moderator, 'GET', '/staff/inbox?status=closed');
    expect(closed.body.items).toEqual([]);
    for (const q of ['status=open', 'kind=letters', `cursor=${'a'.repeat(201)}`]) {
      const bad = await as(moderator, 'GET', `/staff/inbox?${q}`);
      expect(bad.status, q).toBe(400);
      expectEnvelope(bad, 'VALIDATION_ERROR');
    }
  });

  it('one submission: every field in the form’s order, no notes yet, the CV’s size', async () => {
    const r = await as(moderator, 'GET', `/staff/inbox/${application.id}`);
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body.fields)).toEqual(Object.keys(APPLICATION));
    expect(r.body.fields).toEqual(APPLICATION);
    expect(r.body.cv).toEqual({ size: PDF.byteLength });
    expect(r.body.noteList).toEqual([]);
    const plain = await as(moderator, 'GET', `/staff/inbox/${contact.id}`);
    expect(plain.body.cv).toBeNull();
    expect(plain.body.fields.message).toBe('Where can I find\n\nthe course on menopause?');
    expect((await as(moderator, 'GET', `/staff/inbox/${randomUUID()}`)).status).toBe(404);
    const bad = await as(moderator, 'GET', '/staff/inbox/not-a-uuid');
    expect(bad.status).toBe(400);
    expectEnvelope(bad, 'VALIDATION_ERROR');
  });

  it('sets a status (audited with who and the change) and counts follow', async () => {
    const r = await as(moderator, 'PATCH', `/staff/inbox/${concern.id}`, { status: 'in-progress' });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ id: concern.id, status: 'in-progress', urgent: true });
    const [row] = await audits('submission.status');
    expect(row).toMatchObject({
      staffId: moderator.id,
      staffName: moderator.name,
      targetType: 'submission',
      targetId: concern.id,
      detail: { kind: 'concern', from: 'new', to: 'in-progress' },
      requestId: r.headers.get('x-request-id'),
    });
    expect(row.requestId).toBeTruthy();
    const list = await as(moderator, 'GET', '/staff/inbox');
    expect(list.body.counts).toEqual({ new: 4, inProgress: 1, urgent: 1 });
    const closed = await as(moderator, 'PATCH', `/staff/inbox/${concern.id}`, { status: 'closed' });
    expect(closed.body.status).toBe('closed');
    expect((await as(moderator, 'GET', '/staff/inbox')).body.counts).toEqual({
      new: 4,
      inProgress: 0,
      urgent: 0,
    });
    // forms:list shows it too
    const listed = (await app.forms.list({ kind: 'concern' }))[0];
    expect(formatSubmission(listed).split('\n')[0]).toContain(' · closed, urgent · ');
    const onlyClosed = await as(moderator, 'GET', '/staff/inbox?status=closed');
    expect(onlyClosed.body.items.map((i: { id: string }) => i.id)).toEqual([concern.id]);
    for (const body of [{ status: 'done' }, {}, { status: 3 }]) {
      const bad = await as(moderator, 'PATCH', `/staff/inbox/${concern.id}`, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    expect((await as(moderator, 'PATCH', `/staff/inbox/${randomUUID()}`, { status: 'closed' })).status).toBe(
      404,
    );
  });

  it('notes: trimmed, newest last, with who wrote them; the audit log has the length, never the text', async () => {
    const first = await as(moderator, 'POST', `/staff/inbox/${contact.id}/notes`, {
      body: '  Called her back.  ',
    });
    expect(first.status, first.text).toBe(200);
    clock.advance(1000);
    const second = await as(admin, 'POST', `/staff/inbox/${contact.id}/notes`, {
      body: 'Sent the course link.',
    });
    expect(second.body.notes).toBe(2);
    expect(
      second.body.noteList.map((n: { body: string; staffName: string }) => [n.body, n.staffName]),
    ).toEqual([
      ['Called her back.', moderator.name],
      ['Sent the course link.', admin.name],
    ]);
    const [row] = await audits('submission.note');
    expect(row).toMatchObject({
      staffId: admin.id,
      targetId: contact.id,
      detail: { kind: 'contact', length: 21 },
    });
    expect(JSON.stringify(await audits('submission.note'))).not.toContain('course link');
    const list = await as(moderator, 'GET', '/staff/inbox?kind=contact');
    expect(list.body.items[0].notes).toBe(2);
    for (const body of ['   ', 'x'.repeat(NOTE_MAX + 1), 'bell\u0007', 'rtl \u202e override']) {
      const bad = await as(moderator, 'POST', `/staff/inbox/${contact.id}/notes`, { body });
      expect(bad.status).toBe(400);
      expectEnvelope(bad, 'VALIDATION_ERROR');
    }
    const ok = await as(moderator, 'POST', `/staff/inbox/${contact.id}/notes`, {
      body: 'ن'.repeat(NOTE_MAX),
    });
    expect(ok.status).toBe(200);
    expect((await as(moderator, 'POST', `/staff/inbox/${contact.id}/notes`, { text: 'x' })).status).toBe(400);
  });

  it('the CV: the stored bytes, an attachment with a neutral name, no-store, nosniff, audited', async () => {
    const res = await app.request(`/api/staff/inbox/${application.id}/cv`, { headers: moderator.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="application-${application.id.slice(0, 8)}.pdf"`,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
    const [row] = await audits('submission.cv.downloaded');
    expect(row).toMatchObject({
      staffId: moderator.id,
      targetId: application.id,
      detail: { size: PDF.byteLength },
    });
  });

  it('no CV, another form, or a path outside the uploads folder: 404', async () => {
    // stored before CVs were required, or its file gone: none to give
    const [without] = await db.db
      .insert(formSubmissions)
      .values({
        id: randomUUID(),
        kind: 'expert-application',
        locale: 'en',
        fields: APPLICATION,
        createdAt: clock.now(),
      })
      .returning();
    for (const id of [without.id, contact.id, randomUUID()]) {
      const r = await as(moderator, 'GET', `/staff/inbox/${id}/cv`);
      expect(r.status, id).toBe(404);
      expectEnvelope(r, 'NOT_FOUND');
    }
    const outside = join(root, 'outside.pdf');
    writeFileSync(outside, PDF);
    const link = join(uploadsDir, `${randomUUID()}.pdf`);
    symlinkSync(outside, link);
    const before = (await audits('submission.cv.downloaded')).length;
    for (const path of [outside, `${uploadsDir}/../outside.pdf`, link, '/etc/passwd', uploadsDir]) {
      await db.db.update(formSubmissions).set({ cvPath: path }).where(eq(formSubmissions.id, application.id));
      const r = await as(moderator, 'GET', `/staff/inbox/${application.id}/cv`);
      expect(r.status, path).toBe(404);
      expect(r.text).not.toContain('%PDF');
    }
    expect(await audits('submission.cv.downloaded')).toHaveLength(before);
    await db.db
      .update(formSubmissions)
      .set({ cvPath: application.cvPath })
      .where(eq(formSubmissions.id, application.id));
  });

  it('roles: an expert 403, no session 401, a member’s token 401; an admin may', async () => {
    const member = await registerMember(app);
    for (const [method, path] of [
      ['GET', '/staff/inbox'],
      ['GET', `/staff/inbox/${contact.id}`],
      ['PATCH', `/staff/inbox/${contact.id}`],
      ['POST', `/staff/inbox/${contact.id}/notes`],
      ['GET', `/staff/inbox/${application.id}/cv`],
    ] as const) {
      const json = method === 'PATCH' ? { status: 'closed' } : method === 'POST' ? { body: 'x' } : undefined;
      const e = await as(expert, method, path, json);
      expect(e.status, `${method} ${path}`).toBe(403);
      expectEnvelope(e, 'FORBIDDEN');
      const none = await call(app, method, `/api${path}`, { json });
      expect(none.status).toBe(401);
      const asMember = await call(app, method, `/api${path}`, { json, token: member.token });
      expect(asMember.status).toBe(401);
    }
    expect((await as(admin, 'GET', '/staff/inbox')).status).toBe(200);
  });
});

describe('paging', () => {
  it('walks every submission once, in order, across pages (rows at the same time included)', async () => {
    const at = clock.now();
    const rows = Array.from({ length: INBOX_PAGE_SIZE + 7 }, (_, i) => ({
      id: randomUUID(),
      kind: i % 3 === 0 ? 'concern' : 'contact',
      urgent: i % 3 === 0,
      locale: 'en',
      // pairs share a time: the id breaks the tie
      fields: { subject: `Row ${i}`, message: `Message number ${i}` },
      createdAt: new Date(at.getTime() + Math.floor(i / 2) * 1000),
    }));
    await db.db.insert(formSubmissions).values(rows);
    const seen: Reply['body'][] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = cursor ? `?cursor=${cursor}` : '';
      const r: Reply = await as(moderator, 'GET', `/staff/inbox${q}`);
      expect(r.status, r.text).toBe(200);
      expect(r.body.items.length).toBeLessThanOrEqual(INBOX_PAGE_SIZE);
      seen.push(...r.body.items);
      cursor = r.body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    const all = await db.db.select({ id: formSubmissions.id }).from(formSubmissions);
    expect(seen).toHaveLength(all.length);
    expect(new Set(seen.map((s) => s.id)).size).toBe(all.length);
    expect(pages).toBe(Math.ceil(all.length / INBOX_PAGE_SIZE));
    const key = (s: { urgent: boolean; createdAt: string; id: string }) =>
      `${s.urgent ? 1 : 0}|${s.createdAt}|${s.id}`;
    const sorted = [...seen].sort((a, b) => (key(a) < key(b) ? 1 : -1));
    expect(seen.map((s) => s.id)).toEqual(sorted.map((s) => s.id));
  });

  it('a cursor this server did not make is 400, never 500', async () => {
    const good = encodeCursor({
      urgent: true,
      createdAt: new Date(Date.UTC(2026, 10, 20)),
      id: randomUUID(),
    });
    expect(decodeCursor(good).urgent).toBe(true);
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const cursor of [
      'x',
      'not base64!',
      b64({ a: 1 }),
      b64([2, '2026-11-20T00:00:00.000Z', randomUUID()]),
      b64([1, 'yesterday', randomUUID()]),
      b64([1, '2026-13-45T00:00:00.000Z', randomUUID()]),
      b64([1, '2026-11-20T00:00:00.000Z', "'; drop table staff; --"]),
      b64(null),
      '%00',
    ]) {
      const r = await as(moderator, 'GET', `/staff/inbox?cursor=${encodeURIComponent(cursor)}`);
      expect(r.status, cursor).toBe(400);
      expectEnvelope(r, 'VALIDATION_ERROR');
    }
  });

  it('preview: whitespace on one line, at most 140 characters counted as people see them', () => {
    expect(preview('  a\n\tb  ')).toBe('a b');
    const emoji = '🌸'.repeat(200);
    expect(Array.from(preview(emoji))).toHaveLength(140);
  });
});
