/**
 * The key that seals medical details is its own secret (issue 20, finding 11), on PGlite and
 * (TEST_DATABASE_URL) PostgreSQL: generated into its own file beside the pepper's, never derived
 * from the pepper (a copy of the data dir without that file opens nothing), read from
 * BOOKING_DATA_KEY_FILE, warned about beside the embedded database, stored by id with each sealed
 * booking, and rotated: re-sealed under a new key, after which the old one can be dropped.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '../../contract/commerce-rules.ts';
import { bookingKeyWarnings, ConfigError, loadConfig } from '../../server/config.ts';
import { openPglite } from '../../server/db/index.ts';
import { bookings } from '../../server/db/schema.ts';
import { openDetails, sealDetails } from '../../server/domain/consultations-calls.ts';
import {
  type BookingKey,
  type BookingKeyRing,
  bookingKeyRing,
  defaultConsultationsConfig,
  derivedBookingKey,
  newBookingKey,
} from '../../server/domain/consultations-config.ts';
import { resealDetails } from '../../server/domain/consultations-keys.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import { addCard, get, newKey, post, registerMember, TEST_PEPPER, type TestApp, testApp } from './helpers.ts';
import { pgliteTemplate, setupTestDb, usingPostgres } from './test-db.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Monday 30 November 2026, 00:00 UTC
const START = Date.UTC(2026, 10, 30, 0, 0);
const DETAILS = { firstName: 'Layla', lastName: 'Haddad', dateOfBirth: '1984-02-29' };
// rana-aziz: gynaecology, a medical consultation (names and date of birth asked and sealed)
const RANA = 'rana-aziz';

const { db } = await setupTestDb();
const clock = new ManualClock(START);
const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const d = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** An app on this file's database whose bookings are sealed with this ring. */
const appWith = (dataKeys: BookingKeyRing): TestApp =>
  testApp({ db, clock, config: { consultations: { ...defaultConsultationsConfig(TEST_PEPPER), dataKeys } } });

const ringOf = (...keys: BookingKey[]) => bookingKeyRing(keys, TEST_PEPPER);

/** Holds the next open medical slot and confirms it with her details; `card` defaults to one that pays. */
async function bookMedical(app: TestApp, card: string = SANDBOX_TEST_CARDS.success) {
  const m = await registerMember(app);
  const pm = await addCard(app, m.token, card);
  const slots = await get(app, `/p/experts/${RANA}/slots?offer=consult-30`);
  expect(slots.status, slots.text).toBe(200);
  const h = await post(
    app,
    '/consultations/hold',
    { expertId: RANA, offerId: 'consult-30', mode: 'video', startsAt: slots.body.slots[0] },
    { token: m.token },
  );
  expect(h.status, h.text).toBe(201);
  const key = newKey();
  const body = { paymentMethodId: pm, details: DETAILS };
  const c = await post(app, `/consultations/${h.body.id}/confirm`, body, {
    token: m.token,
    headers: { 'idempotency-key': key },
  });
  return { id: h.body.id as string, member: m, key, body, reply: c };
}

async function row(id: string) {
  const [r] = await db.db
    .select({ details: bookings.details, keyId: bookings.detailsKeyId })
    .from(bookings)
    .where(eq(bookings.id, id));
  return r;
}

