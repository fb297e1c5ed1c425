/**
 * Expert consultations (issue 10) through the API, on PGlite and (TEST_DATABASE_URL) PostgreSQL:
 * slots, holds and their expiry, the race for one slot, paying with the sandbox cards, the
 * invoice, joining, cancelling by the refund tiers with credit notes, another member's booking,
 * the encrypted date of birth, and logs without card numbers or personal details.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '../../contract/commerce-rules.ts';
import { DISCOVERY_OFFER_ID } from '../../contract/experts-constants.ts';
import { createApp } from '../../server/app.ts';
import { formatBooking } from '../../server/bookings-list.ts';
import { loadConfig } from '../../server/config.ts';
import { sandboxRefunds } from '../../server/db/schema.ts';
import { type Consultations, listBookingsForTeam } from '../../server/domain/consultations.ts';
import type { BookingMail } from '../../server/domain/consultations-calls.ts';
import {
  createBookingMailer,
  icsInvite,
  icsText,
  openDetails,
} from '../../server/domain/consultations-calls.ts';
import { defaultConsultationsConfig } from '../../server/domain/consultations-config.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import { createLogger } from '../../server/lib/log.ts';
import { createSandboxProvider } from '../../server/payments/sandbox.ts';
import {
  addCard,
  appWithProvider,
  call,
  cheapHasher,
  expectEnvelope,
  get,
  newKey,
  post,
  registerMember,
  TEST_PEPPER,
  type TestApp,
  testApp,
  testConfig,
} from './helpers.ts';
import { setupTestDb, usingPostgres } from './test-db.ts';

const H = 3_600_000;
const M = 60_000;
// Monday 30 November 2026, 00:00 UTC (03:00 in Riyadh)
const START = Date.UTC(2026, 10, 30, 0, 0);

const lines: string[] = [];
const logger = createLogger({ level: 'info', out: (l) => lines.push(l), err: (l) => lines.push(l) });
const mails: BookingMail[] = [];
const mailer = { send: async (m: BookingMail) => void mails.push(m) };

const { db } = await setupTestDb();
const clock = new ManualClock(START);
const app = Object.assign(
  createApp({
    db,
    clock,
    config: testConfig(),
    logger,
    distDir: '/nonexistent-dist',
    hasher: cheapHasher(),
    limitStore: null,
    bookingMailer: mailer,
  }),
  { clock },
) as unknown as TestApp & { consultations: Consultations };

// rana-aziz: gynaecology (medical), Asia/Riyadh, Sun–Thu 09–13 and 17–21, buffer 10, notice 12 h
const RANA = 'rana-aziz';
// nour-haddad: sexual-health education (not medical), Asia/Dubai
const NOUR = 'nour-haddad';
// maya-khoury: psychology, Europe/London (DST), notice 24 h, horizon 35 days
const MAYA = 'maya-khoury';

const slots = (expert: string, offer: string, query = '') =>
  get(app, `/p/experts/${expert}/slots?offer=${offer}${query}`);
const hold = (token: string, body: Record<string, unknown>) =>
  post(app, '/consultations/hold', body, { token });
const confirm = (token: string, id: string, key: string | null, body: Record<string, unknown>) =>
  post(app, `/consultations/${id}/confirm`, body, {
    token,
    headers: key === null ? {} : { 'idempotency-key': key },
  });
const DETAILS = { firstName: 'Mariam', lastName: 'Qasimi', dateOfBirth: '1990-04-21' };

/** A confirmed paid booking of `expert` at `startsAt` for a new member. */
async function booked(expert: string, startsAt: string, offerId = 'consult-30', mode = 'video') {
  const m = await registerMember(app);
  const pm = await addCard(app, m.token, SANDBOX_TEST_CARDS.success);
  const h = await hold(m.token, { expertId: expert, offerId, mode, startsAt });
  expect(h.status, h.text).toBe(201);
  const c = await confirm(m.token, h.body.id, newKey(), {
    paymentMethodId: pm,
    details: DETAILS,
  });
  expect(c.status, c.text).toBe(201);
  return { member: m, booking: c.body.booking, invoice: c.body.invoice, pm };
}

async function firstSlot(expert: string, offer = 'consult-30', query = ''): Promise<string> {
  const r = await slots(expert, offer, query);
  expect(r.status, r.text).toBe(200);
  expect(r.body.slots.length).toBeGreaterThan(0);
  return r.body.slots[0];
}

