/** The input rules on their own: alias, PIN blocklist, answer normalisation, email, phone, language. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aliasKey,
  checkAlias,
  checkEmail,
  checkPhone,
  checkPin,
  isCommonPin,
  normalizeAnswer,
  toAsciiDigits,
} from '../../contract/account-rules.ts';
import { lockMinutes } from '../../server/domain/accounts.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import { negotiateLocale } from '../../server/lib/i18n.ts';
import { addressKey, RateLimiter } from '../../server/lib/rate-limit.ts';
import { KeyedMutex } from '../../server/lib/semaphore.ts';

describe('alias', () => {
  it('accepts letters of any script, digits, dot, underscore and hyphen, 3–30 characters', () => {
    for (const ok of [
      'abc',
      'Jasmine.Rain',
      'ياسمين',
      'نور_2024',
      'مريم-١٢',
      'Ayşe',
      'सीता',
      'a_b-c.d',
      'x'.repeat(30),
    ]) {
      expect(checkAlias(ok), ok).toMatchObject({ ok: true });
    }
  });

  it('refuses with the right code', () => {
    const cases: [unknown, string][] = [
      [undefined, 'ALIAS_REQUIRED'],
      ['   ', 'ALIAS_REQUIRED'],
      ['ab', 'ALIAS_TOO_SHORT'],
      ['x'.repeat(31), 'ALIAS_TOO_LONG'],
      ['x'.repeat(5000), 'ALIAS_TOO_LONG'],
      ['a b c', 'ALIAS_INVALID_CHARS'],
      ['abc\u202E', 'ALIAS_INVALID_CHARS'], // right-to-left override
      ['ab\u200Fc', 'ALIAS_INVALID_CHARS'], // right-to-left mark
      ['ab\u200Dc', 'ALIAS_INVALID_CHARS'], // zero-width joiner
      ['ab\u0000c', 'ALIAS_INVALID_CHARS'],
      ['ab\tc', 'ALIAS_INVALID_CHARS'],
      ['...', 'ALIAS_INVALID_CHARS'],
      ['name@x', 'ALIAS_INVALID_CHARS'],
      ['a\ud800bc', 'ALIAS_INVALID_CHARS'],
      ['😀😀😀', 'ALIAS_INVALID_CHARS'],
    ];
    for (const [input, code] of cases)
      expect(checkAlias(input), JSON.stringify(input)).toEqual({ ok: false, code });
  });

  it('is NFKC-normalised and compared without regard to case or digit script', () => {
    expect(checkAlias('ＡＢＣ')).toEqual({ ok: true, alias: 'ABC', key: 'abc' });
    expect(aliasKey('STRASSE')).toBe(aliasKey('straße'));
    expect(aliasKey('Nour١٢')).toBe(aliasKey('nour12'));
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9._-]{3,30}$/), (a) => {
        expect(aliasKey(a.toUpperCase())).toBe(aliasKey(a.toLowerCase()));
        expect(aliasKey(aliasKey(a))).toBe(aliasKey(a));
      }),
    );
  });
});

describe('PIN', () => {
  it('maps Arabic-Indic and Eastern Arabic-Indic digits', () => {
    expect(toAsciiDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(toAsciiDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(checkPin('٤٨٠٣١٧')).toEqual({ ok: true, pin: '480317' });
    expect(checkPin('۴۸۰۳۱۷')).toEqual({ ok: true, pin: '480317' });
  });

  it('needs 6–12 digits', () => {
    for (const bad of ['48031', '4803170000000', '48031a', ' 480317', '480 317', '４８０３１７']) {
      expect(checkPin(bad), bad).toEqual({ ok: false, code: 'PIN_FORMAT' });
    }
    expect(checkPin('')).toEqual({ ok: false, code: 'PIN_REQUIRED' });
    expect(checkPin(480317)).toEqual({ ok: false, code: 'PIN_REQUIRED' });
  });

  it('refuses common PINs: repeated digits, straight runs, repeated blocks, mirrors and well-known choices', () => {
    for (const common of [
      '000000',
      '111111',
      '99999999',
      '123456',
      '654321',
      '234567',
      '890123',
      '098765',
      '1234567890',
      '123123',
      '121212',
      '112112',
      '456456',
      '12341234',
      '123321',
      '112233',
      '111222',
      '147258',
      '159753',
      '102030',
      '520520',
      '٠٠٠٠٠٠',
      '١٢٣٤٥٦',
    ]) {
      expect(checkPin(common), common).toEqual({ ok: false, code: 'PIN_TOO_COMMON' });
    }
    for (const fine of ['480317', '739264', '902741', '618305', '274093', '530861', '3917042']) {
      expect(checkPin(fine), fine).toMatchObject({ ok: true });
    }
  });

  it('every PIN made of one digit or one repeated block is refused', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{1,6}$/), fc.integer({ min: 2, max: 12 }), (block, times) => {
        const pin = block.repeat(times);
        fc.pre(pin.length >= 6 && pin.length <= 12);
        expect(isCommonPin(pin)).toBe(true);
      }),
    );
  });
});

describe('security answers', () => {
  it("normalise so a member's honest answer matches however it is typed", () => {
    const same: [string, string][] = [
      ['Al Ain', '  al   AIN '],
      ['Al-Ain', 'al ain'],
      ['Maqlūba', 'maqluba'],
      ['Crème Brûlée', 'creme brulee'],
      ['أحمد', 'احمد'],
      ['إيمان', 'ايمان'],
      ['آمنة', 'امنه'],
      ['مستشفى', 'مستشفي'],
      ['مُحَمَّد', 'محمد'],
      ['شارع ١٢', 'شارع 12'],
      ['ﻻ', 'لا'],
      ['STRASSE', 'straße'],
      ['كـــتاب', 'كتاب'],
    ];
    for (const [a, b] of same) expect(normalizeAnswer(a), `${a} / ${b}`).toBe(normalizeAnswer(b));
    expect(normalizeAnswer('Dubai')).not.toBe(normalizeAnswer('Doha'));
    expect(normalizeAnswer('كتاب')).not.toBe(normalizeAnswer('كتب'));
  });

  it('normalisation is idempotent and never yields surrounding or double spaces', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
        const n = normalizeAnswer(s);
        expect(normalizeAnswer(n)).toBe(n);
        expect(n).toBe(n.trim());
        expect(n).not.toMatch(/\s\s/);
      }),
    );
  });
});

describe('email and phone', () => {
  it('accepts plausible emails and lower-cases the domain', () => {
    expect(checkEmail(' Name.Surname+tag@Example.COM ')).toEqual({
      ok: true,
      email: 'Name.Surname+tag@example.com',
    });
    for (const bad of [
      'a',
      'a@b',
      'a@b.c',
      '@x.com',
      'a b@x.com',
      'a@x..com',
      'a\u0000@x.com',
      `${'a'.repeat(65)}@x.com`,
    ]) {
      expect(checkEmail(bad), bad).toEqual({ ok: false });
    }
  });

  it('accepts E.164-ish phones, strips spaces and dashes, maps Arabic digits', () => {
    expect(checkPhone('+971 50-123-4567')).toEqual({ ok: true, phone: '+971501234567' });
    expect(checkPhone('+٩٦٦ ٥٠ ١٢٣ ٤٥٦٧')).toEqual({ ok: true, phone: '+966501234567' });
    for (const bad of ['0501234567', '+12345', '+1234567890123456', '+971 (50) 123', '+0123456789', '']) {
      expect(checkPhone(bad), bad).toEqual({ ok: false });
    }
  });
});

describe('language negotiation', () => {
  it('honours Accept-Language with q-values, defaulting to English', () => {
    expect(negotiateLocale(undefined)).toBe('en');
    expect(negotiateLocale('ar')).toBe('ar');
    expect(negotiateLocale('ar-SA,ar;q=0.9')).toBe('ar');
    expect(negotiateLocale('fr-FR, ar;q=0.8, en;q=0.5')).toBe('ar');
    expect(negotiateLocale('en;q=0.9, ar;q=0.95')).toBe('ar');
    expect(negotiateLocale('ar;q=0, en')).toBe('en');
    expect(negotiateLocale('de, fr')).toBe('en');
    expect(negotiateLocale('AR')).toBe('ar');
    fc.assert(
      fc.property(fc.string(), (h) => {
        expect(['en', 'ar']).toContain(negotiateLocale(h));
      }),
    );
  });
});

describe('throttling building blocks', () => {
  it('lock lengths are 1, 5, 15, then 60 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 50].map(lockMinutes)).toEqual([0, 0, 0, 0, 1, 5, 15, 60, 60, 60]);
  });

  it('the token bucket never allows more than limit + elapsed × rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 1, maxLength: 200 }),
        (limit, gaps) => {
          const clock = new ManualClock(0);
          const windowMs = 60_000;
          const limiter = new RateLimiter({ limit, windowMs, clock });
          let allowed = 0;
          for (const gap of gaps) {
            clock.advance(gap);
            if (limiter.take('k') === 0) allowed++;
          }
          const elapsed = clock.now().getTime();
          expect(allowed).toBeLessThanOrEqual(limit + Math.floor((elapsed * limit) / windowMs) + 1);
        },
      ),
    );
  });

  it('keeps memory bounded under many addresses', () => {
    const limiter = new RateLimiter({ limit: 5, windowMs: 60_000, clock: new ManualClock(0), maxKeys: 1000 });
    for (let i = 0; i < 10_000; i++) limiter.take(`10.0.${i >> 8}.${i & 255}`);
    expect(limiter.size).toBeLessThanOrEqual(1100);
  });

  it('normalises addresses', () => {
    expect(addressKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('2001:db8::1')).toBe(addressKey('2001:0db8:0:0:ffff::2'));
    expect(addressKey('2001:db8:0:1::1')).not.toBe(addressKey('2001:db8:0:2::1'));
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('keyed mutex', () => {
  it('runs one key at a time, different keys together, survives failures and forgets idle keys', async () => {
    const m = new KeyedMutex();
    const log: string[] = [];
    const task = (key: string, name: string, ms: number, fail = false) =>
      m.run(key, async () => {
        log.push(`start ${name}`);
        await new Promise((r) => setTimeout(r, ms));
        log.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([
      task('a', 'a1', 20, true),
      task('a', 'a2', 1),
      task('b', 'b1', 5),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a2'));
    expect(log.indexOf('start b1')).toBeLessThan(log.indexOf('end a1'));
    await new Promise((r) => setTimeout(r, 0));
    expect(m.size).toBe(0);
  });
});
