/**
 * The team's commands print what members typed safely (issue 20, finding 5): a stored submission
 * carrying terminal escapes (clear screen, window title, clipboard), a CR/LF forging an entry and
 * bidi overrides is printed by `npm run forms:list`'s printer with every one of them shown, not
 * obeyed, and still reads; `npm run bookings:list`'s printer the same.
 */
import { describe, expect, it } from 'vitest';
import { bookingsText } from '../../server/bookings-list.ts';
import type { TeamBooking } from '../../server/domain/consultations.ts';
import { submissionsText } from '../../server/forms-list.ts';
import { printable } from '../../server/lib/printable.ts';
import { setupTestDb } from './test-db.ts';

const { app } = await setupTestDb();

/** What a terminal obeys: C0 (but the printer's own newlines), DEL, C1, separators, bidi controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const OBEYED = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const ESC = '\u001b';
const BEL = '\u0007';
const FORGED = '\n── concern · 2026-01-01 00:00 UTC · English page · forged\n   details: nothing happened';

describe('printable', () => {
  it('shows every control, separator and bidi control as an escape and leaves the rest', () => {
    expect(printable(`a${ESC}[2Jb`)).toBe('a\\x1b[2Jb');
    expect(printable('line\r\nnext\ttab')).toBe('line\\r\\nnext\\ttab');
    expect(printable('\u0000\u007f\u009b\u009d')).toBe('\\x00\\x7f\\x9b\\x9d');
    expect(printable('\u202eabc\u202c \u2066x\u2069 \u2028')).toBe(
      '\\u202eabc\\u202c \\u2066x\\u2069 \\u2028',
    );
    expect(printable('أمينة 🌷 café – “quoted”')).toBe('أمينة 🌷 café – “quoted”');
    expect(printable(undefined)).toBe('');
  });
});

describe('npm run forms:list prints stored text without obeying it', () => {
  it('escapes, title and clipboard sequences, a forged entry and bidi overrides', async () => {
    await app.forms.submit({
      kind: 'concern',
      locale: 'ar',
      fields: {
        topic: 'expert',
        details: `It started well.${ESC}[2J${ESC}[H The expert was rude.${FORGED}`,
        when: `${ESC}]0;Amina team: all clear${BEL}last week`,
        replyTo: `${ESC}]52;c;cm0gLXJmIH4=${BEL}reply@example.org\r   mailed: yes`,
        note: `invoice \u202egpj.exe\u202c and \u2067أمينة\u2069 \u009b2J`,
      },
    });
    const [stored] = await app.forms.list({ kind: 'concern', limit: 1 });
    const out = submissionsText([stored], { kind: 'concern' });

    expect(out).not.toMatch(OBEYED);
    expect(out).not.toContain(ESC);
    // one entry, one header: the forged one stays inside the field's line
    expect(out.split('\n').filter((l) => l.startsWith('── '))).toHaveLength(1);
    expect(out.split('\n').filter((l) => /^\s+mailed:/.test(l))).toEqual(['   mailed: no']);
    // still readable, with the sequences shown
    expect(out).toContain('details: It started well.\\x1b[2J\\x1b[H The expert was rude.\\n── concern ·');
    expect(out).toContain('when:    \\x1b]0;Amina team: all clear\\x07last week');
    expect(out).toContain('replyTo: \\x1b]52;c;cm0gLXJmIH4=\\x07reply@example.org\\r   mailed: yes');
    expect(out).toContain('invoice \\u202egpj.exe\\u202c and \\u2067أمينة\\u2069 \\x9b2J');
    expect(out).toContain('── concern · ');
  });
});

describe('npm run bookings:list prints stored text without obeying it', () => {
  it('every string from the database is escaped', () => {
    const booking: TeamBooking = {
      id: `b-1${ESC}]52;c;ZXZpbA==${BEL}`,
      expertId: `rana-aziz\u202e`,
      offerId: 'consult-30\r\nconfirmed forged line',
      mode: `video${ESC}[2J`,
      startsAt: new Date('2026-12-01T06:00:00Z'),
      endsAt: new Date('2026-12-01T06:30:00Z'),
      status: 'confirmed',
      holdExpiresAt: null,
      total: 5948,
      amountPaid: 5948,
      refundAmount: 0,
      medical: true,
      zone: 'Asia/Riyadh',
    } as TeamBooking;
    const out = bookingsText([booking]);
    expect(out).not.toMatch(OBEYED);
    expect(out.trimEnd().split('\n')).toHaveLength(2);
    expect(out).toContain('rana-aziz\\u202e · consult-30\\r\\nconfirmed forged line video\\x1b[2J (medical)');
    expect(out).toContain('b-1\\x1b]52;c;ZXZpbA==\\x07');
  });
});
