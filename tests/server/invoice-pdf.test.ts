/**
 * The tax-invoice PDF in English and Arabic, read back with poppler (pdftotext, pdffonts,
 * pdfinfo from poppler-utils): what a member, her employer's accounts department or a screen
 * reader gets out of the file. pdftotext reads right-to-left words in logical order only when
 * each glyph maps to the right character and the words were drawn in the right visual order,
 * so a wrong Arabic layout (reversed words, letters mapped from shared dotless skeletons such as
 * "ضرتنية" for "ضريبية") fails here. What the page looks like is checked by rendering it to PNG
 * (pdftoppm) and looking; see server/domain/invoice-pdf.ts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { InvoiceDocument } from '../../contract/commerce.ts';
import { renderInvoicePdf } from '../../server/domain/invoice-pdf.ts';

const dir = mkdtempSync(join(tmpdir(), 'invoice-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function poppler(tool: 'pdftotext' | 'pdffonts' | 'pdfinfo', pdf: Uint8Array, ...args: string[]): string {
  const file = join(dir, `${++files}.pdf`);
  writeFileSync(file, pdf);
  const out = execFileSync(tool, tool === 'pdftotext' ? [...args, file, '-'] : [...args, file], {
    encoding: 'utf8',
  });
  // pdftotext wraps right-to-left runs in bidi embedding marks (RLE … PDF, LRE … PDF): drop them.
  return out.replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '');
}

/** Lines of `pdftotext -layout`, runs of spaces collapsed. */
function layoutLines(pdf: Uint8Array): string[] {
  return poppler('pdftotext', pdf, '-layout')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

const base = {
  number: 'INV-2026-000042',
  issuedAt: new Date('2026-11-23T10:15:00Z'),
  billedTo: { alias: 'Nour_88', memberId: 'M-7F3A9C21' },
  subtotal: 8900,
  discount: 890,
  couponCode: 'WELCOME10',
  vatPercent: 5,
  vat: 401,
  total: 8411,
  amountPaid: 8411,
  currency: 'USD' as const,
  paidWith: { brand: 'visa', last4: '4242' },
};

const english: InvoiceDocument = {
  ...base,
  language: 'en',
  lines: [
    { description: 'Understanding your menstrual cycle', amount: 4900 },
    { description: 'Pregnancy: the first trimester', amount: 4000 },
  ],
};

const arabic: InvoiceDocument = {
  ...base,
  language: 'ar',
  lines: [
    { description: 'فهم الدورة الشهرية', amount: 4900 },
    { description: 'الحمل: الأشهر الثلاثة الأولى', amount: 4000 },
  ],
};

describe('invoice PDF', () => {
  it('is a PDF with its fonts embedded, the same bytes every time', async () => {
    for (const doc of [english, arabic]) {
      const pdf = await renderInvoicePdf(doc);
      expect(pdf).toBeInstanceOf(Uint8Array);
      expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      expect(Buffer.from(pdf.subarray(-6)).toString('latin1')).toContain('%%EOF');
      expect(Buffer.from(await renderInvoicePdf(doc)).equals(Buffer.from(pdf))).toBe(true);

      const info = poppler('pdfinfo', pdf);
      expect(info).toMatch(/^Pages:\s+1$/m);
      expect(info).toMatch(/^Page size:\s+595\.28 x 841\.89 pts \(A4\)/m);
      expect(info).toContain(doc.number);

      // name, type, encoding, emb, sub, uni: every font embedded, subset, with a ToUnicode map.
      const fonts = poppler('pdffonts', pdf).split('\n').slice(2).filter(Boolean);
      expect(fonts.length).toBeGreaterThan(0);
      for (const font of fonts) expect(font).toMatch(/yes\s+yes\s+yes\s+\d+\s+\d+\s*$/);
      const names = fonts.join('\n');
      expect(names).toContain('Inter');
      if (doc.language === 'ar') expect(names).toContain('NotoNaskhArabic');
      else expect(names).not.toContain('NotoNaskhArabic');
    }
  });

  it('English: labels on the left, amounts on the right, formatted en-US', async () => {
    const lines = layoutLines(await renderInvoicePdf(english));
    const text = lines.join('\n');
    expect(lines).toContain('Amina Tax invoice');
    expect(text).toContain('INV-2026-000042');
    expect(text).toContain('November 23, 2026');
    expect(text).toContain('Nour_88');
    expect(text).toContain('M-7F3A9C21');
    expect(lines).toContain('Understanding your menstrual cycle $49.00');
    // pdftotext puts the payment column and the totals column on one line: match the pairs.
    expect(text).toMatch(/Subtotal \$89\.00$/m);
    expect(lines).toContain('Discount −$8.90');
    expect(text).toContain('Promo code WELCOME10');
    expect(lines).toContain('VAT (5%) $4.01');
    expect(lines).toContain('Total $84.11');
    expect(lines).toContain('Amount paid $84.11');
    expect(text).toContain('Visa •••• 4242');
    expect(text).toContain('non-refundable');
    expect(text).not.toContain('Consultation fee');
    expect(text).not.toMatch(/[\u0600-\u06FF]/);
  });

  it('Arabic: words in logical order, letters mapped right, the page mirrored', async () => {
    const lines = layoutLines(await renderInvoicePdf(arabic));
    const text = lines.join('\n');
    // pdftotext prints each line from left to right, each right-to-left run of words in logical
    // order. Its own bidi misplaces neutral punctuation (commas, colons, brackets) next to
    // Arabic words, so the checks are on words. Mirrored page: the title on the left, the brand
    // on the right, amounts left of their labels.
    expect(lines).toContain('فاتورة ضريبية أمينة');
    expect(text).toMatch(/صحة المرأة\s*،\s*بسرية تامة/);
    expect(lines).toContain('رقم الفاتورة صادرة إلى');
    expect(lines).toContain('INV-2026-000042 Nour_88');
    expect(lines).toContain('تاريخ الفاتورة رقم العضوية');
    expect(text).toMatch(/^23\s*نوفمبر 2026 M-7F3A9C21$/m);
    expect(lines).toContain('المبلغ البيان');
    expect(lines).toContain('US$ 49.00 فهم الدورة الشهرية');
    expect(text).toMatch(/^US\$ 40\.00 الحمل\s*:\s*الأشهر الثلاثة الأولى$/m);
    expect(text).toMatch(/^US\$ 89\.00 المجموع الفرعي طريقة الدفع$/m);
    expect(lines).toContain('بطاقة Visa •••• 4242');
    expect(lines).toContain('−US$ 8.90 الخصم');
    expect(text).toContain('رمز الخصم WELCOME10');
    expect(text).toMatch(/^US\$ 4\.01 ضريبة القيمة المضافة /m);
    expect(lines).toContain('US$ 84.11 الإجمالي');
    expect(lines).toContain('US$ 84.11 المبلغ المدفوع');
    expect(text).toContain('يشمل الإجمالي ضريبة القيمة المضافة بنسبة');
    expect(text).toContain('الدورات غير قابلة للاسترداد');
    // Not the failure modes: word order reversed, or letters from a shared skeleton glyph.
    expect(text).not.toContain('ضريبية فاتورة');
    expect(text).not.toContain('الشهرية الدورة فهم');
    expect(text).not.toContain('ضرتنية');
  });

  it('long titles wrap, five lines and a long alias fit one page; fee rows only when set', async () => {
    const longTitle =
      'دورة شاملة عن صحة المرأة في سن اليأس: الأعراض الجسدية والنفسية، والتغذية، والنوم، والعلاقة مع الشريك، وخيارات العلاج الهرموني وغير الهرموني (HRT) مع أسئلة شائعة';
    const doc: InvoiceDocument = {
      ...arabic,
      billedTo: { alias: 'Superlongaliasnamewithout_2026', memberId: 'M-7F3A9C21-0042-ABCD' },
      lines: [
        { description: longTitle, amount: 12900 },
        ...arabic.lines,
        { description: 'الرضاعة الطبيعية خطوة بخطوة (٣ وحدات)', amount: 3500 },
        { description: 'Yoga للحوامل — 12 درسًا', amount: 2500 },
      ],
      subtotal: 27800,
      discount: 27800,
      couponCode: 'MENO-FREE',
      vat: 0,
      total: 0,
      amountPaid: 0,
      paidWith: null,
      consultationFee: 5000,
      merchantCharges: 150,
    };
    const pdf = await renderInvoicePdf(doc);
    expect(poppler('pdfinfo', pdf)).toMatch(/^Pages:\s+1$/m);
    const lines = layoutLines(pdf);
    const text = lines.join('\n');
    expect(text).toContain('Superlongaliasnamewithout_2026');
    // The long title is on three lines, its amount beside the first.
    expect(text).toMatch(
      /^US\$ 129\.00 دورة شاملة عن صحة المرأة في سن اليأس\s*:\s*الأعراض الجسدية والنفسية/m,
    );
    expect(text).toMatch(/^والنوم\s*،\s*والعلاقة مع الشريك/m);
    expect(lines).toContain('أسئلة شائعة');
    for (const amount of ['129.00', '49.00', '40.00', '35.00', '25.00'])
      expect(text).toContain(`US$ ${amount}`);
    // the box's first rows stand beside the payment column, on the same printed lines
    expect(text).toContain('US$ 50.00 رسوم الاستشارة');
    expect(text).toContain('US$ 1.50 رسوم معالجة الدفع');
    expect(lines).toContain('US$ 0.00 الإجمالي');
    expect(text).toContain('لم يلزم أي دفع');
  });

  it("a consultation's subtotal is printed below its parts, in both languages", async () => {
    const parts = { consultationFee: 5500, merchantCharges: 165, subtotal: 5665, vat: 283, total: 5948 };
    for (const [doc, fee, merchant, subtotal] of [
      [english, 'Consultation fee', 'Merchant charges', 'Subtotal'],
      [arabic, 'رسوم الاستشارة', 'رسوم معالجة الدفع', 'المجموع الفرعي'],
    ] as const) {
      const lines = layoutLines(
        await renderInvoicePdf({ ...doc, ...parts, discount: 0, couponCode: null, amountPaid: 5948 }),
      );
      const at = (label: string) => lines.findIndex((l) => l.includes(label));
      expect(at(fee)).toBeGreaterThanOrEqual(0);
      expect(at(merchant)).toBeGreaterThan(at(fee));
      expect(at(subtotal)).toBeGreaterThan(at(merchant));
    }
  });

  it('draws Latin-extended, Greek and Arabic aliases with a face that has them', async () => {
    for (const alias of ['Łucja.Şeyma-Ωmega', 'ياسمين']) {
      const pdf = await renderInvoicePdf({ ...english, billedTo: { alias, memberId: 'M-1' } });
      expect(poppler('pdftotext', pdf, '-layout')).toContain(alias);
    }
  });

  it('renders fast once warm', async () => {
    await renderInvoicePdf(arabic);
    const times: number[] = [];
    for (let i = 0; i < 7; i++) {
      const start = performance.now();
      await renderInvoicePdf(i % 2 ? arabic : english);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    // Typically 10–40 ms; the bound only catches a lost font cache (over a second per invoice).
    expect(times[3]).toBeLessThan(500);
  });
});
