/**
 * POST /users/me/delete (issue 25, item 7) and discreet documents (item 5), on PGlite and
 * (TEST_DATABASE_URL) PostgreSQL: a wrong confirmation or PIN is refused (never a 500, the PIN
 * counted); her upcoming paid consultation is refunded with a credit note; then every table of the
 * schema (Drizzle's objects, checked against information_schema) holds nothing of hers but the
 * invoices and credit notes the law keeps, alias replaced and member number kept; her alias stays
 * reserved ALIAS_RESERVED_DAYS, then is free; review averages no longer count her; another
 * member keeps everything. Discreet PDFs name no course and no expert, in both languages, and their
 * file names are their numbers.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ALIAS_RESERVED_DAYS,
  DELETE_CONFIRMATION,
  DOCUMENTS_KEPT_YEARS,
} from '../../contract/account-settings.ts';
import * as schema from '../../server/db/schema.ts';
import { FORMER_MEMBER } from '../../server/domain/account-deletion.ts';
import { consultationCode, courseCode } from '../../server/domain/document-lines.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import { FREE, MEDICAL_EXPERT, PAID, START, seedMember } from './account-data.ts';
import {
  call,
  expectEnvelope,
  GOOD_PIN,
  get,
  OTHER_PIN,
  post,
  registerMember,
  registration,
} from './helpers.ts';
import { setupTestDb, usingPostgres } from './test-db.ts';

const DAY = 86_400_000;
const clock = new ManualClock(START);
const { db, app } = await setupTestDb({ clock });
const her = await seedMember(app, db, 'Her');
const other = await seedMember(app, db, 'Other', { language: 'ar' });
const del = (json: unknown, token = her.member.token) => post(app, '/users/me/delete', json, { token });

const dir = mkdtempSync(join(tmpdir(), 'account-deletion-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
/** The PDF's text as pdftotext reads it (bidi marks dropped), as in invoice-pdf.test.ts. */
function pdfText(bytes: ArrayBuffer): string {
  const file = join(dir, `${++files}.pdf`);
  writeFileSync(file, Buffer.from(bytes));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(
    /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g,
    '',
  );
}
async function pdf(path: string, json: unknown, token: string) {
  const res = await app.request(
    `/api${path}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(json),
    },
    { incoming: { socket: { remoteAddress: '203.0.113.7' } } },
  );
  expect(res.status).toBe(200);
  return {
    disposition: res.headers.get('content-disposition') ?? '',
    text: pdfText(await res.arrayBuffer()),
  };
}

type Row = Record<string, unknown>;
const rows = async (query: ReturnType<typeof sql>): Promise<Row[]> =>
  ((await db.db.execute(query)) as unknown as { rows: Row[] }).rows;

/** Every table of the schema, from Drizzle's own objects. */
const schemaTables = (Object.values(schema) as unknown[])
  .filter((v): v is PgTable => is(v as object, PgTable))
  .map((t) => getTableConfig(t).name)
  .sort();

const rating = async () => {
  const r = await get(app, `/p/lms/get-course-by-id/${FREE}`);
  expect(r.status, r.text).toBe(200);
  return (r.body.rating ?? r.body.course?.rating) as { average: number | null; count: number };
};

describe(`deleting her account on ${usingPostgres() ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('refuses a wrong confirmation (no PIN counted), a wrong PIN, bad bodies and visitors, never 500', async () => {
    const wrongWord = await del({ currentPin: GOOD_PIN, confirmation: 'delete me' });
    expect(wrongWord.status).toBe(400);
    expectEnvelope(wrongWord, 'VALIDATION_ERROR');
    expect(wrongWord.body.error.fieldCodes).toEqual({ confirmation: 'CONFIRMATION_MISMATCH' });
    const missing = await del({});
    expect(missing.status).toBe(400);
    expect(missing.body.error.fieldCodes).toEqual({
      currentPin: 'CURRENT_PIN_REQUIRED',
      confirmation: 'CONFIRMATION_MISMATCH',
    });
    for (const body of [
      [],
      'DELETE',
      { currentPin: 12, confirmation: ['DELETE'] },
      { currentPin: 'abc', confirmation: 'DELETE' },
    ]) {
      const r = await del(body);
      expect(r.status, r.text).toBe(400);
      expectEnvelope(r);
    }
    const notJson = await call(app, 'POST', '/api/users/me/delete', {
      body: 'currentPin=1',
      headers: { 'content-type': 'text/plain' },
      token: her.member.token,
    });
    expect(notJson.status).toBe(415);
    expect(
      (await post(app, '/users/me/delete', { currentPin: GOOD_PIN, confirmation: 'DELETE' })).status,
    ).toBe(401);

    const wrongPin = await del({ currentPin: OTHER_PIN, confirmation: DELETE_CONFIRMATION.en });
    expect(wrongPin.status).toBe(403);
    expectEnvelope(wrongPin, 'CURRENT_PIN_WRONG');
    // still her account, still signed in
    expect((await get(app, '/users/profile', { token: her.member.token })).status).toBe(200);

    // wrong PINs lock as sign-in does (another member, so hers is not locked)
    const m = await registerMember(app);
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await del({ currentPin: OTHER_PIN, confirmation: 'DELETE' }, m.token));
    expect(answers.slice(0, 4).map((r) => r.status)).toEqual([403, 403, 403, 403]);
    expect(answers[4].status).toBe(429);
    expectEnvelope(answers[4], 'TOO_MANY_ATTEMPTS');
    expect((await del({ currentPin: GOOD_PIN, confirmation: 'DELETE' }, m.token)).status).toBe(429);
  });

  it('deletes her: upcoming consultation refunded, nothing of hers in any table but the kept documents', async () => {
    const before = await rating();
    const [{ memberNumber }] = await db.db
      .select({ memberNumber: schema.users.memberNumber })
      .from(schema.users)
      .where(eq(schema.users.id, her.member.user.id));
    const herBookings = [her.upcoming, her.cancelled];
    const herOrders = (
      await db.db
        .select({ id: schema.orders.id })
        .from(schema.orders)
        .where(eq(schema.orders.userId, her.member.user.id))
    ).map((o) => o.id);

    const r = await del({ currentPin: GOOD_PIN, confirmation: `  ${DELETE_CONFIRMATION.ar} ` });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ ok: true, cancelledConsultations: 1 });
    expect(r.headers.get('cache-control')).toBe('no-store');

    // signed out everywhere; the alias no longer signs in
    expect((await get(app, '/users/profile', { token: her.member.token })).status).toBe(401);
    const login = await post(app, '/users/login', { alias: her.member.alias, pin: GOOD_PIN });
    expect(login.status).toBe(401);

    // the upcoming paid consultation: cancelled (≥ 48 h: 100 %), refunded, its credit note kept
    const [upcoming] = await db.db.select().from(schema.bookings).where(eq(schema.bookings.id, her.upcoming));
    expect(upcoming).toMatchObject({ status: 'cancelled', refundPercent: 100, userId: null, details: null });
    expect(upcoming.refundId).toMatch(/^re_/);
    const notes = await db.db
      .select()
      .from(schema.creditNotes)
      .where(inArray(schema.creditNotes.bookingId, herBookings));
    expect(notes).toHaveLength(2);

    // every table of the schema is in the database, and the database has no other
    const tables = (
      await rows(sql`select table_name from information_schema.tables
                     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)
    ).map((t) => String(t.table_name));
    expect(tables.sort()).toEqual(schemaTables);

    // nothing in any row names her: her id, alias, alias key, names, review, token
    const traces = [
      her.member.user.id,
      her.member.alias,
      her.member.alias.toLowerCase(),
      her.details.firstName,
      her.details.lastName,
      her.reviewText,
      her.member.token,
    ];
    const found: string[] = [];
    for (const table of tables) {
      for (const row of await rows(sql`select row_to_json(t)::text as j from ${sql.identifier(table)} t`)) {
        const text = String(row.j);
        if (traces.some((trace) => text.includes(trace))) found.push(`${table}: ${text.slice(0, 200)}`);
      }
    }
    // the one place her alias key stays: its reservation (no other column), for ALIAS_RESERVED_DAYS
    const reserved = found.filter((f) => f.startsWith('retired_aliases:'));
    expect(reserved).toHaveLength(1);
    expect(found.filter((f) => !f.startsWith('retired_aliases:'))).toEqual([]);
    const [reservation] = await db.db.select().from(schema.retiredAliases);
    expect(Object.keys(reservation).sort()).toEqual(['aliasKey', 'reservedUntil']);
    expect(reservation.reservedUntil.getTime()).toBe(clock.now().getTime() + ALIAS_RESERVED_DAYS * DAY);

    // what stays: her invoices and credit notes, alias replaced, only her member number
    const kept = await db.db
      .select()
      .from(schema.invoices)
      .where(eq(schema.invoices.memberNumber, memberNumber));
    expect(kept.map((i) => i.number).sort()).toEqual([...her.invoiceNumbers].sort());
    for (const doc of [...kept, ...notes]) {
      expect(doc.alias).toBe(FORMER_MEMBER);
      expect(doc.userId).toBeNull();
      expect(doc.memberNumber).toBe(memberNumber);
    }
    // and what they stand on, without her: orders, invoiced bookings without details
    const orders = await db.db.select().from(schema.orders).where(inArray(schema.orders.id, herOrders));
    expect(orders.map((o) => o.userId)).toEqual(herOrders.map(() => null));
    const bookings = await db.db
      .select()
      .from(schema.bookings)
      .where(inArray(schema.bookings.id, herBookings));
    expect(bookings).toHaveLength(2);
    for (const b of bookings) expect([b.userId, b.details, b.detailsKeyId]).toEqual([null, null, null]);
    // no member row carries her number any more
    expect(
      await db.db.select().from(schema.users).where(eq(schema.users.memberNumber, memberNumber)),
    ).toEqual([]);

    // review averages: her review gone from the count at once
    const after = await rating();
    expect(after.count).toBe(before.count - 1);

    // the other member keeps everything
    const theirs = await get(app, '/users/me/export?format=json', { token: other.member.token });
    expect(theirs.status).toBe(200);
    const data = JSON.parse(theirs.text);
    expect(data.reviews).toHaveLength(1);
    expect(data.invoices).toHaveLength(3);
    expect(data.consultations.every((c: { personalDetails: unknown }) => c.personalDetails !== null)).toBe(
      true,
    );
  });

  it('discreet documents (on by default): neutral lines in both languages, no tagline, number file names', async () => {
    const token = other.member.token;
    const list = await get(app, `/billing/list/${other.member.user.id}`, { token });
    expect(list.status).toBe(200);
    // her own screen keeps the titles (behind her PIN); the documents do not
    const course = list.body.items.find((i: { items: { id: string }[] }) => i.items[0]?.id === PAID);
    const consultation = list.body.items.find((i: { creditNote: unknown }) => i.creditNote);
    for (const language of ['en', 'ar'] as const) {
      const inv = await pdf('/billing/generate-invoice', { invoiceId: course.id, language }, token);
      expect(inv.disposition).toBe(`attachment; filename="${course.number}.pdf"`);
      expect(inv.text).toContain(courseCode(PAID));
      expect(inv.text).toContain(language === 'en' ? 'Online course' : 'دورة تعليمية عبر الإنترنت');
      expect(inv.text).not.toMatch(/PCOS|polycystic|تكيس/i);
      expect(inv.text).not.toMatch(/Women's health|صحة المرأة/);
      const note = await pdf(
        '/billing/generate-credit-note',
        { creditNoteId: consultation.creditNote.id, language },
        token,
      );
      expect(note.disposition).toBe(`attachment; filename="${consultation.creditNote.number}.pdf"`);
      expect(note.text).toContain(consultationCode(MEDICAL_EXPERT, 'consult-30'));
      expect(note.text).toContain(language === 'en' ? 'Online consultation' : 'استشارة عبر الإنترنت');
      expect(note.text).not.toMatch(/Rana|رنا|Aziz|عزيز/);
    }
    // the card statement and the provider's description say nothing either way
    const charges = await db.db
      .select()
      .from(schema.sandboxCharges)
      .where(eq(schema.sandboxCharges.userId, other.member.user.id));
    expect(charges.length).toBeGreaterThan(0);
    for (const c of charges) {
      expect(c.description).toMatch(/^AMINA ONLINE: [CS]-[0-9A-Z]{6}/);
      expect(c.description).not.toMatch(new RegExp(`${PAID}|${MEDICAL_EXPERT}`));
    }
    // switched off: the titles come back; the member number is printed either way
    const off = await call(app, 'PUT', '/api/users/me/preferences', {
      json: { discreetDocuments: false },
      token,
    });
    expect(off.status, off.text).toBe(200);
    const titled = await pdf('/billing/generate-invoice', { invoiceId: course.id, language: 'en' }, token);
    expect(titled.text).toContain(course.items[0].title);
    expect(titled.text).toContain("Women's health");
    expect(titled.text).toContain(String(off.body.memberNumber));
  });

  it('two deletions at once: one deletes, the other finds no account (never 500)', async () => {
    const m = await registerMember(app);
    const both = await Promise.all(
      [0, 1].map(() => del({ currentPin: GOOD_PIN, confirmation: DELETE_CONFIRMATION.en }, m.token)),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 401]);
    expect(both.find((r) => r.status === 200)?.body).toEqual({ ok: true, cancelledConsultations: 0 });
    expect(await db.db.select().from(schema.users).where(eq(schema.users.id, m.user.id))).toEqual([]);
  });

  it('the privacy page says what is kept after a deletion and for how long, in both languages', () => {
    for (const lang of ['en', 'ar']) {
      const catalogue = JSON.parse(readFileSync(new URL(`../../lang/${lang}.json`, import.meta.url), 'utf8'));
      const text: string = catalogue['privacy.choices.delete'];
      expect(text).toContain(`${DOCUMENTS_KEPT_YEARS} `);
      expect(text).toContain(`${ALIAS_RESERVED_DAYS} `);
      expect(catalogue['privacy.choices.copy']).toBeTruthy();
    }
  });

  it(`keeps her alias reserved for ${ALIAS_RESERVED_DAYS} days, then it is free`, async () => {
    const alias = her.member.alias;
    const taken = await post(app, '/users/register/standard', {
      ...registration({ alias }),
    });
    expect(taken.status).toBe(409);
    expectEnvelope(taken, 'ALIAS_TAKEN');
    clock.advance(ALIAS_RESERVED_DAYS * DAY - 60_000);
    expect((await registerMember(app, { alias: alias.toUpperCase() }).catch((e) => e)) instanceof Error).toBe(
      true,
    );
    clock.advance(60_000);
    const again = await registerMember(app, { alias });
    expect(again.alias).toBe(alias);
  });
});
