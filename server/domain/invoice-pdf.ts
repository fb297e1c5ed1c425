/**
 * The tax invoice as an A4 PDF, in English (left to right) or Arabic (right to left, the whole page
 * mirrored: labels on the right, amounts on the left). Text goes through invoice-pdf-text.ts
 * (bidi, font switching between Inter and Noto Naskh Arabic, Arabic shaping); words and number
 * formats come from invoice-pdf-strings.ts; the page's geometry and drawing helpers are
 * invoice-pdf-page.ts. The output is deterministic: the PDF's dates and file
 * id come from the invoice's issue date, so one invoice always renders to the same bytes.
 */
import PDFDocument from 'pdfkit';
import type { InvoiceDocument } from '../../contract/commerce.ts';
import { invoiceFonts } from './invoice-pdf-fonts.ts';
import {
  BODY_BOTTOM,
  COLOR,
  CONTENT_W,
  FOOTER_H,
  MARGIN_X,
  PAGE_H,
  PAGE_W,
  PageWriter,
  TOP,
} from './invoice-pdf-page.ts';
import { stringsFor } from './invoice-pdf-strings.ts';
import { TextEngine } from './invoice-pdf-text.ts';

export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const t = stringsFor(doc);
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    bufferPages: true,
    // No default font: pdfkit would parse Helvetica's metrics for every document.
    font: null as unknown as string,
    lang: doc.language,
    displayTitle: true,
    info: {
      Title: t.documentTitle(doc.number),
      Author: t.brand,
      Subject: t.title,
      Creator: 'Amina',
      Producer: 'Amina',
      CreationDate: doc.issuedAt,
      ModDate: doc.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });
  // A parsed font object where pdfkit's types only list files (see invoice-pdf-fonts.ts).
  const { fonts, faces } = invoiceFonts();
  for (const { name, font } of fonts) pdf.registerFont(name, font as unknown as Buffer);

  new InvoiceLayout(pdf, doc, new TextEngine(pdf, faces)).draw();

  pdf.end();
  await ended;
  const bytes = Buffer.concat(chunks);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

class InvoiceLayout extends PageWriter {
  // ------------------------------------------------------------------ page

  draw() {
    this.pdf.addPage();
    this.header();
    this.parties();
    this.table();
    this.totals();
    this.footers();
  }

  private header() {
    this.pdf.rect(0, 0, PAGE_W, 8).fill(COLOR.brand);
    const y = TOP;
    const brandH = this.write(this.t.brand, this.style(26, 'bold', COLOR.brand, 1.3), 0, 260, y);
    if (this.t.tagline)
      this.write(this.t.tagline, this.style(9.5, 'regular', COLOR.muted), 0, 260, y + brandH);
    this.write(this.t.title, this.style(22, 'bold', COLOR.ink, 1.3), CONTENT_W - 260, 260, y + 2, 'end');
    this.y = y + 78;
    this.rule(this.y);
    this.y += 20;
  }

  private parties() {
    const { t, f, doc } = this;
    const top = this.y;
    const label = this.style(9, 'regular', COLOR.muted);
    const colW = 260;

    // Start side: who it is billed to.
    let y = top;
    y += this.write(t.billedTo, label, 0, colW, y);
    // An alias has up to 30 characters and no spaces: shrink a long one to fit before wrapping it.
    let aliasSize = 13;
    while (aliasSize > 10 && this.text.measure(doc.billedTo.alias, this.style(aliasSize, 'bold')) > colW)
      aliasSize -= 0.5;
    y += this.write(doc.billedTo.alias, this.style(aliasSize, 'bold'), 0, colW, y, 'start', 'auto');
    y += 2;
    y += this.write(t.memberId, label, 0, colW, y);
    y += this.write(doc.billedTo.memberId, this.style(10.5), 0, colW, y, 'start', 'auto');

    // End side: the invoice's number and date, label above value, aligned to the end edge.
    const metaW = 210;
    const metaX = CONTENT_W - metaW;
    let m = top;
    m += this.write(t.number, label, metaX, metaW, m, 'end');
    m += this.write(doc.number, this.style(12, 'bold'), metaX, metaW, m, 'end', 'ltr');
    m += 2;
    m += this.write(t.date, label, metaX, metaW, m, 'end');
    m += this.write(f.date(doc.issuedAt), this.style(10.5), metaX, metaW, m, 'end');

    this.y = Math.max(y, m) + 26;
  }