describe('the key is its own secret', () => {
  it('is generated into its own file (0600) beside the pepper’s, and is not derived from the pepper', () => {
    const d = tempDir('amina-keys-');
    const c = loadConfig({ DATA_DIR: d });
    const file = join(d, 'secrets', 'booking-data-key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(d, 'secrets', 'auth-pepper')).isFile()).toBe(true);
    const ring = c.consultations!.dataKeys;
    expect(c.bookingKeySource).toBe('dataDir');
    expect(ring.current.key.length).toBe(32);
    // the file holds the key under its id; the pepper's file does not hold it, nor derive it
    expect(readFileSync(file, 'utf8')).toContain(`${ring.current.id}:${ring.current.key.toString('base64')}`);
    expect(ring.current.key.equals(derivedBookingKey(c.pepper))).toBe(false);
    expect(readFileSync(join(d, 'secrets', 'auth-pepper'), 'utf8')).not.toContain(
      ring.current.key.toString('base64'),
    );
    // kept across starts; another data dir with the very same pepper gets another key
    expect(loadConfig({ DATA_DIR: d }).consultations!.dataKeys.current.key.equals(ring.current.key)).toBe(
      true,
    );
    const other = loadConfig({ DATA_DIR: tempDir('amina-keys-'), AUTH_PEPPER: c.pepper });
    expect(other.consultations!.dataKeys.current.key.equals(ring.current.key)).toBe(false);
    // a key file that cannot be read as keys is refused, never replaced (that would orphan the details)
    writeFileSync(file, 'not a key\n');
    expect(() => loadConfig({ DATA_DIR: d })).toThrow(ConfigError);
    expect(readFileSync(file, 'utf8')).toBe('not a key\n');
  });

  it('a copy of the data dir without the key file opens no booking’s details', async () => {
    const d = tempDir('amina-keys-');
    const c = loadConfig({ DATA_DIR: d, AUTH_PEPPER: TEST_PEPPER });
    const ring = c.consultations!.dataKeys;
    const b = await bookMedical(appWith(ring));
    expect(b.reply.status, b.reply.text).toBe(201);
    const r = await row(b.id);
    expect(r.keyId).toBe(ring.current.id);
    expect(openDetails(ring, b.id, r.details!, r.keyId)).toEqual(DETAILS);
    // everything else the data dir holds: the pepper (and what derives from it), not the key file
    const stolen = ringOf({ id: ring.current.id, key: derivedBookingKey(TEST_PEPPER) });
    expect(() => openDetails(stolen, b.id, r.details!, r.keyId)).toThrow();
    expect(() => openDetails(stolen, b.id, r.details!, null)).toThrow();
  });

  it('reads BOOKING_DATA_KEY_FILE (id:key lines, the first current) and writes nothing into the data dir', () => {
    const d = tempDir('amina-keyfile-');
    const a = newBookingKey();
    const b = newBookingKey();
    const file = join(d, 'keys');
    writeFileSync(file, `# ours\nb2026:${b.key.toString('base64')}\na2025:${a.key.toString('hex')}\n`, {
      mode: 0o600,
    });
    const dataDir = join(d, 'data');
    const c = loadConfig({ DATA_DIR: dataDir, AUTH_PEPPER: TEST_PEPPER, BOOKING_DATA_KEY_FILE: file });
    expect(c.bookingKeySource).toBe('keyFile');
    const ring = c.consultations!.dataKeys;
    expect(ring.current).toEqual({ id: 'b2026', key: b.key });
    expect(ring.older).toEqual([{ id: 'a2025', key: a.key }]);
    expect(() => statSync(join(dataDir, 'secrets'))).toThrow();
    // BOOKING_DATA_KEY: one bare key (its id a fingerprint) or the same entries
    const env = loadConfig({
      DATA_DIR: dataDir,
      AUTH_PEPPER: TEST_PEPPER,
      BOOKING_DATA_KEY: a.key.toString('hex'),
    });
    expect(env.bookingKeySource).toBe('env');
    expect(env.consultations!.dataKeys.current).toEqual(a);
    // problems name the variable and never echo a key
    const secret = b.key.toString('base64').slice(0, 20);
    writeFileSync(file, `b2026:${secret}\n`);
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir, AUTH_PEPPER: TEST_PEPPER, BOOKING_DATA_KEY_FILE: file });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/BOOKING_DATA_KEY_FILE/);
    expect((error as Error).message).not.toContain(secret);
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, AUTH_PEPPER: TEST_PEPPER, BOOKING_DATA_KEY_FILE: join(d, 'missing') }),
    ).toThrow(/BOOKING_DATA_KEY_FILE: cannot read/);
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir,
        AUTH_PEPPER: TEST_PEPPER,
        BOOKING_DATA_KEY_FILE: file,
        BOOKING_DATA_KEY: a.key.toString('hex'),
      }),
    ).toThrow(/both set/);
  });

  it('warns at start-up when the generated key sits beside the embedded database, not otherwise', () => {
    const dataDir = '/srv/amina';
    expect(bookingKeyWarnings({ bookingKeySource: 'dataDir', databaseUrl: undefined, dataDir })).toEqual([
      expect.stringMatching(/BOOKING_DATA_KEY is in \/srv\/amina\/secrets, beside the database/),
    ]);
    expect(bookingKeyWarnings({ bookingKeySource: 'env', databaseUrl: undefined, dataDir })).toEqual([]);
    expect(bookingKeyWarnings({ bookingKeySource: 'keyFile', databaseUrl: undefined, dataDir })).toEqual([]);
    // on a shared PostgreSQL: every instance needs the same keys
    expect(
      bookingKeyWarnings({ bookingKeySource: 'dataDir', databaseUrl: 'postgres://db/amina', dataDir }),
    ).toEqual([expect.stringMatching(/every instance sharing this database needs the same keys/)]);
  });
});

