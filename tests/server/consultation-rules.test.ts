/**
 * The consultations' pure rules (contract/consultation-rules.ts): refund tiers at every boundary
 * (also across DST changes), wall times in a zone (spring-forward gaps skipped, fall-back overlaps
 * take the first instant), open slots, merchant charges, VAT and refund parts; unit tests and
 * fast-check properties.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Availability,
  ageOn,
  conflicts,
  consultationPrice,
  creditNoteNumber,
  hoursOn,
  instantOfWallTime,
  isCalendarDate,
  isJoinable,
  isMedicalConsultation,
  merchantCharges,
  openSlots,
  refundParts,
  refundPercent,
  SLOT_STEP_MINUTES,
  wallTimeAt,
} from '../../contract/consultation-rules.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const H = 3_600_000;
const M = 60_000;
const at = (iso: string) => new Date(iso);

function halfUp(amount: number, numerator: number, denominator: number): number {
  const scaled = BigInt(amount) * BigInt(numerator);
  const q = scaled / BigInt(denominator);
  const r = scaled % BigInt(denominator);
  return Number(r * 2n >= BigInt(denominator) ? q + 1n : q);
}

describe('refund tiers (spec §9)', () => {
  const start = at('2026-12-10T09:00:00Z');
  const ahead = (ms: number) => new Date(start.getTime() - ms);
  it.each([
    ['a week before', ahead(7 * 24 * H), 100],
    ['exactly 48 h before', ahead(48 * H), 100],
    ['47 h 59 min before', ahead(48 * H - M), 50],
    ['1 ms under 48 h', ahead(48 * H - 1), 50],
    ['exactly 24 h before', ahead(24 * H), 50],
    ['23 h 59 min before', ahead(24 * H - M), 0],
    ['1 ms under 24 h', ahead(24 * H - 1), 0],
    ['an hour before', ahead(H), 0],
    ['at the start', start, 0],
    ['after the start (no-show)', ahead(-10 * M), 0],
    ['after the end', ahead(-2 * H), 0],
  ])('%s → %i %%', (_label, cancelAt, percent) => {
    expect(refundPercent(start, cancelAt)).toBe(percent);
  });

  it('counts real elapsed time across a DST change in her zone (Europe/London, 25 October 2026)', () => {
    // 09:00 GMT on Tuesday; 48 real hours before is Sunday 09:00 GMT (the clocks went back at 02:00 BST)
    const s = at('2026-10-27T09:00:00Z');
    expect(refundPercent(s, at('2026-10-25T09:00:00Z'))).toBe(100);
    expect(refundPercent(s, at('2026-10-25T09:01:00Z'))).toBe(50);
    // the wall clock's "Sunday 09:00" a day earlier in BST would be 08:00 UTC: still 100, not a boundary
    expect(refundPercent(s, at('2026-10-25T08:00:00Z'))).toBe(100);
    // spring forward (29 March 2026): 24 real hours, not 24 wall hours
    const t = at('2026-03-30T08:00:00Z'); // 09:00 BST Monday
    expect(refundPercent(t, at('2026-03-29T08:00:00Z'))).toBe(50);
    expect(refundPercent(t, at('2026-03-29T08:00:00.001Z'))).toBe(0);
  });

  it('is monotonic: cancelling earlier never gives back less', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10 * 24 * H, max: 10 * 24 * H }),
        fc.integer({ min: 0, max: 5 * 24 * H }),
        (offset, more) => {
          const s = at('2026-12-10T09:00:00Z');
          const late = new Date(s.getTime() - offset);
          const early = new Date(late.getTime() - more);
          expect(refundPercent(s, early)).toBeGreaterThanOrEqual(refundPercent(s, late));
          expect([0, 50, 100]).toContain(refundPercent(s, late));
        },
      ),
      { numRuns: RUNS * 5 },
    );
  });
});

describe('money: merchant charges, VAT, refund parts (integer cents, half up)', () => {
  it('prices a paid consultation and a free one', () => {
    expect(consultationPrice(5500)).toEqual({ fee: 5500, merchantCharges: 165, vat: 283, total: 5948 });
    expect(consultationPrice(0)).toEqual({ fee: 0, merchantCharges: 0, vat: 0, total: 0 });
    expect(merchantCharges(50, 300)).toBe(2); // 1.5 → 2 (half up)
    expect(merchantCharges(49, 300)).toBe(1); // 1.47 → 1
    expect(merchantCharges(0, 300)).toBe(0);
    expect(consultationPrice(1000, 0)).toEqual({ fee: 1000, merchantCharges: 0, vat: 50, total: 1050 });
  });

  it('total = fee + merchant charges + VAT, each half up (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 2000 }), (fee, bp) => {
        const p = consultationPrice(fee, bp);
        expect(p.merchantCharges).toBe(fee === 0 ? 0 : halfUp(fee, bp, 10_000));
        expect(p.vat).toBe(halfUp(fee + p.merchantCharges, 5, 100));
        expect(p.total).toBe(p.fee + p.merchantCharges + p.vat);
        for (const v of Object.values(p)) expect(Number.isInteger(v) && v >= 0).toBe(true);
      }),
      { numRuns: RUNS * 5 },
    );
  });

  it('refund parts: 100 % gives back exactly what was paid, 0 % nothing, 50 % half of each part (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.constantFrom(0, 50, 100), (fee, percent) => {
        const paid = consultationPrice(fee);
        const r = refundParts(paid, percent);
        if (percent === 100) expect(r).toEqual(paid);
        if (percent === 0) expect(r.total).toBe(0);
        expect(r.fee).toBe(halfUp(paid.fee, percent, 100));
        expect(r.vat).toBe(halfUp(paid.vat, percent, 100));
        expect(r.total).toBe(Math.min(paid.total, r.fee + r.merchantCharges + r.vat));
        expect(r.total).toBeLessThanOrEqual(paid.total);
      }),
      { numRuns: RUNS * 5 },
    );
    expect(refundParts(consultationPrice(9000), 50)).toEqual({
      fee: 4500,
      merchantCharges: 135,
      vat: 232,
      total: 4867,
    });
  });

  it('numbers credit notes from their own sequence', () => {
    expect(creditNoteNumber(2026, 1)).toBe('CN-2026-000001');
    expect(creditNoteNumber(2027, 123456)).toBe('CN-2027-123456');
  });
});

describe('wall times in a zone (Intl only)', () => {
  it('converts ordinary wall times', () => {
    expect(
      instantOfWallTime({ year: 2026, month: 12, day: 1, hour: 9, minute: 0 }, 'Asia/Riyadh')?.toISOString(),
    ).toBe('2026-12-01T06:00:00.000Z');
    expect(wallTimeAt(at('2026-07-01T12:00:00Z'), 'Europe/London')).toEqual({
      year: 2026,
      month: 7,
      day: 1,
      hour: 13,
      minute: 0,
    });
  });

  it('skips a wall time that does not exist (spring forward) and takes the first of an ambiguous one', () => {
    // London: 29 March 2026 01:00 GMT → 02:00 BST; 01:30 does not exist
    expect(
      instantOfWallTime({ year: 2026, month: 3, day: 29, hour: 1, minute: 30 }, 'Europe/London'),
    ).toBeNull();
    // Beirut: 29 March 2026 00:00 → 01:00; 00:30 does not exist
    expect(
      instantOfWallTime({ year: 2026, month: 3, day: 29, hour: 0, minute: 30 }, 'Asia/Beirut'),
    ).toBeNull();
    // London: 25 October 2026 02:00 BST → 01:00 GMT; 01:30 happens twice: the first (BST) is taken
    expect(
      instantOfWallTime(
        { year: 2026, month: 10, day: 25, hour: 1, minute: 30 },
        'Europe/London',
      )?.toISOString(),
    ).toBe('2026-10-25T00:30:00.000Z');
  });

  it('round-trips every existing wall time (property)', () => {
    const zones = ['Asia/Riyadh', 'Asia/Amman', 'Africa/Cairo', 'Asia/Beirut', 'Europe/London', 'Asia/Dubai'];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 11, 31) }),
        (zone, t) => {
          const instant = Math.floor(t / M) * M;
          const w = wallTimeAt(instant, zone);
          const back = instantOfWallTime(w, zone);
          expect(back).not.toBeNull();
          // the same wall time; the same instant unless the wall time is ambiguous (then the first)
          expect(wallTimeAt(back!, zone)).toEqual(w);
          expect(back!.getTime()).toBeLessThanOrEqual(instant);
          expect(instant - back!.getTime()).toBeLessThanOrEqual(H);
        },
      ),
      { numRuns: RUNS * 10 },
    );
  });
});

const london: Availability = {
  timeZone: 'Europe/London',
  weekly: { sun: [['00:00', '04:00']], mon: [['09:00', '12:00']], tue: [['09:00', '12:00']] },
  exceptions: [
    { date: '2026-12-07', off: true },
    { date: '2026-12-08', extra: [['18:00', '19:00']] },
  ],
  bufferMinutes: 10,
  noticeMinutes: 12 * 60,
  horizonDays: 28,
};
const iso = (ds: Date[]) => ds.map((d) => d.toISOString());

describe('open slots', () => {
  it('skips the spring-forward gap and keeps slots of the real hours', () => {
    const now = at('2026-03-20T00:00:00Z');
    const slots = iso(
      openSlots({
        availability: london,
        minutes: 30,
        from: at('2026-03-29T00:00:00Z'),
        to: at('2026-03-29T06:00:00Z'),
        now,
        busy: [],
      }),
    );
    // Sunday 29 March: 00:00, 00:30 GMT; 01:00 and 01:30 do not exist; 02:00 BST is 01:00 UTC
    expect(slots).toEqual([
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T00:30:00.000Z',
      '2026-03-29T01:00:00.000Z',
      '2026-03-29T01:30:00.000Z',
      '2026-03-29T02:00:00.000Z',
      '2026-03-29T02:30:00.000Z',
    ]);
    // the wall times 01:00 and 01:30 are missing, 02:00 BST (01:00 UTC) is there
    expect(slots.map((s) => wallTimeAt(at(s), 'Europe/London').hour)).toEqual([0, 0, 2, 2, 3, 3]);
  });

  it('takes the first instant of the repeated hour when the clocks go back', () => {
    const slots = iso(
      openSlots({
        availability: london,
        minutes: 30,
        from: at('2026-10-24T22:00:00Z'),
        to: at('2026-10-25T06:00:00Z'),
        now: at('2026-10-20T00:00:00Z'),
        busy: [],
      }),
    );
    // Sunday 25 October 00:00–04:00 wall time: 00:00 BST = 23:00 UTC, 01:00/01:30 first (BST), 02:00 GMT…
    expect(slots).toEqual([
      '2026-10-24T23:00:00.000Z',
      '2026-10-24T23:30:00.000Z',
      '2026-10-25T00:00:00.000Z',
      '2026-10-25T00:30:00.000Z',
      '2026-10-25T02:00:00.000Z',
      '2026-10-25T02:30:00.000Z',
      '2026-10-25T03:00:00.000Z',
      '2026-10-25T03:30:00.000Z',
    ]);
  });

  it('applies dates off and extra hours, the notice and the horizon', () => {
    const now = at('2026-12-06T20:00:00Z');
    const slots = iso(
      openSlots({
        availability: london,
        minutes: 60,
        from: now,
        to: at('2026-12-09T00:00:00Z'),
        now,
        busy: [],
      }),
    );
    // Monday 7 December is off; Tuesday 8: 09:00–12:00 (60 min → 09:00, 09:30, 10:00, 10:30, 11:00) and 18:00
    expect(slots).toEqual([
      '2026-12-08T09:00:00.000Z',
      '2026-12-08T09:30:00.000Z',
      '2026-12-08T10:00:00.000Z',
      '2026-12-08T10:30:00.000Z',
      '2026-12-08T11:00:00.000Z',
      '2026-12-08T18:00:00.000Z',
    ]);
    expect(hoursOn(london, '2026-12-07')).toEqual([]);
    // notice: Tuesday 09:00 is only 13 hours after 20:00 Monday → with 14 hours' notice it goes
    const later = openSlots({
      availability: { ...london, noticeMinutes: 14 * 60 },
      minutes: 60,
      from: now,
      to: at('2026-12-09T00:00:00Z'),
      now: at('2026-12-07T20:00:00Z'),
      busy: [],
    });
    expect(iso(later)[0]).toBe('2026-12-08T10:00:00.000Z');
    // horizon: nothing at or after now + 28 days
    const far = openSlots({
      availability: london,
      minutes: 30,
      from: now,
      to: at('2027-03-01T00:00:00Z'),
      now,
      busy: [],
    });
    expect(far.at(-1)!.getTime()).toBeLessThan(now.getTime() + 28 * 24 * H);
  });

  it('leaves the buffer around booked calls', () => {
    const now = at('2026-12-01T00:00:00Z');
    const busy = [{ start: at('2026-12-08T10:00:00Z'), end: at('2026-12-08T10:30:00Z') }];
    const slots = iso(
      openSlots({
        availability: london,
        minutes: 30,
        from: at('2026-12-08T00:00:00Z'),
        to: at('2026-12-08T12:00:00Z'),
        now,
        busy,
      }),
    );
    expect(slots).toEqual([
      '2026-12-08T09:00:00.000Z',
      // 09:30–10:00 ends within 10 minutes of 10:00: gone; 10:30 starts within 10 minutes of 10:30: gone
      '2026-12-08T11:00:00.000Z',
      '2026-12-08T11:30:00.000Z',
    ]);
  });

  it('every slot is on the grid, inside notice and horizon, clear of busy calls with the buffer (property)', () => {
    const zones = ['Asia/Riyadh', 'Asia/Beirut', 'Europe/London', 'Africa/Cairo'];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 11, 1) }),
        fc.constantFrom(15, 30, 60),
        fc.array(fc.integer({ min: 0, max: 10 * 24 * 4 }), { maxLength: 6 }),
        fc.integer({ min: 0, max: 30 }),
        (zone, t, minutes, busyQuarters, buffer) => {
          const now = new Date(Math.floor(t / (15 * M)) * 15 * M);
          const a: Availability = {
            timeZone: zone,
            weekly: {
              sun: [['09:00', '13:00']],
              mon: [
                ['00:00', '03:00'],
                ['17:00', '21:00'],
              ],
              wed: [['08:30', '24:00']],
              fri: [['10:00', '12:00']],
            },
            exceptions: [],
            bufferMinutes: buffer,
            noticeMinutes: 12 * 60,
            horizonDays: 10,
          };
          const busy = busyQuarters.map((q) => {
            const start = new Date(now.getTime() + q * 15 * M);
            return { start, end: new Date(start.getTime() + 30 * M) };
          });
          const to = new Date(now.getTime() + 12 * 24 * H);
          const slots = openSlots({ availability: a, minutes, from: now, to, now, busy });
          for (let i = 0; i < slots.length; i++) {
            const s = slots[i];
            if (i > 0) expect(s.getTime()).toBeGreaterThan(slots[i - 1].getTime());
            expect(s.getTime()).toBeGreaterThanOrEqual(now.getTime() + 12 * H);
            expect(s.getTime()).toBeLessThan(now.getTime() + 10 * 24 * H);
            expect(conflicts(s, new Date(s.getTime() + minutes * M), busy, buffer)).toBe(false);
            const w = wallTimeAt(s, zone);
            const date = `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
            const m = w.hour * 60 + w.minute;
            // inside one of that day's ranges, on the grid from its start, the call fits
            expect(
              hoursOn(a, date).some(
                ([rs, re]) => m >= rs && m + minutes <= re && (m - rs) % SLOT_STEP_MINUTES === 0,
              ),
            ).toBe(true);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('small rules', () => {
  it('medical consultations: paid calls with a doctor', () => {
    expect(isMedicalConsultation('gynaecology', 'consultation')).toBe(true);
    expect(isMedicalConsultation('endocrinology', 'consultation')).toBe(true);
    expect(isMedicalConsultation('general-practice', 'consultation')).toBe(true);
    expect(isMedicalConsultation('gynaecology', 'discovery')).toBe(false);
    expect(isMedicalConsultation('psychology', 'consultation')).toBe(false);
    expect(isMedicalConsultation('midwifery', 'consultation')).toBe(false);
  });

  it('ages and dates', () => {
    expect(ageOn('2008-11-30', '2026-11-30')).toBe(18);
    expect(ageOn('2008-12-01', '2026-11-30')).toBe(17);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
  });

  it('the join window: 10 minutes before the start until the end', () => {
    const s = at('2026-12-01T09:00:00Z');
    const e = at('2026-12-01T09:30:00Z');
    expect(isJoinable(s, e, new Date(s.getTime() - 10 * M - 1))).toBe(false);
    expect(isJoinable(s, e, new Date(s.getTime() - 10 * M))).toBe(true);
    expect(isJoinable(s, e, new Date(e.getTime() - 1))).toBe(true);
    expect(isJoinable(s, e, e)).toBe(false);
  });
});