  // ------------------------------------------------------------------ lines

  private amountWidth(): number {
    const s = this.style(10.5);
    const amounts = [...this.doc.lines.map((l) => l.amount), this.doc.total, this.doc.subtotal];
    const widest = Math.max(
      ...amounts.map((a) =>
        this.text.measure(this.f.money(a), { ...s, size: 13, weight: 'bold', tabular: true }),
      ),
    );
    return Math.max(110, Math.ceil(widest) + 8);
  }

  private tableHeader() {
    const pad = 12;
    const amountW = this.amountWidth();
    const style = this.style(9.5, 'bold', COLOR.brandDark);
    const h = this.text.height(this.t.description, style, CONTENT_W) + 12;
    this.pdf.roundedRect(MARGIN_X, this.y, CONTENT_W, h, 4).fill(COLOR.tintStrong);
    this.write(this.t.description, style, pad, CONTENT_W - amountW - 3 * pad, this.y + 6);
    this.write(this.t.amount, style, CONTENT_W - amountW - pad, amountW, this.y + 6, 'end');
    this.y += h;
  }

  private table() {
    const pad = 12;
    const amountW = this.amountWidth();
    const descW = CONTENT_W - amountW - 3 * pad;
    const style = this.style(10.5);
    this.tableHeader();
    for (const line of this.doc.lines) {
      const h = this.text.height(line.description, style, descW, this.dir) + 16;
      if (this.y + h > BODY_BOTTOM) {
        this.newPage();
        this.tableHeader();
      }
      this.write(line.description, style, pad, descW, this.y + 8);
      this.money(line.amount, style, CONTENT_W - amountW - pad, amountW, this.y + 8);
      this.y += h;
      this.rule(this.y, 0, CONTENT_W, COLOR.hairline);
    }
    this.y += 18;
  }

  // ------------------------------------------------------------------ totals

