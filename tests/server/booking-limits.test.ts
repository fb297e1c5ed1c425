/**
 * No one can empty an expert's calendar (issue 20), on PGlite and (TEST_DATABASE_URL) PostgreSQL:
 * the review's attack (one new member holding and confirming free discovery calls in a loop) stops
 * at one upcoming discovery call per expert and three upcoming free calls in all; a hold is never
 * renewed on the same slot; holds, confirmations and registrations have limits per member and per
 * address, counted in the shared store (two apps on one database, as two workers); an ordinary
 * member books as before.
 */
import { describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '../../contract/commerce-rules.ts';
import { DISCOVERY_OFFER_ID } from '../../contract/experts-constants.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import { postgresLimitStore } from '../../server/lib/limit-store.ts';
import {
  addCard,
  cheapHasher,
  expectEnvelope,
  get,
  newKey,
  post,
  registerMember,
  type TestApp,
  testApp,
} from './helpers.ts';
import { setupTestDb, usingPostgres } from './test-db.ts';

const M = 60_000;
// Monday 30 November 2026, 00:00 UTC
const START = Date.UTC(2026, 10, 30, 0, 0);
const clock = new ManualClock(START);
const { db, app } = await setupTestDb({ clock });
const DISCOVERY_EXPERTS = ['rana-aziz', 'nour-haddad', 'maya-khoury', 'dalia-sabbagh', 'salma-nasser'];

const slotsOf = async (a: TestApp, expert: string, offer: string): Promise<string[]> => {
  const r = await get(a, `/p/experts/${expert}/slots?offer=${offer}`);
  expect(r.status, r.text).toBe(200);
  return r.body.slots;
};
/** Slots at least `minutes` apart. */
const spaced = (slots: string[], minutes: number) =>
  slots.filter(
    (() => {
      let last = 0;
      return (s: string) => {
        const t = Date.parse(s);
        if (t - last < minutes * M) return false;
        last = t;
        return true;
      };
    })(),
  );
const hold = (a: TestApp, token: string, body: Record<string, unknown>, ip?: string) =>
  post(a, '/consultations/hold', body, { token, ip });
const confirm = (a: TestApp, token: string, id: string, body: Record<string, unknown>) =>
  post(a, `/consultations/${id}/confirm`, body, { token, headers: { 'idempotency-key': newKey() } });
const discovery = (expertId: string, startsAt: string) => ({
  expertId,
  offerId: DISCOVERY_OFFER_ID,
  mode: 'voice',
  startsAt,
});

describe(`an expert's calendar on ${usingPostgres() ? 'PostgreSQL' : 'PGlite'}`, () => {
  it("the review's attack: free calls in a loop stop at one per expert and three in all; her slots stay open", async () => {
    const attacker = await registerMember(app);
    const expert = DISCOVERY_EXPERTS[0];
    const before = await slotsOf(app, expert, DISCOVERY_OFFER_ID);
    const outcomes: string[] = [];
    for (const startsAt of before.slice(0, 30)) {
      const h = await hold(app, attacker.token, discovery(expert, startsAt));
      if (h.status !== 201) {
        outcomes.push(h.body.error.code);
        continue;
      }
      const c = await confirm(app, attacker.token, h.body.id, {});
      outcomes.push(c.status === 201 ? 'booked' : c.body.error.code);
    }
    expect(outcomes.filter((o) => o === 'booked')).toHaveLength(1);
    expect(new Set(outcomes.filter((o) => o !== 'booked'))).toEqual(new Set(['DISCOVERY_ALREADY_BOOKED']));
    // one call (and its buffer) is all she took
    expect((await slotsOf(app, expert, DISCOVERY_OFFER_ID)).length).toBeGreaterThanOrEqual(before.length - 2);

    // other experts: two more free calls, then no fourth upcoming one
    for (const other of DISCOVERY_EXPERTS.slice(1, 3)) {
      const [startsAt] = await slotsOf(app, other, DISCOVERY_OFFER_ID);
      const h = await hold(app, attacker.token, discovery(other, startsAt));
      expect(h.status, h.text).toBe(201);
      expect((await confirm(app, attacker.token, h.body.id, {})).status).toBe(201);
    }
    const [fourth] = await slotsOf(app, DISCOVERY_EXPERTS[3], DISCOVERY_OFFER_ID);
    const refused = await hold(app, attacker.token, discovery(DISCOVERY_EXPERTS[3], fourth));
    expect(refused.status).toBe(409);
    expectEnvelope(refused, 'FREE_CALLS_LIMIT');
    const ar = await post(app, '/consultations/hold', discovery(DISCOVERY_EXPERTS[3], fourth), {
      token: attacker.token,
      headers: { 'accept-language': 'ar' },
    });
    expect(ar.body.error.message).toMatch(/ثلاث مكالمات مجانية/);

    // an ordinary member is not affected: a discovery call and a paid consultation with the same expert
    const ordinary = await registerMember(app);
    const [free] = await slotsOf(app, expert, DISCOVERY_OFFER_ID);
    const h1 = await hold(app, ordinary.token, discovery(expert, free));
    expect(h1.status, h1.text).toBe(201);
    expect((await confirm(app, ordinary.token, h1.body.id, {})).status).toBe(201);
    const pm = await addCard(app, ordinary.token, SANDBOX_TEST_CARDS.success);
    const [paid] = await slotsOf(app, 'nour-haddad', 'consult-30');
    const h2 = await hold(app, ordinary.token, {
      expertId: 'nour-haddad',
      offerId: 'consult-30',
      mode: 'video',
      startsAt: paid,
    });
    expect(h2.status, h2.text).toBe(201);
    const c2 = await confirm(app, ordinary.token, h2.body.id, { paymentMethodId: pm });
    expect(c2.status, c2.text).toBe(201);
  }, 120_000);

  it('a confirmation is checked again: two holds confirmed after each other give one discovery call', async () => {
    const m = await registerMember(app);
    const expert = DISCOVERY_EXPERTS[4];
    const [a, b] = await slotsOf(app, expert, DISCOVERY_OFFER_ID);
    const first = await hold(app, m.token, discovery(expert, a));
    const second = await hold(app, m.token, discovery(expert, b)); // releases the first hold
    expect(second.status).toBe(201);
    expect((await confirm(app, m.token, second.body.id, {})).status).toBe(201);
    // her first hold ran out unpaid but its slot is still free: paying for it is checked again
    const late = await confirm(app, m.token, first.body.id, {});
    expect(late.status).toBe(409);
    expectEnvelope(late, 'DISCOVERY_ALREADY_BOOKED');
  });

  it('a hold is never renewed: holding it again keeps its countdown; after it ends, others get it first', async () => {
    const m = await registerMember(app);
    const other = await registerMember(app);
    const [startsAt] = await slotsOf(app, 'maya-khoury', 'consult-30');
    const body = { expertId: 'maya-khoury', offerId: 'consult-30', mode: 'video', startsAt };
    const h1 = await hold(app, m.token, body);
    expect(h1.status).toBe(201);
    clock.advance(6 * M);
    const h2 = await hold(app, m.token, body);
    expect(h2.status).toBe(201);
    expect(h2.body.id).toBe(h1.body.id);
    expect(h2.body.holdExpiresAt).toBe(h1.body.holdExpiresAt);
    // another call type for the same slot: a new booking, the same countdown
    const h3 = await hold(app, m.token, { ...body, mode: 'voice' });
    expect(h3.status, h3.text).toBe(201);
    expect(h3.body.holdExpiresAt).toBe(h1.body.holdExpiresAt);
    clock.advance(5 * M); // her hold has run out
    const again = await hold(app, m.token, body);
    expect(again.status).toBe(409);
    expectEnvelope(again, 'HOLD_NOT_RENEWABLE');
    const taken = await hold(app, other.token, body);
    expect(taken.status, taken.text).toBe(201);
    clock.set(START);
  });

  it('limits holds per member and per address, across two apps on one database', async () => {
    const limits = postgresLimitStore(db);
    const config = { bookingRateLimit: { limit: 2, windowMs: 15 * M } };
    const [one, two] = [0, 1].map(() =>
      testApp({ db, clock, config, hasher: cheapHasher(), limitStore: limits }),
    );
    const m = await registerMember(one);
    const [a, b, c] = spaced(await slotsOf(one, 'nour-haddad', 'consult-60'), 120);
    const at = (startsAt: string) => ({
      expertId: 'nour-haddad',
      offerId: 'consult-60',
      mode: 'video',
      startsAt,
    });
    expect((await hold(one, m.token, at(a))).status).toBe(201);
    expect((await hold(two, m.token, at(b))).status).toBe(201);
    const third = await hold(one, m.token, at(c));
    expect(third.status).toBe(429);
    expectEnvelope(third, 'RATE_LIMITED');
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    // the address allows three times a member's: two more members from the same address, then no more
    const ip = '198.51.100.20';
    const [n1, n2, n3] = [await registerMember(one), await registerMember(one), await registerMember(one)];
    // hours apart, so no two of these calls (60 minutes and her buffer) overlap
    const slots = spaced(await slotsOf(one, 'maya-khoury', 'consult-60'), 120);
    const maya = (i: number) => ({
      expertId: 'maya-khoury',
      offerId: 'consult-60',
      mode: 'video',
      startsAt: slots[i],
    });
    let i = 0;
    for (const n of [n1, n1, n2, n2, n3, n3]) {
      const r = await hold(i % 2 ? two : one, n.token, maya(i++), ip);
      expect(r.status, r.text).toBe(201);
    }
    const n4 = await registerMember(one);
    expect((await hold(one, n4.token, maya(i), ip)).status).toBe(429);
    // another address is not affected
    expect((await hold(two, n4.token, maya(i), '198.51.100.21')).status).toBe(201);
  });

  it('limits registrations per address apart from sign-ins', async () => {
    const limited = testApp({
      db,
      clock,
      config: { registerRateLimit: { limit: 2, windowMs: 60 * M } },
      hasher: cheapHasher(),
    });
    const ip = '192.0.2.44';
    const first = await registerMember(limited, {}, ip);
    await registerMember(limited, {}, ip);
    const { registration } = await import('./helpers.ts');
    const third = await post(limited, '/users/register/standard', registration(), { ip });
    expect(third.status).toBe(429);
    expectEnvelope(third, 'RATE_LIMITED');
    // signing in from that address still works, and another address may register
    const signIn = await post(limited, '/users/login', { alias: first.alias, pin: first.pin }, { ip });
    expect(signIn.status, signIn.text).toBe(200);
    expect(
      (await post(limited, '/users/register/standard', registration(), { ip: '192.0.2.45' })).status,
    ).toBe(201);
  });
});