describe(`rotation on ${usingPostgres() ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('re-seals bookings sealed under key A (and before key ids) under key B; A can then be dropped', async () => {
    const A = newBookingKey();
    const B = newBookingKey();
    const first = await bookMedical(appWith(ringOf(A)));
    const second = await bookMedical(appWith(ringOf(A)));
    expect(first.reply.status, first.reply.text).toBe(201);
    expect(second.reply.status, second.reply.text).toBe(201);
    expect((await row(first.id)).keyId).toBe(A.id);
    // a booking sealed by the code before key ids: the pepper's key, no id stored
    const legacy = await bookMedical(appWith(ringOf(A)));
    const old = sealDetails(
      { current: { id: 'unused', key: derivedBookingKey(TEST_PEPPER) }, older: [], legacy: [] },
      legacy.id,
      DETAILS,
    ).details;
    await db.db.update(bookings).set({ details: old, detailsKeyId: null }).where(eq(bookings.id, legacy.id));
    // and one sealed under a key nobody configured: counted, left as it is
    const nobodys = newBookingKey();
    const lost = await bookMedical(appWith(ringOf(nobodys)));
    const lostBefore = await row(lost.id);

    const rotated = ringOf(B, A);
    const result = await resealDetails(db.db, rotated);
    expect(result.resealed).toBe(3);
    expect(result.unreadable[nobodys.id]).toBe(1);
    expect(await row(lost.id)).toEqual(lostBefore);
    // every row now carries B's id and opens with B alone: A and the pepper's key are not needed
    const onlyB: BookingKeyRing = { current: B, older: [], legacy: [] };
    for (const b of [first, second, legacy]) {
      const r = await row(b.id);
      expect(r.keyId).toBe(B.id);
      expect(openDetails(onlyB, b.id, r.details!, r.keyId)).toEqual(DETAILS);
    }
    const firstNow = await row(first.id);
    expect(() => openDetails(ringOf(A), first.id, firstNow.details!, A.id)).toThrow();
    // nothing left to do the second time; new bookings are sealed under B
    expect((await resealDetails(db.db, rotated)).resealed).toBe(0);
    const next = await bookMedical(appWith(onlyB));
    expect(next.reply.status, next.reply.text).toBe(201);
    expect((await row(next.id)).keyId).toBe(B.id);
    const counts = await db.db.execute(
      sql`select count(*)::int as n from bookings where details is not null and details_key_id = ${A.id}`,
    );
    expect((counts as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });

  it('a payment claimed under key A (her bank’s challenge open) is still the same request after the rotation', async () => {
    const A = newBookingKey();
    const B = newBookingKey();
    const before = appWith(ringOf(A));
    const b = await bookMedical(before, SANDBOX_TEST_CARDS.challenge);
    expect(b.reply.status, b.reply.text).toBe(202);
    const retry = (app: TestApp) =>
      post(app, `/consultations/${b.id}/confirm`, b.body, {
        token: b.member.token,
        headers: { 'idempotency-key': b.key },
      });
    // with A dropped already, the claimed request's hash no longer matches: why A stays a while
    const refused = await retry(appWith(ringOf(B)));
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const after = appWith(ringOf(B, A));
    expect((await retry(after)).status).toBe(202);
    const decided = await post(
      after,
      `/sandbox-pay/challenges/${b.reply.body.challengeId}`,
      { decision: 'approve' },
      { token: b.member.token },
    );
    expect(decided.status, decided.text).toBe(200);
    const done = await retry(after);
    expect(done.status, done.text).toBe(201);
    // her details were sealed under A when she first confirmed; the rotation (at start) moves them to B
    expect((await row(b.id)).keyId).toBe(A.id);
    await resealDetails(db.db, ringOf(B, A));
    expect((await row(b.id)).keyId).toBe(B.id);
  });

  it('`npm run keys:rotate-booking` puts a new key first, re-seals, and drops the old one with --drop-old', async () => {
    const d = tempDir('amina-rotate-');
    const pglite = await openPglite({ dataDir: join(d, 'pglite'), loadDataDir: pgliteTemplate() });
    const config = loadConfig({ DATA_DIR: d });
    const A = config.consultations!.dataKeys.current;
    const app = testApp({
      db: pglite,
      clock,
      config: { pepper: config.pepper, consultations: config.consultations },
    });
    const b = await bookMedical(app);
    expect(b.reply.status, b.reply.text).toBe(201);
    await pglite.close();
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: d };
    delete env.DATABASE_URL;
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/booking-keys-rotate.ts', ...args], {
        cwd: root,
        env,
      });
    const rotated = await run();
    expect(rotated.stdout).toMatch(/added key k[0-9a-f]{12}/);
    expect(rotated.stdout).toMatch(/1 booking\(s\) re-sealed/);
    const ring = loadConfig({ DATA_DIR: d }).consultations!.dataKeys;
    expect(ring.older.map((k) => k.id)).toEqual([A.id]);
    expect(ring.current.id).not.toBe(A.id);
    // never a key in what it prints
    expect(rotated.stdout).not.toContain(A.key.toString('base64'));
    expect(rotated.stdout).not.toContain(ring.current.key.toString('base64'));
    await run('--drop-old');
    const dropped = loadConfig({ DATA_DIR: d }).consultations!.dataKeys;
    expect(dropped.current).toEqual(ring.current);
    expect(dropped.older).toEqual([]);
    expect(statSync(join(d, 'secrets', 'booking-data-key')).mode & 0o777).toBe(0o600);
    const check = await openPglite({ dataDir: join(d, 'pglite') });
    try {
      const [r] = await check.db
        .select({ details: bookings.details, keyId: bookings.detailsKeyId })
        .from(bookings)
        .where(eq(bookings.id, b.id));
      expect(r.keyId).toBe(dropped.current.id);
      expect(openDetails({ ...dropped, legacy: [] }, b.id, r.details!, r.keyId)).toEqual(DETAILS);
    } finally {
      await check.close();
    }
  }, 120_000);
});