  private totals() {
    const { t, f, doc } = this;
    const pad = 12;
    const boxW = 270;
    const boxOffset = CONTENT_W - boxW;
    const amountW = this.amountWidth();
    const labelW = boxW - amountW - 2 * pad;
    const row = this.style(10.5);
    const small = this.style(8.5, 'regular', COLOR.muted);

    type Row = { label: string; note?: string; amount: number };
    // a consultation's parts (fee, merchant charges) come first and the subtotal sums them below
    // (issue 21); a course invoice's subtotal sums the lines above the box
    const rows: Row[] = [];
    if (doc.consultationFee !== undefined)
      rows.push({ label: t.consultationFee, amount: doc.consultationFee });
    if (doc.merchantCharges !== undefined)
      rows.push({ label: t.merchantCharges, amount: doc.merchantCharges });
    rows.push({ label: t.subtotal, amount: doc.subtotal });
    if (doc.discount > 0)
      rows.push({
        label: t.discount,
        note: doc.couponCode ? t.promoCode(doc.couponCode) : undefined,
        amount: -doc.discount,
      });
    rows.push({ label: t.vat(f.percent(doc.vatPercent)), amount: doc.vat });

    const rowH = (r: Row) =>
      Math.max(
        this.text.height(r.label, row, labelW, this.dir) +
          (r.note ? this.text.height(r.note, small, labelW, this.dir) : 0),
        this.text.height(f.money(r.amount), row, amountW, 'ltr'),
      ) + 8;
    const totalStyle = this.style(13, 'bold');
    const paidStyle = this.style(11, 'bold', COLOR.brandDark);
    const totalH = this.text.height(t.total, totalStyle, labelW, this.dir) + 14;
    const paidH = this.text.height(t.amountPaid, paidStyle, labelW, this.dir) + 14;
    const blockH = rows.reduce((sum, r) => sum + rowH(r), 0) + totalH + paidH + 10;
    if (this.y + blockH > BODY_BOTTOM) this.newPage();

    const top = this.y;
    let y = top;
    for (const r of rows) {
      let ly = y + 4;
      ly += this.write(r.label, row, boxOffset + pad, labelW, ly);
      if (r.note) this.write(r.note, small, boxOffset + pad, labelW, ly);
      this.money(r.amount, row, boxOffset + pad + labelW, amountW, y + 4);
      y += rowH(r);
    }
    this.rule(y + 2, boxOffset, boxW, COLOR.ink, 1);
    y += 6;
    this.write(t.total, totalStyle, boxOffset + pad, labelW, y + 4);
    this.money(doc.total, totalStyle, boxOffset + pad + labelW, amountW, y + 4);
    y += totalH + 4;
    this.pdf.roundedRect(this.x(boxOffset, boxW), y, boxW, paidH, 4).fill(COLOR.tint);
    this.write(t.amountPaid, paidStyle, boxOffset + pad, labelW, y + 7);
    this.money(doc.amountPaid, paidStyle, boxOffset + pad + labelW, amountW, y + 7);
    y += paidH;

    // Start side, beside the totals: how it was paid.
    const sideW = CONTENT_W - boxW - 30;
    const label = this.style(9, 'regular', COLOR.muted);
    let s = top + 4;
    s += this.write(t.paidWith, label, 0, sideW, s);
    const paid = doc.paidWith ? t.card(doc.paidWith.brand, doc.paidWith.last4) : t.noPayment;
    s += this.write(paid, this.style(11, 'bold'), 0, sideW, s);
    s += 6;
    this.write(t.currencyNote, this.style(9, 'regular', COLOR.muted), 0, sideW, s);

    this.y = Math.max(y, s) + 20;
  }

  // ------------------------------------------------------------------ pages

  private newPage() {
    this.pdf.addPage();
    this.pdf.rect(0, 0, PAGE_W, 8).fill(COLOR.brand);
    const y = TOP - 16;
    const h = this.write(this.t.brand, this.style(14, 'bold', COLOR.brand, 1.3), 0, 200, y);
    this.write(
      `${this.t.title} ${this.doc.number}`,
      this.style(11, 'bold', COLOR.ink, 1.3),
      CONTENT_W - 300,
      300,
      y + 2,
      'end',
    );
    this.y = y + h + 10;
    this.rule(this.y);
    this.y += 16;
  }

  private footers() {
    const range = this.pdf.bufferedPageRange();
    const pages = range.count;
    for (let i = 0; i < pages; i++) {
      this.pdf.switchToPage(range.start + i);
      const top = PAGE_H - FOOTER_H + 14;
      this.rule(top);
      const noteStyle = this.style(8.5, 'regular', COLOR.muted, this.rtl ? 1.6 : 1.45);
      let y = top + 10;
      y += this.write(this.t.note(this.f.percent(this.doc.vatPercent)), noteStyle, 0, CONTENT_W, y);
      const small = this.style(8.5, 'bold', COLOR.brand);
      const signature = this.t.tagline ? `${this.t.brand} · ${this.t.tagline}` : this.t.brand;
      this.write(signature, small, 0, CONTENT_W / 2, y + 4);
      const pageLabel = pages > 1 ? this.t.page(i + 1, pages) : this.doc.number;
      this.write(
        pageLabel,
        this.style(8.5, 'regular', COLOR.muted),
        CONTENT_W / 2,
        CONTENT_W / 2,
        y + 4,
        'end',
      );
    }
  }
}