describe(`consultations on ${usingPostgres() ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('lists open slots from her hours in her zone, with price parts and the medical flag', async () => {
    const r = await slots(RANA, 'consult-30', `&from=2026-12-01T00:00:00Z&to=2026-12-02T00:00:00Z`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.timeZone).toBe('Asia/Riyadh');
    expect(r.body.medical).toBe(true);
    // Tuesday: 09:00–13:00 and 17:00–21:00 Riyadh (UTC+3) on a 30-minute grid
    expect(r.body.slots[0]).toBe('2026-12-01T06:00:00.000Z');
    expect(r.body.slots).toContain('2026-12-01T09:30:00.000Z'); // 12:30–13:00
    expect(r.body.slots).not.toContain('2026-12-01T10:00:00.000Z'); // 13:00: outside her hours
    expect(r.body.slots).toContain('2026-12-01T14:00:00.000Z'); // 17:00
    expect(r.body.slots).toHaveLength(16);
    // 55.00 + 3 % merchant charges (1.65) + 5 % VAT of 56.65 (2.83) = 59.48
    expect(r.body.price).toEqual({ fee: 5500, merchantCharges: 165, vat: 283, total: 5948, currency: 'USD' });
    const free = await slots(NOUR, DISCOVERY_OFFER_ID);
    expect(free.body.price).toEqual({ fee: 0, merchantCharges: 0, vat: 0, total: 0, currency: 'USD' });
    expect(free.body.medical).toBe(false);
    // notice: nothing in the first 12 hours
    expect(Date.parse(free.body.slots[0])).toBeGreaterThanOrEqual(START + 12 * H);
    // horizon: nothing 28 days or more ahead
    expect(Date.parse(free.body.slots.at(-1))).toBeLessThan(START + 28 * 24 * H);
  });

  it('refuses bad slot queries with 4xx envelopes', async () => {
    const bad = [
      await slots(RANA, 'consult-45'),
      await slots(RANA, 'consult-30', '&from=yesterday'),
      await slots(RANA, 'consult-30', '&from=2026-12-10T00:00:00Z&to=2026-12-01T00:00:00Z'),
      await slots(RANA, 'consult-30', '&from=2026-12-01T00:00:00Z&to=2027-06-01T00:00:00Z'),
      await get(app, `/p/experts/${RANA}/slots`),
    ];
    for (const r of bad) {
      expect(r.status, r.text).toBe(400);
      expectEnvelope(r, 'VALIDATION_ERROR');
    }
    const unknown = await slots('nobody-here', 'consult-30');
    expect(unknown.status).toBe(404);
  });

  it('holds a slot for ten minutes, then releases it (clock moved, and the sweep)', async () => {
    const a = await registerMember(app);
    const b = await registerMember(app);
    const startsAt = await firstSlot(NOUR);
    const h = await hold(a.token, { expertId: NOUR, offerId: 'consult-30', mode: 'voice', startsAt });
    expect(h.status, h.text).toBe(201);
    expect(h.body.status).toBe('held');
    expect(Date.parse(h.body.holdExpiresAt)).toBe(START + 10 * M);
    expect(h.body.medical).toBe(false);
    // held: gone from the slots, and another member cannot take it
    expect((await slots(NOUR, 'consult-30')).body.slots).not.toContain(startsAt);
    const taken = await hold(b.token, { expertId: NOUR, offerId: 'consult-30', mode: 'voice', startsAt });
    expect(taken.status).toBe(409);
    expectEnvelope(taken, 'SLOT_TAKEN');
    expect(taken.body.error.nextSlots.length).toBeGreaterThan(0);
    expect(taken.body.error.nextSlots).not.toContain(startsAt);
    // 10 minutes later it is free again, and hers reads as expired
    clock.advance(10 * M);
    expect((await slots(NOUR, 'consult-30')).body.slots).toContain(startsAt);
    const again = await hold(b.token, { expertId: NOUR, offerId: 'consult-30', mode: 'voice', startsAt });
    expect(again.status, again.text).toBe(201);
    expect((await get(app, `/consultations/${h.body.id}`, { token: a.token })).body.status).toBe('expired');
    const pm = await addCard(app, a.token, SANDBOX_TEST_CARDS.success);
    const late = await confirm(a.token, h.body.id, newKey(), { paymentMethodId: pm });
    expect(late.status).toBe(409);
    expectEnvelope(late, 'HOLD_EXPIRED');
    clock.advance(10 * M);
    expect(await app.consultations.sweep()).toBeGreaterThanOrEqual(1);
    clock.set(START);
  });

  it('refuses a time that is not one of her open slots, and offers or modes she does not have', async () => {
    const m = await registerMember(app);
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { expertId: RANA, offerId: 'consult-30', mode: 'video', startsAt: '2026-12-01T10:00:00Z' },
        409,
        'SLOT_UNAVAILABLE',
      ],
      [
        { expertId: RANA, offerId: 'consult-30', mode: 'video', startsAt: '2026-11-30T01:00:00Z' },
        409,
        'SLOT_UNAVAILABLE',
      ],
      [
        { expertId: RANA, offerId: 'consult-30', mode: 'video', startsAt: '2026-12-01T06:10:00Z' },
        409,
        'SLOT_UNAVAILABLE',
      ],
      [
        { expertId: 'layla-mansour', offerId: 'consult-30', mode: 'voice', startsAt: '2026-12-01T06:00:00Z' },
        400,
        'VALIDATION_ERROR',
      ],
      [
        { expertId: RANA, offerId: 'consult-90', mode: 'video', startsAt: '2026-12-01T06:00:00Z' },
        400,
        'VALIDATION_ERROR',
      ],
      [
        { expertId: RANA, offerId: 'consult-30', mode: 'phone', startsAt: '2026-12-01T06:00:00Z' },
        400,
        'VALIDATION_ERROR',
      ],
      [
        { expertId: RANA, offerId: 'consult-30', mode: 'video', startsAt: 'tomorrow' },
        400,
        'VALIDATION_ERROR',
      ],
      [{ expertId: RANA, offerId: 'consult-30', mode: 'video' }, 400, 'VALIDATION_ERROR'],
    ];
    for (const [body, status, code] of cases) {
      const r = await hold(m.token, body);
      expect(r.status, `${JSON.stringify(body)} ${r.text}`).toBe(status);
      expectEnvelope(r, code);
    }
    expect(
      (
        await call(app, 'POST', '/api/consultations/hold', {
          body: '{',
          headers: { 'content-type': 'application/json' },
          token: m.token,
        })
      ).status,
    ).toBe(400);
    expect((await post(app, '/consultations/hold', {})).status).toBe(401);
  });

  it('gives one booking to 20 members racing for one slot; the others get SLOT_TAKEN with next slots', async () => {
    const members = await Promise.all(Array.from({ length: 20 }, () => registerMember(app)));
    const startsAt = await firstSlot(MAYA, 'consult-60');
    const results = await Promise.all(
      members.map((m) => hold(m.token, { expertId: MAYA, offerId: 'consult-60', mode: 'video', startsAt })),
    );
    const won = results.filter((r) => r.status === 201);
    const lost = results.filter((r) => r.status === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const r of lost) {
      expectEnvelope(r, 'SLOT_TAKEN');
      expect(r.body.error.nextSlots.length).toBeGreaterThan(0);
    }
    // and an overlapping slot within her 15-minute buffer is taken too
    const next = new Date(Date.parse(startsAt) + 60 * M).toISOString();
    // asked by a member who lost the race: the winner's own new hold would release hers first
    const loser = members[results.findIndex((r) => r.status === 409)];
    const near = await hold(loser.token, {
      expertId: MAYA,
      offerId: 'consult-30',
      mode: 'video',
      startsAt: next,
    });
    expect(near.status).toBe(409);
    const rows = await db.db.execute(
      `select count(*)::int as n from bookings where expert_id = '${MAYA}' and starts_at = '${startsAt}' and status = 'held'` as never,
    );
    const n = ((rows as unknown as { rows?: { n: number }[] }).rows ??
      (rows as unknown as { n: number }[]))[0].n;
    expect(n).toBe(1);
  });

  it('pays with the sandbox cards: success → one charge, one invoice with fee, merchant charges and VAT', async () => {
    const startsAt = await firstSlot(RANA);
    const m = await registerMember(app);
    const pm = await addCard(app, m.token, SANDBOX_TEST_CARDS.success);
    const h = await hold(m.token, { expertId: RANA, offerId: 'consult-30', mode: 'video', startsAt });
    expect(h.body.medical).toBe(true);
    // a medical consultation needs her names and an adult date of birth
    const key = newKey();
    const missing = await confirm(m.token, h.body.id, key, { paymentMethodId: pm });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fieldCodes).toEqual({ details: 'REQUIRED' });
    const minor = await confirm(m.token, h.body.id, newKey(), {
      paymentMethodId: pm,
      details: { ...DETAILS, dateOfBirth: '2010-01-01' },
    });
    expect(minor.body.error.fieldCodes).toEqual({ 'details.dateOfBirth': 'MUST_BE_ADULT' });
    const badDate = await confirm(m.token, h.body.id, newKey(), {
      paymentMethodId: pm,
      details: { ...DETAILS, dateOfBirth: '1990-02-30' },
    });
    expect(badDate.body.error.fieldCodes).toEqual({ 'details.dateOfBirth': 'INVALID' });
    const noName = await confirm(m.token, h.body.id, newKey(), {
      paymentMethodId: pm,
      details: { ...DETAILS, firstName: '  ' },
    });
    expect(noName.body.error.fieldCodes).toEqual({ 'details.firstName': 'REQUIRED' });
    expect((await confirm(m.token, h.body.id, null, { paymentMethodId: pm })).body.error.code).toBe(
      'IDEMPOTENCY_KEY_REQUIRED',
    );

    const ok = await confirm(m.token, h.body.id, key, { paymentMethodId: pm, details: DETAILS });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.booking.status).toBe('confirmed');
    expect(ok.body.booking.amountPaid).toBe(5948);
    expect(ok.body.booking.detailsGiven).toBe(true);
    expect(JSON.stringify(ok.body)).not.toContain('1990-04-21');
    expect(ok.body.invoice.number).toMatch(/^INV-2026-\d{6}$/);
    // same key and body → the same answer; another body → 422
    const again = await confirm(m.token, h.body.id, key, { paymentMethodId: pm, details: DETAILS });
    expect(again.status).toBe(201);
    expect(again.body.invoice).toEqual(ok.body.invoice);
    const other = await confirm(m.token, h.body.id, key, {
      paymentMethodId: pm,
      details: { ...DETAILS, lastName: 'X' },
    });
    expect(other.status).toBe(422);
    const twice = await confirm(m.token, h.body.id, newKey(), { paymentMethodId: pm, details: DETAILS });
    expect(twice.status).toBe(409);
    expectEnvelope(twice, 'BOOKING_NOT_PAYABLE');
    const charges = await db.db.execute(
      `select count(*)::int as n from sandbox_charges where user_id = '${m.user.id}' and status = 'succeeded'` as never,
    );
    expect(((charges as unknown as { rows: { n: number }[] }).rows ?? charges)[0].n).toBe(1);

    // her invoice list and the PDF's document
    const list = await get(app, `/billing/list/${m.user.id}`, { token: m.token });
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0].total).toBe(5948);
    expect(list.body.items[0].items[0].title).toMatch(/^Video consultation, 30 minutes — Dr/);
    const inv = await db.db.execute(
      `select subtotal, vat, total, amount_paid, consultation_fee, merchant_charges from invoices where id = '${ok.body.invoice.id}'` as never,
    );
    expect(((inv as unknown as { rows: unknown[] }).rows ?? inv)[0]).toEqual({
      subtotal: 5665,
      vat: 283,
      total: 5948,
      amount_paid: 5948,
      consultation_fee: 5500,
      merchant_charges: 165,
    });
    // the expert was told, with an .ics invite
    const mail = mails.find((x) => x.ics.includes(h.body.id));
    expect(mail?.method).toBe('REQUEST');
    expect(mail?.ics).toContain(`DTSTART:${startsAt.replace(/[-:]/g, '').slice(0, 15)}Z`);
    expect(mail?.ics).toMatch(/\r\nEND:VCALENDAR\r\n$/);
    expect(mail?.text).toContain(m.alias);
    expect(mail?.text).not.toContain('Mariam');
    expect(mail?.ics).not.toContain('1990');
  });

  it('a declined card charges nothing and keeps the hold; the challenge answers 202 then the final answer', async () => {
    const m = await registerMember(app);
    const startsAt = await firstSlot(NOUR);
    const h = await hold(m.token, { expertId: NOUR, offerId: 'consult-60', mode: 'video', startsAt });
    const declined = await addCard(app, m.token, SANDBOX_TEST_CARDS.declined);
    const d = await confirm(m.token, h.body.id, newKey(), { paymentMethodId: declined });
    expect(d.status).toBe(402);
    expect(d.body.error.reason).toBe('card_declined');
    expect((await get(app, `/consultations/${h.body.id}`, { token: m.token })).body.status).toBe('held');

    const challenge = await addCard(app, m.token, SANDBOX_TEST_CARDS.challenge);
    const key = newKey();
    const c1 = await confirm(m.token, h.body.id, key, { paymentMethodId: challenge });
    expect(c1.status, c1.text).toBe(202);
    expect(c1.body.amount).toBe(4500 + 135 + 232);
    expect((await confirm(m.token, h.body.id, key, { paymentMethodId: challenge })).status).toBe(202);
    const decided = await post(
      app,
      `/sandbox-pay/challenges/${c1.body.challengeId}`,
      { decision: 'approve' },
      { token: m.token },
    );
    expect(decided.status).toBe(200);
    const c2 = await confirm(m.token, h.body.id, key, { paymentMethodId: challenge });
    expect(c2.status, c2.text).toBe(201);
    expect(c2.body.booking.paidWith).toEqual({ brand: 'visa', last4: '3220' });
  });

  it('keeps the slot and the sealed details when the hold runs out during the bank challenge', async () => {
    const m = await registerMember(app);
    const startsAt = await firstSlot('salma-nasser');
    const h = await hold(m.token, {
      expertId: 'salma-nasser',
      offerId: 'consult-30',
      mode: 'video',
      startsAt,
    });
    expect(h.body.medical).toBe(true);
    const challenge = await addCard(app, m.token, SANDBOX_TEST_CARDS.challenge);
    const key = newKey();
    const body = { paymentMethodId: challenge, details: DETAILS };
    const c1 = await confirm(m.token, h.body.id, key, body);
    expect(c1.status, c1.text).toBe(202);
    clock.advance(15 * M);
    expect(await app.consultations.sweep()).toBeGreaterThanOrEqual(1);
    await post(
      app,
      `/sandbox-pay/challenges/${c1.body.challengeId}`,
      { decision: 'approve' },
      { token: m.token },
    );
    const c2 = await confirm(m.token, h.body.id, key, body);
    expect(c2.status, c2.text).toBe(201);
    expect(c2.body.booking.detailsGiven).toBe(true);
    // but a slot someone took meanwhile is not hers any more: the charge is refunded
    const n = await registerMember(app);
    const slot2 = (await slots('salma-nasser', 'consult-30')).body.slots[3];
    const h2 = await hold(n.token, {
      expertId: 'salma-nasser',
      offerId: 'consult-30',
      mode: 'video',
      startsAt: slot2,
    });
    const card2 = await addCard(app, n.token, SANDBOX_TEST_CARDS.challenge);
    const k2 = newKey();
    const d1 = await confirm(n.token, h2.body.id, k2, { paymentMethodId: card2, details: DETAILS });
    expect(d1.status).toBe(202);
    clock.advance(11 * M);
    const thief = await booked('salma-nasser', slot2);
    expect(thief.booking.status).toBe('confirmed');
    await post(
      app,
      `/sandbox-pay/challenges/${d1.body.challengeId}`,
      { decision: 'approve' },
      { token: n.token },
    );
    const d2 = await confirm(n.token, h2.body.id, k2, { paymentMethodId: card2, details: DETAILS });
    expect(d2.status).toBe(409);
    expectEnvelope(d2, 'HOLD_EXPIRED');
    // the same answer again, and the charge given back in full
    expect(
      (await confirm(n.token, h2.body.id, k2, { paymentMethodId: card2, details: DETAILS })).body.error.code,
    ).toBe('HOLD_EXPIRED');
    const back = await db.db.execute(
      `select r.amount, c.amount as charged from sandbox_refunds r join sandbox_charges c on c.id = r.charge_id where c.user_id = '${n.user.id}'` as never,
    );
    const rows = (back as unknown as { rows: { amount: number; charged: number }[] }).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0].amount).toBe(rows[0].charged);
    clock.set(START);
  });

  it('a double click (the same key at once) charges once and gives one invoice', async () => {
    const m = await registerMember(app);
    const pm = await addCard(app, m.token, SANDBOX_TEST_CARDS.success);
    const startsAt = await firstSlot('amal-jaber');
    const h = await hold(m.token, { expertId: 'amal-jaber', offerId: 'consult-60', mode: 'voice', startsAt });
    const key = newKey();
    const body = { paymentMethodId: pm, details: DETAILS };
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => confirm(m.token, h.body.id, key, body)),
    );
    for (const r of replies) expect(r.status, r.text).toBe(201);
    expect(new Set(replies.map((r) => r.body.invoice.number)).size).toBe(1);
    const count = async (sql: string) =>
      ((await db.db.execute(sql as never)) as unknown as { rows: { n: number }[] }).rows[0].n;
    expect(await count(`select count(*)::int as n from sandbox_charges where user_id = '${m.user.id}'`)).toBe(
      1,
    );
    expect(await count(`select count(*)::int as n from invoices where user_id = '${m.user.id}'`)).toBe(1);
  });

  it('a retry after the process died between the charge and the confirmation reaches the same charge', async () => {
    const sandbox = createSandboxProvider({ database: db, clock });
    let crash = true;
    const flaky = {
      ...sandbox,
      name: 'flaky',
      async charge(r: Parameters<typeof sandbox.charge>[0]) {
        const result = await sandbox.charge(r);
        if (crash) {
          crash = false;
          throw new Error('the process died after the charge');
        }
        return result;
      },
      refund: (r: Parameters<typeof sandbox.refund>[0]) => sandbox.refund(r),
    };
    const crashy = appWithProvider(db, clock, flaky);
    const m = await registerMember(crashy);
    const pm = await addCard(crashy, m.token, SANDBOX_TEST_CARDS.success);
    const startsAt = await firstSlot('dalia-sabbagh');
    const h = await post(
      crashy,
      '/consultations/hold',
      { expertId: 'dalia-sabbagh', offerId: 'consult-30', mode: 'video', startsAt },
      { token: m.token },
    );
    const key = newKey();
    const send = () =>
      post(
        crashy,
        `/consultations/${h.body.id}/confirm`,
        { paymentMethodId: pm },
        { token: m.token, headers: { 'idempotency-key': key } },
      );
    const first = await send();
    expect(first.status).toBe(500);
    expect((await get(crashy, `/consultations/${h.body.id}`, { token: m.token })).body.status).toBe('held');
    const retry = await send();
    expect(retry.status, retry.text).toBe(201);
    const n = (
      (await db.db.execute(
        `select count(*)::int as n from sandbox_charges where user_id = '${m.user.id}'` as never,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0].n;
    expect(n).toBe(1);
  });

  it('books a free discovery call without the provider and without an invoice', async () => {
    const m = await registerMember(app);
    const startsAt = await firstSlot(RANA, DISCOVERY_OFFER_ID);
    const h = await hold(m.token, { expertId: RANA, offerId: DISCOVERY_OFFER_ID, mode: 'voice', startsAt });
    expect(h.body.medical).toBe(false);
    const c = await confirm(m.token, h.body.id, newKey(), {});
    expect(c.status, c.text).toBe(201);
    expect(c.body.invoice).toBeNull();
    expect(c.body.booking.price.total).toBe(0);
    const charges = await db.db.execute(
      `select count(*)::int as n from sandbox_charges where user_id = '${m.user.id}'` as never,
    );
    expect(((charges as unknown as { rows: { n: number }[] }).rows ?? charges)[0].n).toBe(0);
  });

  it('cancels by the tiers: 3 days ahead → 100 % and a credit note; 30 hours → 50 %; same day → 0, no refund call', async () => {
    // 3 days ahead
    const t3 = new Date(START + 3 * 24 * H + 6 * H).toISOString(); // Thursday 09:00 Riyadh
    const full = await booked(RANA, t3);
    const q = await get(app, `/consultations/${full.booking.id}/cancellation`, { token: full.member.token });
    expect(q.body).toMatchObject({
      cancellable: true,
      refundPercent: 100,
      refundAmount: 5948,
      amountPaid: 5948,
    });
    const c = await post(app, `/consultations/${full.booking.id}/cancel`, {}, { token: full.member.token });
    expect(c.status, c.text).toBe(200);
    expect(c.body.refund).toEqual({ percent: 100, amount: 5948 });
    expect(c.body.creditNote.number).toMatch(/^CN-2026-\d{6}$/);
    expect(c.body.booking.status).toBe('cancelled');
    expect(c.body.booking.cancellation.creditNote).toEqual(c.body.creditNote);
    // idempotent: again → the same answer, one refund
    const again = await post(
      app,
      `/consultations/${full.booking.id}/cancel`,
      {},
      { token: full.member.token },
    );
    expect(again.body.creditNote).toEqual(c.body.creditNote);
    const refunds = await db.db.select().from(sandboxRefunds);
    expect(refunds.filter((r) => r.amount === 5948)).toHaveLength(1);
    const cn = await post(
      app,
      '/billing/generate-credit-note',
      { creditNoteId: c.body.creditNote.id, language: 'ar' },
      { token: full.member.token },
    );
    expect(cn.status).toBe(200);
    expect(cn.headers.get('content-type')).toBe('application/pdf');
    expect(cn.text.startsWith('%PDF-')).toBe(true);
    const stranger = await registerMember(app);
    expect(
      (
        await post(
          app,
          '/billing/generate-credit-note',
          { creditNoteId: c.body.creditNote.id },
          { token: stranger.token },
        )
      ).status,
    ).toBe(403);
    // her invoices mark the refunded invoice with its credit note
    const invoicesList = await get(app, `/billing/list/${full.member.user.id}`, { token: full.member.token });
    expect(invoicesList.body.items[0].creditNote).toEqual({ ...c.body.creditNote, refundPercent: 100 });
    const mine = await get(app, '/consultations', { token: full.member.token });
    expect(mine.body.cancelled.map((b: { id: string }) => b.id)).toEqual([full.booking.id]);

    // 30 hours ahead → 50 %, half of each part
    const t30 = new Date(START + 30 * H).toISOString(); // Tuesday 09:00 Riyadh, 30 h ahead
    const half = await booked(RANA, t30, 'consult-60');
    clock.set(Date.parse(t30) - 30 * H);
    const hq = await get(app, `/consultations/${half.booking.id}/cancellation`, { token: half.member.token });
    expect(hq.body.refundPercent).toBe(50);
    const hc = await post(app, `/consultations/${half.booking.id}/cancel`, {}, { token: half.member.token });
    // 90.00 → fee 9000, charges 270, VAT 464: half of each, half up → 4500 + 135 + 232
    expect(hc.body.refund).toEqual({ percent: 50, amount: 4867 });
    expect(hc.body.creditNote).not.toBeNull();
    clock.set(START);

    // same day → nothing back, no refund call, no credit note
    const t0 = new Date(START + 38 * H).toISOString(); // Tuesday 17:00 Riyadh
    const none = await booked(RANA, t0);
    clock.set(Date.parse(t0) - 5 * H);
    const before = (await db.db.select().from(sandboxRefunds)).length;
    const nc = await post(app, `/consultations/${none.booking.id}/cancel`, {}, { token: none.member.token });
    expect(nc.body.refund).toEqual({ percent: 0, amount: 0 });
    expect(nc.body.creditNote).toBeNull();
    expect((await db.db.select().from(sandboxRefunds)).length).toBe(before);
    clock.set(START);
  });

  it('keeps the 48-hour boundary in real time across the DST change in her zone (Europe/London)', async () => {
    // Sunday 25 October 2026 02:00 BST → 01:00 GMT; a call on Tuesday 27 October at 09:00 GMT
    const before = Date.UTC(2026, 9, 23, 9, 0); // Friday
    clock.set(before);
    const startsAt = '2026-10-27T09:00:00.000Z';
    const r = await slots(MAYA, 'consult-30', '&from=2026-10-27T00:00:00Z&to=2026-10-28T00:00:00Z');
    expect(r.body.slots).toContain(startsAt); // 09:00 London (GMT) after the change
    expect(r.body.slots[0]).toBe('2026-10-27T08:00:00.000Z');
    const b = await booked(MAYA, startsAt);
    const quote = async (t: number) => {
      clock.set(t);
      return (await get(app, `/consultations/${b.booking.id}/cancellation`, { token: b.member.token })).body;
    };
    const start = Date.parse(startsAt);
    expect((await quote(start - 48 * H)).refundPercent).toBe(100);
    expect((await quote(start - 48 * H + M)).refundPercent).toBe(50);
    // wall clock says 48 h before 09:00 is Sunday 09:00, but real time is 48 h only at 09:00 GMT
    expect((await quote(start - 24 * H)).refundPercent).toBe(50);
    expect((await quote(start - 24 * H + 1)).refundPercent).toBe(0);
    expect((await quote(start)).refundPercent).toBe(0);
    expect((await quote(start)).cancellable).toBe(false);
    const late = await post(app, `/consultations/${b.booking.id}/cancel`, {}, { token: b.member.token });
    expect(late.status).toBe(409);
    expectEnvelope(late, 'BOOKING_NOT_CANCELLABLE');
    clock.set(START);
  });

  it('opens the call 10 minutes before the start until the end, in a private Jitsi room under her alias', async () => {
    const startsAt = await firstSlot(NOUR);
    const b = await booked(NOUR, startsAt, 'consult-30', 'voice');
    const join = async (t: number) => {
      clock.set(t);
      return get(app, `/consultations/${b.booking.id}/join`, { token: b.member.token });
    };
    const s = Date.parse(startsAt);
    const early = await join(s - 10 * M - 1);
    expect(early.status).toBe(409);
    expectEnvelope(early, 'NOT_YET_OPEN');
    const open = await join(s - 10 * M);
    expect(open.status, open.text).toBe(200);
    expect(open.body.room).toMatch(/^amina-[0-9a-f]{40}$/);
    expect(open.body.url.startsWith(`https://meet.jit.si/${open.body.room}#`)).toBe(true);
    expect(open.body.url).toContain('config.startWithVideoMuted=true');
    expect(open.body.url).toContain(encodeURIComponent(JSON.stringify(b.member.alias)));
    expect(open.body.displayName).toBe(b.member.alias);
    expect(open.body.jwt).toBeNull();
    const listed = await get(app, '/consultations', { token: b.member.token });
    expect(listed.body.upcoming.find((x: { id: string }) => x.id === b.booking.id).joinable).toBe(true);
    expect((await join(s + 30 * M - 1)).status).toBe(200);
    const ended = await join(s + 30 * M);
    expect(ended.status).toBe(409);
    expectEnvelope(ended, 'ENDED');
    const past = await get(app, '/consultations', { token: b.member.token });
    expect(past.body.past.map((x: { id: string }) => x.id)).toContain(b.booking.id);
    clock.set(START);
  });

  it('signs a room token (HS256) when JITSI_APP_ID and JITSI_APP_SECRET are set', async () => {
    const signed = testApp({
      db,
      clock: clock,
      config: {
        consultations: {
          ...defaultConsultationsConfig(TEST_PEPPER),
          jitsiUrl: 'https://video.example.org',
          jitsiAppId: 'amina',
          jitsiAppSecret: 'a-very-secret-value-of-32-chars!',
        },
      },
    });
    const startsAt = await firstSlot(NOUR);
    const b = await booked(NOUR, startsAt, 'consult-30', 'video');
    clock.set(Date.parse(startsAt));
    const r = await get(signed, `/consultations/${b.booking.id}/join`, { token: b.member.token });
    expect(r.status, r.text).toBe(200);
    const [h, p, sig] = r.body.jwt.split('.');
    expect(JSON.parse(Buffer.from(h, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    expect(payload).toMatchObject({
      aud: 'jitsi',
      iss: 'amina',
      sub: 'video.example.org',
      room: r.body.room,
    });
    expect(payload.context.user.name).toBe(b.member.alias);
    const { createHmac } = await import('node:crypto');
    expect(
      createHmac('sha256', 'a-very-secret-value-of-32-chars!').update(`${h}.${p}`).digest('base64url'),
    ).toBe(sig);
    expect(r.body.url).not.toContain('startWithVideoMuted=true');
    expect(r.headers.get('permissions-policy')).toBe(
      'camera=(self "https://video.example.org"), microphone=(self "https://video.example.org"), geolocation=()',
    );
    clock.set(START);
  });

  it("answers 403 for another member's booking, and 404 for an unknown one", async () => {
    const startsAt = await firstSlot(NOUR);
    const b = await booked(NOUR, startsAt);
    const other = await registerMember(app);
    for (const path of ['', '/join', '/cancellation']) {
      const r = await get(app, `/consultations/${b.booking.id}${path}`, { token: other.token });
      expect(r.status, path).toBe(403);
      expectEnvelope(r, 'FORBIDDEN');
    }
    expect(
      (await post(app, `/consultations/${b.booking.id}/cancel`, {}, { token: other.token })).status,
    ).toBe(403);
    expect((await confirm(other.token, b.booking.id, newKey(), {})).status).toBe(403);
    const unknown = await get(app, '/consultations/00000000-0000-4000-8000-000000000000', {
      token: other.token,
    });
    expect(unknown.status).toBe(404);
    expectEnvelope(unknown, 'BOOKING_NOT_FOUND');
    expect((await get(app, '/consultations/not-a-uuid', { token: other.token })).status).toBe(400);
  });

  it('keeps the date of birth out of the database file and dump as plain text', async () => {
    const startsAt = await firstSlot(RANA, 'consult-60');
    const unique = { firstName: 'Zumurrud', lastName: 'Khayzuran', dateOfBirth: '1987-09-13' };
    const m = await registerMember(app);
    const pm = await addCard(app, m.token, SANDBOX_TEST_CARDS.success);
    const h = await hold(m.token, { expertId: RANA, offerId: 'consult-60', mode: 'voice', startsAt });
    const c = await confirm(m.token, h.body.id, newKey(), { paymentMethodId: pm, details: unique });
    expect(c.status, c.text).toBe(201);
    const [row] =
      (
        (await db.db.execute(
          `select details, details_key_id from bookings where id = '${h.body.id}'` as never,
        )) as unknown as { rows: { details: string; details_key_id: string }[] }
      ).rows ?? [];
    expect(row.details).not.toContain('1987');
    // it opens with the key whose id it carries, bound to this booking
    const keys = defaultConsultationsConfig(TEST_PEPPER).dataKeys;
    expect(row.details_key_id).toBe(keys.current.id);
    expect(openDetails(keys, h.body.id, row.details, row.details_key_id)).toEqual(unique);
    expect(() =>
      openDetails(keys, '00000000-0000-4000-8000-000000000000', row.details, row.details_key_id),
    ).toThrow();
    const needles = ['1987-09-13', 'Zumurrud', 'Khayzuran'];
    let haystack: Buffer;
    if (usingPostgres()) {
      const [{ name }] = (
        (await db.db.execute('select current_database() as name' as never)) as unknown as {
          rows: { name: string }[];
        }
      ).rows;
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      haystack = execFileSync('pg_dump', ['--data-only', url.toString()], { maxBuffer: 256 * 1024 * 1024 });
    } else {
      await db.db.execute('checkpoint' as never);
      const dump = await (
        db as unknown as { client: { dumpDataDir(c: 'none'): Promise<Blob> } }
      ).client.dumpDataDir('none');
      haystack = Buffer.from(await dump.arrayBuffer());
    }
    expect(haystack.length).toBeGreaterThan(10_000);
    for (const n of needles) expect(haystack.includes(Buffer.from(n)), n).toBe(false);
    // the alias is in there (the dump is real)
    expect(haystack.includes(Buffer.from(m.alias))).toBe(true);
  });

  it("lists bookings for the team in the expert's zone, never with personal details", async () => {
    const list = await listBookingsForTeam(db.db, clock.now());
    expect(list.length).toBeGreaterThan(5);
    const text = list.map(formatBooking).join('\n');
    expect(text).toMatch(/confirmed .* Asia\/Riyadh \(2026-/);
    expect(text).toContain('Europe/London');
    expect(text).toContain('(medical)');
    for (const n of ['1990-04-21', 'Mariam', '1987-09-13', 'Zumurrud'])
      expect(text.includes(n), n).toBe(false);
    // Tuesday 1 December 09:00 in Riyadh is 06:00 UTC
    const row = list.find(
      (b) => b.startsAt.toISOString() === '2026-12-01T06:00:00.000Z' && b.expertId === RANA,
    );
    expect(row && formatBooking(row)).toContain('Tue, 01 Dec 2026, 09:00–10:00 Asia/Riyadh');
  });

  it('writes the invite by RFC 5545: escaped text, CRLF, lines folded at 75 octets', () => {
    expect(icsText('a, b; c\\d\nnew')).toBe('a\\, b\\; c\\\\d\\nnew');
    const ics = icsInvite({
      bookingId: '0b6f1f7e-3c1a-4f55-9f0e-8d1f2c3b4a5d',
      method: 'REQUEST',
      stamp: new Date('2026-11-30T00:00:00Z'),
      startsAt: new Date('2026-12-01T06:00:00Z'),
      endsAt: new Date('2026-12-01T06:30:00Z'),
      summary: 'استشارة بالفيديو، 30 دقيقة — د. رنا عزيز; with, commas',
      description: 'x'.repeat(200),
      url: 'https://meet.jit.si/amina-abc',
      organizer: 'forms@amina.health',
      attendee: 'team@amina.health',
    });
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('DTSTART:20261201T060000Z\r\nDTEND:20261201T063000Z');
    expect(unfolded).toContain('UID:0b6f1f7e-3c1a-4f55-9f0e-8d1f2c3b4a5d@amina.health');
    expect(unfolded).toContain('SUMMARY:استشارة بالفيديو، 30 دقيقة — د. رنا عزيز\\; with\\, commas');
    expect(unfolded).toContain(`DESCRIPTION:${'x'.repeat(200)}`);
  });

  it('draws the invoice and the credit note as PDFs, English and Arabic, with the fee and merchant charges', async () => {
    const startsAt = new Date(START + 3 * 24 * H + 14 * H).toISOString(); // Thursday 17:00 in Riyadh
    const when = (await slots(RANA, 'consult-30', `&from=${startsAt}`)).body.slots[0];
    const b = await booked(RANA, when);
    const cancel = await post(app, `/consultations/${b.booking.id}/cancel`, {}, { token: b.member.token });
    expect(cancel.body.refund.percent).toBe(100);
    const dir = mkdtempSync(join(tmpdir(), 'amina-consult-pdf-'));
    const text = async (path: string, body: object, name: string) => {
      const res = await app.request(`/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${b.member.token}` },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      const file = join(dir, `${name}.pdf`);
      writeFileSync(file, new Uint8Array(await res.arrayBuffer()));
      return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(
        /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g,
        '',
      );
    };
    try {
      const en = await text(
        '/billing/generate-invoice',
        { invoiceId: b.invoice.id, language: 'en' },
        'inv-en',
      );
      for (const s of [
        'Tax invoice',
        b.invoice.number,
        // discreet documents are on by default (issue 25): no offer or expert named
        'Online consultation S-',
        'Consultation fee',
        '$55.00',
        'Merchant charges',
        '$1.65',
        '$2.83',
        '$59.48',
        'refunded in full',
      ])
        expect(en, s).toContain(s);
      expect(en).not.toContain('Courses are non-refundable');
      const ar = await text(
        '/billing/generate-invoice',
        { invoiceId: b.invoice.id, language: 'ar' },
        'inv-ar',
      );
      for (const s of ['رسوم الاستشارة', 'رسوم معالجة الدفع', 'US$ 59.48']) expect(ar, s).toContain(s);
      const cn = cancel.body.creditNote;
      const cnEn = await text('/billing/generate-credit-note', { creditNoteId: cn.id }, 'cn-en');
      for (const s of [
        'Credit note',
        cn.number,
        b.invoice.number,
        'Amount refunded',
        '$59.48',
        'Merchant charges',
      ])
        expect(cnEn, s).toContain(s);
      const cnAr = await text(
        '/billing/generate-credit-note',
        { creditNoteId: cn.id, language: 'ar' },
        'cn-ar',
      );
      for (const s of ['إشعار دائن', cn.number, 'US$ 59.48']) expect(cnAr, s).toContain(s);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('mails the expert through nodemailer with a text/calendar invite', async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    const sent = await createBookingMailer(transport, 'forms@amina.health').send({
      to: 'rana@example.org',
      subject: '[Amina] test',
      text: 'hello\n',
      method: 'REQUEST',
      ics: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
    });
    const raw = (sent as { message: Buffer }).message.toString();
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    expect(raw).toContain('To: rana@example.org');
  });

  it('reads its configuration: a bad key or half of the Jitsi credentials stop the start', () => {
    const dir = mkdtempSync(join(tmpdir(), 'amina-consult-'));
    try {
      const env = { DATA_DIR: dir, AUTH_PEPPER: TEST_PEPPER };
      const c = loadConfig(env);
      const current = c.consultations!.dataKeys.current;
      expect(current.key.length).toBe(32);
      expect(c.consultations?.jitsiUrl).toBe('https://meet.jit.si');
      expect(c.consultations?.merchantChargeBasisPoints).toBe(300);
      // a secret of its own (issue 20), generated once into the data dir, not derived from the pepper
      expect(statSync(join(dir, 'secrets', 'booking-data-key')).isFile()).toBe(true);
      expect(loadConfig(env).consultations?.dataKeys.current.key.equals(current.key)).toBe(true);
      expect(
        loadConfig({ ...env, AUTH_PEPPER: 'q'.repeat(40) }).consultations?.dataKeys.current.key.equals(
          current.key,
        ),
      ).toBe(true);
      const hex = 'ab'.repeat(32);
      expect(
        loadConfig({ ...env, BOOKING_DATA_KEY: hex }).consultations?.dataKeys.current.key.toString('hex'),
      ).toBe(hex);
      expect(() => loadConfig({ ...env, BOOKING_DATA_KEY: 'short' })).toThrow(/BOOKING_DATA_KEY/);
      expect(() => loadConfig({ ...env, JITSI_APP_ID: 'amina' })).toThrow(/JITSI_APP_ID/);
      expect(() => loadConfig({ ...env, JITSI_URL: 'http://meet.example.org' })).toThrow(/JITSI_URL/);
      expect(() => loadConfig({ ...env, MERCHANT_CHARGE_BASIS_POINTS: '5000' })).toThrow(/MERCHANT/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes no card number or personal detail into any log line', async () => {
    const joined = lines.join('\n');
    expect(lines.length).toBeGreaterThan(50);
    for (const n of [
      '4242424242424242',
      '4000000000003220',
      '1990-04-21',
      'Mariam',
      'Qasimi',
      '1987-09-13',
      'Zumurrud',
    ]) {
      expect(joined.includes(n), n).toBe(false);
    }
  });
});
